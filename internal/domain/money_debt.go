package domain

import "time"

// Who owes and the certificates of debt (issue #36, docs/adr/0035-money-ledger.md).

// CertificateKind is which certificate of debt: the one a seller needs (LPH art. 9.1.e) or the
// liquidation a junta approved for the monitorio (art. 21).
type CertificateKind string

const (
	CertificateDebt        CertificateKind = "debt"
	CertificateLiquidation CertificateKind = "liquidation"
)

// CertificateDays is how long the secretary has to issue a debt certificate from its request: 7 días
// naturales (art. 9.1.e).
const CertificateDays = 7

// DebtDueBefore is the due date before which an unpaid receipt is a debt on today (both DateLayout): a
// receipt becomes a debt when more than graceDays have passed since its due date.
func DebtDueBefore(today string, graceDays int) string {
	t, err := time.Parse(DateLayout, today)
	if err != nil {
		return today
	}
	return t.AddDate(0, 0, -graceDays).Format(DateLayout)
}

// Debt is what some units owe: the amount and how many units owe it.
type Debt struct {
	Owed  Cents
	Units int
}

// OwedReceipt is a receipt still owed on a date, in a certificate or the debt report.
type OwedReceipt struct {
	ReceiptID string `json:"receiptId"`
	Code      string `json:"code"`
	PeriodKey string `json:"periodKey"`
	DueDate   string `json:"dueDate"`
	Owed      Cents  `json:"owedCents"`
}

// Certificate is a certificate of a unit's debts, requested and then issued once. Issued, it keeps the
// figures as they were that day and a code that anyone holding it can check.
type Certificate struct {
	ID            string
	CommunityID   string
	Kind          CertificateKind
	UnitID        string
	UnitLabel     string
	OwnerName     string
	RequestedOn   string  // DateLayout; the 7 days run from it
	DueOn         string  // RequestedOn + CertificateDays
	JuntaDate     *string // liquidation: the junta that approved it
	IssuedOn      *string
	Owed          Cents
	Detail        []OwedReceipt
	PresidentName string // who gave the visto bueno
	SecretaryName string // the admin who issued it as secretary
	Code          *string
	RequestedBy   *string
	IssuedBy      *string
}

// ReceiptGrant is someone an owner lets see a unit's receipts.
type ReceiptGrant struct {
	UnitID   string
	UserID   string
	FullName string
}
