// Package money runs a community's money (issue #36): its cost-sharing groups (repartos), its budget
// (presupuesto) and each unit's cuota, the receipts of each period, the payments and every unit's ledger.
// Amounts are integer cents (domain.Cents) and rounding follows domain.Share and domain.RoundDiv
// (docs/adr/0035-money-ledger.md). It owns every rule and opens every transaction; the store runs SQL.
// Admins manage it all; an owner sees the cuotas, receipts and statement of the units they own; nobody
// else sees anyone's money.
package money

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
	"vecinos/internal/ratelimit"
)

// Audit actions of the money module: every change of money goes into the audit log.
const (
	AuditSettingsEdited     = "money.settings.edited"
	AuditGroupCreated       = "money.group.created"
	AuditGroupEdited        = "money.group.edited"
	AuditGroupDeleted       = "money.group.deleted"
	AuditBudgetCreated      = "money.budget.created"
	AuditBudgetEdited       = "money.budget.edited"
	AuditBudgetApproved     = "money.budget.approved"
	AuditReceiptsIssued     = "money.receipts.issued"
	AuditPaymentRecorded    = "money.payment.recorded"
	AuditCorrectionPosted   = "money.correction.posted"
	AuditReceiptCompensated = "money.receipt.compensated"
	AuditDerramaCreated     = "money.derrama.created"
	AuditDerramaIssued      = "money.derrama.issued"
	AuditCreditApplied      = "money.credit.applied"
)

// Store is what the service needs from the database. ForUpdate, Save and Insert methods run inside InTx.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	DebtStore
	DerramaStore

	MoneyUnits(ctx context.Context, communityID string) ([]domain.MoneyUnit, error)
	MoneyUnit(ctx context.Context, communityID, unitID string) (*domain.MoneyUnit, error) // nil: none
	OwnedMoneyUnits(ctx context.Context, communityID, userID string) ([]domain.MoneyUnit, error)
	MoneyUnitWeights(ctx context.Context, communityID string) ([]domain.MoneyUnit, error)
	CallerMoneyUnits(ctx context.Context, communityID, userID string) (owned []domain.MoneyUnit, granted []string, err error)
	MoneyUnitLedgerCount(ctx context.Context, communityID, unitID string) (*domain.MoneyUnit, int, error) // nil: none
	MoneyPeriodicity(ctx context.Context, communityID string) (domain.Periodicity, error)
	LockMoneySettings(ctx context.Context, communityID string, at time.Time) (domain.Periodicity, error)
	SaveMoneyPeriodicity(ctx context.Context, communityID string, p domain.Periodicity, at time.Time) error
	MoneyOverpayments(ctx context.Context, communityID string) (domain.Overpayments, error)
	UnitsWithCredit(ctx context.Context, communityID string) ([]string, error)
	SaveMoneyOverpayments(ctx context.Context, communityID string, o domain.Overpayments, at time.Time) error // after LockMoneySettings

	MoneyGroups(ctx context.Context, communityID string) ([]domain.MoneyGroup, error)
	MoneyGroupsByID(ctx context.Context, communityID string, ids []string) ([]domain.MoneyGroup, error)
	MoneyGroupForUpdate(ctx context.Context, communityID, id string) (*domain.MoneyGroup, error) // nil: none
	InsertMoneyGroup(ctx context.Context, communityID string, g *domain.MoneyGroup, at time.Time) error
	SaveMoneyGroup(ctx context.Context, communityID string, g *domain.MoneyGroup, at time.Time) error
	DeleteMoneyGroup(ctx context.Context, communityID, id string, at time.Time) error
	MoneyGroupInUse(ctx context.Context, communityID, id string) (bool, error)

	Budgets(ctx context.Context, communityID string, year int) ([]domain.Budget, error)
	Budget(ctx context.Context, communityID, id string) (*domain.Budget, error)          // nil: none
	BudgetForUpdate(ctx context.Context, communityID, id string) (*domain.Budget, error) // nil: none
	ApprovedBudget(ctx context.Context, communityID string, year int) (*domain.Budget, error)
	LatestBudgetVersion(ctx context.Context, communityID string, year int) (int, domain.BudgetStatus, error)
	InsertBudget(ctx context.Context, b *domain.Budget, by string, at time.Time) error
	SaveBudget(ctx context.Context, b *domain.Budget, by string, at time.Time) error

	InsertReceiptRun(ctx context.Context, communityID, periodKey, budgetID, by string, at time.Time) (bool, error)
	TakeReceiptNumbers(ctx context.Context, communityID string, year, n int) (int, error) // the first of n numbers
	InsertReceipts(ctx context.Context, rs []domain.Receipt, at time.Time) error
	Receipts(ctx context.Context, communityID string, f domain.ReceiptFilter) ([]domain.Receipt, error)
	ReceiptForUpdate(ctx context.Context, communityID, id string) (*domain.Receipt, error) // nil: none
	SaveReceiptPaid(ctx context.Context, r *domain.Receipt, at time.Time) error
	InsertLedgerEntries(ctx context.Context, es []domain.LedgerEntry) error
	LedgerBalance(ctx context.Context, communityID, unitID, before string) (domain.Cents, error)
	LedgerEntries(ctx context.Context, communityID, unitID, from, to string) ([]domain.LedgerEntry, error)
	UnitsInCredit(ctx context.Context, communityID string) ([]string, error) // units whose ledger adds up below zero

	sepaStore      // direct debits: mandates.go
	BooksStore     // accounts and expenses: books.go
	StatementStore // bank statements: statements.go
	AccountsStore  // the year's accounts and their closing: accounts.go
}

// Service is the money service.
type Service struct {
	store     Store
	now       func() time.Time
	location  *time.Location
	audit     domain.Auditor
	publicURL string
	mailWake  func()
	limiter   ratelimit.Limiter
	changed   func(communityID, area, id string)
	ledgers   ledgerCache
	archive   Archive
}

// Options configure the service.
type Options struct {
	Now       func() time.Time // nil: time.Now
	Location  *time.Location   // the community's calendar; nil: Europe/Madrid (UTC without zone data)
	Audit     domain.Auditor
	PublicURL string            // the web app's address, for the links of emails and certificates
	MailWake  func()            // called after emails were queued; may be nil
	Limiter   ratelimit.Limiter // counts the public checks of certificates; nil: unlimited
	// Changed tells the community's open streams that its money changed (after the commit; area "money",
	// no id: the screens refetch with their reader's rights, docs/adr/0038); nil: nobody.
	Changed func(communityID, area, id string)
	// Archive files the expenses' invoices in Documentos ('Facturas'); nil: invoices cannot be attached.
	Archive Archive
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	o.Location = clock.CalendarOr(o.Location)
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: guardClosedYears(store), now: o.Now, location: o.Location, audit: o.Audit, publicURL: strings.TrimRight(o.PublicURL, "/"),
		mailWake: o.MailWake, limiter: o.Limiter, changed: o.Changed, archive: o.Archive}
}

// Area is the realtime area of money changes: the root of the web app's money query keys.
const Area = "money"

// write runs fn in a transaction and, once it committed, tells a's community's open streams that its
// money changed. Every change of money goes through it.
func (s *Service) write(ctx context.Context, a *domain.Actor, fn func(ctx context.Context) error) error {
	if err := s.store.InTx(ctx, fn); err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, "")
	return nil
}

var (
	errNotYourUnit  = domain.Errorf(domain.CodeForbidden, "Solo el propietario de la vivienda y los administradores pueden ver sus cuentas")
	errGroupMissing = domain.Errorf(domain.CodeNotFound, "El grupo de reparto no existe")
	errBudgetGone   = domain.Errorf(domain.CodeNotFound, "El presupuesto no existe")
	errReceiptGone  = domain.Errorf(domain.CodeNotFound, "El recibo no existe")
	errUnitGone     = domain.Errorf(domain.CodeNotFound, "La vivienda no existe")
)

const (
	maxName    = 80
	maxConcept = 120
	maxLines   = 200
	maxAmount  = domain.Cents(100_000_000_00) // 100 million euros: a bound far above any community's budget
	minYear    = 2000
	maxYear    = 2200
)

func (s *Service) today() string { return s.now().In(s.location).Format(domain.DateLayout) }

func (s *Service) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

func validDate(d string) bool {
	_, err := time.Parse(domain.DateLayout, d)
	return err == nil
}

// Settings are the community's money settings.
type Settings struct {
	Periodicity  domain.Periodicity
	Overpayments domain.Overpayments // empty when saving: unchanged
}

// Settings returns a's community's money settings; admins only.
func (s *Service) Settings(ctx context.Context, a *domain.Actor) (*Settings, error) {
	p, err := s.store.MoneyPeriodicity(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	o, err := s.store.MoneyOverpayments(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	return &Settings{Periodicity: p, Overpayments: o}, nil
}

// SaveSettings sets how often the owners pay and, when given, what a payment over what its receipt owes
// does; each change is audited.
func (s *Service) SaveSettings(ctx context.Context, a *domain.Actor, in Settings) (*Settings, error) {
	if in.Periodicity.Periods() == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "La periodicidad debe ser mensual, trimestral, semestral o anual")
	}
	if in.Overpayments != "" && in.Overpayments != domain.OverpaymentsRefused && in.Overpayments != domain.OverpaymentsCredited {
		return nil, domain.Errorf(domain.CodeInvalid, "Un pago mayor que lo debido se rechaza o queda a cuenta")
	}
	at := s.stamp()
	err := s.write(ctx, a, func(ctx context.Context) error {
		old, err := s.store.LockMoneySettings(ctx, a.CommunityID, at)
		if err != nil {
			return err
		}
		if err := s.store.SaveMoneyPeriodicity(ctx, a.CommunityID, in.Periodicity, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditSettingsEdited, TargetKind: "money_settings", TargetLabel: "Periodicidad",
			Before: map[string]any{"periodicity": old}, After: map[string]any{"periodicity": in.Periodicity}})
		oldO, err := s.store.MoneyOverpayments(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if in.Overpayments == "" || in.Overpayments == oldO {
			in.Overpayments = oldO
			return nil
		}
		if err := s.store.SaveMoneyOverpayments(ctx, a.CommunityID, in.Overpayments, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditSettingsEdited, TargetKind: "money_settings", TargetLabel: "Pagos mayores que lo debido",
			Before: map[string]any{"overpayments": oldO}, After: map[string]any{"overpayments": in.Overpayments}})
		if in.Overpayments != domain.OverpaymentsCredited {
			return nil
		}
		// Switching to credit applies the credit the units already have at once, in this transaction
		// (under the settings lock, as every use of credit).
		units, err := s.store.UnitsWithCredit(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		return s.applyCredits(ctx, a, units, at)
	})
	if err != nil {
		return nil, err
	}
	return &in, nil
}

// GroupView is a group with what its shares add up to and whether it can be used.
type GroupView struct {
	domain.MoneyGroup
	Sum      int64
	Ready    bool
	Problem  string // why it is not ready, in Spanish; the API sends the error's translations
	problem  error
	Editable bool // admins' groups; General follows the registry
}

// ProblemError is why the group is not ready (nil when it is).
func (g *GroupView) ProblemError() error { return g.problem }

// groups returns every group of the community, General first, by id.
func (s *Service) groups(ctx context.Context, communityID string, units []domain.MoneyUnit) (map[string]*domain.MoneyGroup, []*domain.MoneyGroup, error) {
	stored, err := s.store.MoneyGroups(ctx, communityID)
	if err != nil {
		return nil, nil, err
	}
	byID, all := withGeneral(units, stored)
	return byID, all, nil
}

// withGeneral returns the stored groups with General (every unit, by coeficiente) first, and by id.
func withGeneral(units []domain.MoneyUnit, stored []domain.MoneyGroup) (map[string]*domain.MoneyGroup, []*domain.MoneyGroup) {
	general := &domain.MoneyGroup{ID: domain.GeneralGroupID, Name: "General", Method: domain.ByCoefficient}
	for _, u := range units {
		general.Shares = append(general.Shares, domain.GroupShare{UnitID: u.ID})
	}
	all := []*domain.MoneyGroup{general}
	for i := range stored {
		all = append(all, &stored[i])
	}
	byID := make(map[string]*domain.MoneyGroup, len(all))
	for _, g := range all {
		byID[g.ID] = g
	}
	return byID, all
}

func unitMap(units []domain.MoneyUnit) map[string]domain.MoneyUnit {
	m := make(map[string]domain.MoneyUnit, len(units))
	for _, u := range units {
		m[u.ID] = u
	}
	return m
}

// Groups lists the cost-sharing groups, General first; admins only.
func (s *Service) Groups(ctx context.Context, a *domain.Actor) ([]GroupView, []domain.MoneyUnit, error) {
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, nil, err
	}
	_, all, err := s.groups(ctx, a.CommunityID, units)
	if err != nil {
		return nil, nil, err
	}
	um := unitMap(units)
	out := make([]GroupView, 0, len(all))
	for _, g := range all {
		v := GroupView{MoneyGroup: *g, Sum: ShareSum(g, um), Editable: g.ID != domain.GeneralGroupID}
		if _, _, err := groupWeights(g, um); err != nil {
			v.problem, v.Problem = err, domain.ErrorMessage(err)
		} else {
			v.Ready = true
		}
		out = append(out, v)
	}
	return out, units, nil
}

// GroupInput is the group form: its name, method and the shares of its units (weights as
// domain.GroupShare says; ignored for coefficient and equal).
type GroupInput struct {
	Name   string
	Method domain.ShareMethod
	Shares []domain.GroupShare
}

func (s *Service) checkGroup(in GroupInput, units map[string]domain.MoneyUnit) (*domain.MoneyGroup, error) {
	g := &domain.MoneyGroup{Name: strings.TrimSpace(in.Name), Method: in.Method}
	switch {
	case g.Name == "":
		return nil, domain.Errorf(domain.CodeInvalid, "El nombre del grupo es obligatorio")
	case utf8.RuneCountInString(g.Name) > maxName:
		return nil, domain.Errorf(domain.CodeInvalid, "El nombre del grupo no puede superar los %d caracteres", maxName)
	case strings.EqualFold(g.Name, "General"):
		return nil, domain.Errorf(domain.CodeConflict, "Ya existe un grupo «%s»", g.Name)
	case !g.Method.Valid():
		return nil, domain.Errorf(domain.CodeInvalid, "El reparto debe ser por coeficiente, por porcentaje, a partes iguales o por importe fijo")
	case len(in.Shares) == 0:
		return nil, domain.Errorf(domain.CodeInvalid, "Elige las viviendas del grupo")
	}
	seen := map[string]bool{}
	for _, sh := range in.Shares {
		if _, ok := units[sh.UnitID]; !ok {
			return nil, errUnitGone
		}
		if seen[sh.UnitID] {
			return nil, domain.Errorf(domain.CodeInvalid, "Una vivienda está dos veces en el grupo")
		}
		seen[sh.UnitID] = true
		w := sh.Weight
		switch g.Method {
		case domain.ByPercentage:
			if w < 0 || w > domain.PercentWhole {
				return nil, domain.Errorf(domain.CodeInvalid, "El porcentaje de cada vivienda debe estar entre 0 y 100")
			}
		case domain.ByFixedAmount:
			if w < 0 || w > maxAmount {
				return nil, domain.Errorf(domain.CodeInvalid, "El importe fijo de cada vivienda no puede ser negativo")
			}
		default:
			w = 1
		}
		g.Shares = append(g.Shares, domain.GroupShare{UnitID: sh.UnitID, Weight: w})
	}
	return g, nil
}

// CreateGroup adds a cost-sharing group. It may be saved before its shares add up to 100 %; it cannot
// be used in a budget that is approved until they do.
func (s *Service) CreateGroup(ctx context.Context, a *domain.Actor, in GroupInput) (*domain.MoneyGroup, error) {
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	g, err := s.checkGroup(in, unitMap(units))
	if err != nil {
		return nil, err
	}
	g.ID = domain.NewID()
	at := s.stamp()
	err = s.write(ctx, a, func(ctx context.Context) error {
		if err := s.uniqueGroupName(ctx, a.CommunityID, g); err != nil {
			return err
		}
		if err := s.store.InsertMoneyGroup(ctx, a.CommunityID, g, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditGroupCreated, TargetKind: "money_group", TargetID: g.ID, TargetLabel: g.Name,
			After: g})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

func (s *Service) uniqueGroupName(ctx context.Context, communityID string, g *domain.MoneyGroup) error {
	gs, err := s.store.MoneyGroups(ctx, communityID)
	if err != nil {
		return err
	}
	for _, o := range gs {
		if o.ID != g.ID && strings.EqualFold(o.Name, g.Name) {
			return domain.Errorf(domain.CodeConflict, "Ya existe un grupo «%s»", g.Name)
		}
	}
	return nil
}

// UpdateGroup replaces a group's name, method and shares. Approved budgets keep the cuotas their
// receipts already carry; the next receipts follow the group as it is.
func (s *Service) UpdateGroup(ctx context.Context, a *domain.Actor, id string, in GroupInput) (*domain.MoneyGroup, error) {
	if id == domain.GeneralGroupID {
		return nil, domain.Errorf(domain.CodeConflict, "El grupo General reparte por coeficiente entre todas las viviendas: cambia los coeficientes en el registro")
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	g, err := s.checkGroup(in, unitMap(units))
	if err != nil {
		return nil, err
	}
	g.ID = id
	at := s.stamp()
	err = s.write(ctx, a, func(ctx context.Context) error {
		old, err := s.store.MoneyGroupForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if old == nil {
			return errGroupMissing
		}
		if err := s.uniqueGroupName(ctx, a.CommunityID, g); err != nil {
			return err
		}
		if err := s.store.SaveMoneyGroup(ctx, a.CommunityID, g, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditGroupEdited, TargetKind: "money_group", TargetID: g.ID, TargetLabel: g.Name,
			Before: old, After: g})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return g, nil
}

// DeleteGroup removes a group no budget uses.
func (s *Service) DeleteGroup(ctx context.Context, a *domain.Actor, id string) error {
	if id == domain.GeneralGroupID {
		return domain.Errorf(domain.CodeConflict, "El grupo General no se puede borrar")
	}
	at := s.stamp()
	return s.write(ctx, a, func(ctx context.Context) error {
		old, err := s.store.MoneyGroupForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if old == nil {
			return errGroupMissing
		}
		used, err := s.store.MoneyGroupInUse(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if used {
			return domain.Errorf(domain.CodeConflict, "El grupo «%s» tiene partidas en un presupuesto: quítalas antes de borrarlo", old.Name)
		}
		// A derrama's instalments are issued later, by the group's shares: its group stays.
		if used, err = s.store.MoneyGroupInDerrama(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if used {
			return domain.Errorf(domain.CodeConflict, "El grupo «%s» reparte una derrama: no se puede borrar", old.Name)
		}
		if err := s.store.DeleteMoneyGroup(ctx, a.CommunityID, id, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditGroupDeleted, TargetKind: "money_group", TargetID: id, TargetLabel: old.Name,
			Before: old})
		return nil
	})
}
