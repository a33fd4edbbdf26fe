package money

import (
	"encoding/xml"
	"fmt"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// The writer knows two ISO 20022 messages of a SEPA Core direct-debit file (DOMAIN.md, "SEPA direct
// debit"): pain.008.001.02, as the Spanish banks' AEB guide takes it, and pain.008.001.08, which the 2019+
// rulebooks accept. For every element the writer writes, the two schemas (testdata/) agree on the path
// and type but for the namespace, the agents' BIC, which 001.08 calls BICFI, and the debtor's postal
// address: those three are the only places the version is read (pain008Namespace, agentOf and
// postalAddressOf).

// pain008Namespace is the XML namespace of version v, or an error for a version the writer does not know.
func pain008Namespace(v domain.SepaFileVersion) (string, error) {
	if v != domain.Pain008V02 && v != domain.Pain008V08 {
		return "", fmt.Errorf("pain.008: unknown version %q", v)
	}
	return "urn:iso:std:iso:20022:tech:xsd:" + string(v), nil
}

// Remittance is what a direct-debit file says: who collects, when, and each debit.
type Remittance struct {
	Version        domain.SepaFileVersion
	MessageID      string // ≤ 35
	CreatedAt      time.Time
	CreditorName   string
	CreditorIBAN   string
	CreditorBIC    string // empty: NOTPROVIDED
	CreditorID     string // ES + check digits + suffix + NIF
	CollectionDate string // DateLayout
	Debits         []Debit
}

// Debit is one collection: a receipt of an owner with a mandate.
type Debit struct {
	EndToEndID    string // ≤ 35: the receipt's code
	Amount        domain.Cents
	SequenceType  string // FRST, RCUR, FNAL or OOFF
	MandateID     string
	MandateDate   string // DateLayout
	DebtorName    string
	DebtorIBAN    string
	DebtorBIC     string               // empty: NOTPROVIDED
	DebtorAddress domain.PostalAddress // zero: none written
	Info          string               // ≤ 140, the remittance information
}

type painDocument struct {
	XMLName xml.Name `xml:"Document"`
	Xmlns   string   `xml:"xmlns,attr"`
	Init    struct {
		GrpHdr struct {
			MsgID    string `xml:"MsgId"`
			CreDtTm  string `xml:"CreDtTm"`
			NbOfTxs  int    `xml:"NbOfTxs"`
			CtrlSum  string `xml:"CtrlSum"`
			InitgPty party  `xml:"InitgPty"`
		} `xml:"GrpHdr"`
		PmtInf []paymentInfo `xml:"PmtInf"`
	} `xml:"CstmrDrctDbtInitn"`
}

type party struct {
	Nm      string         `xml:"Nm"`
	PstlAdr *postalAddress `xml:"PstlAdr,omitempty"`
	ID      *orgID         `xml:"Id,omitempty"`
}

// postalAddress is PostalAddress6 (001.02) or PostalAddress24 (001.08), in their elements' order.
type postalAddress struct {
	StrtNm  string   `xml:"StrtNm,omitempty"`
	PstCd   string   `xml:"PstCd,omitempty"`
	TwnNm   string   `xml:"TwnNm,omitempty"`
	Ctry    string   `xml:"Ctry"`
	AdrLine []string `xml:"AdrLine,omitempty"`
}

// postalAddressOf is an address as version v writes it, transliterated and cut to the schema's lengths:
// in 001.02 the country and two lines (the street and number; the postcode and town), as the EPC's
// guidelines for that version allow; in 001.08 the structured elements the 2025 rulebooks prefer (the
// town and country at least). nil for no address.
func postalAddressOf(v domain.SepaFileVersion, a domain.PostalAddress) *postalAddress {
	if a.IsZero() {
		return nil
	}
	street, postCode, town := Transliterate(a.Street, maxStreet), Transliterate(a.PostCode, maxPostCode), Transliterate(a.Town, maxTown)
	if v == domain.Pain008V08 {
		return &postalAddress{StrtNm: street, PstCd: postCode, TwnNm: town, Ctry: a.Country}
	}
	var lines []string
	for _, l := range []string{street, strings.TrimSpace(postCode + " " + town)} {
		if l != "" { // a text of no Latin letters transliterates to nothing, and an empty line is not valid
			lines = append(lines, l)
		}
	}
	return &postalAddress{Ctry: a.Country, AdrLine: lines}
}

type orgID struct {
	Othr struct {
		ID string `xml:"Id"`
	} `xml:"OrgId>Othr"`
}

type agent struct {
	BIC   string   `xml:"FinInstnId>BIC,omitempty"`   // pain.008.001.02
	BICFI string   `xml:"FinInstnId>BICFI,omitempty"` // pain.008.001.08
	Othr  *otherID `xml:"FinInstnId>Othr,omitempty"`
}

type otherID struct {
	ID string `xml:"Id"`
}

// agentOf is a bank as version v names it by its BIC; without one, NOTPROVIDED in both.
func agentOf(v domain.SepaFileVersion, bic string) agent {
	switch {
	case bic == "":
		return agent{Othr: &otherID{ID: "NOTPROVIDED"}}
	case v == domain.Pain008V08:
		return agent{BICFI: bic}
	}
	return agent{BIC: bic}
}

type paymentInfo struct {
	PmtInfID     string        `xml:"PmtInfId"`
	PmtMtd       string        `xml:"PmtMtd"`
	NbOfTxs      int           `xml:"NbOfTxs"`
	CtrlSum      string        `xml:"CtrlSum"`
	SvcLvl       string        `xml:"PmtTpInf>SvcLvl>Cd"`
	LclInstrm    string        `xml:"PmtTpInf>LclInstrm>Cd"`
	SeqTp        string        `xml:"PmtTpInf>SeqTp"`
	ReqdColltnDt string        `xml:"ReqdColltnDt"`
	Cdtr         party         `xml:"Cdtr"`
	CdtrIBAN     string        `xml:"CdtrAcct>Id>IBAN"`
	CdtrAgt      agent         `xml:"CdtrAgt"`
	ChrgBr       string        `xml:"ChrgBr"`
	SchemeID     string        `xml:"CdtrSchmeId>Id>PrvtId>Othr>Id"`
	SchemeName   string        `xml:"CdtrSchmeId>Id>PrvtId>Othr>SchmeNm>Prtry"`
	Tx           []transaction `xml:"DrctDbtTxInf"`
}

type transaction struct {
	EndToEndID string `xml:"PmtId>EndToEndId"`
	Amount     struct {
		Ccy   string `xml:"Ccy,attr"`
		Value string `xml:",chardata"`
	} `xml:"InstdAmt"`
	MandateID   string `xml:"DrctDbtTx>MndtRltdInf>MndtId"`
	MandateDate string `xml:"DrctDbtTx>MndtRltdInf>DtOfSgntr"`
	DbtrAgt     agent  `xml:"DbtrAgt"`
	Dbtr        party  `xml:"Dbtr"`
	DbtrIBAN    string `xml:"DbtrAcct>Id>IBAN"`
	Ustrd       string `xml:"RmtInf>Ustrd,omitempty"`
}

// decimal writes cents as the file's amounts: "1234.56", from integers only.
func decimal(c domain.Cents) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// WritePain008 writes r as a pain.008 file of r.Version: one payment information block per sequence
// type, in the order FRST, RCUR, FNAL, OOFF, with the totals of each and of the file. Texts are
// transliterated to the SEPA Latin set and cut to the rulebook's lengths (a name 70 in both versions).
func WritePain008(r Remittance) ([]byte, error) {
	if len(r.Debits) == 0 {
		return nil, fmt.Errorf("pain.008: no debits")
	}
	var doc painDocument
	var err error
	if doc.Xmlns, err = pain008Namespace(r.Version); err != nil {
		return nil, err
	}
	h := &doc.Init.GrpHdr
	h.MsgID = Transliterate(r.MessageID, 35)
	h.CreDtTm = r.CreatedAt.UTC().Format("2006-01-02T15:04:05")
	creditor := Transliterate(r.CreditorName, 70)
	h.InitgPty = party{Nm: creditor, ID: &orgID{}}
	h.InitgPty.ID.Othr.ID = r.CreditorID
	var total domain.Cents
	for i, seq := range []string{"FRST", "RCUR", "FNAL", "OOFF"} {
		p := paymentInfo{PmtInfID: Transliterate(fmt.Sprintf("%s-%d-%s", r.MessageID, i+1, seq), 35), PmtMtd: "DD", SvcLvl: "SEPA",
			LclInstrm: "CORE", SeqTp: seq, ReqdColltnDt: r.CollectionDate, Cdtr: party{Nm: creditor}, CdtrIBAN: r.CreditorIBAN,
			CdtrAgt: agentOf(r.Version, r.CreditorBIC), ChrgBr: "SLEV", SchemeID: r.CreditorID, SchemeName: "SEPA"}
		var sum domain.Cents
		for _, d := range r.Debits {
			if d.SequenceType != seq {
				continue
			}
			if d.Amount <= 0 {
				return nil, fmt.Errorf("pain.008: debit %s of %d cents", d.EndToEndID, d.Amount)
			}
			tx := transaction{EndToEndID: Transliterate(d.EndToEndID, 35), MandateID: Transliterate(d.MandateID, 35),
				MandateDate: d.MandateDate, DbtrAgt: agentOf(r.Version, d.DebtorBIC), Dbtr: party{Nm: Transliterate(d.DebtorName, 70),
					PstlAdr: postalAddressOf(r.Version, d.DebtorAddress)},
				DbtrIBAN: d.DebtorIBAN, Ustrd: Transliterate(d.Info, 140)}
			tx.Amount.Ccy, tx.Amount.Value = "EUR", decimal(d.Amount)
			p.Tx = append(p.Tx, tx)
			sum += d.Amount
		}
		if len(p.Tx) == 0 {
			continue
		}
		p.NbOfTxs, p.CtrlSum = len(p.Tx), decimal(sum)
		doc.Init.PmtInf = append(doc.Init.PmtInf, p)
		h.NbOfTxs += len(p.Tx)
		total += sum
	}
	if h.NbOfTxs != len(r.Debits) {
		return nil, fmt.Errorf("pain.008: a debit has no known sequence type")
	}
	h.CtrlSum = decimal(total)
	out, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), append(out, '\n')...), nil
}
