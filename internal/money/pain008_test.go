package money

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func sampleRemittance() Remittance {
	return Remittance{MessageID: "REM-2027-T1-0001", CreatedAt: time.Date(2027, 1, 2, 10, 30, 0, 0, time.UTC),
		CreditorName: "Comunidad de Propietarios Calle Peñalver 7", CreditorIBAN: "ES9121000418450200051332", CreditorID: "ES77000B85626240",
		CollectionDate: "2027-01-20", Debits: []Debit{
			{EndToEndID: "2027/000001", Amount: 28125, SequenceType: "FRST", MandateID: "VEC-0001", MandateDate: "2026-12-01",
				DebtorName: "José Muñoz Ibáñez", DebtorIBAN: "ES7921000813610123456789", Info: "Cuota 1T 2027 · 1º A"},
			{EndToEndID: "2027/000002", Amount: 40625, SequenceType: "RCUR", MandateID: "VEC-0002", MandateDate: "2025-03-15",
				DebtorName: "Françoise Martí", DebtorIBAN: "DE89370400440532013000", DebtorBIC: "COBADEFFXXX", Info: "Cuota 1T 2027 · 2º A"},
			{EndToEndID: "2027/000003", Amount: 1, SequenceType: "FRST", MandateID: "VEC-0003", MandateDate: "2026-12-20",
				DebtorName: "Ana", DebtorIBAN: "GB82WEST12345698765432", Info: "Ajuste"},
		}}
}

// schemaPath is the ISO 20022 pain.008.001.02 schema, kept in testdata (a copy of shared/design/data's,
// so that the test runs wherever the repository is cloned); VECINOS_PAIN008_XSD overrides it.
func schemaPath(t *testing.T) string {
	t.Helper()
	p := os.Getenv("VECINOS_PAIN008_XSD")
	if p == "" {
		p = filepath.Join("testdata", "pain.008.001.02.xsd")
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("the pain.008 schema is missing at %s: %v", p, err)
	}
	return p
}

// TestPain008ValidatesAgainstTheSchema runs xmllint --schema on the file the bank receives.
func TestPain008ValidatesAgainstTheSchema(t *testing.T) {
	xsd := schemaPath(t)
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("xmllint is missing (apt-get install libxml2-utils)")
		}
		t.Skip("xmllint is not installed (apt-get install libxml2-utils)")
	}
	b, err := WritePain008(sampleRemittance())
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "remesa.xml")
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(xmllint, "--noout", "--schema", xsd, file).CombinedOutput()
	if err != nil {
		t.Fatalf("xmllint: %v\n%s\n%s", err, out, b)
	}
}

// TestPain008ReadsBack parses the file again: the totals, each debit's mandate, IBAN and amount, and
// the transliterated names.
func TestPain008ReadsBack(t *testing.T) {
	b, err := WritePain008(sampleRemittance())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		GrpHdr struct {
			NbOfTxs int    `xml:"NbOfTxs"`
			CtrlSum string `xml:"CtrlSum"`
		} `xml:"CstmrDrctDbtInitn>GrpHdr"`
		PmtInf []struct {
			SeqTp   string `xml:"PmtTpInf>SeqTp"`
			NbOfTxs int    `xml:"NbOfTxs"`
			CtrlSum string `xml:"CtrlSum"`
			Scheme  string `xml:"CdtrSchmeId>Id>PrvtId>Othr>Id"`
			Tx      []struct {
				EndToEnd string `xml:"PmtId>EndToEndId"`
				Amount   string `xml:"InstdAmt"`
				Mandate  string `xml:"DrctDbtTx>MndtRltdInf>MndtId"`
				Signed   string `xml:"DrctDbtTx>MndtRltdInf>DtOfSgntr"`
				Name     string `xml:"Dbtr>Nm"`
				IBAN     string `xml:"DbtrAcct>Id>IBAN"`
				Agent    string `xml:"DbtrAgt>FinInstnId>Othr>Id"`
			} `xml:"DrctDbtTxInf"`
		} `xml:"CstmrDrctDbtInitn>PmtInf"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.GrpHdr.NbOfTxs != 3 || doc.GrpHdr.CtrlSum != "687.51" {
		t.Fatalf("group header %+v", doc.GrpHdr)
	}
	if len(doc.PmtInf) != 2 || doc.PmtInf[0].SeqTp != "FRST" || doc.PmtInf[0].NbOfTxs != 2 || doc.PmtInf[0].CtrlSum != "281.26" ||
		doc.PmtInf[1].SeqTp != "RCUR" || doc.PmtInf[1].CtrlSum != "406.25" || doc.PmtInf[0].Scheme != "ES77000B85626240" {
		t.Fatalf("payment blocks %+v", doc.PmtInf)
	}
	want := map[string][4]string{
		"2027/000001": {"281.25", "VEC-0001", "ES7921000813610123456789", "Jose Munoz Ibanez"},
		"2027/000003": {"0.01", "VEC-0003", "GB82WEST12345698765432", "Ana"},
		"2027/000002": {"406.25", "VEC-0002", "DE89370400440532013000", "Francoise Marti"},
	}
	seen := 0
	for _, p := range doc.PmtInf {
		for _, tx := range p.Tx {
			w, ok := want[tx.EndToEnd]
			if !ok || tx.Amount != w[0] || tx.Mandate != w[1] || tx.IBAN != w[2] || tx.Name != w[3] {
				t.Errorf("transaction %+v, want %v", tx, w)
			}
			seen++
		}
	}
	if seen != 3 {
		t.Errorf("%d transactions", seen)
	}
	if !strings.Contains(string(b), "<Othr><Id>NOTPROVIDED</Id></Othr>") && !strings.Contains(string(b), "<Id>NOTPROVIDED</Id>") {
		t.Error("a debtor without a BIC is not NOTPROVIDED")
	}
}

// BenchmarkPain008 writes the file of 500 debits (issue #36 asks for under 200 ms).
func BenchmarkPain008(b *testing.B) {
	r := sampleRemittance()
	one := r.Debits[0]
	r.Debits = make([]Debit, 500)
	for i := range r.Debits {
		r.Debits[i] = one
		r.Debits[i].EndToEndID = "2027/" + strconv.Itoa(100000+i)
	}
	for b.Loop() {
		if _, err := WritePain008(r); err != nil {
			b.Fatal(err)
		}
	}
}
