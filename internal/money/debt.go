package money

import (
	"context"
	"sort"
	"time"

	"vecinos/internal/domain"
)

// Who owes (morosidad, issue #36). A receipt is a debt once its due date and the community's days of
// grace have passed and it is not fully paid. Admins see every unit's; an owner only their own units';
// nobody else anyone's (the AEPD has fined communities for debtor lists).

const maxGraceDays = 365

// DebtSettings are the community's rules of debt.
type DebtSettings struct {
	GraceDays int // days after the due date before an unpaid receipt is a debt
}

// DebtSettings returns the community's days of grace; admins only (the route says so).
func (s *Service) DebtSettings(ctx context.Context, a *domain.Actor) (*DebtSettings, error) {
	d, err := s.store.MoneyGraceDays(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	return &DebtSettings{GraceDays: d}, nil
}

// SetGraceDays sets the days of grace, audited.
func (s *Service) SetGraceDays(ctx context.Context, a *domain.Actor, days int) (*DebtSettings, error) {
	if days < 0 || days > maxGraceDays {
		return nil, domain.Errorf(domain.CodeInvalid, "Los días de gracia deben estar entre 0 y %d", maxGraceDays)
	}
	at := s.stamp()
	err := s.write(ctx, a, func(ctx context.Context) error {
		if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
			return err
		}
		old, err := s.store.MoneyGraceDays(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if err := s.store.SaveMoneyGraceDays(ctx, a.CommunityID, days, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditSettingsEdited, TargetKind: "money_settings", TargetLabel: "Días de gracia",
			Before: map[string]any{"graceDays": old}, After: map[string]any{"graceDays": days}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &DebtSettings{GraceDays: days}, nil
}

// OverdueReceipt is a receipt owed past its due date and the days of grace.
type OverdueReceipt struct {
	domain.OwedReceipt
	AgeDays int // days since its due date
}

// UnitDebt is what a unit owes: its overdue receipts, oldest first.
type UnitDebt struct {
	Unit     domain.MoneyUnit
	Owed     domain.Cents
	AgeDays  int // the oldest debt's age
	Receipts []OverdueReceipt
}

// daysBetween counts the days from a to b (DateLayout), negative when b is before a.
func daysBetween(a, b string) int {
	ta, _ := time.Parse(domain.DateLayout, a)
	tb, _ := time.Parse(domain.DateLayout, b)
	return int(tb.Sub(ta).Hours() / 24)
}

// debts returns the units of units that owe today, the oldest debt first: every unpaid receipt whose
// due date is more than graceDays ago.
func (s *Service) debts(ctx context.Context, communityID string, units []domain.MoneyUnit, graceDays int) ([]UnitDebt, error) {
	if len(units) == 0 {
		return []UnitDebt{}, nil
	}
	ids := make([]string, len(units))
	for i, u := range units {
		ids[i] = u.ID
	}
	open, err := s.store.Receipts(ctx, communityID, domain.ReceiptFilter{UnitIDs: ids, Open: true})
	if err != nil {
		return nil, err
	}
	today := s.today()
	dueBefore := domain.DebtDueBefore(today, graceDays)
	byUnit := map[string]*UnitDebt{}
	for _, r := range open {
		if r.DueDate >= dueBefore {
			continue
		}
		age := daysBetween(r.DueDate, today)
		d := byUnit[r.UnitID]
		if d == nil {
			d = &UnitDebt{}
			byUnit[r.UnitID] = d
		}
		d.Owed += r.Amount - r.Paid
		d.AgeDays = max(d.AgeDays, age)
		d.Receipts = append(d.Receipts, OverdueReceipt{OwedReceipt: owedOf(&r), AgeDays: age})
	}
	out := []UnitDebt{}
	for _, u := range units {
		if d := byUnit[u.ID]; d != nil {
			d.Unit = u
			sort.SliceStable(d.Receipts, func(i, j int) bool { return d.Receipts[i].DueDate < d.Receipts[j].DueDate })
			out = append(out, *d)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].AgeDays > out[j].AgeDays })
	return out, nil
}

func owedOf(r *domain.Receipt) domain.OwedReceipt {
	return domain.OwedReceipt{ReceiptID: r.ID, Code: r.Code(), PeriodKey: r.PeriodKey, DueDate: r.DueDate, Owed: r.Amount - r.Paid}
}

// DebtReport is every unit in debt, the oldest debt first; admins only (the route says so).
func (s *Service) DebtReport(ctx context.Context, a *domain.Actor) ([]UnitDebt, *DebtSettings, error) {
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, nil, err
	}
	set, err := s.DebtSettings(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	ds, err := s.debts(ctx, a.CommunityID, units, set.GraceDays)
	return ds, set, err
}

// MyDebts is what the units the caller owns owe: nothing of anybody else's.
func (s *Service) MyDebts(ctx context.Context, a *domain.Actor) ([]UnitDebt, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	mine := units[:0:0]
	for _, u := range units {
		if u.OwnerID != nil && *u.OwnerID == a.UserID {
			mine = append(mine, u)
		}
	}
	grace, err := s.store.MoneyGraceDays(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	return s.debts(ctx, a.CommunityID, mine, grace)
}

// DeprivationProposals are the units whose owners are not up to date with the debts due, by unit id,
// with what they owe: art. 15.2 LPH proposes depriving them of their vote in a junta, which an admin
// confirms (voting's Deprive). Only an admin gets them; anyone else gets none.
func (s *Service) DeprivationProposals(ctx context.Context, a *domain.Actor) (map[string]domain.Cents, error) {
	out := map[string]domain.Cents{}
	if !a.InCommunity() || !a.IsAdmin() {
		return out, nil
	}
	ds, _, err := s.DebtReport(ctx, a)
	if err != nil {
		return nil, err
	}
	for _, d := range ds {
		out[d.Unit.ID] = d.Owed
	}
	return out, nil
}

// DebtStore is what who owes, the certificates, the receipts' PDFs and notices and the owners' grants
// need from the database (part of Store).
type DebtStore interface {
	CommunityByID(ctx context.Context, id string) (*domain.Community, error)
	MoneyGraceDays(ctx context.Context, communityID string) (int, error)
	SaveMoneyGraceDays(ctx context.Context, communityID string, days int, at time.Time) error // after LockMoneySettings
	Receipt(ctx context.Context, communityID, id string) (*domain.Receipt, error)             // nil: none

	Certificates(ctx context.Context, communityID string) ([]domain.Certificate, error)
	Certificate(ctx context.Context, communityID, id string) (*domain.Certificate, error)          // nil: none
	CertificateForUpdate(ctx context.Context, communityID, id string) (*domain.Certificate, error) // nil: none
	CertificateByCode(ctx context.Context, code string) (*domain.Certificate, error)               // nil: none
	InsertCertificate(ctx context.Context, c *domain.Certificate, at time.Time) error
	SaveCertificateIssued(ctx context.Context, c *domain.Certificate, at time.Time) error

	UnitDwellers(ctx context.Context, communityID, unitID string) ([]domain.ReceiptGrant, error)
	ReceiptGrants(ctx context.Context, communityID, unitID string) ([]domain.ReceiptGrant, error)
	GrantedUnits(ctx context.Context, communityID, userID string) ([]string, error)
	SetReceiptGrant(ctx context.Context, communityID, unitID, userID string, on bool, by string, at time.Time) (bool, error)

	MoneyRecipients(ctx context.Context, userIDs []string) (map[string]domain.Recipient, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error // InTx
	QueuePush(ctx context.Context, p domain.Push, at time.Time) error // InTx
}
