package money

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// DerramaStore is what derramas need from the database beyond the receipts' methods.
type DerramaStore interface {
	InsertDerrama(ctx context.Context, d *domain.Derrama, by string, at time.Time) error
	Derramas(ctx context.Context, communityID, id string) ([]domain.Derrama, error) // id "": all
	MoneyGroupInDerrama(ctx context.Context, communityID, id string) (bool, error)
}

const maxInstalments = 60

// DerramaInput is a derrama an admin records.
type DerramaInput struct {
	Concept   string
	Total     domain.Cents
	GroupID   string
	JuntaDate string
	DueDates  []string // one per instalment, in order
}

// Derramas lists the community's derramas; admins only (the route says so).
func (s *Service) Derramas(ctx context.Context, a *domain.Actor) ([]domain.Derrama, error) {
	return s.store.Derramas(ctx, a.CommunityID, "")
}

// CreateDerrama records a derrama agreed by a junta, numbered on in the community; its receipts are
// issued with IssueDerrama.
func (s *Service) CreateDerrama(ctx context.Context, a *domain.Actor, in DerramaInput) (*domain.Derrama, error) {
	in.Concept = strings.TrimSpace(in.Concept)
	switch {
	case in.Concept == "":
		return nil, domain.Errorf(domain.CodeInvalid, "Indica el concepto de la derrama")
	case utf8.RuneCountInString(in.Concept) > maxConcept:
		return nil, domain.Errorf(domain.CodeInvalid, "El concepto no puede superar los %d caracteres", maxConcept)
	case in.Total <= 0 || in.Total > maxAmount:
		return nil, domain.Errorf(domain.CodeInvalid, "El importe de la derrama no es válido")
	case !validDate(in.JuntaDate):
		return nil, domain.Errorf(domain.CodeInvalid, "Indica la fecha de la junta que acordó la derrama")
	case in.JuntaDate > s.today():
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la junta no puede ser futura")
	case len(in.DueDates) == 0 || len(in.DueDates) > maxInstalments:
		return nil, domain.Errorf(domain.CodeInvalid, "Una derrama tiene entre 1 y %d plazos", maxInstalments)
	}
	d := &domain.Derrama{ID: domain.NewID(), CommunityID: a.CommunityID, Concept: in.Concept, Total: in.Total, GroupID: in.GroupID,
		JuntaDate: in.JuntaDate}
	for i, due := range in.DueDates {
		if !validDate(due) || i > 0 && due <= in.DueDates[i-1] {
			return nil, domain.Errorf(domain.CodeInvalid, "Las fechas de los plazos deben ser válidas y sucesivas")
		}
		d.Instalments = append(d.Instalments, domain.DerramaInstalment{Number: i + 1, DueDate: due})
	}
	// The group must be usable now, so that a derrama that cannot be shared is never recorded.
	if _, _, err := s.derramaShares(ctx, d); err != nil {
		return nil, err
	}
	at := s.stamp()
	d.CreatedAt = at.UnixMilli()
	err := s.write(ctx, a, func(ctx context.Context) error {
		if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
			return err
		}
		if err := s.store.InsertDerrama(ctx, d, a.UserID, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditDerramaCreated, TargetKind: "money_derrama", TargetID: d.ID, TargetLabel: d.Concept,
			After: map[string]any{"totalCents": d.Total, "groupId": d.GroupID, "juntaDate": d.JuntaDate, "dueDates": in.DueDates}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// derramaShares shares d's total among its group's units by their shares (largest remainder, as a
// budget line), and each unit's part over the instalments the same way (the earlier take the odd cents).
func (s *Service) derramaShares(ctx context.Context, d *domain.Derrama) ([]domain.MoneyUnit, [][]domain.Cents, error) {
	units, err := s.store.MoneyUnits(ctx, d.CommunityID)
	if err != nil {
		return nil, nil, err
	}
	groups, _, err := s.groups(ctx, d.CommunityID, units)
	if err != nil {
		return nil, nil, err
	}
	g := groups[d.GroupID]
	if g == nil {
		return nil, nil, errGroupMissing
	}
	byID := unitMap(units)
	ids, ws, err := groupWeights(g, byID)
	if err != nil {
		return nil, nil, err
	}
	ones := make([]int64, len(d.Instalments))
	for i := range ones {
		ones[i] = 1
	}
	out := make([]domain.MoneyUnit, len(ids))
	parts := make([][]domain.Cents, len(ids))
	for i, part := range domain.Share(d.Total, ws) {
		out[i] = byID[ids[i]]
		parts[i] = domain.Share(part, ones)
	}
	return out, parts, nil
}

// IssueDerrama issues the receipts of every instalment of a derrama not yet issued: one per unit that
// pays, numbered on in the community's sequence of the instalment's year and entered in the ledger. Each
// instalment is issued once (its receipt run's key), so running it again creates nothing.
func (s *Service) IssueDerrama(ctx context.Context, a *domain.Actor, id string) (*domain.Derrama, []domain.Receipt, error) {
	ds, err := s.store.Derramas(ctx, a.CommunityID, id)
	if err != nil {
		return nil, nil, err
	}
	if len(ds) == 0 {
		return nil, nil, domain.Errorf(domain.CodeNotFound, "La derrama no existe")
	}
	d := &ds[0]
	units, parts, err := s.derramaShares(ctx, d)
	if err != nil {
		return nil, nil, err
	}
	at := s.stamp()
	var rs []domain.Receipt
	err = s.write(ctx, a, func(ctx context.Context) error {
		if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
			return err
		}
		debited, err := s.debitedUnits(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		var entries []domain.LedgerEntry
		for n, in := range d.Instalments {
			key := domain.DerramaPeriodKey(d.Number, in.Number)
			won, err := s.store.InsertReceiptRun(ctx, a.CommunityID, key, d.ID, a.UserID, at)
			if err != nil {
				return err
			}
			if !won {
				continue
			}
			year, _ := time.Parse(domain.DateLayout, in.DueDate)
			first, err := s.store.TakeReceiptNumbers(ctx, a.CommunityID, year.Year(), countPaying(parts, n))
			if err != nil {
				return err
			}
			concept := d.Concept + " (plazo " + itoa(in.Number) + " de " + itoa(len(d.Instalments)) + ")"
			for i, u := range units {
				amount := parts[i][n]
				if amount == 0 {
					continue
				}
				r := domain.Receipt{ID: domain.NewID(), CommunityID: a.CommunityID, Year: year.Year(), Number: first, PeriodKey: key,
					UnitID: u.ID, UnitLabel: u.Label, OwnerID: u.OwnerID, OwnerName: u.OwnerName, BudgetID: d.ID, Amount: amount,
					DueDate: in.DueDate, Method: domain.PayByTransfer, Status: domain.ReceiptPending,
					Lines: []domain.ReceiptLine{{Concept: concept, Amount: amount}}}
				first++
				if debited[u.ID] {
					r.Method = domain.PayByDirectDebit
				}
				rs = append(rs, r)
				rid := r.ID
				entries = append(entries, domain.LedgerEntry{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: u.ID, Date: in.DueDate,
					Kind: domain.LedgerReceipt, Amount: amount, ReceiptID: &rid, ReceiptCode: r.Code(), Note: "Recibo " + concept,
					CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()})
			}
		}
		if len(rs) == 0 {
			return domain.Errorf(domain.CodeConflict, "Los recibos de esta derrama ya están generados")
		}
		inCredit, err := s.creditUnits(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if err := s.store.InsertReceipts(ctx, rs, at); err != nil {
			return err
		}
		if err := s.store.InsertLedgerEntries(ctx, entries); err != nil {
			return err
		}
		if rs, err = s.issuedWithCredit(ctx, a, inCredit, rs, at); err != nil {
			return err
		}
		var total domain.Cents
		for _, r := range rs {
			total += r.Amount
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditDerramaIssued, TargetKind: "money_derrama", TargetID: d.ID, TargetLabel: d.Concept,
			After: map[string]any{"receipts": len(rs), "totalCents": total}})
		return s.notifyReceipts(ctx, rs)
	})
	if err != nil {
		return nil, nil, err
	}
	s.mailWake()
	return d, rs, nil
}

// countPaying is how many units pay something in instalment n.
func countPaying(parts [][]domain.Cents, n int) int {
	c := 0
	for _, p := range parts {
		if p[n] != 0 {
			c++
		}
	}
	return c
}
