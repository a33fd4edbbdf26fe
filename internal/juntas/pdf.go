package juntas

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"vecinos/internal/domain"
)

// The juntas' PDFs: the convocatoria letters for those told on paper, the attendance sheet and the acta.
// The core Helvetica with the cp1252 translation covers Spanish and Catalan accents without embedding a
// font (as money's PDFs).

const pageWidth = 170.0

type doc struct {
	pdf *fpdf.Fpdf
	tr  func(string) string
}

// newDoc starts a PDF. at fixes its creation and modification dates: the same content at the same at
// makes the same bytes, which the acta's signatures hash.
func newDoc(title string, at time.Time) *doc {
	p := fpdf.New("P", "mm", "A4", "")
	p.SetCatalogSort(true)
	p.SetCreationDate(at)
	p.SetModificationDate(at)
	d := &doc{pdf: p, tr: p.UnicodeTranslatorFromDescriptor("cp1252")}
	p.SetTitle(title, true)
	p.SetMargins(20, 20, 20)
	p.SetAutoPageBreak(true, 20)
	return d
}

func (d *doc) page(com *domain.Community, title string) {
	p := d.pdf
	p.AddPage()
	p.SetTextColor(90, 90, 90)
	p.SetFont("Helvetica", "", 11)
	p.CellFormat(pageWidth, 6, d.tr(com.Name), "", 1, "L", false, 0, "")
	if com.Address != "" {
		p.CellFormat(pageWidth, 5, d.tr(strings.Trim(com.Address+", "+com.City, ", ")), "", 1, "L", false, 0, "")
	}
	p.Ln(6)
	p.SetTextColor(0, 0, 0)
	p.SetFont("Helvetica", "B", 16)
	p.MultiCell(pageWidth, 8, d.tr(title), "", "L", false)
	p.Ln(3)
}

func (d *doc) text(s string) {
	d.pdf.SetFont("Helvetica", "", 11)
	d.pdf.MultiCell(pageWidth, 6, d.tr(s), "", "L", false)
	d.pdf.Ln(2)
}

func (d *doc) bytes() ([]byte, error) {
	var out bytes.Buffer
	if err := d.pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("juntas pdf: %w", err)
	}
	return out.Bytes(), nil
}

// letters is one page per paper notice: to whom, and the convocatoria.
func letters(com *domain.Community, title, text string, paper []PaperNotice) ([]byte, error) {
	d := newDoc(title, time.Now())
	for _, n := range paper {
		d.page(com, title)
		to := "A la propiedad de " + strings.Join(n.Units, ", ")
		if n.Name != "" {
			to = n.Name + " (" + strings.Join(n.Units, ", ") + ")"
		}
		d.pdf.SetFont("Helvetica", "B", 11)
		d.pdf.MultiCell(pageWidth, 6, d.tr(to), "", "L", false)
		d.pdf.Ln(3)
		d.text(text)
	}
	if len(paper) == 0 {
		d.page(com, title)
		d.text("Todos los propietarios han recibido la convocatoria por email.")
	}
	return d.bytes()
}

// attendanceSheet is the list of owners with their cuotas, attendance and a space to sign.
func attendanceSheet(com *domain.Community, title string, p *Panel) ([]byte, error) {
	d := newDoc(title, time.Now())
	d.page(com, "Hoja de asistencia · "+title)
	pdf := d.pdf
	head := func() {
		pdf.SetFont("Helvetica", "B", 10)
		for _, c := range []struct {
			w float64
			s string
		}{{55, "Propietario"}, {35, "Viviendas"}, {20, "Cuota %"}, {30, "Asistencia"}, {30, "Firma"}} {
			pdf.CellFormat(c.w, 7, d.tr(c.s), "1", 0, "L", false, 0, "")
		}
		pdf.Ln(-1)
	}
	head()
	pdf.SetFont("Helvetica", "", 10)
	for _, a := range p.Attendees {
		status := map[domain.Attendance]string{domain.AttendancePresent: "Presente", domain.AttendanceAbsent: "Ausente",
			domain.AttendanceRepresented: "Repr.: " + a.Representative}[a.Status]
		pdf.CellFormat(55, 8, d.tr(a.Name), "1", 0, "L", false, 0, "")
		pdf.CellFormat(35, 8, d.tr(strings.Join(a.Units, ", ")), "1", 0, "L", false, 0, "")
		pdf.CellFormat(20, 8, d.tr(domain.CoefficientText(a.Cuota).String()), "1", 0, "R", false, 0, "")
		pdf.CellFormat(30, 8, d.tr(status), "1", 0, "L", false, 0, "")
		pdf.CellFormat(30, 8, "", "1", 1, "L", false, 0, "")
	}
	for _, u := range p.Ownerless {
		pdf.CellFormat(55, 8, d.tr("(sin propietario en la app)"), "1", 0, "L", false, 0, "")
		pdf.CellFormat(35, 8, d.tr(u.Label), "1", 0, "L", false, 0, "")
		pdf.CellFormat(20, 8, d.tr(domain.CoefficientText(u.Cuota).String()), "1", 0, "R", false, 0, "")
		pdf.CellFormat(30, 8, "", "1", 0, "L", false, 0, "")
		pdf.CellFormat(30, 8, "", "1", 1, "L", false, 0, "")
	}
	pdf.Ln(4)
	q := p.Quorum
	quorum := "no se alcanza"
	if q.Met {
		quorum = "se alcanza"
	}
	d.text(fmt.Sprintf("Presentes y representados: %d de %d propietarios, %s %% de las cuotas. El quórum de primera convocatoria %s.",
		q.OwnersIn, q.Owners, domain.CoefficientText(q.CuotaIn), quorum))
	return d.bytes()
}

// actaPDF is the acta: its text and the names of who signs it. Its dates are the junta's, so the same
// text always makes the same bytes.
func actaPDF(com *domain.Community, title string, j *domain.Junta) ([]byte, error) {
	at := j.FirstCall
	if j.HeldAt != nil {
		at = *j.HeldAt
	}
	d := newDoc(title, at)
	d.page(com, title)
	d.text(j.ActaText)
	d.pdf.Ln(10)
	d.pdf.SetFont("Helvetica", "", 11)
	d.pdf.CellFormat(pageWidth/2, 6, d.tr("El presidente: "+j.PresidentName), "", 0, "L", false, 0, "")
	d.pdf.CellFormat(pageWidth/2, 6, d.tr("El secretario: "+j.SecretaryName), "", 1, "L", false, 0, "")
	return d.bytes()
}
