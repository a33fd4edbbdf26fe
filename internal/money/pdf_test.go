package money

import (
	"context"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testpdf"
)

// TestPDFsReadBack parses back the text of the receipt, statement, certificate and mandate PDFs (pdftotext)
// and checks what each says: the figures, the names with their accents, the codes.
func TestPDFsReadBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		f.settings(t, nil)
		r := f.receipt(t, f.flat)
		pdf := func(b []byte, _ string, err error) []byte {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		testpdf.Contains(t, pdf(f.svc.ReceiptPDF(ctx, f.owner, r.ID)), "Comunidad Pilar Presidenta", "Recibo 2026/000001", "Vivienda 1º A",
			"Propietario Óscar Propietario", "Periodo 2026-T1", "Fecha de cargo 01/01/2026", "Forma de pago Transferencia",
			"Limpieza 125,00 €", "Fondo de reserva 12,50 €", "Importe 137,50 €", "Estado Pendiente")

		if _, err := f.svc.RecordPayment(ctx, f.admin, r.ID, PaymentInput{Amount: 3750, Method: domain.PayByCash, Date: "2026-03-02",
			Reference: "Caja"}); err != nil {
			t.Fatal(err)
		}
		testpdf.Contains(t, pdf(f.svc.ReceiptPDF(ctx, f.owner, r.ID)), "Pagado 37,50 €", "Estado Pagado en parte")
		testpdf.Contains(t, pdf(f.svc.StatementPDF(ctx, f.owner, f.flat, "", "")), "Extracto de 1º A", "Hasta el 02/03/2026.",
			"Saldo inicial 0,00 €", "01/01/2026 Recibo 2026-T1 137,50 € 137,50 €", "02/03/2026 Pago del recibo 2026/000001 (Caja) -37,50 € 100,00 €",
			"Saldo final (positivo: a deber) 100,00 €")

		c, err := f.svc.RequestCertificate(ctx, f.admin, CertificateInput{Kind: domain.CertificateDebt, UnitID: f.flat, RequestedOn: "2026-03-01"})
		if err != nil {
			t.Fatal(err)
		}
		if c, err = f.svc.IssueCertificate(ctx, f.admin, c.ID, "Pedro Presidente"); err != nil {
			t.Fatal(err)
		}
		testpdf.Contains(t, pdf(f.svc.CertificatePDF(ctx, f.admin, c.ID)), "Certificado de deudas con la comunidad",
			"CERTIFICA que la vivienda 1º A, de Óscar Propietario, adeuda a la comunidad 100,00 €",
			"Recibo 2026/000001 (2026-T1), vencido el 01/01/2026 100,00 €", "Total adeudado 100,00 €",
			"Solicitado el 01/03/2026; emitido el 02/03/2026.", "Vº Bº el presidente Pedro Presidente",
			"Código de verificación: "+*c.Code, "/certificado/"+*c.Code)

		m, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "José Muñoz Ibáñez", IBAN: validIBAN})
		if err != nil {
			t.Fatal(err)
		}
		testpdf.Contains(t, pdf(f.svc.MandatePDF(ctx, f.owner, m.ID)), "Orden de domiciliación de adeudo directo SEPA", "VEC-000001",
			"ES77000B85626240", "José Muñoz Ibáñez", "1º A · Comunidad Pilar Presidenta", "ES79 2100 0813 6101 2345 6789", "Pago recurrente",
			"2026-03-02 · firmada por el deudor", "el deudor está legitimado al reembolso")
		// Under a mandate the receipt says it is paid by direct debit.
		testpdf.Contains(t, pdf(f.svc.ReceiptPDF(ctx, f.owner, r.ID)), "Forma de pago Domiciliación bancaria")
	})
}
