package money

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"vecinos/internal/domain"
)

// Reconciling the bank (issue #37, docs/adr/0044-money-books.md): each imported movement is matched with
// what it collects or pays. The service suggests, ranked, the receipts, expenses and remittances that fit
// a movement; the admin confirms one, and the movement is then reconciled, once: a receipt is paid by
// transfer at the movement's date (RecordPayment's path), an expense paid from the movement's account at
// its date (PayExpense's path), a remittance credited by the movement, or returned debits of a remittance
// charged back by the movement (docs/adr/0053-returned-debits-and-reserve-spending.md). Admins only.

// AuditMovementReconciled is the audit action of a confirmed match.
const AuditMovementReconciled = "money.movement.reconciled"

const maxSuggestions = 3

var (
	errMovementGone       = domain.Errorf(domain.CodeNotFound, "El movimiento no existe")
	errMovementReconciled = domain.Errorf(domain.CodeConflict, "Este movimiento ya está conciliado: no se puede conciliar dos veces")
	errRemittanceCredited = domain.Errorf(domain.CodeConflict, "Esta remesa ya está conciliada con otro movimiento")
	errMatchKind          = domain.Errorf(domain.CodeInvalid, "Indica si el movimiento es de un recibo, un gasto, una remesa o una devolución")
	errCreditOnly         = domain.Errorf(domain.CodeInvalid, "Un recibo o una remesa solo se concilia con un abono")
	errDebitOnly          = domain.Errorf(domain.CodeInvalid, "Un gasto solo se concilia con un cargo")
	errReturnDebitOnly    = domain.Errorf(domain.CodeInvalid, "Una devolución solo se concilia con un cargo")
	errNoReturns          = domain.Errorf(domain.CodeInvalid, "Indica los recibos devueltos que carga el movimiento")
	errReturnMatched      = domain.Errorf(domain.CodeConflict, "Esta devolución ya está conciliada con otro movimiento")
)

// Suggestion is a possible match of a movement, with why it fits (Score: the higher, the likelier).
type Suggestion struct {
	domain.MovementMatch
	Label   string       // "Recibo 2027/000012 · Bajo A · María García"
	Amount  domain.Cents // what the receipt or expense has left, the remittance's total
	Score   int
	Reasons []string // "importe", "número", "nombre", "MsgId", "mandato", "gastos"
}

// MovementView is a movement with its suggested matches (none once reconciled).
type MovementView struct {
	domain.BankMovement
	Suggestions []Suggestion
}

// Reconciliation is an account's movements, the unmatched first, and its balances: the book's (the
// opening balance, less what was paid from it, plus what was reconciled into it) and the bank's (the last
// statement's closing balance; nil when none was imported).
type Reconciliation struct {
	Account    domain.BankAccount
	Movements  []MovementView
	Book       domain.Cents
	Bank       *domain.Cents
	Difference domain.Cents // Bank − Book (0 when there is no statement)
}

// fold is s upper-cased with no accents and single spaces, as banks write concepts.
func fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.Join(strings.Fields(strings.ToUpper(out)), " ")
}

func movementText(m *domain.BankMovement) string {
	return fold(strings.Join([]string{m.Concept, m.Reference1, m.Reference2, m.Document, m.OwnConcept}, " "))
}

// nameIn reports whether every word of name (of three letters or more) is in text.
func nameIn(name, text string) bool {
	words := 0
	for _, w := range strings.Fields(fold(name)) {
		if len([]rune(w)) < 3 {
			continue
		}
		if !strings.Contains(text, w) {
			return false
		}
		words++
	}
	return words > 0
}

// candidates is what movements may match, loaded once per reconciliation and indexed, so that each
// movement looks up what fits it instead of comparing itself with every open receipt and expense (issue
// #37: 5,000 movements imported and suggested in under 2 s): by amount, by receipt number, by the words of
// the owners' and providers' names.
type candidates struct {
	receipts    []domain.Receipt
	expenses    []domain.Expense
	remittances []domain.RemittanceSummary
	returns     []domain.ReturnedDebit // returned debits not matched with a movement yet

	receiptsByOwed map[domain.Cents][]int // what the receipt still owes → receipts
	receiptsByCode map[string]int         // "2027/000012" → receipt
	receiptsByWord map[string][]int       // a word of the owner's name (folded, 3 letters or more) → receipts
	expensesByLeft map[domain.Cents][]int // what the expense has left to pay → expenses
	expensesByWord map[string][]int       // a word of the provider's name → expenses
}

// nameWords are the words of name that nameIn looks for.
func nameWords(name string) []string {
	var out []string
	for _, w := range strings.Fields(fold(name)) {
		if len([]rune(w)) >= 3 {
			out = append(out, w)
		}
	}
	return out
}

func (s *Service) candidates(ctx context.Context, communityID string) (*candidates, error) {
	rs, err := s.store.Receipts(ctx, communityID, domain.ReceiptFilter{Open: true})
	if err != nil {
		return nil, err
	}
	es, err := s.store.Expenses(ctx, communityID, domain.ExpenseFilter{})
	if err != nil {
		return nil, err
	}
	rems, err := s.store.Remittances(ctx, communityID)
	if err != nil {
		return nil, err
	}
	credited, err := s.store.CreditedRemittances(ctx, communityID)
	if err != nil {
		return nil, err
	}
	returned, err := s.store.ReturnedDebits(ctx, communityID)
	if err != nil {
		return nil, err
	}
	c := newCandidates(rs, es, rems, credited)
	for _, d := range returned {
		if d.MovementID == "" {
			c.returns = append(c.returns, d)
		}
	}
	return c, nil
}

// newCandidates indexes the open receipts rs, the expenses es (those with something left to pay) and the
// remittances rems not in credited.
func newCandidates(rs []domain.Receipt, es []domain.Expense, rems []domain.RemittanceSummary, credited []string) *candidates {
	c := &candidates{receiptsByOwed: map[domain.Cents][]int{}, receiptsByCode: map[string]int{}, receiptsByWord: map[string][]int{},
		expensesByLeft: map[domain.Cents][]int{}, expensesByWord: map[string][]int{}}
	for _, r := range rs {
		owed := r.Amount - r.Paid
		if owed <= 0 {
			continue
		}
		i := len(c.receipts)
		c.receipts = append(c.receipts, r)
		c.receiptsByOwed[owed] = append(c.receiptsByOwed[owed], i)
		c.receiptsByCode[r.Code()] = i
		for _, w := range nameWords(r.OwnerName) {
			c.receiptsByWord[w] = append(c.receiptsByWord[w], i)
		}
	}
	for _, e := range es {
		left := e.Payable() - e.PaidSum()
		if left <= 0 {
			continue
		}
		i := len(c.expenses)
		c.expenses = append(c.expenses, e)
		c.expensesByLeft[left] = append(c.expensesByLeft[left], i)
		for _, w := range nameWords(e.ProviderName) {
			c.expensesByWord[w] = append(c.expensesByWord[w], i)
		}
	}
	for _, r := range rems {
		if !slices.Contains(credited, r.ID) {
			c.remittances = append(c.remittances, r)
		}
	}
	return c
}

// textWords are the words of a movement's text, split at anything but letters and digits.
func textWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// codesIn returns the receipt numbers written in text as the receipt's code ("2027/000012"), without its
// slash ("2027000012") or with a dash ("2027-000012"), each as its code.
func codesIn(text string) []string {
	digits := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return true
	}
	var out []string
	for i := 0; i+10 <= len(text); i++ {
		if t := text[i : i+10]; digits(t) {
			out = append(out, t[:4]+"/"+t[4:])
		}
		if i+11 <= len(text) && (text[i+4] == '/' || text[i+4] == '-') && digits(text[i:i+4]) && digits(text[i+5:i+11]) {
			out = append(out, text[i:i+4]+"/"+text[i+5:i+11])
		}
	}
	return out
}

// suggest ranks what may match m: by amount, and by the receipt's number, its owner's name, the
// provider's name or the remittance's MsgId in the movement's concept. The indexes give the receipts and
// expenses that fit in some way; each is then scored, in the order of the lists.
func (c *candidates) suggest(m *domain.BankMovement) []Suggestion {
	text := movementText(m)
	var out []Suggestion
	add := func(kind domain.MatchKind, id, label string, amount domain.Cents, score int, reasons []string) {
		if score > 0 {
			out = append(out, Suggestion{MovementMatch: domain.MovementMatch{Kind: kind, TargetID: id}, Label: label, Amount: amount,
				Score: score, Reasons: reasons})
		}
	}
	words := textWords(text)
	if m.Amount > 0 {
		seen := map[int]bool{}
		// Many receipts owe the same (equal cuotas): one that only the amount fits scores what every other
		// such one does, and ties keep the lists' order, so past the first maxSuggestions of them none can
		// be suggested.
		for _, i := range c.receiptsByOwed[m.Amount][:min(maxSuggestions, len(c.receiptsByOwed[m.Amount]))] {
			seen[i] = true
		}
		for _, code := range codesIn(text) {
			if i, ok := c.receiptsByCode[code]; ok {
				seen[i] = true
			}
		}
		for _, w := range words {
			for _, i := range c.receiptsByWord[w] {
				seen[i] = true
			}
		}
		for _, i := range slices.Sorted(maps.Keys(seen)) {
			r := &c.receipts[i]
			owed := r.Amount - r.Paid
			score, reasons := 0, []string{}
			code := r.Code()
			if strings.Contains(text, code) || strings.Contains(text, strings.ReplaceAll(code, "/", "")) ||
				strings.Contains(text, strings.ReplaceAll(code, "/", "-")) {
				score, reasons = score+40, append(reasons, "número")
			}
			if r.OwnerName != "" && nameIn(r.OwnerName, text) {
				score, reasons = score+30, append(reasons, "nombre")
			}
			if score == 0 && owed != m.Amount {
				continue
			}
			if owed == m.Amount {
				score, reasons = score+50, append(reasons, "importe")
			}
			add(domain.MatchReceipt, r.ID, strings.TrimSpace(fmt.Sprintf("Recibo %s · %s · %s", code, r.UnitLabel, r.OwnerName)), owed, score, reasons)
		}
		for _, r := range c.remittances {
			score, reasons := 0, []string{}
			if r.MessageID != "" && strings.Contains(text, fold(r.MessageID)) {
				score, reasons = score+60, append(reasons, "MsgId")
			}
			if r.Total == m.Amount {
				score, reasons = score+50, append(reasons, "importe")
			}
			add(domain.MatchRemittance, r.ID, fmt.Sprintf("Remesa %d · %s", r.Number, r.MessageID), r.Total, score, reasons)
		}
	} else if m.Amount < 0 {
		seen := map[int]bool{}
		for _, i := range c.expensesByLeft[-m.Amount][:min(maxSuggestions, len(c.expensesByLeft[-m.Amount]))] {
			seen[i] = true
		}
		for _, w := range words {
			for _, i := range c.expensesByWord[w] {
				seen[i] = true
			}
		}
		for _, i := range slices.Sorted(maps.Keys(seen)) {
			e := &c.expenses[i]
			left := e.Payable() - e.PaidSum()
			score, reasons := 0, []string{}
			if nameIn(e.ProviderName, text) {
				score, reasons = score+30, append(reasons, "nombre")
			}
			if left == -m.Amount {
				score, reasons = score+50, append(reasons, "importe")
			}
			add(domain.MatchExpense, e.ID, fmt.Sprintf("Gasto %d · %s · %s", e.Number, e.ProviderName, e.Concept), left, score, reasons)
		}
		out = append(out, suggestReturns(c.returns, m, text)...)
	}
	slices.SortStableFunc(out, func(a, b Suggestion) int { return b.Score - a.Score })
	if len(out) > maxSuggestions {
		out = out[:maxSuggestions]
	}
	return out
}

// suggestReturns ranks the returned debits a charge m may be the bank charging back: a single return by
// its amount (what was collected, or that plus the bank's charge) and by its receipt's number (the debit's
// end-to-end id) or its mandate's reference in the concept; or every open return of one remittance
// together, when the charge is what they add up to (with or without their charges). Only returns of
// remittances collected on or before the movement's date fit.
func suggestReturns(returns []domain.ReturnedDebit, m *domain.BankMovement, text string) []Suggestion {
	var out []Suggestion
	amount := -m.Amount
	byRemittance := map[string][]domain.ReturnedDebit{}
	var order []string
	for _, d := range returns {
		if d.CollectionDate > m.Date {
			continue
		}
		if byRemittance[d.RemittanceID] == nil {
			order = append(order, d.RemittanceID)
		}
		byRemittance[d.RemittanceID] = append(byRemittance[d.RemittanceID], d)
		score, reasons := 0, []string{}
		code := d.ReceiptCode
		if strings.Contains(text, code) || strings.Contains(text, strings.ReplaceAll(code, "/", "")) ||
			strings.Contains(text, strings.ReplaceAll(code, "/", "-")) {
			score, reasons = score+40, append(reasons, "número")
		}
		if d.MandateReference != "" && strings.Contains(text, fold(d.MandateReference)) {
			score, reasons = score+30, append(reasons, "mandato")
		}
		switch amount {
		case d.Collected:
			score, reasons = score+50, append(reasons, "importe")
		case d.Collected + d.Charge:
			score, reasons = score+50, append(reasons, "importe", "gastos")
		default:
			if score == 0 {
				continue
			}
		}
		out = append(out, Suggestion{MovementMatch: domain.MovementMatch{Kind: domain.MatchReturn, TargetID: d.RemittanceID,
			Receipts: []string{d.ReceiptID}}, Label: fmt.Sprintf("Devolución del recibo %s · %s · remesa %d", code, d.UnitLabel, d.RemittanceNumber),
			Amount: d.Collected, Score: score, Reasons: reasons})
	}
	for _, id := range order {
		ds := byRemittance[id]
		if len(ds) < 2 {
			continue
		}
		var collected, charges domain.Cents
		ids := make([]string, len(ds))
		for i, d := range ds {
			collected += d.Collected
			charges += d.Charge
			ids[i] = d.ReceiptID
		}
		score, reasons := 0, []string{}
		if strings.Contains(text, fold(ds[0].MessageID)) {
			score, reasons = score+60, append(reasons, "MsgId")
		}
		switch amount {
		case collected:
			score, reasons = score+50, append(reasons, "importe")
		case collected + charges:
			score, reasons = score+50, append(reasons, "importe", "gastos")
		default:
			continue
		}
		out = append(out, Suggestion{MovementMatch: domain.MovementMatch{Kind: domain.MatchReturn, TargetID: id, Receipts: ids},
			Label: fmt.Sprintf("Devoluciones de la remesa %d · %d recibos", ds[0].RemittanceNumber, len(ds)), Amount: collected,
			Score: score, Reasons: reasons})
	}
	return out
}

// Reconciliation lists an account's movements, the unmatched first (each with its suggestions), then the
// reconciled, newest first, with the book's and the bank's balances.
func (s *Service) Reconciliation(ctx context.Context, a *domain.Actor, accountID string) (*Reconciliation, error) {
	acc, err := s.store.BankAccount(ctx, a.CommunityID, accountID)
	if err != nil {
		return nil, err
	}
	if acc == nil {
		return nil, errAccountGone
	}
	ms, err := s.store.BankMovements(ctx, a.CommunityID, accountID, 0)
	if err != nil {
		return nil, err
	}
	last, err := s.store.LastBankStatement(ctx, accountID)
	if err != nil {
		return nil, err
	}
	c, err := s.candidates(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	out := &Reconciliation{Account: *acc}
	books := domain.AccountBalance{Opening: acc.Opening, Paid: acc.Paid}
	var open, done []MovementView
	for i := range ms {
		m := &ms[i]
		if m.Match != nil {
			if m.Match.Kind != domain.MatchExpense { // an expense's payment is in acc.Paid already
				books.Reconciled += m.Amount
			}
			done = append(done, MovementView{BankMovement: *m})
			continue
		}
		open = append(open, MovementView{BankMovement: *m, Suggestions: c.suggest(m)})
	}
	out.Movements = append(open, done...)
	out.Book = books.Book()
	if last != nil {
		bank := last.Closing
		out.Bank, out.Difference = &bank, bank-out.Book
	}
	return out, nil
}

// Reconcile confirms a movement's match, in one transaction: the receipt paid by transfer, the expense
// paid from the movement's account, or the remittance credited, at the movement's date; the movement is
// then reconciled and refused a second match.
func (s *Service) Reconcile(ctx context.Context, a *domain.Actor, movementID string, match domain.MovementMatch) (*domain.BankMovement, error) {
	if match.Kind != domain.MatchReceipt && match.Kind != domain.MatchExpense && match.Kind != domain.MatchRemittance &&
		match.Kind != domain.MatchReturn {
		return nil, errMatchKind
	}
	if match.Kind != domain.MatchReturn {
		match.Receipts = nil
	} else if len(match.Receipts) == 0 {
		return nil, errNoReturns
	}
	at := s.stamp()
	var m *domain.BankMovement
	err := s.write(ctx, a, func(ctx context.Context) error {
		var err error
		if m, err = s.store.BankMovementForUpdate(ctx, a.CommunityID, movementID); err != nil {
			return err
		}
		if m == nil {
			return errMovementGone
		}
		if m.Match != nil {
			return errMovementReconciled
		}
		switch match.Kind {
		case domain.MatchReceipt:
			if m.Amount <= 0 {
				return errCreditOnly
			}
			ref := []rune(strings.TrimSpace(m.Concept))
			if len(ref) > maxReference {
				ref = ref[:maxReference]
			}
			if _, err := s.recordPayment(ctx, a, match.TargetID, PaymentInput{Amount: m.Amount, Method: domain.PayByTransfer, Date: m.Date,
				Reference: string(ref)}, at); err != nil {
				return err
			}
		case domain.MatchExpense:
			if m.Amount >= 0 {
				return errDebitOnly
			}
			if _, err := s.payExpense(ctx, a, match.TargetID, ExpensePaymentInput{AccountID: m.AccountID, Date: m.Date, Amount: -m.Amount},
				at); err != nil {
				return err
			}
		case domain.MatchRemittance:
			if m.Amount <= 0 {
				return errCreditOnly
			}
			r, _, err := s.store.Remittance(ctx, a.CommunityID, match.TargetID)
			if err != nil {
				return err
			}
			if r == nil {
				return errRemittanceGone
			}
			if err := s.checkRemittanceCredit(ctx, a.CommunityID, r, m.Amount); err != nil {
				return err
			}
		case domain.MatchReturn:
			if m.Amount >= 0 {
				return errReturnDebitOnly
			}
			if err := s.checkReturnCharge(ctx, a.CommunityID, m, &match); err != nil {
				return err
			}
		}
		ok, err := s.store.InsertReconciliation(ctx, a.CommunityID, m.ID, match, a.UserID, at)
		if err != nil {
			return err
		}
		if !ok {
			if match.Kind == domain.MatchRemittance {
				return errRemittanceCredited
			}
			return errMovementReconciled
		}
		if match.Kind == domain.MatchReturn {
			if ok, err := s.store.InsertReconciledReturns(ctx, a.CommunityID, m.ID, match.Receipts); err != nil {
				return err
			} else if !ok {
				return errReturnMatched
			}
		}
		m.Match = &match
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditMovementReconciled, TargetKind: "money_bank_movement", TargetID: m.ID,
			TargetLabel: m.Date + " " + domain.EurosText(m.Amount).String(),
			After: map[string]any{"kind": match.Kind, "targetId": match.TargetID, "receipts": match.Receipts, "amountCents": m.Amount,
				"date": m.Date}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// checkRemittanceCredit refuses a credit that is not the remittance's total, unless it is the total less
// the debits the bank returned (a bank that credits the remittance net of its returns).
func (s *Service) checkRemittanceCredit(ctx context.Context, communityID string, r *domain.RemittanceSummary, amount domain.Cents) error {
	if amount == r.Total {
		return nil
	}
	rs, err := s.store.Receipts(ctx, communityID, domain.ReceiptFilter{RemittanceID: r.ID})
	if err != nil {
		return err
	}
	var returned domain.Cents
	for _, rc := range rs {
		if rc.Debit != nil && rc.Debit.ReturnedOn != nil {
			returned += rc.Debit.Collected
		}
	}
	if returned > 0 && amount == r.Total-returned {
		return nil
	}
	if returned > 0 {
		return domain.Errorf(domain.CodeInvalid, "El abono (%s) no es el total de la remesa %d (%s) ni ese total menos sus devoluciones (%s)",
			domain.EurosText(amount), r.Number, domain.EurosText(r.Total), domain.EurosText(r.Total-returned))
	}
	return domain.Errorf(domain.CodeInvalid, "El abono (%s) no es el total de la remesa %d (%s)", domain.EurosText(amount), r.Number,
		domain.EurosText(r.Total))
}

// checkReturnCharge refuses to match a charge with returns that are not returned debits of the remittance
// match.TargetID, were matched with a movement already, were collected after the movement, or do not add
// up to the charge (with or without the bank's charges for them). The receipts are kept in their order,
// once each.
func (s *Service) checkReturnCharge(ctx context.Context, communityID string, m *domain.BankMovement, match *domain.MovementMatch) error {
	all, err := s.store.ReturnedDebits(ctx, communityID)
	if err != nil {
		return err
	}
	byID := make(map[string]domain.ReturnedDebit, len(all))
	for _, d := range all {
		byID[d.ReceiptID] = d
	}
	var collected, charges domain.Cents
	seen := map[string]bool{}
	var ids, codes []string
	for _, id := range match.Receipts {
		if seen[id] {
			continue
		}
		seen[id] = true
		d, ok := byID[id]
		switch {
		case !ok || d.RemittanceID != match.TargetID:
			return domain.Errorf(domain.CodeNotFound, "Uno de los recibos no es una devolución de esa remesa")
		case d.MovementID != "":
			return errReturnMatched
		case d.CollectionDate > m.Date:
			return domain.Errorf(domain.CodeInvalid, "El cargo (%s) es anterior al cobro de la remesa %d (%s): no puede ser su devolución",
				m.Date, d.RemittanceNumber, d.CollectionDate)
		}
		collected += d.Collected
		charges += d.Charge
		ids, codes = append(ids, id), append(codes, d.ReceiptCode)
	}
	if -m.Amount != collected && -m.Amount != collected+charges {
		return domain.Errorf(domain.CodeInvalid, "El cargo (%s) no es lo devuelto de los recibos %s (%s) ni eso más los gastos de la devolución (%s)",
			domain.EurosText(-m.Amount), strings.Join(codes, ", "), domain.EurosText(collected), domain.EurosText(collected+charges))
	}
	match.Receipts = ids
	return nil
}
