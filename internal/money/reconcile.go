package money

import (
	"context"
	"fmt"
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
// its date (PayExpense's path), a remittance credited by the movement. Admins only.

// AuditMovementReconciled is the audit action of a confirmed match.
const AuditMovementReconciled = "money.movement.reconciled"

const maxSuggestions = 3

var (
	errMovementGone       = domain.Errorf(domain.CodeNotFound, "El movimiento no existe")
	errMovementReconciled = domain.Errorf(domain.CodeConflict, "Este movimiento ya está conciliado: no se puede conciliar dos veces")
	errRemittanceCredited = domain.Errorf(domain.CodeConflict, "Esta remesa ya está conciliada con otro movimiento")
	errMatchKind          = domain.Errorf(domain.CodeInvalid, "Indica si el movimiento es de un recibo, un gasto o una remesa")
	errCreditOnly         = domain.Errorf(domain.CodeInvalid, "Un recibo o una remesa solo se concilia con un abono")
	errDebitOnly          = domain.Errorf(domain.CodeInvalid, "Un gasto solo se concilia con un cargo")
)

// Suggestion is a possible match of a movement, with why it fits (Score: the higher, the likelier).
type Suggestion struct {
	domain.MovementMatch
	Label   string       // "Recibo 2027/000012 · Bajo A · María García"
	Amount  domain.Cents // what the receipt or expense has left, the remittance's total
	Score   int
	Reasons []string // "importe", "número", "nombre", "MsgId"
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

type candidates struct {
	receipts    []domain.Receipt
	expenses    []domain.Expense
	remittances []domain.RemittanceSummary
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
	c := &candidates{receipts: rs}
	for _, e := range es {
		if e.Payable()-e.PaidSum() > 0 {
			c.expenses = append(c.expenses, e)
		}
	}
	for _, r := range rems {
		if !slices.Contains(credited, r.ID) {
			c.remittances = append(c.remittances, r)
		}
	}
	return c, nil
}

// suggest ranks what may match m: by amount, and by the receipt's number, its owner's name, the
// provider's name or the remittance's MsgId in the movement's concept.
func (c *candidates) suggest(m *domain.BankMovement) []Suggestion {
	text := movementText(m)
	var out []Suggestion
	add := func(kind domain.MatchKind, id, label string, amount domain.Cents, score int, reasons []string) {
		if score > 0 {
			out = append(out, Suggestion{MovementMatch: domain.MovementMatch{Kind: kind, TargetID: id}, Label: label, Amount: amount,
				Score: score, Reasons: reasons})
		}
	}
	if m.Amount > 0 {
		for _, r := range c.receipts {
			owed := r.Amount - r.Paid
			if owed <= 0 {
				continue
			}
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
		for _, e := range c.expenses {
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
	}
	slices.SortStableFunc(out, func(a, b Suggestion) int { return b.Score - a.Score })
	if len(out) > maxSuggestions {
		out = out[:maxSuggestions]
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
	out := &Reconciliation{Account: *acc, Book: acc.Opening - acc.Paid}
	var open, done []MovementView
	for i := range ms {
		m := &ms[i]
		if m.Match != nil {
			if m.Match.Kind != domain.MatchExpense { // an expense's payment is in acc.Paid already
				out.Book += m.Amount
			}
			done = append(done, MovementView{BankMovement: *m})
			continue
		}
		open = append(open, MovementView{BankMovement: *m, Suggestions: c.suggest(m)})
	}
	out.Movements = append(open, done...)
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
	if match.Kind != domain.MatchReceipt && match.Kind != domain.MatchExpense && match.Kind != domain.MatchRemittance {
		return nil, errMatchKind
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
		m.Match = &match
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditMovementReconciled, TargetKind: "money_bank_movement", TargetID: m.ID,
			TargetLabel: m.Date + " " + domain.EurosText(m.Amount).String(),
			After:       map[string]any{"kind": match.Kind, "targetId": match.TargetID, "amountCents": m.Amount, "date": m.Date}})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}
