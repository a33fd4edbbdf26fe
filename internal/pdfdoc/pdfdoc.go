// Package pdfdoc lays out the app's A4 documents (receipts, statements, certificates, the year's
// accounts, the junta's letters, attendance sheet and acta): the community's letterhead and a title, then
// paragraphs, label and value lines, table rows and headings. The core Helvetica with the cp1252
// translation covers Spanish and Catalan accents, ñ, ç, ¿, ¡ and the euro sign without embedding a font.
package pdfdoc

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"vecinos/internal/domain"
)

// Width is the width of the text between the 20 mm margins of an A4 page.
const Width = 170.0

// Doc is a document being written: PDF for what the helpers below do not cover, Tr to write text in it.
type Doc struct {
	PDF *fpdf.Fpdf
	Tr  func(string) string
}

// New starts a document titled title. A non-zero at fixes its creation and modification dates and the
// order of its catalogue, so that the same content at the same at makes the same bytes (the acta's
// signatures hash them).
func New(title string, at time.Time) *Doc {
	p := fpdf.New("P", "mm", "A4", "")
	if !at.IsZero() {
		p.SetCatalogSort(true)
		p.SetCreationDate(at)
		p.SetModificationDate(at)
	}
	d := &Doc{PDF: p, Tr: p.UnicodeTranslatorFromDescriptor("cp1252")}
	p.SetTitle(title, true)
	p.SetMargins(20, 20, 20)
	p.SetAutoPageBreak(true, 20)
	return d
}

// Page adds a page headed by the community's name and address, in grey, and title in bold at size points.
func (d *Doc) Page(com *domain.Community, title string, size float64) {
	p := d.PDF
	p.AddPage()
	p.SetTextColor(90, 90, 90)
	p.SetFont("Helvetica", "", 11)
	p.CellFormat(Width, 6, d.Tr(com.Name), "", 1, "L", false, 0, "")
	if com.Address != "" {
		p.CellFormat(Width, 5, d.Tr(strings.Trim(com.Address+", "+com.City, ", ")), "", 1, "L", false, 0, "")
	}
	p.Ln(6)
	p.SetTextColor(0, 0, 0)
	p.SetFont("Helvetica", "B", size)
	p.MultiCell(Width, size/2, d.Tr(title), "", "L", false)
	p.Ln(3)
}

// Text writes a paragraph.
func (d *Doc) Text(s string) {
	d.PDF.SetFont("Helvetica", "", 11)
	d.PDF.MultiCell(Width, 6, d.Tr(s), "", "L", false)
	d.PDF.Ln(2)
}

// Line writes label and value on one line, the value right-aligned.
func (d *Doc) Line(label, value string, bold bool) {
	d.PDF.SetFont("Helvetica", style(bold), 11)
	d.PDF.CellFormat(Width-40, 7, d.Tr(label), "", 0, "L", false, 0, "")
	d.PDF.CellFormat(40, 7, d.Tr(value), "", 1, "R", false, 0, "")
}

// Row writes cells of the given widths as a table row, the first left-aligned and the others right-aligned.
func (d *Doc) Row(widths []float64, bold bool, cells ...string) {
	d.PDF.SetFont("Helvetica", style(bold), 9)
	for i, c := range cells {
		align, ln := "R", 0
		if i == 0 {
			align = "L"
		}
		if i == len(cells)-1 {
			ln = 1
		}
		d.PDF.CellFormat(widths[i], 6, d.Tr(c), "B", ln, align, false, 0, "")
	}
}

// Heading writes a section's heading.
func (d *Doc) Heading(s string) {
	d.PDF.Ln(3)
	d.PDF.SetFont("Helvetica", "B", 13)
	d.PDF.CellFormat(Width, 8, d.Tr(s), "", 1, "L", false, 0, "")
}

// Rule draws a line across the text's width.
func (d *Doc) Rule() {
	y := d.PDF.GetY() + 1
	d.PDF.Line(20, y, 20+Width, y)
	d.PDF.Ln(3)
}

// Bytes is the finished document.
func (d *Doc) Bytes() ([]byte, error) {
	var out bytes.Buffer
	if err := d.PDF.Output(&out); err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	return out.Bytes(), nil
}

func style(bold bool) string {
	if bold {
		return "B"
	}
	return ""
}
