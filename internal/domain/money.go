package domain

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// Money (issue #36). Every amount is an integer number of euro cents, in the database, the API and the
// arithmetic: no float ever holds money. Rounding follows one rule (docs/adr/0035-money-ledger.md):
//   - a quotient rounds to the nearest cent, halves away from zero (RoundDiv);
//   - a total shared out by weights (coeficientes, percentages, an equal split, periods of a year) gives
//     each part its floor and the cents left over to the largest remainders, ties to the earlier part
//     (Share), so the parts always add up to the total;
//   - the reserve fund's minimum is 10 % of the ordinary budget rounded up to the cent, so it is never
//     below what LPH art. 9.1.f asks.

// Cents is an amount of money in euro cents.
type Cents = int64

// RoundDiv is a/b rounded to the nearest integer, halves away from zero; b > 0.
func RoundDiv(a, b int64) int64 {
	if a < 0 {
		return -RoundDiv(-a, b)
	}
	return (a + b/2) / b
}

// Share splits total over weights by largest remainder: part i is total·wᵢ/Σw, each part gets its floor,
// and the cents left over go one by one to the parts with the largest remainders (the earlier part on a
// tie). The parts add up to total exactly. A negative total is shared as its opposite. With no positive
// weight every part is 0 (and nothing adds up: callers check the weights first).
func Share(total int64, weights []int64) []int64 {
	parts := make([]int64, len(weights))
	if total < 0 {
		for i, p := range Share(-total, weights) {
			parts[i] = -p
		}
		return parts
	}
	var sum uint64
	for _, w := range weights {
		if w > 0 {
			sum += uint64(w)
		}
	}
	if sum == 0 || total == 0 {
		return parts
	}
	rems := make([]uint64, len(weights))
	var given int64
	for i, w := range weights {
		if w <= 0 {
			continue
		}
		hi, lo := bits.Mul64(uint64(total), uint64(w))
		q, r := bits.Div64(hi, lo, sum) // hi < sum since w ≤ sum: no overflow
		parts[i], rems[i] = int64(q), r
		given += int64(q)
	}
	order := make([]int, 0, len(weights))
	for i, w := range weights {
		if w > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return rems[order[a]] > rems[order[b]] })
	for k := 0; given < total; k++ {
		parts[order[k%len(order)]]++
		given++
	}
	return parts
}

// EurosText writes cents as Spanish people read euros: "1.234,56 €", "-0,05 €". It is Translatable.
type EurosText Cents

func (c EurosText) String() string { return c.In(Spanish) }

func (c EurosText) In(lang Language) string {
	v := int64(c)
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	whole := fmt.Sprintf("%d", v/100)
	sep, dec := ".", ","
	if lang == English {
		sep, dec = ",", "."
	}
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	if lang == English {
		return fmt.Sprintf("%s€%s%s%02d", sign, b.String(), dec, v%100)
	}
	return fmt.Sprintf("%s%s%s%02d €", sign, b.String(), dec, v%100)
}

// PercentWhole is 100 % in the ten-thousandths of a percent that coeficientes and percentage shares use;
// PercentTolerance is how far from it the shares of a group may add up (0,0001 %).
const (
	PercentWhole     int64 = 1_000_000
	PercentTolerance int64 = 1
)

// Periodicity is how often a community's owners pay their cuota.
type Periodicity string

const (
	Monthly    Periodicity = "monthly"
	Quarterly  Periodicity = "quarterly"
	HalfYearly Periodicity = "halfyearly"
	Yearly     Periodicity = "yearly"
)

// Periods is how many periods a year has; 0 for an unknown periodicity.
func (p Periodicity) Periods() int {
	switch p {
	case Monthly:
		return 12
	case Quarterly:
		return 4
	case HalfYearly:
		return 2
	case Yearly:
		return 1
	}
	return 0
}

// PeriodKey names period i (1-based) of year: "2027-01" (a month), "2027-T1" (a quarter), "2027-S1" (a
// half) or "2027".
func (p Periodicity) PeriodKey(year, i int) string {
	switch p {
	case Monthly:
		return fmt.Sprintf("%04d-%02d", year, i)
	case Quarterly:
		return fmt.Sprintf("%04d-T%d", year, i)
	case HalfYearly:
		return fmt.Sprintf("%04d-S%d", year, i)
	}
	return fmt.Sprintf("%04d", year)
}

// FirstMonth is the first month (1-12) of period i.
func (p Periodicity) FirstMonth(i int) int {
	n := p.Periods()
	if n == 0 {
		return 1
	}
	return (i-1)*(12/n) + 1
}

// ShareMethod is how a cost-sharing group (reparto) shares its costs among its units.
type ShareMethod string

const (
	ByCoefficient ShareMethod = "coefficient" // by the units' coeficientes, rescaled to the group
	ByPercentage  ShareMethod = "percentage"  // a percentage per unit, adding up to 100 %
	ByEqualParts  ShareMethod = "equal"       // the same part for each unit
	ByFixedAmount ShareMethod = "fixed"       // a fixed yearly amount per unit; the group's lines add up to them
)

// Valid reports whether m is a known method.
func (m ShareMethod) Valid() bool {
	return m == ByCoefficient || m == ByPercentage || m == ByEqualParts || m == ByFixedAmount
}

// GeneralGroupID is the id of the 'General' group every community has: every unit, by coeficiente.
const GeneralGroupID = "general"

// MoneyGroup is a cost-sharing group (reparto).
type MoneyGroup struct {
	ID     string
	Name   string
	Method ShareMethod
	Shares []GroupShare // the General group: every unit of the registry, with its coeficiente
}

// GroupShare is a unit's share in a group: ten-thousandths of a percent (percentage), cents a year
// (fixed), the coeficiente (coefficient) or 1 (equal).
type GroupShare struct {
	UnitID string
	Weight int64
}

// BudgetStatus is the state of a budget version.
type BudgetStatus string

const (
	BudgetDraft      BudgetStatus = "draft"      // borrador: being written
	BudgetApproved   BudgetStatus = "approved"   // aprobado by a junta: receipts follow from it
	BudgetSuperseded BudgetStatus = "superseded" // an approved version replaced by a newer one, kept as it was
)

// Budget is one version of a community's budget (presupuesto) for a fiscal year.
type Budget struct {
	ID           string
	CommunityID  string
	Year         int
	Version      int
	Status       BudgetStatus
	JuntaDate    *string // the junta that approved it (DateLayout)
	ReserveCents Cents   // the reserve fund line, over the General group
	Lines        []BudgetLine
}

// BudgetLine is a line of a budget: a concept, the group that pays it and its yearly amount.
type BudgetLine struct {
	Concept string
	GroupID string
	Amount  Cents
}

// Ordinary is the ordinary budget: the lines without the reserve fund.
func (b *Budget) Ordinary() Cents {
	var s Cents
	for _, l := range b.Lines {
		s += l.Amount
	}
	return s
}

// MinReserve is the least reserve fund of an ordinary budget: 10 %, rounded up to the cent.
func MinReserve(ordinary Cents) Cents { return (ordinary + 9) / 10 }

// ReserveConcept is the concept of the reserve fund line.
const ReserveConcept = "Fondo de reserva"

// MoneyUnit is a unit as the money module sees it.
type MoneyUnit struct {
	ID          string
	Label       string
	Coefficient *int64
	OwnerID     *string
	OwnerName   string
}

// ReceiptStatus is the state of a receipt.
type ReceiptStatus string

const (
	ReceiptPending ReceiptStatus = "pending" // nothing paid yet
	ReceiptPartial ReceiptStatus = "partial" // partly paid
	ReceiptPaid    ReceiptStatus = "paid"
)

// PaymentMethod is how a receipt is paid.
type PaymentMethod string

const (
	PayByDirectDebit PaymentMethod = "direct_debit"
	PayByTransfer    PaymentMethod = "transfer"
	PayByCash        PaymentMethod = "cash"
)

// Receipt is an owner's recibo for a unit and a period.
type Receipt struct {
	ID          string
	CommunityID string
	Year        int
	Number      int // in a sequence per community and year, with no gaps
	PeriodKey   string
	UnitID      string
	UnitLabel   string
	OwnerID     *string
	OwnerName   string
	BudgetID    string
	Amount      Cents
	Paid        Cents
	Compensated Cents // of Paid, what a compensation settled (the receipt reads 'Compensado' when paid)
	DueDate     string
	Method      PaymentMethod
	Status      ReceiptStatus
	Lines       []ReceiptLine
	Debit       *ReceiptDebit // nil: never in a remittance
}

// IsCompensated says whether a paid receipt was settled, in whole or its last part, by a compensation.
func (r *Receipt) IsCompensated() bool { return r.Status == ReceiptPaid && r.Compensated > 0 }

// Code is how people quote a receipt: "2027/000012".
func (r *Receipt) Code() string { return fmt.Sprintf("%d/%06d", r.Year, r.Number) }

// ReceiptLine is a concept of a receipt and its amount.
type ReceiptLine struct {
	Concept string
	Amount  Cents
}

// Overpayments is what a community does with a payment larger than what its receipt still owes.
type Overpayments string

const (
	OverpaymentsRefused  Overpayments = "refuse" // the payment is refused (the default)
	OverpaymentsCredited Overpayments = "credit" // the excess stays on the unit's ledger as credit
)

// LedgerKind is the kind of a ledger entry.
type LedgerKind string

const (
	LedgerReceipt    LedgerKind = "receipt"    // a receipt issued: the unit owes its amount
	LedgerPayment    LedgerKind = "payment"    // a payment: the unit owes less
	LedgerCorrection LedgerKind = "correction" // an admin's correction, either way
	// A receipt settled against something the community owes the owner: the unit owes it no longer.
	LedgerCompensation LedgerKind = "compensation"
)

// LedgerEntry is a movement of a unit's account. Entries are never edited: a correction is a new entry.
// Amount is positive when the unit owes more, negative when it owes less.
type LedgerEntry struct {
	ID          string
	CommunityID string
	UnitID      string
	Date        string // DateLayout
	Kind        LedgerKind
	Amount      Cents
	ReceiptID   *string
	ReceiptCode string
	Method      string
	Reference   string
	Note        string
	CreatedBy   *string
	CreatedAt   int64 // unix ms: orders the entries of a day
}

// ReceiptFilter selects receipts.
type ReceiptFilter struct {
	UnitIDs   []string // empty: every unit
	PeriodKey string
	Year      int
	Open      bool // only those not fully paid

	RemittanceID string // only the receipts of this remittance
}
