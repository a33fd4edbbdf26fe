package money

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"vecinos/internal/domain"
)

// The money's PDFs: a receipt, a unit's statement and the certificates of debt. The core Helvetica with
// the cp1252 translation covers Spanish and Catalan accents, ñ, ç and the euro sign without embedding a
// font (as the invitation letters).

const pageWidth = 170.0

type doc struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

func newDoc(title string, com *domain.Community) *doc {
	p := fpdf.New("P", "mm", "A4", "")
	d := &doc{pdf: p, tr: p.UnicodeTranslatorFromDescriptor("cp1252")}
	p.SetTitle(title, true)
	p.SetMargins(20, 20, 20)
	p.SetAutoPageBreak(true, 20)
	p.AddPage()
	p.SetTextColor(90, 90, 90)
	p.SetFont("Helvetica", "", 11)
	p.CellFormat(pageWidth, 6, d.tr(com.Name), "", 1, "L", false, 0, "")
	if com.Address != "" {
		p.CellFormat(pageWidth, 5, d.tr(strings.Trim(com.Address+", "+com.City, ", ")), "", 1, "L", false, 0, "")
	}
	p.Ln(6)
	p.SetTextColor(0, 0, 0)
	p.SetFont("Helvetica", "B", 18)
	p.MultiCell(pageWidth, 9, d.tr(title), "", "L", false)
	p.Ln(3)
	return d
}

// line writes label and value on one line, the value right-aligned.
func (d *doc) line(label, value string, bold bool) {
	style := ""
	if bold {
		style = "B"
	}
	d.pdf.SetFont("Helvetica", style, 11)
	d.pdf.CellFormat(pageWidth-40, 7, d.tr(label), "", 0, "L", false, 0, "")
	d.pdf.CellFormat(40, 7, d.tr(value), "", 1, "R", false, 0, "")
}

func (d *doc) text(s string) {
	d.pdf.SetFont("Helvetica", "", 11)
	d.pdf.MultiCell(pageWidth, 6, d.tr(s), "", "L", false)
	d.pdf.Ln(2)
}

func (d *doc) rule() {
	y := d.pdf.GetY() + 1
	d.pdf.Line(20, y, 20+pageWidth, y)
	d.pdf.Ln(3)
}

func (d *doc) bytes() ([]byte, error) {
	var out bytes.Buffer
	if err := d.pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("money pdf: %w", err)
	}
	return out.Bytes(), nil
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
	d.line("Vivienda", r.UnitLabel, false)
	if r.OwnerName != "" {
		d.line("Propietario", r.OwnerName, false)
	}
	d.line("Periodo", r.PeriodKey, false)
	d.line("Fecha de cargo", dmy(r.DueDate), false)
	d.line("Forma de pago", methodNames[r.Method], false)
	d.rule()
	for _, l := range r.Lines {
		d.line(l.Concept, euros(l.Amount), false)
	}
	d.rule()
	d.line("Importe", euros(r.Amount), true)
	if r.Paid > 0 {
		d.line("Pagado", euros(r.Paid), false)
	}
	if r.Compensated > 0 {
		d.line("Compensado", euros(r.Compensated), false)
	}
	status := statusNames[r.Status]
	if r.IsCompensated() {
		status = "Compensado"
	}
	d.line("Estado", status, false)
	b, err := d.bytes()
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
	d.text(span + ". Los cargos suman a la deuda; los abonos la reducen.")
	d.line("Saldo inicial", euros(st.Opening), true)
	d.rule()
	for _, e := range st.Entries {
		concept := e.Note
		if e.Reference != "" {
			concept += " (" + e.Reference + ")"
		}
		d.pdf.SetFont("Helvetica", "", 10)
		d.pdf.CellFormat(22, 6, dmy(e.Date), "", 0, "L", false, 0, "")
		d.pdf.CellFormat(pageWidth-22-60, 6, d.tr(concept), "", 0, "L", false, 0, "")
		d.pdf.CellFormat(30, 6, d.tr(euros(e.Amount)), "", 0, "R", false, 0, "")
		d.pdf.CellFormat(30, 6, d.tr(euros(e.Balance)), "", 1, "R", false, 0, "")
	}
	d.rule()
	d.line("Saldo final (positivo: a deber)", euros(st.Closing), true)
	b, err := d.bytes()
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
		d.text(fmt.Sprintf("%s, como secretario de la comunidad, con el visto bueno del presidente, CERTIFICA que la junta de propietarios "+
			"celebrada el %s aprobó la liquidación de la deuda de la vivienda %s%s con la comunidad, que a fecha %s asciende a %s, "+
			"según el detalle siguiente (artículo 21 de la Ley de Propiedad Horizontal).", secretary, dmy(*c.JuntaDate), c.UnitLabel,
			ownerOf(c), dmy(*c.IssuedOn), euros(c.Owed)))
	case domain.CertificateDebt:
		if c.Owed == 0 {
			d.text(fmt.Sprintf("%s, como secretario de la comunidad, con el visto bueno del presidente, CERTIFICA que la vivienda %s%s está "+
				"al corriente de pago de las cuotas y gastos de la comunidad a fecha %s (artículo 9.1.e de la Ley de Propiedad Horizontal).",
				secretary, c.UnitLabel, ownerOf(c), dmy(*c.IssuedOn)))
		} else {
			d.text(fmt.Sprintf("%s, como secretario de la comunidad, con el visto bueno del presidente, CERTIFICA que la vivienda %s%s "+
				"adeuda a la comunidad %s a fecha %s, según el detalle siguiente (artículo 9.1.e de la Ley de Propiedad Horizontal).",
				secretary, c.UnitLabel, ownerOf(c), euros(c.Owed), dmy(*c.IssuedOn)))
		}
	}
	if len(c.Detail) > 0 {
		d.rule()
		for _, r := range c.Detail {
			d.line(fmt.Sprintf("Recibo %s (%s), vencido el %s", r.Code, r.PeriodKey, dmy(r.DueDate)), euros(r.Owed), false)
		}
		d.rule()
		d.line("Total adeudado", euros(c.Owed), true)
	}
	d.pdf.Ln(4)
	d.text(fmt.Sprintf("Solicitado el %s; emitido el %s.", dmy(c.RequestedOn), dmy(*c.IssuedOn)))
	d.line("El secretario", c.SecretaryName, false)
	d.line("Vº Bº el presidente", c.PresidentName, false)
	d.pdf.Ln(6)
	d.pdf.SetFont("Helvetica", "B", 12)
	d.pdf.CellFormat(pageWidth, 7, d.tr("Código de verificación: "+*c.Code), "", 1, "L", false, 0, "")
	d.text("Cualquiera puede comprobar este certificado en " + strings.TrimRight(publicURL, "/") + VerifyPath + *c.Code)
	return d.bytes()
}

func ownerOf(c *domain.Certificate) string {
	if c.OwnerName == "" {
		return ""
	}
	return ", de " + c.OwnerName + ","
}
