package money

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// RemittanceInput is what an admin asks for: the day the bank collects, and the receipts due up to a day
// (empty: the collection day).
type RemittanceInput struct {
	CollectionDate string
	DueUpTo        string
}

// RemittanceView is a remittance with its receipts and, when just built, those it left out.
type RemittanceView struct {
	domain.RemittanceSummary
	Receipts []domain.Receipt
	Skipped  []SkippedDebit
}

// SkipExpired is why a remittance leaves a receipt out: its mandate has gone unused for the rulebook's 36
// months by the collection day.
const SkipExpired = "expired"

// SkippedDebit is a receipt paid by direct debit that a remittance left out, and why.
type SkippedDebit struct {
	Receipt          domain.Receipt
	MandateReference string
	Reason           string  // SkipExpired
	ExpiresOn        string  // the first day the mandate could no longer be used
	LastCollectionOn *string // nil: never used
}

// Remittances lists the community's remittances, the newest first; admins only.
func (s *Service) Remittances(ctx context.Context, a *domain.Actor) ([]domain.RemittanceSummary, error) {
	return s.store.Remittances(ctx, a.CommunityID)
}

// Remittance returns a remittance of the community with its receipts and their returns; admins only.
func (s *Service) Remittance(ctx context.Context, a *domain.Actor, id string) (*RemittanceView, error) {
	r, _, err := s.store.Remittance(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, errRemittanceGone
	}
	rs, err := s.store.Receipts(ctx, a.CommunityID, domain.ReceiptFilter{RemittanceID: id})
	if err != nil {
		return nil, err
	}
	return &RemittanceView{RemittanceSummary: *r, Receipts: rs}, nil
}

// RemittanceFile returns the pain.008 file of a remittance, as the bank received it, and its name.
func (s *Service) RemittanceFile(ctx context.Context, a *domain.Actor, id string) ([]byte, string, error) {
	r, xml, err := s.store.Remittance(ctx, a.CommunityID, id)
	if err != nil {
		return nil, "", err
	}
	if r == nil {
		return nil, "", errRemittanceGone
	}
	return xml, fmt.Sprintf("remesa-%04d-%s.xml", r.Number, r.CollectionDate), nil
}

var errRemittanceGone = domain.Errorf(domain.CodeNotFound, "La remesa no existe")

// addDays is date (DateLayout) plus n days.
func addDays(date string, n int) string {
	t, _ := time.Parse(domain.DateLayout, date)
	return t.AddDate(0, 0, n).Format(domain.DateLayout)
}

// BuildRemittance collects by direct debit the receipts due up to a day, paid by direct debit, of units
// with an active mandate, and never in a remittance: it writes the pain.008.001.02 file for the bank,
// marks the receipts remitted (paid, each with a payment in its unit's ledger, undone by a return) and
// records which receipts went in, so that none goes in a second one. The collection day must leave the
// pre-notification period (14 days unless the community set a shorter one): building the remittance is
// the owners' notice, shown on each receipt. A mandate that has expired by the collection day (36 months
// with no collection, domain.MandateLapseMonths) is not used: its unit's receipts are left out (Skipped,
// with the reason) and go to payment by transfer, as a revocation sends them, audited once per mandate.
func (s *Service) BuildRemittance(ctx context.Context, a *domain.Actor, in RemittanceInput) (*RemittanceView, error) {
	if !validDate(in.CollectionDate) {
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de cobro no es válida")
	}
	if in.DueUpTo == "" {
		in.DueUpTo = in.CollectionDate
	}
	if !validDate(in.DueUpTo) {
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de vencimiento de los recibos no es válida")
	}
	community, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	today := s.today()
	at := s.stamp()
	out := &RemittanceView{}
	err = s.write(ctx, a, func(ctx context.Context) error {
		st, err := s.store.LockSepaSettings(ctx, a.CommunityID, at)
		if err != nil {
			return err
		}
		if st.CreditorID == "" || st.CreditorIBAN == "" {
			return errCreditorMissing
		}
		if earliest := addDays(today, st.PrenoticeDays); in.CollectionDate < earliest {
			return domain.Errorf(domain.CodeInvalid,
				"La fecha de cobro está dentro del plazo de preaviso de %d días a los propietarios: la primera fecha posible es el %s",
				st.PrenoticeDays, earliest)
		}
		receipts, err := s.store.CollectableReceipts(ctx, a.CommunityID, in.DueUpTo)
		if err != nil {
			return err
		}
		if len(receipts) == 0 {
			return domain.Errorf(domain.CodeConflict,
				"La remesa no tendría nada que cobrar: no hay recibos domiciliados pendientes, de viviendas con una orden de domiciliación activa, que venzan hasta el %s",
				in.DueUpTo)
		}
		n, err := s.store.TakeSepaNumber(ctx, a.CommunityID, "remittances")
		if err != nil {
			return err
		}
		rem := &out.RemittanceSummary
		rem.ID, rem.Number, rem.CollectionDate, rem.CreatedAt = domain.NewID(), n, in.CollectionDate, at.UnixMilli()
		rem.MessageID = fmt.Sprintf("VEC-REM-%06d-%s", n, strings.ReplaceAll(today, "-", ""))
		file := Remittance{Version: st.FileVersion, MessageID: rem.MessageID, CreatedAt: at, CreditorName: community.Name, CreditorIBAN: st.CreditorIBAN,
			CreditorBIC: st.CreditorBIC, CreditorID: st.CreditorID, CollectionDate: in.CollectionDate}
		mandates := map[string]*domain.Mandate{}
		var lapsed []*domain.Mandate // in the receipts' order
		entries := make([]domain.LedgerEntry, 0, len(receipts))
		before := make([]map[string]any, 0, len(receipts))
		collected := make([]domain.Receipt, 0, len(receipts))
		for i := range receipts {
			r := &receipts[i]
			m := mandates[r.UnitID]
			if m == nil {
				if m, err = s.store.MandateInForceForUpdate(ctx, a.CommunityID, r.UnitID); err != nil {
					return err
				}
				mandates[r.UnitID] = m
				if m.ExpiredOn(in.CollectionDate) {
					lapsed = append(lapsed, m)
				}
			}
			if m.ExpiredOn(in.CollectionDate) {
				out.Skipped = append(out.Skipped, SkippedDebit{Receipt: *r, MandateReference: m.Reference, Reason: SkipExpired,
					ExpiresOn: m.ExpiresOn(), LastCollectionOn: m.LastCollectionOn})
				continue
			}
			if NeedsDebtorAddress(m.IBAN) && m.DebtorAddress.IsZero() {
				return domain.Errorf(domain.CodeConflict,
					"No se puede preparar la remesa: el recibo %s (%s) se cobraría con la orden %s de %s, cuya cuenta es de un banco de un país SEPA fuera del Espacio Económico Europeo (%s), y la orden no tiene la dirección del titular, que ese banco exige. Pide al propietario que firme de nuevo la orden con su dirección en 'Mis cuotas', o revócala para que el recibo se pague por transferencia",
					r.Code(), r.UnitLabel, m.Reference, m.DebtorName, m.IBAN[:2])
			}
			seq := "RCUR"
			if st.SequencePolicy == domain.FirstThenRecurrent && m.Collections == m.Returns {
				seq = "FRST" // no collection under the mandate has stood yet
			}
			m.Collections++
			before = append(before, map[string]any{"receipt": r.Code(), "paidCents": r.Paid, "status": r.Status})
			d := &domain.ReceiptDebit{RemittanceID: rem.ID, MandateID: m.ID, SequenceType: seq, Collected: r.Amount - r.Paid,
				CollectionDate: in.CollectionDate}
			r.Debit, r.Paid, r.Status = d, r.Amount, domain.ReceiptPaid
			file.Debits = append(file.Debits, Debit{EndToEndID: r.Code(), Amount: d.Collected, SequenceType: seq, MandateID: m.Reference,
				MandateDate: m.SignedOn, DebtorName: m.DebtorName, DebtorIBAN: m.IBAN, DebtorBIC: m.BIC, DebtorAddress: m.DebtorAddress,
				Info: "Recibo " + r.Code() + " " + r.PeriodKey + " " + r.UnitLabel + " " + community.Name})
			rem.Debits++
			rem.Total += d.Collected
			if err := s.store.SaveReceiptState(ctx, r, at); err != nil {
				return err
			}
			collected = append(collected, *r)
			id := r.ID
			entries = append(entries, domain.LedgerEntry{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: r.UnitID, Date: today,
				Kind: domain.LedgerPayment, Amount: -d.Collected, ReceiptID: &id, ReceiptCode: r.Code(), Method: string(domain.PayByDirectDebit),
				Reference: rem.MessageID, Note: "Domiciliación del recibo " + r.Code() + " (cargo el " + in.CollectionDate + ")",
				CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()})
		}
		if len(collected) == 0 {
			units := make([]string, len(lapsed))
			for i, m := range lapsed {
				units[i] = m.UnitLabel + " (" + m.Reference + ")"
			}
			return domain.Errorf(domain.CodeConflict,
				"La remesa no tendría nada que cobrar: las órdenes de domiciliación de %s han caducado, tras %d meses sin ningún cobro, y no se pueden volver a usar. Pide a los propietarios que firmen una orden nueva en 'Mis cuotas', o revócalas para que sus recibos se paguen por transferencia",
				strings.Join(units, ", "), domain.MandateLapseMonths)
		}
		receipts = collected
		for _, m := range mandates {
			if m.ExpiredOn(in.CollectionDate) {
				continue
			}
			if err := s.store.SaveMandate(ctx, m, &a.UserID, at); err != nil {
				return err
			}
		}
		for _, m := range lapsed {
			switched, err := s.store.SwitchOpenReceipts(ctx, a.CommunityID, m.UnitID, domain.PayByDirectDebit, domain.PayByTransfer, at)
			if err != nil {
				return err
			}
			after := auditMandate(m, "")
			after["expired"], after["expiresOn"], after["receiptsToTransfer"] = true, m.ExpiresOn(), switched
			beforeM := auditMandate(m, "")
			beforeM["lastCollectionOn"] = m.LastCollectionOn
			s.audit.Record(ctx, a, domain.AuditChange{Action: AuditMandateExpired, TargetKind: "money_mandate", TargetID: m.ID,
				TargetLabel: m.Reference + " · " + m.UnitLabel, Before: beforeM, After: after})
		}
		xml, err := WritePain008(file)
		if err != nil {
			return err
		}
		if err := s.store.InsertRemittance(ctx, a.CommunityID, rem, xml, receipts, a.UserID, at); err != nil {
			return err
		}
		if err := s.store.InsertLedgerEntries(ctx, entries); err != nil {
			return err
		}
		codes := make([]string, len(receipts))
		for i := range receipts {
			codes[i] = receipts[i].Code()
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditRemittanceCreated, TargetKind: "money_remittance", TargetID: rem.ID,
			TargetLabel: fmt.Sprintf("Remesa %d", rem.Number), Before: map[string]any{"receipts": before},
			After: map[string]any{"messageId": rem.MessageID, "collectionDate": rem.CollectionDate, "dueUpTo": in.DueUpTo, "debits": rem.Debits,
				"totalCents": rem.Total, "receipts": codes}})
		out.Receipts = receipts
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReturnInput is a debit the bank returned: the ISO reason code and the bank's charge.
type ReturnInput struct {
	Reason string // four characters (AM04, MD01, MS02…); empty: not given
	Charge domain.Cents
}

const maxCharge = domain.Cents(100_00) // no Spanish bank charges 100 € for a return: a larger figure is a typo

var reasonRE = regexp.MustCompile(`^[A-Z0-9]{4}$`)

func (in *ReturnInput) check() error {
	in.Reason = strings.ToUpper(strings.TrimSpace(in.Reason))
	switch {
	case in.Reason != "" && !reasonRE.MatchString(in.Reason):
		return domain.Errorf(domain.CodeInvalid, "El motivo de la devolución es un código de cuatro caracteres, como MS02 o AM04")
	case in.Charge < 0:
		return domain.Errorf(domain.CodeInvalid, "Los gastos de la devolución no pueden ser negativos")
	case in.Charge > maxCharge:
		return domain.Errorf(domain.CodeInvalid, "Los gastos de la devolución no pueden superar %s", domain.EurosText(maxCharge))
	}
	return nil
}

// ReturnDebit records that the bank returned a receipt's direct debit.
func (s *Service) ReturnDebit(ctx context.Context, a *domain.Actor, receiptID string, in ReturnInput) (*domain.Receipt, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	at := s.stamp()
	var r *domain.Receipt
	err := s.write(ctx, a, func(ctx context.Context) error {
		var err error
		r, err = s.returnDebit(ctx, a, receiptID, in, at)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.mailWake() // a paused mandate's email
	return r, nil
}

// returnDebit runs in the caller's transaction: the receipt is owed again (and paid by transfer from now
// on), its unit's ledger gets the return and, by the community's setting, the bank's charge, and the
// mandate is paused once it has had the community's number of returns.
func (s *Service) returnDebit(ctx context.Context, a *domain.Actor, receiptID string, in ReturnInput, at time.Time) (*domain.Receipt, error) {
	// The settings first, as a remittance takes them, then the receipt.
	st, err := s.store.LockSepaSettings(ctx, a.CommunityID, at)
	if err != nil {
		return nil, err
	}
	r, err := s.store.ReceiptForUpdate(ctx, a.CommunityID, receiptID)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, errReceiptGone
	}
	d := r.Debit
	switch {
	case d == nil:
		return nil, domain.Errorf(domain.CodeConflict, "El recibo %s no se ha cobrado por domiciliación: no se puede devolver", r.Code())
	case d.ReturnedOn != nil:
		return nil, domain.Errorf(domain.CodeConflict, "El recibo %s ya está devuelto", r.Code())
	}
	before := map[string]any{"paidCents": r.Paid, "status": r.Status, "method": r.Method}
	today := s.today()
	d.ReturnedOn, d.ReturnReason, d.ReturnCharge = &today, in.Reason, in.Charge
	r.Paid = max(r.Paid-d.Collected, 0)
	r.Status, r.Method = domain.ReceiptPartial, domain.PayByTransfer
	if r.Paid == 0 {
		r.Status = domain.ReceiptPending
	}
	if err := s.store.SaveReceiptState(ctx, r, at); err != nil {
		return nil, err
	}
	if err := s.store.SaveReceiptReturn(ctx, r.ID, d, a.UserID, at); err != nil {
		return nil, err
	}
	id := r.ID
	note := "Devolución del recibo " + r.Code()
	if in.Reason != "" {
		note += " (" + in.Reason + ")"
	}
	entries := []domain.LedgerEntry{{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: r.UnitID, Date: today, Kind: domain.LedgerReturn,
		Amount: d.Collected, ReceiptID: &id, ReceiptCode: r.Code(), Method: string(domain.PayByDirectDebit), Reference: in.Reason, Note: note,
		CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()}}
	charged := in.Charge > 0 && st.ChargeToOwner
	if charged {
		entries = append(entries, domain.LedgerEntry{ID: domain.NewID(), CommunityID: a.CommunityID, UnitID: r.UnitID, Date: today,
			Kind: domain.LedgerBankCharge, Amount: in.Charge, ReceiptID: &id, ReceiptCode: r.Code(),
			Note: "Gastos de la devolución del recibo " + r.Code(), CreatedBy: &a.UserID, CreatedAt: at.UnixMilli()})
	}
	if err := s.store.InsertLedgerEntries(ctx, entries); err != nil {
		return nil, err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditDebitReturned, TargetKind: "money_receipt", TargetID: r.ID, TargetLabel: r.Code(),
		Before: before, After: map[string]any{"paidCents": r.Paid, "status": r.Status, "method": r.Method, "reason": in.Reason,
			"chargeCents": in.Charge, "chargedToOwner": charged, "returnedOn": today}})
	m, err := s.store.MandateForUpdate(ctx, a.CommunityID, d.MandateID)
	if err != nil || m == nil {
		return r, err
	}
	was := m.Status
	m.Returns++
	if m.Status == domain.MandateActive && m.Returns >= st.ReturnsToPause {
		m.Status = domain.MandatePaused
	}
	if err := s.store.SaveMandate(ctx, m, &a.UserID, at); err != nil {
		return nil, err
	}
	if m.Status == domain.MandatePaused && was == domain.MandateActive {
		switched, err := s.store.SwitchOpenReceipts(ctx, a.CommunityID, m.UnitID, domain.PayByDirectDebit, domain.PayByTransfer, at)
		if err != nil {
			return nil, err
		}
		after := auditMandate(m, "")
		after["receiptsToTransfer"] = switched
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditMandatePaused, TargetKind: "money_mandate", TargetID: m.ID,
			TargetLabel: m.Reference + " · " + m.UnitLabel, Before: auditMandate(m, was), After: after})
		if err := s.notifyMandatePaused(ctx, m); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// lineError is an error of a line of an imported file, in every language.
type lineError struct{ err error }

func (l lineError) String() string                 { return domain.ErrorMessage(l.err) }
func (l lineError) In(lang domain.Language) string { return domain.ErrorMessageIn(l.err, lang) }

var receiptCodeRE = regexp.MustCompile(`^(\d{4})/(\d{1,6})$`)

// returnRow is one return of an imported file: the receipt's code and what the bank says of it, and
// where it is in the file (a CSV's line, or a pain.002 report's transaction).
type returnRow struct {
	line, op int
	code     string
	in       ReturnInput
}

// wrap names the row in an error about it.
func (r returnRow) wrap(err error) error {
	var de *domain.Error
	if !errors.As(err, &de) {
		return err
	}
	if r.op > 0 {
		return domain.Errorf(de.Code, "Operación %d del informe: %s", r.op, lineError{err})
	}
	return domain.Errorf(de.Code, "Línea %d: %s", r.line, lineError{err})
}

// ImportReturns records the returns of a file from the bank: its pain.002 status report (XML,
// ParsePain002), or a CSV the bank's file was turned into: one receipt a line, as its code (2027/000012),
// then optionally the reason code and the bank's charge in euros ("3,50"), separated by semicolons or
// commas; a first line that names no receipt is a header. All the returns are recorded, or none. It
// returns the receipts returned.
func (s *Service) ImportReturns(ctx context.Context, a *domain.Actor, text string) ([]domain.Receipt, error) {
	var rows []returnRow
	var err error
	if looksLikeXML(text) {
		rows, err = ParsePain002(text)
	} else {
		rows, err = parseReturnsCSV(text)
	}
	if err != nil {
		return nil, err
	}
	at := s.stamp()
	var out []domain.Receipt
	err = s.write(ctx, a, func(ctx context.Context) error {
		for _, row := range rows {
			m := receiptCodeRE.FindStringSubmatch(row.code)
			year, _ := strconv.Atoi(m[1])
			number, _ := strconv.Atoi(m[2])
			id, err := s.store.ReceiptIDByNumber(ctx, a.CommunityID, year, number)
			if err != nil {
				return err
			}
			if id == "" {
				if row.op > 0 {
					return domain.Errorf(domain.CodeInvalid, "Operación %d del informe: el recibo %s no existe", row.op, row.code)
				}
				return domain.Errorf(domain.CodeInvalid, "Línea %d: el recibo %s no existe", row.line, row.code)
			}
			r, err := s.returnDebit(ctx, a, id, row.in, at)
			if err != nil {
				return row.wrap(err)
			}
			out = append(out, *r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.mailWake() // the emails of the mandates paused
	return out, nil
}

// parseReturnsCSV reads the CSV of ImportReturns.
func parseReturnsCSV(text string) ([]returnRow, error) {
	sep := ';'
	if !strings.Contains(text, ";") {
		sep = ','
	}
	rd := csv.NewReader(strings.NewReader(strings.TrimPrefix(text, "\ufeff")))
	rd.Comma, rd.FieldsPerRecord, rd.TrimLeadingSpace = sep, -1, true
	var rows []returnRow
	for line := 1; ; line++ {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, domain.Errorf(domain.CodeInvalid, "El archivo no es un CSV válido (línea %d)", line)
		}
		code := strings.TrimSpace(rec[0])
		if code == "" && len(rec) == 1 {
			continue
		}
		if !receiptCodeRE.MatchString(code) {
			if line == 1 {
				continue // a header
			}
			return nil, domain.Errorf(domain.CodeInvalid, "Línea %d: «%s» no es un número de recibo como 2027/000012", line, code)
		}
		r := returnRow{line: line, code: code}
		if len(rec) > 1 {
			r.in.Reason = rec[1]
		}
		if len(rec) > 2 && strings.TrimSpace(rec[2]) != "" {
			c, ok := parseEuros(rec[2])
			if !ok {
				return nil, domain.Errorf(domain.CodeInvalid, "Línea %d: los gastos «%s» no son un importe en euros", line, strings.TrimSpace(rec[2]))
			}
			r.in.Charge = c
		}
		if err := r.in.check(); err != nil {
			return nil, r.wrap(err)
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "El archivo no tiene ningún recibo devuelto")
	}
	return rows, nil
}

// parseEuros reads an amount as people write euros ("3,50", "3.5", "1.200,00 €") into cents without
// floating point.
func parseEuros(s string) (domain.Cents, bool) {
	s = strings.NewReplacer(" ", "", "€", "").Replace(strings.TrimSpace(s))
	whole, frac := s, ""
	if i := strings.LastIndexAny(s, ",."); i >= 0 && len(s)-i-1 <= 2 {
		whole, frac = s[:i], s[i+1:]
	}
	whole = strings.NewReplacer(".", "", ",", "").Replace(whole)
	if whole == "" {
		whole = "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w < 0 || w > 1_000_000 {
		return 0, false
	}
	f := int64(0)
	if frac != "" {
		if f, err = strconv.ParseInt((frac + "0")[:2], 10, 64); err != nil || f < 0 {
			return 0, false
		}
	}
	return w*100 + f, true
}
