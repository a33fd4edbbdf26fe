package httpapi

import (
	"context"
	"net/http"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// The community's books (issue #37): its accounts and the expenses it pays, with their invoices and
// payments. Admins only; what an incident cost, its owners too.

// BankAccount is an account of the community: a bank's or the cash box.
type BankAccount struct {
	ID           string `json:"id"`
	Name         string `json:"name"`
	Kind         string `json:"kind" enum:"bank,cash"`
	IBAN         string `json:"iban" doc:"Bank accounts: the IBAN without spaces; empty for cash"`
	Bank         string `json:"bank"`
	OpeningDate  string `json:"openingDate" doc:"YYYY-MM-DD of the opening balance"`
	OpeningCents int64  `json:"openingCents"`
	PaidCents    int64  `json:"paidCents" doc:"What expenses were paid from it"`
	BalanceCents int64  `json:"balanceCents" doc:"Its balance in the books"`
}

func bankAccountOf(v money.AccountView) BankAccount {
	return BankAccount{ID: v.ID, Name: v.Name, Kind: string(v.Kind), IBAN: v.IBAN, Bank: v.Bank, OpeningDate: v.OpeningDate,
		OpeningCents: v.Opening, PaidCents: v.Paid, BalanceCents: v.Balance}
}

type bankAccountsOutput struct {
	Body struct {
		Items []BankAccount `json:"items"`
	}
}

type bankAccountOutput struct{ Body BankAccount }

type bankAccountBody struct {
	Name         string `json:"name" maxLength:"80"`
	Kind         string `json:"kind,omitempty" enum:"bank,cash" doc:"On creation only"`
	IBAN         string `json:"iban,omitempty" maxLength:"50"`
	Bank         string `json:"bank,omitempty" maxLength:"80"`
	OpeningDate  string `json:"openingDate" maxLength:"10"`
	OpeningCents int64  `json:"openingCents,omitempty"`
}

func (b bankAccountBody) input() money.AccountInput {
	return money.AccountInput{Name: b.Name, Kind: domain.BankAccountKind(b.Kind), IBAN: b.IBAN, Bank: b.Bank, OpeningDate: b.OpeningDate,
		Opening: b.OpeningCents}
}

type bankAccountInput struct{ Body bankAccountBody }

type bankAccountUpdateInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body bankAccountBody
}

func (s *server) listBankAccounts(ctx context.Context, _ *struct{}) (*bankAccountsOutput, error) {
	as, err := s.Money.Accounts(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &bankAccountsOutput{}
	out.Body.Items = mapAll(as, func(a *money.AccountView) BankAccount { return bankAccountOf(*a) })
	return out, nil
}

func (s *server) createBankAccount(ctx context.Context, in *bankAccountInput) (*bankAccountOutput, error) {
	a, err := s.Money.CreateAccount(ctx, actor(ctx), in.Body.input())
	if err != nil {
		return nil, err
	}
	return &bankAccountOutput{Body: bankAccountOf(money.AccountView{BankAccount: *a, Balance: a.Opening - a.Paid})}, nil
}

func (s *server) updateBankAccount(ctx context.Context, in *bankAccountUpdateInput) (*bankAccountOutput, error) {
	a, err := s.Money.UpdateAccount(ctx, actor(ctx), in.ID, in.Body.input())
	if err != nil {
		return nil, err
	}
	return &bankAccountOutput{Body: bankAccountOf(money.AccountView{BankAccount: *a, Balance: a.Opening - a.Paid})}, nil
}

// Expense is a gasto with its payments.
type Expense struct {
	ID           string `json:"id"`
	Number       int    `json:"number" doc:"1, 2, … in the community"`
	Date         string `json:"date"`
	ProviderID   string `json:"providerId" doc:"The services directory's provider; empty when none"`
	ProviderName string `json:"providerName"`
	NIF          string `json:"nif"`
	Concept      string `json:"concept"`
	GroupID      string `json:"groupId"`
	BaseCents    int64  `json:"baseCents" doc:"The taxable base"`
	VATRate      int    `json:"vatRate" doc:"Hundredths of a percent: 2100 is 21 %"`
	VATCents     int64  `json:"vatCents"`
	IRPFRate     int    `json:"irpfRate" doc:"Hundredths of a percent"`
	IRPFCents    int64  `json:"irpfCents" doc:"Withheld: paid to the tax office, not to the provider"`
	TotalCents   int64  `json:"totalCents" doc:"What it costs: base + VAT"`
	PayableCents int64  `json:"payableCents" doc:"What the provider is paid: total − IRPF"`
	PaidCents    int64  `json:"paidCents"`
	Status       string `json:"status" enum:"pending,paid"`
	DueDate      string `json:"dueDate" doc:"YYYY-MM-DD; empty when none"`
	DocumentID   string `json:"documentId" doc:"Its invoice in Documentos; empty when none"`
	IncidentID   string `json:"incidentId"`
	TaskID       string `json:"taskId"`
	// The date of the junta that agreed to charge it to the reserve fund; empty for an ordinary expense.
	ReserveJuntaDate string           `json:"reserveJuntaDate" doc:"YYYY-MM-DD of the junta that charged it to the reserve fund (LPH art. 9.1.f); empty: an ordinary expense"`
	Payments         []ExpensePayment `json:"payments"`
}

// ExpensePayment is a payment of an expense.
type ExpensePayment struct {
	ID          string `json:"id"`
	AccountID   string `json:"accountId"`
	Date        string `json:"date"`
	AmountCents int64  `json:"amountCents"`
}

func expenseOf(e *domain.Expense) Expense {
	out := Expense{ID: e.ID, Number: e.Number, Date: e.Date, ProviderID: e.ProviderID, ProviderName: e.ProviderName, NIF: e.NIF,
		Concept: e.Concept, GroupID: e.GroupID, BaseCents: e.Base, VATRate: e.VATRate, VATCents: e.VAT, IRPFRate: e.IRPFRate,
		IRPFCents: e.IRPF, TotalCents: e.Total(), PayableCents: e.Payable(), PaidCents: e.PaidSum(), Status: string(e.Status()),
		DueDate: e.DueDate, DocumentID: e.DocumentID, IncidentID: e.IncidentID, TaskID: e.TaskID, ReserveJuntaDate: e.ReserveJuntaDate,
		Payments: mapAll(e.Payments, func(p *domain.ExpensePayment) ExpensePayment {
			return ExpensePayment{ID: p.ID, AccountID: p.AccountID, Date: p.Date, AmountCents: p.Amount}
		})}
	return out
}

type expensesInput struct {
	Year int `query:"year" doc:"The year of the invoices' dates; 0: every year"`
}

type expensesOutput struct {
	Body struct {
		Items []Expense `json:"items"`
	}
}

type expenseOutput struct{ Body Expense }

type expenseInput struct {
	Body struct {
		Date         string `json:"date" maxLength:"10"`
		ProviderID   string `json:"providerId,omitempty" maxLength:"64"`
		ProviderName string `json:"providerName" maxLength:"120"`
		NIF          string `json:"nif,omitempty" maxLength:"20"`
		Concept      string `json:"concept" maxLength:"120"`
		GroupID      string `json:"groupId" maxLength:"64"`
		BaseCents    int64  `json:"baseCents"`
		VATRate      int    `json:"vatRate,omitempty" doc:"Hundredths of a percent: 2100 is 21 %"`
		IRPFRate     int    `json:"irpfRate,omitempty" doc:"Hundredths of a percent: 1500 is 15 %"`
		DueDate      string `json:"dueDate,omitempty" maxLength:"10"`
		IncidentID   string `json:"incidentId,omitempty" maxLength:"64"`
		TaskID       string `json:"taskId,omitempty" maxLength:"64"`
		// Charged to the reserve fund: the date of the junta that agreed the works.
		ReserveJuntaDate string `json:"reserveJuntaDate,omitempty" maxLength:"10" doc:"Charge it to the reserve fund: the date of the junta that agreed the conservation works"`
	}
}

type expensePaymentInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		AccountID   string `json:"accountId" maxLength:"64"`
		Date        string `json:"date" maxLength:"10"`
		AmountCents int64  `json:"amountCents"`
	}
}

type incidentCostInput struct {
	ID string `path:"id" maxLength:"64"`
}

type incidentCostOutput struct {
	Body struct {
		TotalCents int64 `json:"totalCents" doc:"What its expenses cost (base + VAT)"`
		Expenses   int   `json:"expenses"`
	}
}

func (s *server) listExpenses(ctx context.Context, in *expensesInput) (*expensesOutput, error) {
	es, err := s.Money.Expenses(ctx, actor(ctx), in.Year)
	if err != nil {
		return nil, err
	}
	out := &expensesOutput{}
	out.Body.Items = mapAll(es, expenseOf)
	return out, nil
}

func (s *server) createExpense(ctx context.Context, in *expenseInput) (*expenseOutput, error) {
	b := in.Body
	e, err := s.Money.CreateExpense(ctx, actor(ctx), money.ExpenseInput{Date: b.Date, ProviderID: b.ProviderID, ProviderName: b.ProviderName,
		NIF: b.NIF, Concept: b.Concept, GroupID: b.GroupID, Base: b.BaseCents, VATRate: b.VATRate, IRPFRate: b.IRPFRate, DueDate: b.DueDate,
		IncidentID: b.IncidentID, TaskID: b.TaskID, ReserveJuntaDate: b.ReserveJuntaDate})
	if err != nil {
		return nil, err
	}
	return &expenseOutput{Body: expenseOf(e)}, nil
}

func (s *server) payExpense(ctx context.Context, in *expensePaymentInput) (*expenseOutput, error) {
	e, err := s.Money.PayExpense(ctx, actor(ctx), in.ID, money.ExpensePaymentInput{AccountID: in.Body.AccountID, Date: in.Body.Date,
		Amount: in.Body.AmountCents})
	if err != nil {
		return nil, err
	}
	return &expenseOutput{Body: expenseOf(e)}, nil
}

func (s *server) incidentCost(ctx context.Context, in *incidentCostInput) (*incidentCostOutput, error) {
	c, err := s.Money.IncidentCost(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	out := &incidentCostOutput{}
	out.Body.TotalCents, out.Body.Expenses = c.Total, c.Expenses
	return out, nil
}

// attachExpenseInvoice answers POST /api/v1/money/expenses/{id}/invoice (admins): the body is the invoice
// (a PDF or an image), the query string its fileName. The expense is checked before the file is read; the
// file is filed in Documentos under 'Facturas', for the administration only.
func (s *server) attachExpenseInvoice(w http.ResponseWriter, r *http.Request) {
	a := s.plainCallerOf(w, r, admins, "attachExpenseInvoice")
	if a == nil {
		return
	}
	id := r.PathValue("id")
	data, ok := s.receiveArchived(w, r, a, func() error { return s.Money.CheckInvoice(r.Context(), a, id) }, money.InvoiceType)
	if !ok {
		return
	}
	e, err := s.Money.AttachInvoice(r.Context(), a, id, r.URL.Query().Get("fileName"), data)
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	writeJSON(w, http.StatusCreated, expenseOf(e))
}

// BankStatement is an imported statement of an account.
type BankStatement struct {
	ID           string `json:"id"`
	FileName     string `json:"fileName"`
	Start        string `json:"start"`
	End          string `json:"end"`
	OpeningCents int64  `json:"openingCents"`
	ClosingCents int64  `json:"closingCents"`
	Movements    int    `json:"movements"`
}

func bankStatementOf(s *domain.BankStatement) BankStatement {
	return BankStatement{ID: s.ID, FileName: s.FileName, Start: s.Start, End: s.End, OpeningCents: s.Opening, ClosingCents: s.Closing,
		Movements: s.Movements}
}

// BankMovement is a movement of an account's statement: positive money in, negative money out.
type BankMovement struct {
	ID            string         `json:"id"`
	Date          string         `json:"date"`
	ValueDate     string         `json:"valueDate"`
	AmountCents   int64          `json:"amountCents"`
	CommonConcept string         `json:"commonConcept"`
	Document      string         `json:"document"`
	Reference1    string         `json:"reference1"`
	Reference2    string         `json:"reference2"`
	Concept       string         `json:"concept"`
	Match         *MovementMatch `json:"match,omitempty" doc:"What it was reconciled with; absent: not reconciled"`
}

// MovementMatch is what a bank movement is, or may be, reconciled with.
type MovementMatch struct {
	Kind     string `json:"kind" enum:"receipt,expense,remittance,return"`
	TargetID string `json:"targetId" maxLength:"64" doc:"The receipt, expense or remittance (a return's: the remittance)"`
	// A return: the returned receipts the movement charges back.
	ReceiptIDs []string `json:"receiptIds,omitempty" maxItems:"500" doc:"kind return: the returned receipts the movement charges back"`
}

// MovementSuggestion is a possible match of a movement, ranked by its score.
type MovementSuggestion struct {
	MovementMatch
	Label       string   `json:"label"`
	AmountCents int64    `json:"amountCents" doc:"What the receipt or expense has left to pay, the remittance's total, what the returns collected"`
	Score       int      `json:"score"`
	Reasons     []string `json:"reasons" doc:"importe, número, nombre, MsgId, mandato, gastos"`
}

// ReconciledMovement is a movement with its suggested matches (none once reconciled).
type ReconciledMovement struct {
	BankMovement
	Suggestions []MovementSuggestion `json:"suggestions"`
}

func bankMovementOf(m *domain.BankMovement) BankMovement {
	out := BankMovement{ID: m.ID, Date: m.Date, ValueDate: m.ValueDate, AmountCents: m.Amount, CommonConcept: m.CommonConcept,
		Document: m.Document, Reference1: m.Reference1, Reference2: m.Reference2, Concept: m.Concept}
	if m.Match != nil {
		out.Match = &MovementMatch{Kind: string(m.Match.Kind), TargetID: m.Match.TargetID, ReceiptIDs: m.Match.Receipts}
	}
	return out
}

type reconciliationInput struct {
	ID string `path:"id" maxLength:"64"`
}

type reconciliationOutput struct {
	Body struct {
		Items           []ReconciledMovement `json:"items" doc:"The unmatched movements first, then the reconciled, newest first"`
		BookCents       int64                `json:"bookCents" doc:"The books' balance: opening, less expenses paid, plus what was reconciled into it"`
		BankCents       *int64               `json:"bankCents" doc:"The last statement's closing balance; null when none was imported"`
		DifferenceCents int64                `json:"differenceCents" doc:"Bank less book (0 when no statement)"`
	}
}

type reconcileInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body MovementMatch
}

type reconcileOutput struct {
	Body BankMovement
}

func (s *server) getReconciliation(ctx context.Context, in *reconciliationInput) (*reconciliationOutput, error) {
	rec, err := s.Money.Reconciliation(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	out := &reconciliationOutput{}
	out.Body.Items = mapAll(rec.Movements, func(m *money.MovementView) ReconciledMovement {
		return ReconciledMovement{BankMovement: bankMovementOf(&m.BankMovement), Suggestions: mapAll(m.Suggestions,
			func(sg *money.Suggestion) MovementSuggestion {
				return MovementSuggestion{MovementMatch: MovementMatch{Kind: string(sg.Kind), TargetID: sg.TargetID, ReceiptIDs: sg.Receipts}, Label: sg.Label,
					AmountCents: sg.Amount, Score: sg.Score, Reasons: sg.Reasons}
			})}
	})
	out.Body.BookCents, out.Body.BankCents, out.Body.DifferenceCents = rec.Book, rec.Bank, rec.Difference
	return out, nil
}

func (s *server) reconcileMovement(ctx context.Context, in *reconcileInput) (*reconcileOutput, error) {
	m, err := s.Money.Reconcile(ctx, actor(ctx), in.ID, domain.MovementMatch{Kind: domain.MatchKind(in.Body.Kind), TargetID: in.Body.TargetID,
		Receipts: in.Body.ReceiptIDs})
	if err != nil {
		return nil, err
	}
	return &reconcileOutput{Body: bankMovementOf(m)}, nil
}

type importStatementInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		FileName string `json:"fileName,omitempty" maxLength:"200"`
		Content  string `json:"content" maxLength:"16777216" doc:"The Norma 43 file as text (the client decodes ISO-8859-1)"`
	}
}

type importStatementOutput struct {
	Body struct {
		Items []BankStatement `json:"items"`
	}
}

type bankMovementsInput struct {
	ID   string `path:"id" maxLength:"64"`
	Year int    `query:"year" doc:"0: every year"`
}

type bankMovementsOutput struct {
	Body struct {
		Items         []BankMovement `json:"items"`
		LastStatement *BankStatement `json:"lastStatement" doc:"The latest imported statement: its closing balance is the bank's; null when none"`
	}
}

func (s *server) importStatement(ctx context.Context, in *importStatementInput) (*importStatementOutput, error) {
	sts, err := s.Money.ImportNorma43(ctx, actor(ctx), in.ID, in.Body.FileName, []byte(in.Body.Content))
	if err != nil {
		return nil, err
	}
	out := &importStatementOutput{}
	out.Body.Items = mapAll(sts, bankStatementOf)
	return out, nil
}

func (s *server) listBankMovements(ctx context.Context, in *bankMovementsInput) (*bankMovementsOutput, error) {
	ms, last, err := s.Money.BankMovements(ctx, actor(ctx), in.ID, in.Year)
	if err != nil {
		return nil, err
	}
	out := &bankMovementsOutput{}
	out.Body.Items = mapAll(ms, bankMovementOf)
	if last != nil {
		b := bankStatementOf(last)
		out.Body.LastStatement = &b
	}
	return out, nil
}
