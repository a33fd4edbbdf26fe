package money

import (
	"context"
	"encoding/xml"
	"strings"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testpdf"
)

const (
	ukIBAN    = "GB82WEST12345698765432"
	swissIBAN = "CH9300762011623852957"
)

var londonAddress = domain.PostalAddress{Street: "221B Baker Street", PostCode: "NW1 6XE", Town: "London", Country: "GB"}

// TestNeedsDebtorAddress: the banks of the non-EEA SEPA countries need the address; those of the EEA do not.
func TestNeedsDebtorAddress(t *testing.T) {
	for iban, want := range map[string]bool{ukIBAN: true, swissIBAN: true, "AD1200012030200359100100": true, "SM86U0322509800000000270100": true,
		"GI75NWBK000000007099453": true, "RS35260005601001611379": true, validIBAN: false, "DE89370400440532013000": false,
		"NO9386011117947": false, "LI21088100002324013AA": false, "": false} {
		if got := NeedsDebtorAddress(iban); got != want {
			t.Errorf("%q: %v, want %v", iban, got, want)
		}
	}
}

// TestMandateDebtorAddress: a mandate with an IBAN of a non-EEA SEPA bank needs the holder's address, complete
// and valid; one of an EEA bank may have it or not. The address is stored as tidied, the owner and the
// admins read it, and the mandate's PDF prints it.
func TestMandateDebtorAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		f.settings(t, nil)
		sign := func(iban string, a domain.PostalAddress) (*domain.Mandate, error) {
			return f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar Propietario", IBAN: iban, DebtorAddress: a})
		}
		_, err := sign(ukIBAN, domain.PostalAddress{})
		wantError(t, err, domain.CodeInvalid,
			"El banco de esta cuenta está en un país SEPA fuera del Espacio Económico Europeo (GB): la orden necesita la dirección del titular (calle y número, población y país)")
		_, err = sign(swissIBAN, domain.PostalAddress{Street: "   ", Town: " ", Country: ""})
		wantError(t, err, domain.CodeInvalid,
			"El banco de esta cuenta está en un país SEPA fuera del Espacio Económico Europeo (CH): la orden necesita la dirección del titular (calle y número, población y país)")
		_, err = sign(swissIBAN, domain.PostalAddress{Street: "Rue du Rhône 1", Country: "CH"})
		wantError(t, err, domain.CodeInvalid, "Completa la dirección del titular: calle y número, población y país (y el código postal, si lo tiene)")
		_, err = sign(validIBAN, domain.PostalAddress{Town: "Madrid"}) // optional for a Spanish bank, but whole when given
		wantError(t, err, domain.CodeInvalid, "Completa la dirección del titular: calle y número, población y país (y el código postal, si lo tiene)")
		_, err = sign(ukIBAN, domain.PostalAddress{Street: "Baker Street", Town: "London", Country: "UK"})
		wantError(t, err, domain.CodeInvalid, "El país de la dirección es su código de dos letras, como ES, GB o CH")
		_, err = sign(ukIBAN, domain.PostalAddress{Street: "Baker Street", Town: "London", Country: "GBR"})
		wantError(t, err, domain.CodeInvalid, "El país de la dirección es su código de dos letras, como ES, GB o CH")
		_, err = sign(ukIBAN, domain.PostalAddress{Street: strings.Repeat("a", 71), Town: "London", Country: "GB"})
		wantError(t, err, domain.CodeInvalid, "La calle y el número no pueden superar los 70 caracteres")
		_, err = sign(ukIBAN, domain.PostalAddress{Street: "Baker Street", PostCode: strings.Repeat("1", 17), Town: "London", Country: "GB"})
		wantError(t, err, domain.CodeInvalid, "El código postal no puede superar los 16 caracteres")
		_, err = sign(ukIBAN, domain.PostalAddress{Street: "Baker Street", Town: strings.Repeat("ñ", 36), Country: "GB"})
		wantError(t, err, domain.CodeInvalid, "La población no puede superar los 35 caracteres")
		if got := f.actions(); strings.Contains(strings.Join(got, " "), AuditMandateSigned) {
			t.Fatalf("a refused mandate was audited: %v", got)
		}

		es, err := sign(validIBAN, domain.PostalAddress{})
		if err != nil || !es.DebtorAddress.IsZero() {
			t.Fatalf("a Spanish mandate without an address: %+v, %v", es, err)
		}
		m, err := sign(" gb82 west 1234 5698 7654 32", domain.PostalAddress{Street: " 221B  Baker Street ", PostCode: "NW1 6XE ", Town: "London", Country: "gb"})
		if err != nil {
			t.Fatal(err)
		}
		if m.DebtorAddress != londonAddress {
			t.Fatalf("address %+v", m.DebtorAddress)
		}
		mine, err := f.svc.MyMandates(ctx, f.owner)
		if err != nil || len(mine.Mandates) != 2 || mine.Mandates[0].DebtorAddress != londonAddress || !mine.Mandates[1].DebtorAddress.IsZero() {
			t.Fatalf("my mandates %+v, %v", mine, err)
		}
		all, err := f.svc.Mandates(ctx, f.admin)
		if err != nil || len(all) != 2 || all[0].DebtorAddress != londonAddress {
			t.Fatalf("the admin's mandates %+v, %v", all, err)
		}
		pdf, _, err := f.svc.MandatePDF(ctx, f.admin, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		testpdf.Contains(t, pdf, "Dirección del deudor\n221B Baker Street", "Código postal y población\nNW1 6XE London", "País del deudor\nGB",
			"GB82 WEST 1234 5698 7654 32")
	})
}

// TestRemittanceNeedsDebtorAddress: a remittance with a debit to a non-EEA SEPA bank whose mandate has no
// address (one signed before addresses were asked for) is refused, naming the receipt and the mandate,
// with nothing remitted; once the owner signs again with the address, the file of each version carries it
// and validates against its schema.
func TestRemittanceNeedsDebtorAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for _, v := range pain008Versions {
			t.Run(string(v), func(t *testing.T) {
				f := newSepaFixture(t, db)
				ctx := context.Background()
				f.settings(t, func(s *domain.SepaSettings) { s.FileVersion = v })
				old, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar Propietario", IBAN: ukIBAN,
					DebtorAddress: londonAddress})
				if err != nil {
					t.Fatal(err)
				}
				storetest.Exec(t, db, `UPDATE money_mandates SET debtor_street = '', debtor_post_code = '', debtor_town = '', debtor_country = ''
					WHERE id = $1`, old.ID)
				_, err = f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-20"})
				wantError(t, err, domain.CodeConflict,
					"No se puede preparar la remesa: el recibo 2026/000001 (1º A) se cobraría con la orden VEC-000001 de Óscar Propietario, cuya cuenta es de un banco de un país SEPA fuera del Espacio Económico Europeo (GB), y la orden no tiene la dirección del titular, que ese banco exige. Pide al propietario que firme de nuevo la orden con su dirección en 'Mis cuotas', o revócala para que el recibo se pague por transferencia")
				if r := f.receipt(t, f.flat); r.Debit != nil || r.Status != domain.ReceiptPending {
					t.Fatalf("the refused remittance remitted the receipt: %+v", r)
				}

				if _, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar Propietario", IBAN: ukIBAN,
					DebtorAddress: londonAddress}); err != nil {
					t.Fatal(err)
				}
				rem, err := f.svc.BuildRemittance(ctx, f.admin, RemittanceInput{CollectionDate: "2026-03-20"})
				if err != nil {
					t.Fatal(err)
				}
				file, _, err := f.svc.RemittanceFile(ctx, f.admin, rem.ID)
				if err != nil {
					t.Fatal(err)
				}
				validateWithSchema(t, v, file)
				var doc struct {
					Address struct {
						StrtNm  string   `xml:"StrtNm"`
						PstCd   string   `xml:"PstCd"`
						TwnNm   string   `xml:"TwnNm"`
						Ctry    string   `xml:"Ctry"`
						AdrLine []string `xml:"AdrLine"`
					} `xml:"CstmrDrctDbtInitn>PmtInf>DrctDbtTxInf>Dbtr>PstlAdr"`
				}
				if err := xml.Unmarshal(file, &doc); err != nil {
					t.Fatal(err)
				}
				got := strings.Join(append([]string{doc.Address.StrtNm, doc.Address.PstCd, doc.Address.TwnNm, doc.Address.Ctry}, doc.Address.AdrLine...), "|")
				want := map[domain.SepaFileVersion]string{domain.Pain008V02: "|||GB|221B Baker Street|NW1 6XE London",
					domain.Pain008V08: "221B Baker Street|NW1 6XE|London|GB"}[v]
				if got != want {
					t.Errorf("the debtor's address reads %q, want %q\n%s", got, want, file)
				}
			})
		}
	})
}
