package juntas_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
	"vecinos/internal/mail/mailtest"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testpdf"
)

// TestABouncedOwnerIsToldByALetter: Ana's email is accepted by the SMTP server, then bounces (a real
// Postfix DSN posted to the bounce recorder). The proof of notice shows the bounce, lists her for a
// paper letter, and the letters print one page per owner told on paper, read back page by page.
func TestABouncedOwnerIsToldByALetter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j := f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria)
		if _, err := f.svc.Convene(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		pdf, err := f.svc.Letters(ctx, f.admin, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if n := testpdf.Pages(t, pdf); n != 2 {
			t.Fatalf("%d letters, want Carla's (no confirmed email) and the unit without an owner's", n)
		}
		claimed, err := db.ClaimMail(ctx, f.clock(), 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		anaMail := ""
		for _, m := range claimed {
			if err := db.MarkMailSent(ctx, m.ID, f.clock()); err != nil {
				t.Fatal(err)
			}
			if m.Mail.To == email(t, db, f.ana) {
				anaMail = m.ID
			}
		}
		if anaMail == "" {
			t.Fatal("Ana's convocatoria was not queued")
		}
		f.advance(time.Hour)
		bounces := mail.NewBounces(db, mail.BounceOptions{Secret: "una-clave-de-prueba", Address: "bounces@vecinos.test", Now: f.clock, Log: quiet})
		rep, err := bounces.Report(ctx, "una-clave-de-prueba", mailtest.DSN(anaMail, email(t, db, f.ana), "failed", "5.1.1", true))
		if err != nil || rep.Recorded != 1 {
			t.Fatalf("the bounce: %+v, %v", rep, err)
		}
		proof, err := f.svc.Notices(ctx, f.admin, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range proof.Notices {
			bounced := n.UserID == f.ana.UserID
			if (n.BouncedAt != nil) != bounced || bounced && (n.SentAt == nil || n.BounceStatus != "5.1.1" || !n.BouncedAt.Equal(f.clock())) {
				t.Fatalf("notice of %s: %+v", n.Name, n)
			}
		}
		reasons := []string{}
		for _, p := range proof.Paper {
			reasons = append(reasons, p.Name+":"+p.Reason)
		}
		if strings.Join(reasons, ",") != "Ana Alonso:bounced,Carla Cano:no_email,:no_account" {
			t.Fatalf("paper notices: %v", reasons)
		}
		pdf, err = f.svc.Letters(ctx, f.admin, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if n := testpdf.Pages(t, pdf); n != 3 {
			t.Fatalf("%d letters, want 3", n)
		}
		for page, want := range map[int][]string{
			1: {"Ana Alonso (1A)", "Junta ordinaria del", "Por decisión de el presidente se convoca junta ordinaria de propietarios.",
				"1. Cuentas de 2026 (acuerdo, mayoría simple)", "2. Pintar la fachada (acuerdo, mayoría de tres quintos)", "3. Informe del presidente",
				"2B (Carla Cano): 123,45 €"},
			2: {"Carla Cano (2B)", "Orden del día:", "no están al corriente"},
			3: {"A la propiedad de 3A", "Primera convocatoria:"},
		} {
			text := testpdf.PageContains(t, pdf, page, want...)
			for _, other := range []string{"Ana Alonso (1A)", "Carla Cano (2B)", "A la propiedad de 3A"} {
				if !slicesContain(want, other) && strings.Contains(text, other) {
					t.Errorf("page %d is addressed to %q too", page, other)
				}
			}
		}
	})
}

func slicesContain(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func email(t *testing.T, db *store.DB, a *domain.Actor) string {
	t.Helper()
	return strs(t, db, "SELECT email FROM users WHERE id = $1", a.UserID)[0]
}

// TestTheAttendanceSheetAndTheActaReadBackPageByPage prints the attendance sheet and the signed acta and
// reads what a user sees on each page.
func TestTheAttendanceSheetAndTheActaReadBackPageByPage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j := f.held(t)
		sheet, err := f.svc.AttendanceSheet(ctx, f.admin, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if n := testpdf.Pages(t, sheet); n != 1 {
			t.Fatalf("the attendance sheet has %d pages, want 1", n)
		}
		testpdf.PageContains(t, sheet, 1, "Hoja de asistencia · Junta ordinaria del",
			"Propietario Viviendas Cuota % Asistencia Firma",
			"Ana Alonso 1A 40 Presente", "Ben Bravo 1B, 2A 35 Repr.: Beatriz Bravo", "Carla Cano 2B 20 Presente",
			"(sin propietario en la app) 3A 5",
			"Presentes y representados: 3 de 4 propietarios, 95 % de las cuotas. El quórum de primera\nconvocatoria se alcanza.")
		poll := *j.Points[0].PollID
		for _, who := range []*domain.Actor{f.ana, f.ben} {
			if err := f.svc.RecordVote(ctx, f.admin, j.ID, j.Points[0].ID, who.UserID, option(t, f, poll, domain.ChoiceFavour)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.svc.DraftActa(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		acta, _, err := f.svc.ActaPDF(ctx, f.ana, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		pages := testpdf.Pages(t, acta)
		first := testpdf.PageContains(t, acta, 1, "Acta", "primera convocatoria", "Ana Alonso (1A), cuota 40 %: presente",
			"representado por Beatriz Bravo", "1. Cuentas de 2026")
		testpdf.PageContains(t, acta, pages, "El presidente: Ana Alonso", "El secretario: Ben Bravo")
		if pages > 1 && strings.Contains(first, "El presidente: Ana Alonso") {
			t.Error("the signatures are on the first page of a longer acta")
		}
		all := testpdf.Text(t, acta)
		for _, want := range []string{"Se aprueba por mayoría simple", "A favor: 2 votos, cuota 75 %: Ana Alonso (40 %), Ben Bravo (35 %)"} {
			if !strings.Contains(all, want) {
				t.Errorf("the acta lacks %q:\n%s", want, all)
			}
		}
	})
}
