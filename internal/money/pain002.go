package money

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strconv"
	"strings"

	"vecinos/internal/domain"
)

// The bank's payment status report, pain.002 (issue #36): after a remittance, the bank sends it
// with the debits it rejected or returned. Each transaction names the receipt by the end-to-end id the
// remittance gave it (OrgnlEndToEndId, the receipt's code, 2026/000012), its status (TxSts RJCT for a
// return), the ISO reason (StsRsnInf/Rsn/Cd) and, when the bank charges it, the charge (ChrgsInf/Amt).
// ParsePain002 turns it into the rows the CSV import records, all or none (ImportReturns).
//
// Spanish banks send version 001.03 (the SEPA rulebooks up to 2023) and, since the 2023 rulebook, 001.10
// or later. Every version from 001.03 to 001.14 names these elements alike, so one reading serves them
// all; 001.02 and older are shaped differently and refused by name.

// Pain002Namespace is the namespace of the status report version the tests write by default.
const Pain002Namespace = isoNamespace + "pain.002.001.03"

const isoNamespace = "urn:iso:std:iso:20022:tech:xsd:"

// pain002Versions are the status report versions read: 001.03 to 001.14.
var pain002Versions = regexp.MustCompile(`^pain\.002\.001\.(0[3-9]|1[0-4])$`)

type pain002Doc struct {
	XMLName xml.Name `xml:"Document"`
	Report  *struct {
		Group struct {
			MessageID string `xml:"OrgnlMsgId"`
			Status    string `xml:"GrpSts"`
		} `xml:"OrgnlGrpInfAndSts"`
		Payments []struct {
			Status string `xml:"PmtInfSts"`
			Txs    []struct {
				EndToEndID string `xml:"OrgnlEndToEndId"`
				Status     string `xml:"TxSts"`
				Reasons    []struct {
					Code        string `xml:"Rsn>Cd"`
					Proprietary string `xml:"Rsn>Prtry"`
				} `xml:"StsRsnInf"`
				Charges []struct {
					Amount string `xml:"Amt"`
				} `xml:"ChrgsInf"`
			} `xml:"TxInfAndSts"`
		} `xml:"OrgnlPmtInfAndSts"`
	} `xml:"CstmrPmtStsRpt"`
}

// looksLikeXML says whether an imported file is XML rather than a CSV.
func looksLikeXML(text string) bool {
	return strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(text, "\ufeff")), "<")
}

var (
	errNotPain002 = domain.Errorf(domain.CodeInvalid,
		"El archivo no es un informe de estado pain.002 del banco ni un CSV de números de recibo")
	errNoReturnsInReport = domain.Errorf(domain.CodeInvalid, "El informe del banco no trae ningún recibo devuelto o rechazado")
)

// ParsePain002 reads a pain.002 status report into the returns it carries: each rejected
// transaction (TxSts RJCT) with its receipt code, reason and charge, in the order of the file. Accepted
// transactions are skipped. A wrong file gets a Spanish error that says what is wrong, naming the
// transaction (its position in the report, from 1) when it is one of them.
func ParsePain002(text string) ([]returnRow, error) {
	dec := xml.NewDecoder(strings.NewReader(strings.TrimPrefix(text, "\ufeff")))
	dec.Strict = true
	// The file reaches the server as text (a JSON string), already decoded whatever its declaration says.
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	var doc pain002Doc
	if err := dec.Decode(&doc); err != nil {
		return nil, errNotPain002
	}
	// Nothing but white space, comments or processing instructions may follow the document.
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errNotPain002
		}
		switch t := tok.(type) {
		case xml.Comment, xml.ProcInst:
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return nil, errNotPain002
			}
		default:
			return nil, errNotPain002
		}
	}
	message, isISO := strings.CutPrefix(doc.XMLName.Space, isoNamespace)
	switch {
	case isISO && pain002Versions.MatchString(message):
	case isISO && strings.HasPrefix(message, "pain.002."):
		return nil, domain.Errorf(domain.CodeInvalid,
			"El informe es un %s, una versión antigua: pide al banco el informe de estado pain.002.001.03 o posterior", message)
	case isISO:
		return nil, domain.Errorf(domain.CodeInvalid, "El archivo es un %s: importa el informe de estado pain.002 que envía el banco", message)
	default:
		return nil, errNotPain002
	}
	if doc.Report == nil {
		return nil, errNotPain002
	}
	var rows []returnRow
	n := 0
	for _, p := range doc.Report.Payments {
		for _, tx := range p.Txs {
			n++
			status := strings.TrimSpace(tx.Status)
			if status == "" {
				status = strings.TrimSpace(p.Status)
			}
			if status != "RJCT" {
				continue
			}
			row := returnRow{op: n, code: strings.TrimSpace(tx.EndToEndID)}
			if !receiptCodeRE.MatchString(row.code) {
				return nil, domain.Errorf(domain.CodeInvalid, "Operación %d del informe: «%s» no es un número de recibo de esta comunidad, como 2027/000012",
					n, row.code)
			}
			for _, r := range tx.Reasons {
				if c := strings.TrimSpace(r.Code); c != "" {
					row.in.Reason = c
					break
				}
			}
			for _, c := range tx.Charges {
				cents, ok := parseDecimal(c.Amount)
				if !ok {
					return nil, domain.Errorf(domain.CodeInvalid, "Operación %d del informe: los gastos «%s» no son un importe en euros", n,
						strings.TrimSpace(c.Amount))
				}
				row.in.Charge += cents
			}
			if err := row.in.check(); err != nil {
				return nil, row.wrap(err)
			}
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		if g := strings.TrimSpace(doc.Report.Group.Status); g == "RJCT" {
			return nil, domain.Errorf(domain.CodeInvalid,
				"El banco rechazó la remesa %s entera y el informe no nombra los recibos: anota las devoluciones una a una", doc.Report.Group.MessageID)
		}
		return nil, errNoReturnsInReport
	}
	return rows, nil
}

var decimalRE = regexp.MustCompile(`^(\d{1,7})(?:\.(\d{1,2}))?$`)

// parseDecimal reads an ISO 20022 amount ("3.5", "12.00") into cents without floating point.
func parseDecimal(s string) (domain.Cents, bool) {
	m := decimalRE.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	w, _ := strconv.ParseInt(m[1], 10, 64)
	f, _ := strconv.ParseInt((m[2] + "00")[:2], 10, 64)
	return domain.Cents(w*100 + f), true
}
