package domain

import "time"

// SEPA Core direct debits of the community's receipts (issue #36): the creditor settings, the owners'
// mandates, the remittances and the returned debits (docs/adr/0035-money-ledger.md).

// Ledger entries of direct debits: a returned debit makes the receipt owed again, and the bank's charge
// for the return may be passed on to the owner (a community setting).
const (
	LedgerReturn     LedgerKind = "return"      // a direct debit the bank returned: the unit owes the receipt again
	LedgerBankCharge LedgerKind = "bank_charge" // the bank's charge for a return, passed on to the unit
)

// SequencePolicy is how a community's debits name their sequence type: FRST for a mandate's first
// collection and RCUR after it, or RCUR always (allowed since rulebook 9.2, 2016).
type SequencePolicy string

const (
	FirstThenRecurrent SequencePolicy = "frst_rcur"
	RecurrentOnly      SequencePolicy = "rcur"
)

// SepaFileVersion is the ISO 20022 message a community's direct-debit files are written in: the AEB
// guide's pain.008.001.02, or pain.008.001.08 that the 2019+ rulebooks accept and some banks ask for.
type SepaFileVersion string

const (
	Pain008V02 SepaFileVersion = "pain.008.001.02"
	Pain008V08 SepaFileVersion = "pain.008.001.08"
)

// SepaSettings are a community's direct-debit settings.
type SepaSettings struct {
	CreditorID     string // ES + check digits + suffix + NIF; empty: not set up
	CreditorIBAN   string // the community's account the debits are paid into
	CreditorBIC    string // empty: NOTPROVIDED
	SequencePolicy SequencePolicy
	PrenoticeDays  int  // days between the pre-notification and the collection: 14 unless agreed shorter
	ReturnsToPause int  // returns after which a mandate is paused
	ChargeToOwner  bool // a return's bank charge goes to the owner's ledger
	FileVersion    SepaFileVersion
}

// DefaultSepaSettings are a community's settings before an admin sets them.
func DefaultSepaSettings() SepaSettings {
	return SepaSettings{SequencePolicy: FirstThenRecurrent, PrenoticeDays: 14, ReturnsToPause: 2, ChargeToOwner: true, FileVersion: Pain008V02}
}

// MandateStatus is the state of a mandate.
type MandateStatus string

const (
	MandateActive  MandateStatus = "active"  // the unit's receipts are collected by direct debit
	MandatePaused  MandateStatus = "paused"  // paused after too many returns: the owner pays by transfer
	MandateRevoked MandateStatus = "revoked" // revoked by the owner or an admin, or replaced by a new one
)

// Mandate is an owner's SEPA Core mandate (orden de domiciliación) for a unit.
type Mandate struct {
	ID          string
	CommunityID string
	UnitID      string
	UnitLabel   string
	SignedBy    *string
	Reference   string // the unique mandate reference (UMR), ≤ 35
	DebtorName  string
	IBAN        string
	BIC         string
	// DebtorAddress is the account holder's address (the rulebook's AT-09): required when the IBAN's
	// bank is in a non-EEA SEPA country, optional otherwise (zero: not given).
	DebtorAddress PostalAddress
	SignedOn      string // DateLayout
	Status        MandateStatus
	Collections   int // debits remitted under it
	Returns       int // of those, returned
	// EndedAt is when it stopped being active (paused or revoked), Unix milliseconds; nil while active.
	EndedAt *int64
	// EndedByName is who paused or revoked it ("" while active, or when that account is gone), and
	// EndReason what an admin who revoked it wrote ("" otherwise).
	EndedByName string
	EndReason   string
	// LastCollectionOn is the latest collection day of its debits, returned ones included (DateLayout);
	// nil when never used.
	LastCollectionOn *string
	// Expired is set by the money service for a mandate in force unused for MandateLapseMonths on its day.
	Expired bool
}

// MandateLapseMonths is how long a mandate may go unused: under the SEPA Core rulebook a mandate with
// no collection presented for 36 months (from the latest one, even if rejected, returned or refunded)
// must be cancelled by the creditor and never used again.
const MandateLapseMonths = 36

// ExpiresOn is the first day a mandate may no longer be used (DateLayout): MandateLapseMonths after its
// last collection or, never used, after it was signed; the 29th–31st of a month lapse on the last day of
// a shorter one (2024-02-29 → 2027-02-28), never later.
func (m *Mandate) ExpiresOn() string {
	from := m.SignedOn
	if m.LastCollectionOn != nil && *m.LastCollectionOn > from {
		from = *m.LastCollectionOn
	}
	return AddMonthsClamped(from, MandateLapseMonths)
}

// ExpiredOn is whether a mandate in force (active or paused) may no longer be used on day (DateLayout).
func (m *Mandate) ExpiredOn(day string) bool {
	return m.Status != MandateRevoked && day >= m.ExpiresOn()
}

// AddMonthsClamped is date (DateLayout) plus n months, on the last day of the month when the day does not
// exist in it; an invalid date comes back as it is.
func AddMonthsClamped(date string, n int) string {
	t, err := time.Parse(DateLayout, date)
	if err != nil {
		return date
	}
	first := time.Date(t.Year(), t.Month()+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(t.Day(), last), 0, 0, 0, 0, time.UTC).Format(DateLayout)
}

// PostalAddress is a person's address as a direct-debit file carries it.
type PostalAddress struct {
	Street   string // street and number, ≤ 70
	PostCode string // ≤ 16, empty where the place has none
	Town     string // ≤ 35
	Country  string // ISO 3166-1 alpha-2
}

// IsZero is true when no address was given.
func (a PostalAddress) IsZero() bool { return a == PostalAddress{} }

// RemittanceSummary is a remittance as lists show it.
type RemittanceSummary struct {
	ID             string
	Number         int
	MessageID      string
	CollectionDate string
	Debits         int
	Total          Cents
	CreatedAt      int64
}

// ReceiptDebit is a receipt's direct debit: the remittance it went in (a receipt goes in one at most)
// and, when the bank returned it, the return.
type ReceiptDebit struct {
	RemittanceID   string
	MandateID      string
	SequenceType   string // FRST or RCUR
	Collected      Cents
	CollectionDate string
	ReturnedOn     *string // DateLayout; nil: not returned
	ReturnReason   string  // the ISO reason code the bank gave (AM04, MD01, MS02…)
	ReturnCharge   Cents
}
