package httpapi

import (
	"context"
	"mime"

	"vecinos/internal/domain"
	"vecinos/internal/money"
)

// SEPA direct debits of the community's receipts (issue #36): settings, mandates, remittances, returns.

// SepaSettings are the community's direct-debit settings.
type SepaSettings struct {
	CreditorID     string `json:"creditorId" maxLength:"35" doc:"ES + check digits + suffix + NIF, e.g. ES77000B85626240; empty: not set up"`
	CreditorIBAN   string `json:"creditorIban" maxLength:"42" doc:"The community's account the debits are paid into"`
	CreditorBIC    string `json:"creditorBic" maxLength:"11" doc:"Empty: NOTPROVIDED"`
	SequencePolicy string `json:"sequencePolicy" enum:"frst_rcur,rcur" doc:"FRST on a mandate's first debit then RCUR, or RCUR always (rulebook 9.2, 2016)"`
	PrenoticeDays  int    `json:"prenoticeDays" minimum:"1" maximum:"14" doc:"Days of pre-notification before a collection"`
	ReturnsToPause int    `json:"returnsToPause" minimum:"1" maximum:"12" doc:"Returns after which a mandate is paused"`
	ChargeToOwner  bool   `json:"chargeToOwner" doc:"A return's bank charge goes to the owner's account"`
	FileVersion    string `json:"fileVersion" enum:"pain.008.001.02,pain.008.001.08" doc:"The ISO 20022 message of the remittance files: the AEB guide's 001.02, or 001.08 (2019+ rulebooks)"`
}

func sepaSettingsOf(s domain.SepaSettings) SepaSettings {
	return SepaSettings{CreditorID: s.CreditorID, CreditorIBAN: s.CreditorIBAN, CreditorBIC: s.CreditorBIC, SequencePolicy: string(s.SequencePolicy),
		PrenoticeDays: s.PrenoticeDays, ReturnsToPause: s.ReturnsToPause, ChargeToOwner: s.ChargeToOwner, FileVersion: string(s.FileVersion)}
}

type sepaSettingsOutput struct{ Body SepaSettings }

type sepaSettingsInput struct{ Body SepaSettings }

// Mandate is an owner's SEPA mandate; the account shows its last digits only.
type Mandate struct {
	ID         string `json:"id"`
	UnitID     string `json:"unitId"`
	UnitLabel  string `json:"unitLabel"`
	Reference  string `json:"reference" doc:"The unique mandate reference"`
	DebtorName string `json:"debtorName"`
	IBAN       string `json:"iban" doc:"Masked: country, check digits and the last four"`
	// The owner's own address, which the owner and the admins see as they see the name.
	DebtorAddress *PostalAddress `json:"debtorAddress,omitempty" doc:"The account holder's address; absent when not given"`
	// The admins' list warns of a mandate a remittance would refuse: required and absent.
	AddressRequired bool   `json:"addressRequired" doc:"The account's bank is in a non-EEA SEPA country: a debit needs the holder's address"`
	SignedOn        string `json:"signedOn"`
	Status          string `json:"status" enum:"active,paused,revoked"`
	EndedAt         *int64 `json:"endedAt" doc:"Unix milliseconds it was paused or revoked; null while active"`
	EndedByName     string `json:"endedByName" doc:"Who paused or revoked it; empty while active or when that account is gone"`
	EndReason       string `json:"endReason" doc:"Why an admin revoked it; empty otherwise"`
	Collections     int    `json:"collections"`
	Returns         int    `json:"returns" doc:"Of the collections, those the bank returned"`
	// The SEPA Core rulebook's 36 months: a mandate unused that long is not used again.
	LastCollectionOn *string `json:"lastCollectionOn" doc:"YYYY-MM-DD: the latest collection day of its debits, returned ones included; null: never used"`
	ExpiresOn        string  `json:"expiresOn" doc:"YYYY-MM-DD: the first day it can no longer be used, 36 months after its last collection (or its signature, never used)"`
	Expired          bool    `json:"expired" doc:"In force (active or paused) but unused for 36 months today: remittances leave its receipts out"`
}

// PostalAddress is an account holder's address on a mandate.
type PostalAddress struct {
	Street   string `json:"street" maxLength:"140" doc:"Street and number"`
	PostCode string `json:"postCode,omitempty" maxLength:"32"`
	Town     string `json:"town" maxLength:"70"`
	Country  string `json:"country" maxLength:"8" doc:"ISO 3166-1 alpha-2 code"`
}

func mandateOf(m *domain.Mandate) Mandate {
	out := Mandate{ID: m.ID, UnitID: m.UnitID, UnitLabel: m.UnitLabel, Reference: m.Reference, DebtorName: m.DebtorName, IBAN: money.MaskIBAN(m.IBAN),
		AddressRequired: money.NeedsDebtorAddress(m.IBAN), SignedOn: m.SignedOn, Status: string(m.Status), EndedAt: m.EndedAt,
		EndedByName: m.EndedByName, EndReason: m.EndReason, Collections: m.Collections, Returns: m.Returns,
		LastCollectionOn: m.LastCollectionOn, ExpiresOn: m.ExpiresOn(), Expired: m.Expired}
	if a := m.DebtorAddress; !a.IsZero() {
		out.DebtorAddress = &PostalAddress{Street: a.Street, PostCode: a.PostCode, Town: a.Town, Country: a.Country}
	}
	return out
}

func mandatesOf(ms []domain.Mandate) []Mandate {
	out := make([]Mandate, 0, len(ms))
	for i := range ms {
		out = append(out, mandateOf(&ms[i]))
	}
	return out
}

type mandateOutput struct{ Body Mandate }

type mandatesOutput struct {
	Body struct {
		Items []Mandate `json:"items" doc:"The active ones, the paused, then the revoked, each in the registry's order of their units"`
	}
}

type myMandatesOutput struct {
	Body struct {
		Units      []MoneyUnit `json:"units" doc:"The units the caller owns"`
		Mandates   []Mandate   `json:"mandates" doc:"Their mandates, those in force first"`
		CreditorID string      `json:"creditorId" doc:"Empty: the community does not take mandates yet"`
		// The form asks for the address when the IBAN begins with one of these.
		AddressRequiredIn []string `json:"addressRequiredIn" doc:"IBAN countries of banks in non-EEA SEPA countries: a mandate with such an IBAN needs the debtor's address"`
	}
}

type signMandateInput struct {
	UnitID string `path:"unitId" maxLength:"64"`
	Body   struct {
		DebtorName string `json:"debtorName" maxLength:"140"`
		IBAN       string `json:"iban" maxLength:"42"`
		BIC        string `json:"bic,omitempty" maxLength:"11"`
		// Required when the IBAN's bank is in a non-EEA SEPA country (addressRequiredIn).
		DebtorAddress *PostalAddress `json:"debtorAddress,omitempty" doc:"The account holder's address"`
	}
}

// ReceiptDebit is a receipt's direct debit: its remittance and, when returned, the return.
type ReceiptDebit struct {
	RemittanceID      string  `json:"remittanceId"`
	SequenceType      string  `json:"sequenceType" enum:"FRST,RCUR"`
	CollectedCents    int64   `json:"collectedCents"`
	CollectionDate    string  `json:"collectionDate"`
	ReturnedOn        *string `json:"returnedOn" doc:"null: not returned"`
	ReturnReason      string  `json:"returnReason"`
	ReturnChargeCents int64   `json:"returnChargeCents"`
}

func receiptDebitOf(d *domain.ReceiptDebit) *ReceiptDebit {
	if d == nil {
		return nil
	}
	return &ReceiptDebit{RemittanceID: d.RemittanceID, SequenceType: d.SequenceType, CollectedCents: d.Collected, CollectionDate: d.CollectionDate,
		ReturnedOn: d.ReturnedOn, ReturnReason: d.ReturnReason, ReturnChargeCents: d.ReturnCharge}
}

// Remittance is a remittance of direct debits.
type Remittance struct {
	ID             string `json:"id"`
	Number         int    `json:"number"`
	MessageID      string `json:"messageId"`
	CollectionDate string `json:"collectionDate"`
	Debits         int    `json:"debits"`
	TotalCents     int64  `json:"totalCents"`
	CreatedAt      int64  `json:"createdAt" doc:"Unix milliseconds"`
}

func remittanceOf(r *domain.RemittanceSummary) Remittance {
	return Remittance{ID: r.ID, Number: r.Number, MessageID: r.MessageID, CollectionDate: r.CollectionDate, Debits: r.Debits, TotalCents: r.Total,
		CreatedAt: r.CreatedAt}
}

type remittancesOutput struct {
	Body struct {
		Items []Remittance `json:"items"`
	}
}

// RemittanceDetail is a remittance with its receipts.
type RemittanceDetail struct {
	Remittance
	Receipts []Receipt `json:"receipts"`
}

type remittanceOutput struct{ Body RemittanceDetail }

func remittanceDetailOf(v *money.RemittanceView) *remittanceOutput {
	return &remittanceOutput{Body: RemittanceDetail{Remittance: remittanceOf(&v.RemittanceSummary), Receipts: receiptsOf(v.Receipts)}}
}

// SkippedReceipt is a receipt paid by direct debit that a new remittance left out, and why.
type SkippedReceipt struct {
	ReceiptID        string  `json:"receiptId"`
	Code             string  `json:"code" doc:"The receipt's number, 2027/000012"`
	UnitLabel        string  `json:"unitLabel"`
	AmountCents      int64   `json:"amountCents" doc:"What it still owes"`
	MandateReference string  `json:"mandateReference"`
	Reason           string  `json:"reason" enum:"expired" doc:"expired: its mandate has gone 36 months without a collection by the collection day (it now goes by transfer)"`
	ExpiresOn        string  `json:"expiresOn" doc:"YYYY-MM-DD: the first day the mandate could no longer be used"`
	LastCollectionOn *string `json:"lastCollectionOn" doc:"YYYY-MM-DD; null: the mandate was never used"`
}

// NewRemittance is a remittance just built, with the receipts it left out.
type NewRemittance struct {
	RemittanceDetail
	Skipped []SkippedReceipt `json:"skipped" doc:"Receipts paid by direct debit that were due but left out, with the reason"`
}

type newRemittanceOutput struct{ Body NewRemittance }

type revokeMandateInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body *struct {
		Reason string `json:"reason,omitempty" maxLength:"300" doc:"Why: required when an admin revokes the mandate of a unit they do not own; the owner reads it"`
	}
}

type createRemittanceInput struct {
	Body struct {
		CollectionDate string `json:"collectionDate" maxLength:"10" doc:"YYYY-MM-DD: the day the bank collects"`
		DueUpTo        string `json:"dueUpTo,omitempty" maxLength:"10" doc:"YYYY-MM-DD: receipts due up to this day; default the collection day"`
	}
}

type returnDebitInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Reason      string `json:"reason,omitempty" maxLength:"4" doc:"The ISO return reason code: AM04, MD01, MS02…"`
		ChargeCents int64  `json:"chargeCents,omitempty" doc:"The bank's charge for the return"`
	}
}

type importReturnsInput struct {
	Body struct {
		CSV string `json:"csv" maxLength:"1048576" doc:"The bank's pain.002 status report (version 001.03 to 001.14) (XML), or a CSV of one returned receipt a line: its number (2027/000012), optionally the reason code and the charge in euros"`
	}
}

func (s *server) sepaSettings(ctx context.Context, _ *struct{}) (*sepaSettingsOutput, error) {
	st, err := s.Money.SepaSettings(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	return &sepaSettingsOutput{Body: sepaSettingsOf(st)}, nil
}

func (s *server) saveSepaSettings(ctx context.Context, in *sepaSettingsInput) (*sepaSettingsOutput, error) {
	b := in.Body
	st, err := s.Money.SaveSepaSettings(ctx, actor(ctx), domain.SepaSettings{CreditorID: b.CreditorID, CreditorIBAN: b.CreditorIBAN,
		CreditorBIC: b.CreditorBIC, SequencePolicy: domain.SequencePolicy(b.SequencePolicy), PrenoticeDays: b.PrenoticeDays,
		ReturnsToPause: b.ReturnsToPause, ChargeToOwner: b.ChargeToOwner, FileVersion: domain.SepaFileVersion(b.FileVersion)})
	if err != nil {
		return nil, err
	}
	return &sepaSettingsOutput{Body: sepaSettingsOf(st)}, nil
}

func (s *server) listMandates(ctx context.Context, _ *struct{}) (*mandatesOutput, error) {
	ms, err := s.Money.Mandates(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &mandatesOutput{}
	out.Body.Items = mandatesOf(ms)
	return out, nil
}

func (s *server) myMandates(ctx context.Context, _ *struct{}) (*myMandatesOutput, error) {
	m, err := s.Money.MyMandates(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &myMandatesOutput{}
	out.Body.Units, out.Body.Mandates, out.Body.CreditorID = []MoneyUnit{}, mandatesOf(m.Mandates), m.CreditorID
	out.Body.AddressRequiredIn = money.NonEEASepaCountries()
	for _, u := range m.Units {
		out.Body.Units = append(out.Body.Units, moneyUnitOf(u))
	}
	return out, nil
}

func (s *server) signMandate(ctx context.Context, in *signMandateInput) (*mandateOutput, error) {
	mi := money.MandateInput{DebtorName: in.Body.DebtorName, IBAN: in.Body.IBAN, BIC: in.Body.BIC}
	if a := in.Body.DebtorAddress; a != nil {
		mi.DebtorAddress = domain.PostalAddress{Street: a.Street, PostCode: a.PostCode, Town: a.Town, Country: a.Country}
	}
	m, err := s.Money.SignMandate(ctx, actor(ctx), in.UnitID, mi)
	if err != nil {
		return nil, err
	}
	return &mandateOutput{Body: mandateOf(m)}, nil
}

func (s *server) revokeMandate(ctx context.Context, in *revokeMandateInput) (*mandateOutput, error) {
	reason := ""
	if in.Body != nil {
		reason = in.Body.Reason
	}
	m, err := s.Money.RevokeMandate(ctx, actor(ctx), in.ID, reason)
	if err != nil {
		return nil, err
	}
	return &mandateOutput{Body: mandateOf(m)}, nil
}

func (s *server) mandatePDF(ctx context.Context, in *moneyIDInput) (*exportUnitsOutput, error) {
	b, name, err := s.Money.MandatePDF(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	return &exportUnitsOutput{ContentType: "application/pdf",
		ContentDisposition: mime.FormatMediaType("attachment", map[string]string{"filename": name}), Body: b}, nil
}

func (s *server) listRemittances(ctx context.Context, _ *struct{}) (*remittancesOutput, error) {
	rs, err := s.Money.Remittances(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	out := &remittancesOutput{}
	out.Body.Items = make([]Remittance, 0, len(rs))
	for i := range rs {
		out.Body.Items = append(out.Body.Items, remittanceOf(&rs[i]))
	}
	return out, nil
}

func (s *server) createRemittance(ctx context.Context, in *createRemittanceInput) (*newRemittanceOutput, error) {
	v, err := s.Money.BuildRemittance(ctx, actor(ctx), money.RemittanceInput{CollectionDate: in.Body.CollectionDate, DueUpTo: in.Body.DueUpTo})
	if err != nil {
		return nil, err
	}
	out := &newRemittanceOutput{Body: NewRemittance{RemittanceDetail: remittanceDetailOf(v).Body, Skipped: make([]SkippedReceipt, 0, len(v.Skipped))}}
	for _, k := range v.Skipped {
		out.Body.Skipped = append(out.Body.Skipped, SkippedReceipt{ReceiptID: k.Receipt.ID, Code: k.Receipt.Code(), UnitLabel: k.Receipt.UnitLabel,
			AmountCents: k.Receipt.Amount - k.Receipt.Paid, MandateReference: k.MandateReference, Reason: k.Reason, ExpiresOn: k.ExpiresOn,
			LastCollectionOn: k.LastCollectionOn})
	}
	return out, nil
}

func (s *server) getRemittance(ctx context.Context, in *moneyIDInput) (*remittanceOutput, error) {
	v, err := s.Money.Remittance(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	return remittanceDetailOf(v), nil
}

func (s *server) remittanceFile(ctx context.Context, in *moneyIDInput) (*exportUnitsOutput, error) {
	b, name, err := s.Money.RemittanceFile(ctx, actor(ctx), in.ID)
	if err != nil {
		return nil, err
	}
	return &exportUnitsOutput{ContentType: "application/xml",
		ContentDisposition: mime.FormatMediaType("attachment", map[string]string{"filename": name}), Body: b}, nil
}

func (s *server) returnDebit(ctx context.Context, in *returnDebitInput) (*receiptOutput, error) {
	r, err := s.Money.ReturnDebit(ctx, actor(ctx), in.ID, money.ReturnInput{Reason: in.Body.Reason, Charge: in.Body.ChargeCents})
	if err != nil {
		return nil, err
	}
	return &receiptOutput{Body: receiptOf(r)}, nil
}

func (s *server) importReturns(ctx context.Context, in *importReturnsInput) (*receiptsOutput, error) {
	rs, err := s.Money.ImportReturns(ctx, actor(ctx), in.Body.CSV)
	if err != nil {
		return nil, err
	}
	out := &receiptsOutput{}
	out.Body.Items = receiptsOf(rs)
	return out, nil
}
