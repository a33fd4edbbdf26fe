package money

import (
	"strings"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/pdfdoc"
)

// MandateLegalText is the text the SEPA Core rulebook requires on every mandate, in the Spanish wording
// of the banks' AEB model (the debtor's authorisation, the refund right of eight weeks).
const MandateLegalText = "Mediante la firma de esta orden de domiciliación, el deudor autoriza (A) al acreedor a enviar " +
	"instrucciones a la entidad del deudor para adeudar su cuenta y (B) a la entidad para efectuar los adeudos en su cuenta " +
	"siguiendo las instrucciones del acreedor. Como parte de sus derechos, el deudor está legitimado al reembolso por su " +
	"entidad en los términos y condiciones del contrato suscrito con la misma. La solicitud de reembolso deberá efectuarse " +
	"dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta. Puede obtener información adicional sobre sus " +
	"derechos en su entidad financiera."

// groupIBAN writes an IBAN in groups of four, as it is printed.
func groupIBAN(iban string) string {
	var b strings.Builder
	for i, r := range iban {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// RenderMandate lays out the mandate on an A4 page as the AEB model has it: the reference, the creditor,
// the legal text, the debtor and the account, the type of payment (recurrent) and the signature in the
// app.
func RenderMandate(c *domain.Community, creditorID string, m *domain.Mandate) ([]byte, error) {
	d := pdfdoc.New("Orden de domiciliación "+m.Reference, time.Time{})
	pdf, tr := d.PDF, d.Tr
	pdf.AddPage()
	const width = pdfdoc.Width
	pdf.SetFont("Helvetica", "B", 15)
	pdf.MultiCell(width, 7, tr("Orden de domiciliación de adeudo directo SEPA"), "", "L", false)
	pdf.SetFont("Helvetica", "I", 10)
	pdf.MultiCell(width, 5, tr("SEPA Direct Debit Mandate · Esquema básico (Core)"), "", "L", false)
	pdf.Ln(4)
	field := func(label, value string) {
		pdf.SetFont("Helvetica", "", 9)
		pdf.SetTextColor(90, 90, 90)
		pdf.CellFormat(width, 5, tr(label), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "B", 11)
		pdf.SetTextColor(0, 0, 0)
		pdf.MultiCell(width, 6, tr(value), "B", "L", false)
		pdf.Ln(1.5)
	}
	field("Referencia de la orden de domiciliación", m.Reference)
	field("Identificador del acreedor", creditorID)
	field("Nombre del acreedor", c.Name)
	address := strings.TrimSpace(strings.Join(strings.Fields(c.Address+" "+c.PostalCode+" "+c.City), " "))
	field("Dirección, código postal y población del acreedor", address)
	field("País del acreedor", "España")
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "", 9.5)
	pdf.MultiCell(width, 4.8, tr(MandateLegalText), "1", "J", false)
	pdf.Ln(3)
	field("Nombre del deudor (titular de la cuenta de cargo)", m.DebtorName)
	// The AEB form's debtor address; "—" where the owner gave none (the rulebook asks for it only from a
	// debtor whose bank is in a non-EEA SEPA country).
	a, orDash := m.DebtorAddress, func(s string) string {
		if s == "" {
			return "—"
		}
		return s
	}
	field("Dirección del deudor", orDash(a.Street))
	field("Código postal y población", orDash(strings.TrimSpace(a.PostCode+" "+a.Town)))
	field("País del deudor", orDash(a.Country))
	field("Vivienda", m.UnitLabel+" · "+c.Name)
	field("Swift BIC", orDash(m.BIC))
	field("Número de cuenta (IBAN)", groupIBAN(m.IBAN))
	field("Tipo de pago", "Pago recurrente")
	field("Fecha y forma de la firma", m.SignedOn+" · firmada por el deudor en la app Vecinos de la comunidad")
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "I", 8.5)
	pdf.SetTextColor(90, 90, 90)
	pdf.MultiCell(width, 4.2, tr("Todos los campos han de ser cumplimentados obligatoriamente. Una vez firmada, esta orden de "+
		"domiciliación queda en custodia del acreedor. El deudor puede revocarla en cualquier momento desde 'Mis cuotas'."), "", "L", false)
	return d.Bytes()
}
