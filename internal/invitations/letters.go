package invitations

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/skip2/go-qrcode"

	"vecinos/internal/domain"
	"vecinos/internal/pdfdoc"
)

// Letter is one page of the letters for the mailboxes: a unit and the link that opens /register with
// the community's code and that unit preselected.
type Letter struct {
	UnitID, UnitLabel, Link string
}

// QRPNG is the QR code of link, as the letters print it (a PNG, medium error correction).
func QRPNG(link string) ([]byte, error) {
	return qrcode.Encode(link, qrcode.Medium, 512)
}

// Letters renders the admin's community's letters for the mailboxes: a printable PDF with one page per
// unit of the community (see docs/adr/0017-invitation-letters.md). It returns the letters too, in the
// order of the pages.
func (s *Service) Letters(ctx context.Context, a *domain.Actor) ([]byte, []Letter, error) {
	c, err := s.community(ctx, a.CommunityID)
	if err != nil {
		return nil, nil, err
	}
	units, err := s.store.CommunityUnits(ctx, a.CommunityID)
	if err != nil {
		return nil, nil, err
	}
	if len(units) == 0 {
		return nil, nil, domain.Errorf(domain.CodeConflict, "La comunidad aún no tiene viviendas. Añádelas para imprimir las cartas.")
	}
	letters := make([]Letter, len(units))
	for i, u := range units {
		letters[i] = Letter{UnitID: u.ID, UnitLabel: domain.UnitLabel(u.Building, u.Floor, u.UnitNumber), Link: s.Link(c.PublicID, u.ID)}
	}
	pdf, err := RenderLetters(c, letters)
	return pdf, letters, err
}

// RenderLetters lays out one A4 page per letter (pdfdoc's fonts and margins).
func RenderLetters(c *domain.Community, letters []Letter) ([]byte, error) {
	d := pdfdoc.New("Cartas de invitación · "+c.Name, time.Time{})
	pdf, tr := d.PDF, d.Tr
	pdf.SetAutoPageBreak(false, 0)
	const width = pdfdoc.Width
	for i, l := range letters {
		png, err := QRPNG(l.Link)
		if err != nil {
			return nil, fmt.Errorf("letters: QR code: %w", err)
		}
		pdf.AddPage()
		pdf.SetTextColor(90, 90, 90)
		pdf.SetFont("Helvetica", "", 12)
		pdf.CellFormat(width, 7, tr(c.Name), "", 1, "L", false, 0, "")
		if c.Address != "" {
			pdf.CellFormat(width, 6, tr(c.Address+", "+c.City), "", 1, "L", false, 0, "")
		}
		pdf.Ln(10)
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont("Helvetica", "B", 26)
		pdf.CellFormat(width, 12, tr("Vivienda "+l.UnitLabel), "", 1, "L", false, 0, "")
		pdf.Ln(6)
		pdf.SetFont("Helvetica", "B", 16)
		pdf.MultiCell(width, 8, tr("¡Hola, vecino o vecina!"), "", "L", false)
		pdf.Ln(2)
		pdf.SetFont("Helvetica", "", 13)
		pdf.MultiCell(width, 6.5, tr("Nuestra comunidad ya está en Vecinos, la app donde compartimos avisos, "+
			"incidencias, reservas de zonas comunes y votaciones. Únete en un minuto: escanea el código QR con la "+
			"cámara del móvil, o entra en Vecinos y regístrate con el código de la comunidad."), "", "L", false)
		pdf.Ln(8)
		pdf.SetFont("Helvetica", "", 12)
		pdf.CellFormat(width, 7, tr("Código de la comunidad"), "", 1, "C", false, 0, "")
		pdf.SetFont("Courier", "B", 30)
		pdf.CellFormat(width, 14, c.PublicID, "", 1, "C", false, 0, "")
		pdf.Ln(4)
		name := fmt.Sprintf("qr-%d", i)
		pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(png))
		const size = 70.0
		pdf.ImageOptions(name, 20+(width-size)/2, pdf.GetY(), size, size, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
		pdf.SetY(pdf.GetY() + size + 4)
		pdf.SetFont("Helvetica", "", 9)
		pdf.SetTextColor(90, 90, 90)
		pdf.MultiCell(width, 5, l.Link, "", "C", false)
		pdf.SetY(270)
		pdf.MultiCell(width, 5, tr("Si no vives aquí o ya te has unido, no hace falta que hagas nada."), "", "C", false)
	}
	return d.Bytes()
}
