package domain

// The community's books (issue #37): its bank accounts (cash too), the expenses it pays and their
// payments. Amounts are integer cents (docs/adr/0044-money-books.md).

// BankAccountKind says whether an account is at a bank or is the cash box.
type BankAccountKind string

const (
	BankAccountBank BankAccountKind = "bank"
	BankAccountCash BankAccountKind = "cash"
)

// BankAccount is an account of the community: a bank's (with its IBAN) or the cash box. Its balance
// starts at Opening on OpeningDate.
type BankAccount struct {
	ID          string
	CommunityID string
	Name        string
	Kind        BankAccountKind
	IBAN        string // bank accounts only, normalized (no spaces, upper case)
	Bank        string
	OpeningDate string // YYYY-MM-DD
	Opening     Cents
	CreatedAt   int64
	// Read with the account.
	Paid Cents // what expenses were paid from it
}

// ExpenseStatus is pendiente until what was paid covers what is payable.
type ExpenseStatus string

const (
	ExpensePending ExpenseStatus = "pending"
	ExpensePaid    ExpenseStatus = "paid"
)

// Expense is a gasto: an invoice the community pays. Total (Base + VAT) is what it costs; Payable
// (Total − IRPF) is what the provider is paid, the withholding going to the tax office.
type Expense struct {
	ID           string
	CommunityID  string
	Number       int // 1, 2, … in the community
	Date         string
	ProviderID   string // "" when the provider is not in the directory
	ProviderName string
	NIF          string
	Concept      string
	GroupID      string
	Base         Cents
	VATRate      int // hundredths of a percent: 2100 is 21 %
	VAT          Cents
	IRPFRate     int // hundredths of a percent
	IRPF         Cents
	DueDate      string // "" when none
	DocumentID   string // the invoice in Documentos ('Facturas'); "" when none
	IncidentID   string
	TaskID       string
	// The date of the junta that agreed to charge it to the reserve fund (LPH art. 9.1.f: conservation
	// works); "" for an ordinary expense, shared out in the liquidación.
	ReserveJuntaDate string
	CreatedAt        int64
	Payments         []ExpensePayment
}

// FromReserve reports whether the expense is charged to the reserve fund.
func (e *Expense) FromReserve() bool { return e.ReserveJuntaDate != "" }

// Total is what the expense costs the community.
func (e *Expense) Total() Cents { return e.Base + e.VAT }

// Payable is what the provider is paid: the total less the withholding.
func (e *Expense) Payable() Cents { return e.Total() - e.IRPF }

// PaidSum is what its payments add up to.
func (e *Expense) PaidSum() Cents {
	var s Cents
	for _, p := range e.Payments {
		s += p.Amount
	}
	return s
}

// Status is pendiente or pagado.
func (e *Expense) Status() ExpenseStatus {
	if e.PaidSum() >= e.Payable() {
		return ExpensePaid
	}
	return ExpensePending
}

// ExpensePayment is a payment of an expense from one of the community's accounts; part-payments add up.
type ExpensePayment struct {
	ID        string
	ExpenseID string
	AccountID string
	Date      string
	Amount    Cents
	CreatedAt int64
}

// ExpenseFilter selects expenses.
type ExpenseFilter struct {
	Year       int    // 0: any
	IncidentID string // "": any
}

// IncidentCost is what an incident's expenses cost.
type IncidentCost struct {
	Total    Cents
	Expenses int
}

// BankStatement is an imported statement of an account (a Norma 43 block).
type BankStatement struct {
	ID          string
	CommunityID string
	AccountID   string
	FileSHA256  string
	FileName    string
	Start, End  string
	Opening     Cents
	Closing     Cents
	Movements   int
	CreatedAt   int64
}

// BankMovement is a movement of a statement: positive money in, negative money out. Key identifies it in
// its account, so that no movement is imported twice.
type BankMovement struct {
	ID            string
	CommunityID   string
	AccountID     string
	StatementID   string
	Date          string
	ValueDate     string
	Amount        Cents
	CommonConcept string
	OwnConcept    string
	Document      string
	Reference1    string
	Reference2    string
	Concept       string
	Key           string
	CreatedAt     int64
	Match         *MovementMatch // nil: not reconciled
}

// MatchKind is what a bank movement is reconciled with.
type MatchKind string

const (
	MatchReceipt    MatchKind = "receipt"
	MatchExpense    MatchKind = "expense"
	MatchRemittance MatchKind = "remittance"
	// MatchReturn is the bank charging back returned debits of a remittance (TargetID), each named in Receipts.
	MatchReturn MatchKind = "return"
)

// MovementMatch is what a reconciled movement was matched with.
type MovementMatch struct {
	Kind     MatchKind
	TargetID string
	Receipts []string `json:",omitempty"` // MatchReturn: the returned receipts the movement charges back
}

// ReturnedDebit is a receipt's direct debit the bank returned, with what a bank movement that charges it
// back may say of it: the receipt's number (the debit's end-to-end id), the mandate's reference, the
// remittance's MsgId. MovementID names the movement it was matched with; "" when none yet.
type ReturnedDebit struct {
	ReceiptID        string
	ReceiptCode      string
	UnitLabel        string
	RemittanceID     string
	RemittanceNumber int
	MessageID        string
	CollectionDate   string
	MandateReference string
	Collected        Cents
	Charge           Cents
	ReturnedOn       string
	Reason           string
	MovementID       string
}

// AccountBalance is what a bank account's books and its bank say: the books are the opening balance,
// less the expenses paid from it, plus the movements reconciled to receipts, remittances and returns
// (an expense's movement is its payment, counted once); the bank's is its last statement's closing.
type AccountBalance struct {
	AccountID   string
	CommunityID string
	Opening     Cents
	Paid        Cents  // the expenses paid from the account
	Reconciled  Cents  // the movements reconciled to anything but an expense
	Bank        *Cents // the last imported statement's closing balance; nil: none imported
}

// Book is the account's balance in the books.
func (b AccountBalance) Book() Cents { return b.Opening - b.Paid + b.Reconciled }
