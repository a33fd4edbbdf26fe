package money

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
)

func itoa(i int) string { return strconv.Itoa(i) }

const maxReference = 140

// Generated is the result of a period's generation.
type Generated struct {
	PeriodKey string
	Receipts  []domain.Receipt
}

// GenerateReceipts issues the receipts of period (1-based, in the community's periodicity) of year from
// its approved budget: one per unit that pays, numbered on in the community's sequence of the year, each
// entered in its unit's ledger. A period is generated once: a second run, even at the same moment,
// creates nothing (the store's unique key on the period decides who wins).
func (s *Service) GenerateReceipts(ctx context.Context, a *domain.Actor, year, period int, dueDate string) (*Generated, error) {
	if dueDate != "" && !validDate(dueDate) {
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de cargo no es válida")
	}
	c, err := s.cuotas(ctx, a.CommunityID, year, nil)
	if err != nil {
		return nil, err
	}
	if c.Budget == nil {
		return nil, domain.Errorf(domain.CodeConflict, "No hay un presupuesto aprobado de %d", year)
	}
	p := c.Periodicity
	if period < 1 || period > p.Periods() {
		return nil, domain.Errorf(domain.CodeInvalid, "El periodo debe estar entre 1 y %d", p.Periods())
	}
	if dueDate == "" {
		dueDate = fmt.Sprintf("%04d-%02d-01", year, p.FirstMonth(period))
	}
	key := p.PeriodKey(year, period)
	at := s.stamp()
	out := &Generated{PeriodKey: key}
	err = s.write(ctx, a, func(ctx context.Context) error {
		locked, err := s.store.LockMoneySettings(ctx, a.CommunityID, at)
		if err != nil {
			return err
		}
		if locked != p {
			return domain.Errorf(domain.CodeConflict, "La periodicidad acaba de cambiar: vuelve a intentarlo")
		}
		current, err := s.store.ApprovedBudget(ctx, a.CommunityID, year)
		if err != nil {
			return err
		}
		if current == nil || current.ID != c.Budget.ID {
			return domain.Errorf(domain.CodeConflict, "El presupuesto acaba de cambiar: vuelve a intentarlo")
		}
		won, err := s.store.InsertReceiptRun(ctx, a.CommunityID, key, c.Budget.ID, a.UserID, at)
		if err != nil {
			return err
		}
		if !won {
			return domain.Errorf(domain.CodeConflict, "Los recibos de este periodo ya están generados")
		}
		if len(c.Units) == 0 {
			return domain.Errorf(domain.CodeConflict, "Ninguna vivienda paga cuota en este periodo")
		}
		first, err := s.store.TakeReceiptNumbers(ctx, a.CommunityID, year, len(c.Units))
		if err != nil {
			return err
		}
		debited, err := s.debitedUnits(ctx, a.CommunityID) // their receipts are paid by direct debit
		if err != nil {
			return err
		}
		rs := make([]domain.Receipt, 0, len(c.Units))
		entries := make([]domain.LedgerEntry, 0, len(c.Units))
		for i, u := range c.Units {
			r := domain.Receipt{ID: domain.NewID(), CommunityID: a.CommunityID, Year: year, Number: first + i, PeriodKey: key,
				UnitID: u.Unit.ID, UnitLabel: u.Unit.Label, OwnerID: u.Unit.OwnerID, OwnerName: u.Unit.OwnerName, BudgetID: c.Budget.ID,
				Amount: u.Periods[period-1], DueDate: dueDate, Method: domain.PayByTransfer, Status: domain.ReceiptPending}
			if debited[r.UnitID] {
				r.Method = domain.PayByDirectDebit
			}
			for _, l := range u.Lines {
				if v := l.Periods[period-1]; v != 0 {
					r.Lines = append(r.Lines, domain.ReceiptLine{Concept: l.Concept, Amount: v})
				}
			}
			if r.Amount == 0 {
				continue
			}
			rs = append(rs, r)
			id := r.ID
			entries = append(entries, domain.LedgerEntry{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: r.UnitID, Date: dueDate,
				Kind: domain.LedgerReceipt, Amount: r.Amount, ReceiptID: &id, ReceiptCode: r.Code(), Note: "Recibo " + key,
				CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()})
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
		var total domain.Cents
		for _, r := range rs {
			total += r.Amount
		}
		if rs, err = s.issuedWithCredit(ctx, a, inCredit, rs, at); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditReceiptsIssued, TargetKind: "money_period", TargetID: key, TargetLabel: key,
			After: map[string]any{"receipts": len(rs), "totalCents": total, "budgetId": c.Budget.ID, "dueDate": dueDate}})
		out.Receipts = rs
		return s.notifyReceipts(ctx, rs)
	})
	if err != nil {
		return nil, err
	}
	s.mailWake()
	return out, nil
}

// Receipts lists the community's receipts of a year (and period); admins only.
func (s *Service) Receipts(ctx context.Context, a *domain.Actor, year int, periodKey string) ([]domain.Receipt, error) {
	if year < minYear || year > maxYear {
		return nil, errYear
	}
	return s.store.Receipts(ctx, a.CommunityID, domain.ReceiptFilter{Year: year, PeriodKey: periodKey})
}

// PaymentInput is a payment an admin records.
type PaymentInput struct {
	Amount    domain.Cents
	Method    domain.PaymentMethod // transfer or cash
	Date      string
	Reference string
}

// RecordPayment records a payment of a receipt, whole or partial: a ledger entry, and the receipt paid or
// partly paid. A receipt already paid is refused; a payment over what it still owes too, unless the
// community leaves the excess as credit on the unit's ledger (Settings.Overpayments).
func (s *Service) RecordPayment(ctx context.Context, a *domain.Actor, receiptID string, in PaymentInput) (*domain.Receipt, error) {
	in.Reference = strings.TrimSpace(in.Reference)
	switch {
	case in.Method != domain.PayByTransfer && in.Method != domain.PayByCash:
		return nil, domain.Errorf(domain.CodeInvalid, "Indica si el pago fue por transferencia o en efectivo")
	case !validDate(in.Date):
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha del pago no es válida")
	case in.Date > s.today():
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha del pago no puede ser futura")
	case in.Amount <= 0:
		return nil, domain.Errorf(domain.CodeInvalid, "El importe del pago debe ser mayor que cero")
	case utf8.RuneCountInString(in.Reference) > maxReference:
		return nil, domain.Errorf(domain.CodeInvalid, "La referencia no puede superar los %d caracteres", maxReference)
	}
	at := s.stamp()
	var r *domain.Receipt
	err := s.write(ctx, a, func(ctx context.Context) error {
		var err error
		r, err = s.recordPayment(ctx, a, receiptID, in, at)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// recordPayment is RecordPayment's transaction (InTx), its input checked.
func (s *Service) recordPayment(ctx context.Context, a *domain.Actor, receiptID string, in PaymentInput, at time.Time) (*domain.Receipt, error) {
	var r *domain.Receipt
	err := func() error {
		// With overpayments left as credit, a payment may apply credit to other receipts: the settings are
		// locked first, as a generation, a return and another payment take them, then the receipt.
		credit, err := s.creditOn(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if credit {
			if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
				return err
			}
		}
		var owed int64
		if r, owed, err = s.owedForUpdate(ctx, a.CommunityID, receiptID); err != nil {
			return err
		}
		before := *r
		note := "Pago del recibo " + r.Code()
		if in.Amount > owed {
			if !credit {
				return domain.Errorf(domain.CodeInvalid, "El pago (%s) es mayor que lo que queda por pagar del recibo (%s)",
					domain.EurosText(in.Amount), domain.EurosText(owed))
			}
			// The whole payment is one entry: the excess leaves the balance below zero, a credit the
			// statement shows the next receipts against.
			note += " (" + domain.EurosText(in.Amount-owed).String() + " a cuenta)"
		}
		r.Paid += min(in.Amount, owed)
		r.Status = domain.ReceiptPartial
		if r.Paid == r.Amount {
			r.Status = domain.ReceiptPaid
		}
		if err := s.store.SaveReceiptPaid(ctx, r, at); err != nil {
			return err
		}
		id := r.ID
		e := domain.LedgerEntry{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: r.UnitID, Date: in.Date, Kind: domain.LedgerPayment,
			Amount: -in.Amount, ReceiptID: &id, ReceiptCode: r.Code(), Method: string(in.Method), Reference: in.Reference,
			Note: note, CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()}
		if err := s.store.InsertLedgerEntries(ctx, []domain.LedgerEntry{e}); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditPaymentRecorded, TargetKind: "money_receipt", TargetID: r.ID,
			TargetLabel: r.Code(), Before: map[string]any{"paidCents": before.Paid, "status": before.Status},
			After: map[string]any{"paidCents": r.Paid, "status": r.Status, "amountCents": in.Amount, "method": in.Method, "date": in.Date,
				"reference": in.Reference}})
		if in.Amount > owed {
			return s.applyCredit(ctx, a, r.UnitID, at) // the excess pays the unit's other receipts, the earliest first
		}
		return nil
	}()
	if err != nil {
		return nil, err
	}
	return r, nil
}

// CompensationInput is an admin's compensation of a receipt.
type CompensationInput struct {
	Date   string
	Reason string // what the community owes the owner, against which the receipt is settled
}

// CompensateReceipt settles what a receipt still owes against something the community owes its owner
// (a repair the owner paid, say): a compensation entry in the unit's ledger with the reason, and the
// receipt no longer owed. A receipt already paid is refused.
func (s *Service) CompensateReceipt(ctx context.Context, a *domain.Actor, receiptID string, in CompensationInput) (*domain.Receipt, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	switch {
	case !validDate(in.Date):
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la compensación no es válida")
	case in.Date > s.today():
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la compensación no puede ser futura")
	case in.Reason == "":
		return nil, domain.Errorf(domain.CodeInvalid, "Explica qué debe la comunidad al propietario")
	case utf8.RuneCountInString(in.Reason) > maxReference:
		return nil, domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", maxReference)
	}
	at := s.stamp()
	var r *domain.Receipt
	err := s.write(ctx, a, func(ctx context.Context) error {
		var err error
		var owed int64
		if r, owed, err = s.owedForUpdate(ctx, a.CommunityID, receiptID); err != nil {
			return err
		}
		before := *r
		r.Paid, r.Compensated, r.Status = r.Amount, r.Compensated+owed, domain.ReceiptPaid
		if err := s.store.SaveReceiptPaid(ctx, r, at); err != nil {
			return err
		}
		id := r.ID
		e := domain.LedgerEntry{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: r.UnitID, Date: in.Date, Kind: domain.LedgerCompensation,
			Amount: -owed, ReceiptID: &id, ReceiptCode: r.Code(), Note: "Compensación del recibo " + r.Code() + ": " + in.Reason,
			CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()}
		if err := s.store.InsertLedgerEntries(ctx, []domain.LedgerEntry{e}); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditReceiptCompensated, TargetKind: "money_receipt", TargetID: r.ID,
			TargetLabel: r.Code(), Before: map[string]any{"paidCents": before.Paid, "status": before.Status},
			After: map[string]any{"paidCents": r.Paid, "status": r.Status, "amountCents": owed, "date": in.Date, "reason": in.Reason}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// CorrectionInput is an admin's correction of a unit's account.
type CorrectionInput struct {
	Amount domain.Cents // positive: the unit owes more; negative: less
	Date   string
	Note   string
}

// PostCorrection adds a correction to a unit's ledger: entries are never edited, a mistake is undone by
// a new entry that says why.
func (s *Service) PostCorrection(ctx context.Context, a *domain.Actor, unitID string, in CorrectionInput) (*domain.LedgerEntry, error) {
	return s.postCorrection(ctx, a, correction{unitID: unitID, in: in, action: AuditCorrectionPosted})
}

// correction is a ledger correction as PostCorrection and CorrectClosedYear post it.
type correction struct {
	unitID    string
	in        CorrectionInput
	reference string // the entry's reference ("Ejercicio 2026"); empty: none
	action    string // the audit action
	// check runs in the transaction before the entry is written; nil: nothing to check.
	check func(ctx context.Context) error
}

// postCorrection checks and writes c in one transaction, audited, and applies the credit a correction in
// the owner's favour gives when the community keeps overpayments as credit.
func (s *Service) postCorrection(ctx context.Context, a *domain.Actor, c correction) (*domain.LedgerEntry, error) {
	in := c.in
	in.Note = strings.TrimSpace(in.Note)
	switch {
	case in.Amount == 0:
		return nil, domain.Errorf(domain.CodeInvalid, "El importe de la corrección no puede ser cero")
	case in.Amount > maxAmount || in.Amount < -maxAmount:
		return nil, domain.Errorf(domain.CodeInvalid, "El importe de la corrección es demasiado grande")
	case !validDate(in.Date):
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la corrección no es válida")
	case in.Note == "":
		return nil, domain.Errorf(domain.CodeInvalid, "Explica el motivo de la corrección")
	case utf8.RuneCountInString(in.Note) > maxReference:
		return nil, domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", maxReference)
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	u, ok := unitMap(units)[c.unitID]
	if !ok {
		return nil, errUnitGone
	}
	at := s.stamp()
	e := domain.LedgerEntry{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: c.unitID, Date: in.Date, Kind: domain.LedgerCorrection,
		Amount: in.Amount, Reference: c.reference, Note: in.Note, CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()}
	after := map[string]any{"amountCents": in.Amount, "date": in.Date, "note": in.Note}
	if c.reference != "" {
		after["reference"] = c.reference
	}
	err = s.write(ctx, a, func(ctx context.Context) error {
		credit, err := s.creditOn(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		credit = credit && in.Amount < 0 // a correction in the owner's favour is credit too
		if credit {
			if _, err := s.store.LockMoneySettings(ctx, a.CommunityID, at); err != nil {
				return err
			}
		}
		if c.check != nil {
			if err := c.check(ctx); err != nil {
				return err
			}
		}
		if err := s.store.InsertLedgerEntries(ctx, []domain.LedgerEntry{e}); err != nil {
			return err
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: c.action, TargetKind: "money_unit", TargetID: c.unitID, TargetLabel: u.Label,
			After: after})
		if credit {
			return s.applyCredit(ctx, a, c.unitID, at)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &e, nil
}

// ownUnits returns the units a may see the money of: every unit for an admin, those they own otherwise.
func (s *Service) ownUnits(ctx context.Context, a *domain.Actor) ([]domain.MoneyUnit, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if a.IsAdmin() {
		return s.store.MoneyUnits(ctx, a.CommunityID)
	}
	return s.store.OwnedMoneyUnits(ctx, a.CommunityID, a.UserID)
}

// Mine is what an owner pays and why: the cuota of each unit they own this year, and their receipts.
type Mine struct {
	Year     int
	Cuotas   *Cuotas
	Receipts []domain.Receipt
}

// MyMoney returns the caller's 'Mis cuotas': the units they own (none for a tenant or a resident).
func (s *Service) MyMoney(ctx context.Context, a *domain.Actor, year int) (*Mine, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if year == 0 {
		year = s.now().In(s.location).Year()
	}
	// The caller's units through the owner index, not the community's (issue #36: 'Mis cuotas' is read
	// often; docs/adr/0035, its addendum on reads), and in the same round trip the units whose owners let
	// the caller see their receipts (a tenant): their receipts, not their cuotas.
	units, granted, err := s.store.CallerMoneyUnits(ctx, a.CommunityID, a.UserID)
	if err != nil {
		return nil, err
	}
	only := map[string]bool{}
	ids := []string{}
	for _, u := range units {
		only[u.ID] = true
		ids = append(ids, u.ID)
	}
	out := &Mine{Year: year, Receipts: []domain.Receipt{}, Cuotas: &Cuotas{Units: []UnitCuota{}}}
	if len(ids) > 0 {
		if out.Cuotas, err = s.cuotas(ctx, a.CommunityID, year, units); err != nil {
			// A budget that no longer adds up is the admins' to fix; the owner still sees their receipts.
			if domain.ErrorCode(err) != domain.CodeConflict {
				return nil, err
			}
			out.Cuotas = &Cuotas{Units: []UnitCuota{}}
		}
	}
	for _, id := range granted {
		if !only[id] {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	if out.Receipts, err = s.store.Receipts(ctx, a.CommunityID, domain.ReceiptFilter{UnitIDs: ids}); err != nil {
		return nil, err
	}
	return out, nil
}

// Statement is a unit's account over a range of dates.
type Statement struct {
	Unit    domain.MoneyUnit
	From    string
	To      string
	Opening domain.Cents
	// Entries are the ledger's entries of the range, shared with the ledger cache: read only. Balances[i]
	// is the balance after Entries[i] (positive: the unit owes).
	Entries  []domain.LedgerEntry
	Balances []domain.Cents
	Closing  domain.Cents
}

// UnitStatement returns a unit's statement from..to (inclusive; empty from: the beginning, empty to:
// today): the balance before from, each entry with the running balance, and the closing balance. An
// admin may read any unit's; an owner only their own.
func (s *Service) UnitStatement(ctx context.Context, a *domain.Actor, unitID, from, to string) (*Statement, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	// The one unit, not the community's, and the count of its ledger entries that says whether the cached
	// ledger is still whole, in one round trip: a statement is read often (docs/adr/0035, its load figures).
	unit, count, err := s.store.MoneyUnitLedgerCount(ctx, a.CommunityID, unitID)
	switch {
	case err != nil:
		return nil, err
	case unit == nil:
		return nil, errUnitGone
	case !a.IsAdmin() && (unit.OwnerID == nil || *unit.OwnerID != a.UserID):
		return nil, errNotYourUnit
	}
	if to == "" {
		to = s.today()
	}
	if from != "" && !validDate(from) || !validDate(to) {
		return nil, domain.Errorf(domain.CodeInvalid, "Las fechas del extracto no son válidas")
	}
	if from != "" && from > to {
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha inicial del extracto es posterior a la final")
	}
	es, err := s.ledgerOf(ctx, a.CommunityID, unitID, count)
	if err != nil {
		return nil, err
	}
	// The ledger is in date order: the range is a slice of it, not a copy (docs/adr/0044, the statement's
	// allocations).
	first, last := 0, len(es)
	for first < last && es[first].Date < from {
		first++
	}
	for last > first && es[last-1].Date > to {
		last--
	}
	st := &Statement{Unit: *unit, From: from, To: to, Entries: es[first:last:last], Balances: make([]domain.Cents, last-first)}
	if st.Entries == nil { // an empty ledger: still a list
		st.Entries = []domain.LedgerEntry{}
	}
	for _, e := range es[:first] {
		st.Opening += e.Amount
	}
	bal := st.Opening
	for i, e := range st.Entries {
		bal += e.Amount
		st.Balances[i] = bal
	}
	st.Closing = bal
	return st, nil
}

// StatementCSV is the statement as a spreadsheet reads it (semicolons, decimal comma, as Spanish Excel
// expects), with the opening and closing balances.
func (s *Service) StatementCSV(ctx context.Context, a *domain.Actor, unitID, from, to string) ([]byte, string, error) {
	st, err := s.UnitStatement(ctx, a, unitID, from, to)
	if err != nil {
		return nil, "", err
	}
	var b bytes.Buffer
	b.WriteString("\ufeff")
	w := csv.NewWriter(&b)
	w.Comma = ';'
	euros := func(c domain.Cents) string {
		sign := ""
		if c < 0 {
			sign, c = "-", -c
		}
		return fmt.Sprintf("%s%d,%02d", sign, c/100, c%100)
	}
	w.Write([]string{"fecha", "concepto", "recibo", "cargo", "abono", "saldo"})
	w.Write([]string{st.From, "Saldo inicial", "", "", "", euros(st.Opening)})
	for i, e := range st.Entries {
		charge, credit := "", ""
		if e.Amount >= 0 {
			charge = euros(e.Amount)
		} else {
			credit = euros(-e.Amount)
		}
		concept := e.Note
		if e.Reference != "" {
			concept += " (" + e.Reference + ")"
		}
		w.Write([]string{e.Date, concept, e.ReceiptCode, charge, credit, euros(st.Balances[i])})
	}
	w.Write([]string{st.To, "Saldo final", "", "", "", euros(st.Closing)})
	w.Flush()
	name := "extracto-" + safeName(st.Unit.Label) + "-" + st.To + ".csv"
	return b.Bytes(), name, w.Error()
}

func safeName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

// owedForUpdate locks a receipt of the community (InTx) and returns it with what it still owes; a
// receipt already paid is refused.
func (s *Service) owedForUpdate(ctx context.Context, communityID, id string) (*domain.Receipt, int64, error) {
	r, err := s.store.ReceiptForUpdate(ctx, communityID, id)
	if err != nil {
		return nil, 0, err
	}
	if r == nil {
		return nil, 0, errReceiptGone
	}
	owed := r.Amount - r.Paid
	if owed <= 0 {
		return nil, 0, domain.Errorf(domain.CodeConflict, "El recibo %s ya está pagado", r.Code())
	}
	return r, owed, nil
}
