package money

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
)

// Closing a year (issue #37, docs/adr/0050-year-accounts-and-closing.md): the liquidación shares each
// group's actual expenses by its units' shares against each unit's cuotas, and by the community's setting
// its result goes to the next year's receipts (a ledger entry on the next year's first day) or is settled
// outside. The accounts are kept as they were closed, the PDF is filed in Documentos ('Estado de
// cuentas'), and nothing dated in a closed year can be written any more: a correction goes into the next
// year with a reference to the closed one.

// Audit actions of the closing.
const (
	AuditYearClosed          = "money.year.closed"
	AuditAccountsApproved    = "money.accounts.approved"
	AuditClosedYearCorrected = "money.closed_year.corrected"
)

var (
	errYearClosedAlready = domain.Errorf(domain.CodeConflict, "El ejercicio ya está cerrado")
	errYearNotClosed     = domain.Errorf(domain.CodeConflict, "El ejercicio no está cerrado")
	errAccountsNotOpen   = domain.Errorf(domain.CodeNotFound, "Las cuentas de ese ejercicio no están aprobadas")
	errAccountsForbidden = domain.Errorf(domain.CodeForbidden, "Solo los propietarios ven las cuentas aprobadas de la comunidad")
)

// errClosedYear is what every write dated in a closed year gets.
func errClosedYear(year int) error {
	return domain.Errorf(domain.CodeConflict, "El ejercicio %d está cerrado y no se puede cambiar: anota la corrección en %d con referencia al ejercicio cerrado",
		year, year+1)
}

// ClosingSettings are the community's closing settings.
type ClosingSettings struct {
	Mode                domain.ClosingMode
	TenantsReadAccounts bool
}

// ClosingSettings returns them; admins only.
func (s *Service) ClosingSettings(ctx context.Context, a *domain.Actor) (*ClosingSettings, error) {
	m, t, err := s.store.ClosingSettings(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	return &ClosingSettings{Mode: m, TenantsReadAccounts: t}, nil
}

// SaveClosingSettings sets what a closing does with each unit's result and whether tenants read the
// approved accounts; audited.
func (s *Service) SaveClosingSettings(ctx context.Context, a *domain.Actor, in ClosingSettings) (*ClosingSettings, error) {
	if in.Mode != domain.ClosingApplied && in.Mode != domain.ClosingSettled {
		return nil, domain.Errorf(domain.CodeInvalid, "La liquidación se aplica a los recibos del año siguiente o se salda aparte")
	}
	at := s.stamp()
	err := s.write(ctx, a, func(ctx context.Context) error {
		if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
			return err
		}
		m, t, err := s.store.ClosingSettings(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if err := s.store.SaveClosingSettings(ctx, a.CommunityID, in.Mode, in.TenantsReadAccounts, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditSettingsEdited, TargetKind: "money_settings", TargetLabel: "Cierre del ejercicio",
			Before: map[string]any{"closingMode": m, "tenantsReadAccounts": t},
			After:  map[string]any{"closingMode": in.Mode, "tenantsReadAccounts": in.TenantsReadAccounts}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &in, nil
}

// ClosedYearSummary is a closed year as the list shows it.
type ClosedYearSummary struct {
	Year       int
	Mode       domain.ClosingMode
	ClosedAt   int64
	DocumentID string
	JuntaDate  string
}

// ClosedYears lists the community's closed years, the latest first; admins only.
func (s *Service) ClosedYears(ctx context.Context, a *domain.Actor) ([]ClosedYearSummary, error) {
	cs, err := s.store.ClosedYears(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	out := make([]ClosedYearSummary, len(cs))
	for i, c := range cs {
		out[i] = ClosedYearSummary{Year: c.Year, Mode: c.Mode, ClosedAt: c.ClosedAt, DocumentID: c.DocumentID, JuntaDate: c.JuntaDate}
	}
	return out, nil
}

// CloseYear closes a year that has ended, in one transaction: its accounts and liquidación are computed
// and kept as they are, each unit's result is applied to the next year (a ledger entry on its first day
// that the next receipts pay or collect) or recorded to be settled, by the community's setting. Years close
// in order: not one before a later closed year. Then the accounts' PDF is filed in Documentos.
func (s *Service) CloseYear(ctx context.Context, a *domain.Actor, year int) (*YearAccounts, error) {
	if year < minYear || year > maxYear {
		return nil, errAccountsYear
	}
	if s.today() <= fmt.Sprintf("%04d-12-31", year) {
		return nil, domain.Errorf(domain.CodeConflict, "El ejercicio %d aún no ha terminado: se cierra a partir del 1 de enero siguiente", year)
	}
	at := s.stamp()
	var y *YearAccounts
	err := s.write(ctx, a, func(ctx context.Context) error {
		// The settings first, as every money write that takes them; then the books, so that no write of the
		// year is still under way while it is read.
		if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
			return err
		}
		if err := s.store.LockMoneyBooks(ctx); err != nil {
			return err
		}
		closed, err := s.store.ClosedYearNumbers(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		for _, c := range closed {
			if c == year {
				return errYearClosedAlready
			}
			if c > year {
				return domain.Errorf(domain.CodeConflict, "El ejercicio %d ya está cerrado: los ejercicios se cierran por orden", c)
			}
		}
		if y, err = s.computeAccounts(ctx, a.CommunityID, year); err != nil {
			return err
		}
		if y.liquidationErr != nil {
			return y.liquidationErr
		}
		mode, _, err := s.store.ClosingSettings(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		var entries []domain.LedgerEntry
		var inCredit []string
		next := fmt.Sprintf("%04d-01-01", year+1)
		ref := "Liquidación " + strconv.Itoa(year)
		for i := range y.Liquidation {
			l := &y.Liquidation[i]
			if mode != domain.ClosingApplied || l.Result == 0 {
				continue
			}
			note := fmt.Sprintf("Liquidación del ejercicio %d: déficit", year)
			if l.Result < 0 {
				note = fmt.Sprintf("Liquidación del ejercicio %d: superávit", year)
				inCredit = append(inCredit, l.UnitID)
			}
			e := domain.LedgerEntry{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: l.UnitID, Date: next, Kind: domain.LedgerCorrection,
				Amount: l.Result, Reference: ref, Note: note, CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()}
			l.LedgerEntryID = e.ID
			entries = append(entries, e)
		}
		if len(entries) > 0 {
			if err := s.store.InsertLedgerEntries(ctx, entries); err != nil {
				return err
			}
		}
		data, err := json.Marshal(y)
		if err != nil {
			return err
		}
		c := &domain.ClosedYear{CommunityID: a.CommunityID, Year: year, Mode: mode, Accounts: data, ClosedBy: a.UserID, ClosedAt: at.UnixMilli()}
		ok, err := s.store.InsertClosedYear(ctx, c, y.Liquidation)
		if err != nil {
			return err
		}
		if !ok {
			return errYearClosedAlready
		}
		y.Closed = &ClosedInfo{Mode: mode, ClosedAt: c.ClosedAt}
		var shortfall, surplus domain.Cents
		for _, l := range y.Liquidation {
			if l.Result > 0 {
				shortfall += l.Result
			} else {
				surplus -= l.Result
			}
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditYearClosed, TargetKind: "money_year", TargetID: strconv.Itoa(year),
			TargetLabel: "Ejercicio " + strconv.Itoa(year), After: map[string]any{"mode": mode, "incomeCents": y.Income.Total,
				"expensesCents": y.Expenses, "shortfallCents": shortfall, "surplusCents": surplus, "ledgerEntries": len(entries)}})
		if credit, err := s.creditOn(ctx, a.CommunityID); err != nil || !credit {
			return err
		}
		return s.applyCredits(ctx, a, inCredit, at) // a surplus pays the unit's owed receipts, the earliest first
	})
	if err != nil {
		return nil, err
	}
	if err := s.fileAccounts(ctx, a, y); err != nil {
		return y, err
	}
	return y, nil
}

// FileAccounts files a closed year's PDF in Documentos when it was not (the closing files it; this is
// for a closing whose filing failed).
func (s *Service) FileAccounts(ctx context.Context, a *domain.Actor, year int) (*YearAccounts, error) {
	c, err := s.store.ClosedYear(ctx, a.CommunityID, year)
	if err != nil {
		return nil, err
	}
	if c == nil {
		return nil, errYearNotClosed
	}
	y, err := closedAccounts(c)
	if err != nil {
		return nil, err
	}
	if y.Closed.DocumentID != "" {
		return y, nil
	}
	return y, s.fileAccounts(ctx, a, y)
}

// fileAccounts files the accounts' PDF under 'Estado de cuentas', for the owners as the acta is (a junta's
// point attaches it to the convocatoria, and a reader sees the attachments they may open in Documentos): it
// lists the owners not up to date as the convocatoria does (LPH art. 16.2), never to tenants.
func (s *Service) fileAccounts(ctx context.Context, a *domain.Actor, y *YearAccounts) error {
	if s.archive == nil {
		return nil
	}
	cats, err := s.archive.Categories(ctx, a)
	if err != nil {
		return err
	}
	catID := ""
	for _, c := range cats {
		if c.Kind == domain.CategoryCuentas {
			catID = c.ID
		}
	}
	if catID == "" {
		return domain.Errorf(domain.CodeConflict, "La comunidad no tiene la categoría «Estado de cuentas» en Documentos")
	}
	pdf, err := s.accountsPDF(ctx, a.CommunityID, y)
	if err != nil {
		return err
	}
	created, err := s.archive.Create(ctx, a, documents.UploadInput{CategoryID: catID, Title: fmt.Sprintf("Cuentas del ejercicio %d", y.Year),
		Date: s.today(), Visibility: domain.DocumentForOwners, FileName: fmt.Sprintf("cuentas-%d.pdf", y.Year),
		Description: fmt.Sprintf("Cuentas y liquidación del ejercicio %d, para su aprobación en junta", y.Year)}, pdf)
	if err != nil {
		return err
	}
	if err := s.store.SaveClosedYearDocument(ctx, a.CommunityID, y.Year, created.Document.ID); err != nil {
		return err
	}
	y.Closed.DocumentID = created.Document.ID
	s.changed(a.CommunityID, Area, "")
	return nil
}

// ApproveAccounts records the junta that approved a closed year's accounts: the owners then read them.
func (s *Service) ApproveAccounts(ctx context.Context, a *domain.Actor, year int, juntaDate string) (*YearAccounts, error) {
	juntaDate = strings.TrimSpace(juntaDate)
	switch {
	case !validDate(juntaDate):
		return nil, domain.Errorf(domain.CodeInvalid, "Indica la fecha de la junta que aprobó las cuentas")
	case juntaDate > s.today():
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la junta no puede ser futura")
	case juntaDate <= fmt.Sprintf("%04d-12-31", year):
		return nil, domain.Errorf(domain.CodeInvalid, "La junta que aprueba las cuentas de un ejercicio se celebra después de su cierre")
	}
	at := s.stamp()
	var y *YearAccounts
	err := s.write(ctx, a, func(ctx context.Context) error {
		c, err := s.store.ClosedYearForUpdate(ctx, a.CommunityID, year)
		if err != nil {
			return err
		}
		if c == nil {
			return domain.Errorf(domain.CodeConflict, "Cierra el ejercicio antes de aprobar sus cuentas")
		}
		if c.JuntaDate != "" {
			return domain.Errorf(domain.CodeConflict, "Las cuentas de este ejercicio ya están aprobadas")
		}
		if err := s.store.SaveClosedYearApproval(ctx, a.CommunityID, year, juntaDate, a.UserID, at); err != nil {
			return err
		}
		c.JuntaDate = juntaDate
		if y, err = closedAccounts(c); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditAccountsApproved, TargetKind: "money_year", TargetID: strconv.Itoa(year),
			TargetLabel: "Ejercicio " + strconv.Itoa(year), After: map[string]any{"juntaDate": juntaDate}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return y, nil
}

// ClosedYearCorrection is a correction of a closed year's unit account.
type ClosedYearCorrection struct {
	UnitID string
	Amount domain.Cents // positive: the unit owes more; negative: less
	Note   string
}

// CorrectClosedYear posts a correction of a closed year into the open year: a ledger entry dated today
// whose reference names the closed year ("Ejercicio 2026"); the closed year stays as it was.
func (s *Service) CorrectClosedYear(ctx context.Context, a *domain.Actor, year int, in ClosedYearCorrection) (*domain.LedgerEntry, error) {
	return s.postCorrection(ctx, a, correction{unitID: in.UnitID, in: CorrectionInput{Amount: in.Amount, Date: s.today(), Note: in.Note},
		reference: "Ejercicio " + strconv.Itoa(year), action: AuditClosedYearCorrected,
		check: func(ctx context.Context) error {
			c, err := s.store.ClosedYear(ctx, a.CommunityID, year)
			if err == nil && c == nil {
				err = errYearNotClosed
			}
			return err
		}})
}

// ApprovedYears lists the years whose accounts a junta approved, the latest first, for whoever may read
// them (admins, owners, and tenants where the community opens them).
func (s *Service) ApprovedYears(ctx context.Context, a *domain.Actor) ([]ClosedYearSummary, error) {
	if _, err := s.accountsReader(ctx, a); err != nil {
		return nil, err
	}
	cs, err := s.store.ClosedYears(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	out := []ClosedYearSummary{}
	for _, c := range cs {
		if c.JuntaDate != "" {
			out = append(out, ClosedYearSummary{Year: c.Year, Mode: c.Mode, ClosedAt: c.ClosedAt, JuntaDate: c.JuntaDate})
		}
	}
	return out, nil
}

// accountsReader says which units' lines a may read in the approved accounts (nil: every unit, for an
// admin), or refuses a member who may not read them.
func (s *Service) accountsReader(ctx context.Context, a *domain.Actor) (map[string]bool, error) {
	if a.IsAdmin() {
		return nil, nil
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	own := map[string]bool{}
	for _, u := range units {
		if u.OwnerID != nil && *u.OwnerID == a.UserID {
			own[u.ID] = true
		}
	}
	if len(own) > 0 {
		return own, nil
	}
	_, tenants, err := s.store.ClosingSettings(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	if !tenants {
		return nil, errAccountsForbidden
	}
	return own, nil
}

// ApprovedAccounts returns a year's approved accounts as an owner reads them: everything but the other
// units' lines (each unit's balance and liquidación are its owner's and the admins' only).
func (s *Service) ApprovedAccounts(ctx context.Context, a *domain.Actor, year int) (*YearAccounts, error) {
	own, err := s.accountsReader(ctx, a)
	if err != nil {
		return nil, err
	}
	c, err := s.store.ClosedYear(ctx, a.CommunityID, year)
	if err != nil {
		return nil, err
	}
	if c == nil || c.JuntaDate == "" {
		return nil, errAccountsNotOpen
	}
	y, err := closedAccounts(c)
	if err != nil {
		return nil, err
	}
	if own != nil {
		units := []UnitYear{}
		for _, u := range y.Units {
			if own[u.UnitID] {
				units = append(units, u)
			}
		}
		liq := []domain.Liquidation{}
		for _, l := range y.Liquidation {
			if own[l.UnitID] {
				liq = append(liq, l)
			}
		}
		y.Units, y.Liquidation, y.Closed.DocumentID = units, liq, ""
		for i := range y.Accounts {
			y.Accounts[i].IBAN = ""
		}
	}
	return y, nil
}

// closedYearGuard refuses every money write dated in a closed year: ledger entries, receipts, expenses,
// their payments and reconciliations. It wraps the service's store, so that each write path of the
// package is covered without knowing of it. It checks after the write, in its transaction: on
// PostgreSQL a closing holds the books locked (LockMoneyBooks) until it commits, so a write that waited
// for it sees the closed year then, and its transaction is rolled back.
type closedYearGuard struct{ Store }

func guardClosedYears(s Store) Store {
	if _, ok := s.(closedYearGuard); ok {
		return s
	}
	return closedYearGuard{s}
}

func (g closedYearGuard) refuse(ctx context.Context, communityID string, dates ...string) error {
	closed, err := g.Store.ClosedYearNumbers(ctx, communityID)
	if err != nil || len(closed) == 0 {
		return err
	}
	for _, d := range dates {
		if len(d) < 4 {
			continue
		}
		y, err := strconv.Atoi(d[:4])
		if err != nil {
			continue
		}
		for _, c := range closed {
			if c == y {
				return errClosedYear(y)
			}
		}
	}
	return nil
}

func (g closedYearGuard) InsertLedgerEntries(ctx context.Context, es []domain.LedgerEntry) error {
	if err := g.Store.InsertLedgerEntries(ctx, es); err != nil || len(es) == 0 {
		return err
	}
	dates := make([]string, len(es))
	for i, e := range es {
		dates[i] = e.Date
	}
	return g.refuse(ctx, es[0].CommunityID, dates...)
}

func (g closedYearGuard) InsertReceipts(ctx context.Context, rs []domain.Receipt, at time.Time) error {
	if err := g.Store.InsertReceipts(ctx, rs, at); err != nil || len(rs) == 0 {
		return err
	}
	dates := make([]string, 0, 2*len(rs))
	for _, r := range rs {
		dates = append(dates, r.DueDate, fmt.Sprintf("%04d", r.Year))
	}
	return g.refuse(ctx, rs[0].CommunityID, dates...)
}

func (g closedYearGuard) InsertExpense(ctx context.Context, e *domain.Expense, by string, at time.Time) error {
	if err := g.Store.InsertExpense(ctx, e, by, at); err != nil {
		return err
	}
	return g.refuse(ctx, e.CommunityID, e.Date)
}

func (g closedYearGuard) InsertExpensePayment(ctx context.Context, communityID string, p *domain.ExpensePayment, by string) error {
	if err := g.Store.InsertExpensePayment(ctx, communityID, p, by); err != nil {
		return err
	}
	return g.refuse(ctx, communityID, p.Date)
}

func (g closedYearGuard) InsertReconciliation(ctx context.Context, communityID, movementID string, m domain.MovementMatch, by string,
	at time.Time) (bool, error) {
	ok, err := g.Store.InsertReconciliation(ctx, communityID, movementID, m, by, at)
	if err != nil || !ok {
		return ok, err
	}
	mv, err := g.Store.BankMovementForUpdate(ctx, communityID, movementID)
	if err != nil || mv == nil {
		return ok, err
	}
	return ok, g.refuse(ctx, communityID, mv.Date)
}
