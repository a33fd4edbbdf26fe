package juntas

import (
	"fmt"
	"strings"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/pdfdoc"
)

// The juntas' PDFs, laid out by pdfdoc: the convocatoria letters for those told on paper, the attendance
// sheet and the acta. The acta's is made at a fixed time, so that its bytes, which the signatures hash,
// depend only on its content.

// letters is one page per paper notice: to whom, and the convocatoria.
func letters(com *domain.Community, title, text string, paper []PaperNotice) ([]byte, error) {
	d := pdfdoc.New(title, time.Now())
	for _, n := range paper {
		d.Page(com, title, 16)
		to := "A la propiedad de " + strings.Join(n.Units, ", ")
		if n.Name != "" {
			to = n.Name + " (" + strings.Join(n.Units, ", ") + ")"
		}
		d.PDF.SetFont("Helvetica", "B", 11)
		d.PDF.MultiCell(pdfdoc.Width, 6, d.Tr(to), "", "L", false)
		d.PDF.Ln(3)
		d.Text(text)
	}
	if len(paper) == 0 {
		d.Page(com, title, 16)
		d.Text("Todos los propietarios han recibido la convocatoria por email.")
	}
	return d.Bytes()
}

// attendanceSheet is the list of owners with their cuotas, attendance and a space to sign.
func attendanceSheet(com *domain.Community, title string, p *Panel) ([]byte, error) {
	d := pdfdoc.New(title, time.Now())
	d.Page(com, "Hoja de asistencia · "+title, 16)
	pdf := d.PDF
	head := func() {
		pdf.SetFont("Helvetica", "B", 10)
		for _, c := range []struct {
			w float64
			s string
		}{{55, "Propietario"}, {35, "Viviendas"}, {20, "Cuota %"}, {30, "Asistencia"}, {30, "Firma"}} {
			pdf.CellFormat(c.w, 7, d.Tr(c.s), "1", 0, "L", false, 0, "")
		}
		pdf.Ln(-1)
	}
	head()
	pdf.SetFont("Helvetica", "", 10)
	for _, a := range p.Attendees {
		status := map[domain.Attendance]string{domain.AttendancePresent: "Presente", domain.AttendanceAbsent: "Ausente",
			domain.AttendanceRepresented: "Repr.: " + a.Representative}[a.Status]
		pdf.CellFormat(55, 8, d.Tr(a.Name), "1", 0, "L", false, 0, "")
		pdf.CellFormat(35, 8, d.Tr(strings.Join(a.Units, ", ")), "1", 0, "L", false, 0, "")
		pdf.CellFormat(20, 8, d.Tr(domain.CoefficientText(a.Cuota).String()), "1", 0, "R", false, 0, "")
		pdf.CellFormat(30, 8, d.Tr(status), "1", 0, "L", false, 0, "")
		pdf.CellFormat(30, 8, "", "1", 1, "L", false, 0, "")
	}
	for _, u := range p.Ownerless {
		pdf.CellFormat(55, 8, d.Tr("(sin propietario en la app)"), "1", 0, "L", false, 0, "")
		pdf.CellFormat(35, 8, d.Tr(u.Label), "1", 0, "L", false, 0, "")
		pdf.CellFormat(20, 8, d.Tr(domain.CoefficientText(u.Cuota).String()), "1", 0, "R", false, 0, "")
		pdf.CellFormat(30, 8, "", "1", 0, "L", false, 0, "")
		pdf.CellFormat(30, 8, "", "1", 1, "L", false, 0, "")
	}
	pdf.Ln(4)
	q := p.Quorum
	quorum := "no se alcanza"
	if q.Met {
		quorum = "se alcanza"
	}
	d.Text(fmt.Sprintf("Presentes y representados: %d de %d propietarios, %s %% de las cuotas. El quórum de primera convocatoria %s.",
		q.OwnersIn, q.Owners, domain.CoefficientText(q.CuotaIn), quorum))
	return d.Bytes()
}

// actaPDF is the acta: its text and the names of who signs it. Its dates are the junta's, so the same
// text always makes the same bytes.
func actaPDF(com *domain.Community, title string, j *domain.Junta) ([]byte, error) {
	at := j.FirstCall
	if j.HeldAt != nil {
		at = *j.HeldAt
	}
	d := pdfdoc.New(title, at)
	d.Page(com, title, 16)
	d.Text(j.ActaText)
	d.PDF.Ln(10)
	d.PDF.SetFont("Helvetica", "", 11)
	d.PDF.CellFormat(pdfdoc.Width/2, 6, d.Tr("El presidente: "+j.PresidentName), "", 0, "L", false, 0, "")
	d.PDF.CellFormat(pdfdoc.Width/2, 6, d.Tr("El secretario: "+j.SecretaryName), "", 1, "L", false, 0, "")
	return d.Bytes()
}
