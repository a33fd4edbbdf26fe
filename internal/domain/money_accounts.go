package domain

// The year's accounts and their closing (issue #37, docs/adr/0050-year-accounts-and-closing.md).

// ClosingMode is what a closing does with each unit's surplus or shortfall.
type ClosingMode string

const (
	ClosingApplied ClosingMode = "apply"  // a ledger entry on the first day of the next year: its receipts pay or collect it
	ClosingSettled ClosingMode = "settle" // recorded only: the community pays or collects it outside the receipts
)

// LedgerSum is what a unit's ledger entries of one kind add up to over a range of dates; Derrama says
// whether they are of derrama receipts.
type LedgerSum struct {
	UnitID  string
	Kind    LedgerKind
	Derrama bool
	Amount  Cents
}

// AccountFlow is what moved through one of the community's accounts in a month ("2026-03") in the books:
// In is what receipts and remittances reconciled into it brought, Out what expenses paid from it took.
type AccountFlow struct {
	AccountID string
	Month     string
	In, Out   Cents
}

// BankPosition is what an account's imported statements say at a date: the balance (the first
// statement's opening plus the movements up to that date), the last statement's end, and the movements
// up to that date left unreconciled.
type BankPosition struct {
	AccountID    string
	Balance      Cents
	StatementEnd string
	Unreconciled int
}

// ClosedYear is a closed year of a community: its accounts as closed (JSON), the PDF filed in Documentos
// and the junta that approved them.
type ClosedYear struct {
	CommunityID string
	Year        int
	Mode        ClosingMode
	Accounts    []byte
	DocumentID  string
	JuntaDate   string // "" until a junta approved them
	ClosedBy    string
	ClosedAt    int64
	ApprovedAt  int64
}

// Liquidation is a unit's line of a year's liquidación: its share of the actual expenses against its
// cuotas (ordinary, without the reserve fund, and derramas); Result > 0 is a shortfall, < 0 a surplus.
type Liquidation struct {
	UnitID        string
	UnitLabel     string
	Expenses      Cents
	Cuotas        Cents
	Paid          Cents
	Result        Cents
	LedgerEntryID string
}
