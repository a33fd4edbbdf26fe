package money

import (
	"context"
	"fmt"
	"strings"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/pdfdoc"
)

// The money's PDFs: a receipt, a unit's statement and the certificates of debt, laid out by pdfdoc
// under the community's letterhead.

// newDoc starts a money PDF: the community's letterhead and title on its first page.
func newDoc(title string, com *domain.Community) *pdfdoc.Doc {
	d := pdfdoc.New(title, time.Time{})
	d.Page(com, title, 18)
	return d
}

func euros(c domain.Cents) string { return domain.EurosText(c).String() }

// dmy writes a date as Spanish people read it.
func dmy(date string) string {
	t, err := time.Parse(domain.DateLayout, date)
	if err != nil {
		return date
	}
	return t.Format("02/01/2006")
}

var methodNames = map[domain.PaymentMethod]string{domain.PayByDirectDebit: "Domiciliación bancaria", domain.PayByTransfer: "Transferencia",
	domain.PayByCash: "Efectivo"}

var statusNames = map[domain.ReceiptStatus]string{domain.ReceiptPending: "Pendiente", domain.ReceiptPartial: "Pagado en parte",
	domain.ReceiptPaid: "Pagado"}

// mayReadReceipts reports whether a may see the receipts of unit: an admin, its owner, or someone its
// owner let see them.
func (s *Service) mayReadReceipts(ctx context.Context, a *domain.Actor, u domain.MoneyUnit) (bool, error) {
	if a.IsAdmin() || u.OwnerID != nil && *u.OwnerID == a.UserID {
		return true, nil
	}
	granted, err := s.store.GrantedUnits(ctx, a.CommunityID, a.UserID)
	if err != nil {
		return false, err
	}
	for _, id := range granted {
		if id == u.ID {
			return true, nil
		}
	}
	return false, nil
}

// ReceiptPDF renders a receipt for an admin, its unit's owner or whom the owner let see it.
func (s *Service) ReceiptPDF(ctx context.Context, a *domain.Actor, id string) ([]byte, string, error) {
	if !a.InCommunity() {
		return nil, "", domain.ErrNoCommunity
	}
	r, err := s.store.Receipt(ctx, a.CommunityID, id)
	if err != nil {
		return nil, "", err
	}
	if r == nil {
		return nil, "", errReceiptGone
	}
	units, err := s.store.MoneyUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, "", err
	}
	u, ok := unitMap(units)[r.UnitID]
	if !ok {
		u = domain.MoneyUnit{ID: r.UnitID}
	}
	if may, err := s.mayReadReceipts(ctx, a, u); err != nil || !may {
		if err == nil {
			err = errNotYourUnit
		}
		return nil, "", err
	}
	com, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err != nil {
		return nil, "", err
	}
	d := newDoc("Recibo "+r.Code(), com)
	d.Line("Vivienda", r.UnitLabel, false)
	if r.OwnerName != "" {
		d.Line("Propietario", r.OwnerName, false)
	}
	d.Line("Periodo", r.PeriodKey, false)
	d.Line("Fecha de cargo", dmy(r.DueDate), false)
	d.Line("Forma de pago", methodNames[r.Method], false)
	d.Rule()
	for _, l := range r.Lines {
		d.Line(l.Concept, euros(l.Amount), false)
	}
	d.Rule()
	d.Line("Importe", euros(r.Amount), true)
	if r.Paid > 0 {
		d.Line("Pagado", euros(r.Paid), false)
	}
	if r.Compensated > 0 {
		d.Line("Compensado", euros(r.Compensated), false)
	}
	status := statusNames[r.Status]
	if r.IsCompensated() {
		status = "Compensado"
	}
	d.Line("Estado", status, false)
	b, err := d.Bytes()
	return b, "recibo-" + strings.ReplaceAll(r.Code(), "/", "-") + ".pdf", err
}

// StatementPDF renders a unit's statement (UnitStatement: its owner or an admin).
func (s *Service) StatementPDF(ctx context.Context, a *domain.Actor, unitID, from, to string) ([]byte, string, error) {
	st, err := s.UnitStatement(ctx, a, unitID, from, to)
	if err != nil {
		return nil, "", err
	}
	com, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err != nil {
		return nil, "", err
	}
	d := newDoc("Extracto de "+st.Unit.Label, com)
	span := "Hasta el " + dmy(st.To)
	if st.From != "" {
		span = "Del " + dmy(st.From) + " al " + dmy(st.To)
	}
	d.Text(span + ". Los cargos suman a la deuda; los abonos la reducen.")
	d.Line("Saldo inicial", euros(st.Opening), true)
	d.Rule()
	for i, e := range st.Entries {
		concept := e.Note
		if e.Reference != "" {
			concept += " (" + e.Reference + ")"
		}
		d.PDF.SetFont("Helvetica", "", 10)
		d.PDF.CellFormat(22, 6, dmy(e.Date), "", 0, "L", false, 0, "")
		d.PDF.CellFormat(pdfdoc.Width-22-60, 6, d.Tr(concept), "", 0, "L", false, 0, "")
		d.PDF.CellFormat(30, 6, d.Tr(euros(e.Amount)), "", 0, "R", false, 0, "")
		d.PDF.CellFormat(30, 6, d.Tr(euros(st.Balances[i])), "", 1, "R", false, 0, "")
	}
	d.Rule()
	d.Line("Saldo final (positivo: a deber)", euros(st.Closing), true)
	b, err := d.Bytes()
	return b, "extracto-" + safeName(st.Unit.Label) + "-" + st.To + ".pdf", err
}

// VerifyPath is the web app's page where anyone checks a certificate by its code.
const VerifyPath = "/certificado/"

// renderCertificate lays out an issued certificate with its verification code and address.
func renderCertificate(com *domain.Community, c *domain.Certificate, publicURL string) ([]byte, error) {
	title := "Certificado de deudas con la comunidad"
	if c.Kind == domain.CertificateLiquidation {
		title = "Certificado de liquidación de deuda"
	}
	d := newDoc(title, com)
	secretary := c.SecretaryName
	if secretary == "" {
		secretary = "El secretario"
	}
	switch c.Kind {
	case domain.CertificateLiquidation:
		d.Text(fmt.Sprintf("%s, como secretario de la comunidad, con el visto bueno del presidente, CERTIFICA que la junta de propietarios "+
			"celebrada el %s aprobó la liquidación de la deuda de la vivienda %s%s con la comunidad, que a fecha %s asciende a %s, "+
			"según el detalle siguiente (artículo 21 de la Ley de Propiedad Horizontal).", secretary, dmy(*c.JuntaDate), c.UnitLabel,
			ownerOf(c), dmy(*c.IssuedOn), euros(c.Owed)))
	case domain.CertificateDebt:
		if c.Owed == 0 {
			d.Text(fmt.Sprintf("%s, como secretario de la comunidad, con el visto bueno del presidente, CERTIFICA que la vivienda %s%s está "+
				"al corriente de pago de las cuotas y gastos de la comunidad a fecha %s (artículo 9.1.e de la Ley de Propiedad Horizontal).",
				secretary, c.UnitLabel, ownerOf(c), dmy(*c.IssuedOn)))
		} else {
			d.Text(fmt.Sprintf("%s, como secretario de la comunidad, con el visto bueno del presidente, CERTIFICA que la vivienda %s%s "+
				"adeuda a la comunidad %s a fecha %s, según el detalle siguiente (artículo 9.1.e de la Ley de Propiedad Horizontal).",
				secretary, c.UnitLabel, ownerOf(c), euros(c.Owed), dmy(*c.IssuedOn)))
		}
	}
	if len(c.Detail) > 0 {
		d.Rule()
		for _, r := range c.Detail {
			d.Line(fmt.Sprintf("Recibo %s (%s), vencido el %s", r.Code, r.PeriodKey, dmy(r.DueDate)), euros(r.Owed), false)
		}
		d.Rule()
		d.Line("Total adeudado", euros(c.Owed), true)
	}
	d.PDF.Ln(4)
	d.Text(fmt.Sprintf("Solicitado el %s; emitido el %s.", dmy(c.RequestedOn), dmy(*c.IssuedOn)))
	d.Line("El secretario", c.SecretaryName, false)
	d.Line("Vº Bº el presidente", c.PresidentName, false)
	d.PDF.Ln(6)
	d.PDF.SetFont("Helvetica", "B", 12)
	d.PDF.CellFormat(pdfdoc.Width, 7, d.Tr("Código de verificación: "+*c.Code), "", 1, "L", false, 0, "")
	d.Text("Cualquiera puede comprobar este certificado en " + strings.TrimRight(publicURL, "/") + VerifyPath + *c.Code)
	return d.Bytes()
}

func ownerOf(c *domain.Certificate) string {
	if c.OwnerName == "" {
		return ""
	}
	return ", de " + c.OwnerName + ","
}
