package juntas_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/juntas"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/voting"
)

// fixture is a community of an admin (who owns nothing), three owners (Ben owns two units, Carla has not
// confirmed her email), a tenant, and a unit whose owner has no account; coeficientes add up to 100 %.
// Carla owes the community.
type fixture struct {
	svc                          *juntas.Service
	polls                        *voting.Service
	docs                         *documents.Service
	db                           *store.DB
	mu                           sync.Mutex
	now                          time.Time
	admin, ana, ben, carla, dani *domain.Actor
	other                        *domain.Actor
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func setup(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	as := storetest.Community(t, db, "Adela Admin", "Ana Alonso", "Ben Bravo", "Carla Cano", "Dani Díaz")
	f := &fixture{db: db, now: time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC), admin: as[0], ana: as[1], ben: as[2], carla: as[3], dani: as[4],
		other: storetest.Community(t, db, "Olga Otra")[0]}
	for _, u := range []struct {
		name  string
		owner *domain.Actor
		cuota int64
	}{{"1A", f.ana, 400000}, {"1B", f.ben, 200000}, {"2A", f.ben, 150000}, {"2B", f.carla, 200000}, {"3A", nil, 50000}} {
		var owner *string
		if u.owner != nil {
			owner = &u.owner.UserID
		}
		storetest.Exec(t, db, `INSERT INTO units (id, community_id, unit_number, owner_id, coefficient, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, 0, 0)`, domain.NewID(), f.admin.CommunityID, u.name, owner, u.cuota)
	}
	storetest.Exec(t, db, "UPDATE users SET email_confirmed_at = NULL WHERE id = $1", f.carla.UserID)
	f.polls = voting.New(db, voting.Options{Now: f.clock, Log: quiet})
	fs, err := files.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f.docs = documents.New(db, fs, documents.Options{Now: f.clock, Log: quiet})
	f.svc = juntas.New(db, juntas.Options{Polls: f.polls, Archive: f.docs, Now: f.clock, Log: quiet,
		Debtors: func(_ context.Context, communityID string) ([]domain.JuntaDebtor, error) {
			if communityID != f.admin.CommunityID {
				return nil, nil
			}
			return []domain.JuntaDebtor{{Unit: "2B", Owner: "Carla Cano", Owed: 12345}}, nil
		}})
	return f
}

func count(t *testing.T, db *store.DB, q string, args ...any) int {
	t.Helper()
	n, err := strconv.Atoi(storetest.Rows(t, db, q, args...)[0][0])
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func strs(t *testing.T, db *store.DB, q string, args ...any) []string {
	t.Helper()
	var out []string
	for _, r := range storetest.Rows(t, db, q, args...) {
		out = append(out, r[0])
	}
	return out
}

func (f *fixture) clock() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fixture) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// draft is an ordinaria in ahead, with two agreement points and one informative point; Ana presides and
// Ben is the secretary.
func (f *fixture) draft(t *testing.T, ahead time.Duration, kind domain.JuntaKind) *domain.Junta {
	t.Helper()
	j, err := f.svc.Create(context.Background(), f.admin, juntas.Input{Kind: kind, FirstCall: f.clock().Add(ahead), Place: "Portal",
		PresidentID: f.ana.UserID, SecretaryID: f.ben.UserID, Points: []juntas.PointInput{
			{Title: "Cuentas de 2026", Agreement: true},
			{Title: "Pintar la fachada", Agreement: true, Majority: domain.MajorityThreeFifths},
			{Title: "Informe del presidente"}}})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func wantCode(t *testing.T, err error, code domain.Code, contains string) {
	t.Helper()
	if err == nil || domain.ErrorCode(err) != code || !strings.Contains(err.Error(), contains) {
		t.Fatalf("want a %s error with %q, got %v", code, contains, err)
	}
}

func TestAnOrdinariaGetsTheStandardPointsAndADraftCanBeEdited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j, err := f.svc.Create(ctx, f.admin, juntas.Input{FirstCall: f.clock().Add(10 * 24 * time.Hour), Place: "Portal"})
		if err != nil {
			t.Fatal(err)
		}
		if j.Kind != domain.JuntaOrdinaria || len(j.Points) != 4 || !j.Points[0].Agreement || j.Points[3].Agreement {
			t.Fatalf("the standard points: %+v", j.Points)
		}
		if got := j.SecondCall.Sub(j.FirstCall); got != juntas.MinCallGap {
			t.Fatalf("second call %v after the first", got)
		}
		second := j.FirstCall.Add(20 * time.Minute)
		_, err = f.svc.Update(ctx, f.admin, j.ID, juntas.Input{FirstCall: j.FirstCall, SecondCall: &second, Place: "Portal"})
		wantCode(t, err, domain.CodeInvalid, "media hora")
		_, err = f.svc.Update(ctx, f.admin, j.ID, juntas.Input{FirstCall: j.FirstCall, VideoLink: "http://meet"})
		wantCode(t, err, domain.CodeInvalid, "https://")
		j, err = f.svc.Update(ctx, f.admin, j.ID, juntas.Input{Kind: domain.JuntaExtraordinaria, FirstCall: j.FirstCall,
			VideoLink: "https://meet.example/x", Points: []juntas.PointInput{{Title: "Ascensor", Agreement: true}}})
		if err != nil {
			t.Fatal(err)
		}
		if j.Kind != domain.JuntaExtraordinaria || len(j.Points) != 1 || j.Points[0].Majority != domain.MajoritySimple {
			t.Fatalf("edited: %+v", j)
		}
		if txt := f.svc.Text(j, domain.Spanish, time.UTC, false); !strings.Contains(txt, "no están reguladas") {
			t.Fatalf("an online junta says that it is not regulated: %s", txt)
		}
		if _, err := f.svc.Create(ctx, f.ana, juntas.Input{FirstCall: j.FirstCall, Place: "x"}); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("a member creates a junta: %v", err)
		}
		if _, err := f.svc.Get(ctx, f.ana, j.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("a member reads a draft: %v", err)
		}
		if _, err := f.svc.Get(ctx, f.other, j.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("another community reads it: %v", err)
		}
	})
}

func TestTheNoticePeriodOfAnOrdinariaIsSixDays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		soon := f.draft(t, 5*24*time.Hour+23*time.Hour, domain.JuntaOrdinaria)
		_, err := f.svc.Convene(ctx, f.admin, soon.ID)
		wantCode(t, err, domain.CodeInvalid, "6 días de antelación")
		if n := count(t, db, "SELECT COUNT(*) FROM mail_outbox"); n != 0 {
			t.Fatalf("a refused convocatoria queued %d emails", n)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM polls"); n != 0 {
			t.Fatalf("a refused convocatoria made %d votes", n)
		}
		ok := f.draft(t, 6*24*time.Hour, domain.JuntaOrdinaria)
		if _, err := f.svc.Convene(ctx, f.admin, ok.ID); err != nil {
			t.Fatal(err)
		}
		extra := f.draft(t, 24*time.Hour, domain.JuntaExtraordinaria)
		if _, err := f.svc.Convene(ctx, f.admin, extra.ID); err != nil {
			t.Fatalf("an extraordinaria needs no 6 days: %v", err)
		}
		past := f.draft(t, -time.Hour, domain.JuntaExtraordinaria)
		_, err = f.svc.Convene(ctx, f.admin, past.ID)
		wantCode(t, err, domain.CodeInvalid, "ya ha pasado")
	})
}

func TestPromotersMustHoldAQuarterOfOwnersOrCuotas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		// 4 owners (3 with an account and one unit without): Carla alone is 1 of 4 owners, a quarter.
		for _, c := range []struct {
			promoters []string
			ok        bool
		}{{[]string{f.carla.UserID}, true}, {[]string{f.dani.UserID}, false}} {
			j, err := f.svc.Create(ctx, f.admin, juntas.Input{Kind: domain.JuntaExtraordinaria, FirstCall: f.clock().Add(48 * time.Hour), Place: "Portal",
				ConvenedBy: domain.ConvenedByPromoters, Promoters: c.promoters, Points: []juntas.PointInput{{Title: "Cambiar de administrador"}}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.Convene(ctx, f.admin, j.ID)
			if c.ok && err != nil {
				t.Fatalf("%v: %v", c.promoters, err)
			}
			if !c.ok {
				wantCode(t, err, domain.CodeInvalid, "cuarta parte")
			}
		}
	})
}

func TestConveningTellsEveryOwnerAndMakesTheAgreementsJuntaVotes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j := f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria)
		j, err := f.svc.Convene(ctx, f.admin, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if j.Status != domain.JuntaConvened || j.Points[0].PollID == nil || j.Points[1].PollID == nil || j.Points[2].PollID != nil {
			t.Fatalf("convened: %+v", j)
		}
		p, err := f.polls.Get(ctx, f.admin, *j.Points[1].PollID)
		if err != nil {
			t.Fatal(err)
		}
		if p.Poll.Kind != domain.PollJunta || p.Poll.Majority != domain.MajorityThreeFifths || p.Poll.Status != domain.PollDraft {
			t.Fatalf("the point's vote: %+v", p.Poll)
		}
		// Ana and Ben get the email; Carla (no confirmed email) and the unit without an owner are on paper.
		if n := count(t, db, "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'mail'"); n != 2 {
			t.Fatalf("%d emails, want 2", n)
		}
		proof, err := f.svc.Notices(ctx, f.admin, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(proof.Notices) != 3 || len(proof.Paper) != 2 {
			t.Fatalf("proof: %+v", proof)
		}
		for _, n := range proof.Notices {
			if (n.Email == nil) != (n.UserID == f.carla.UserID) || (n.QueuedAt == nil) != (n.Email == nil) || n.SentAt != nil || n.OpenedAt != nil {
				t.Fatalf("notice of %s: %+v", n.Name, n)
			}
		}
		pdf, err := f.svc.Letters(ctx, f.admin, j.ID)
		if err != nil || !strings.HasPrefix(string(pdf), "%PDF") {
			t.Fatalf("letters: %v", err)
		}
		// SMTP accepts every email; Ana opens the convocatoria in the app.
		claimed, err := db.ClaimMail(ctx, f.clock().Add(time.Minute), 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range claimed {
			if err := db.MarkMailSent(ctx, m.ID, f.clock().Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := f.svc.Get(ctx, f.ana, j.ID); err != nil {
			t.Fatal(err)
		}
		proof, _ = f.svc.Notices(ctx, f.admin, j.ID)
		for _, n := range proof.Notices {
			if n.Email != nil && n.SentAt == nil {
				t.Fatalf("%s: the SMTP acceptance is not recorded", n.Name)
			}
			if (n.OpenedAt != nil) != (n.UserID == f.ana.UserID) {
				t.Fatalf("%s opened: %v", n.Name, n.OpenedAt)
			}
		}
		if _, err := f.svc.Notices(ctx, f.ana, j.ID); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("a member reads the proof of notice: %v", err)
		}
	})
}

func TestTheDebtorsListIsOnlyInTheOwnersCopies(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j := f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria)
		if _, err := f.svc.Convene(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		// Every email goes to an owner, and each carries the list.
		bodies := strs(t, db, "SELECT text_body FROM mail_outbox WHERE kind = 'mail'")
		for _, b := range bodies {
			if !strings.Contains(b, "Carla Cano") || !strings.Contains(b, "123,45") {
				t.Fatalf("an owner's email without the debtors' list:\n%s", b)
			}
		}
		tenant, err := f.svc.Get(ctx, f.dani, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if tenant.Debtors != nil || tenant.IsOwner {
			t.Fatalf("the tenant's copy has the debtors: %+v", tenant.Debtors)
		}
		if txt := f.svc.Text(tenant.Junta, domain.Spanish, time.UTC, tenant.IsOwner); strings.Contains(txt, "Carla") {
			t.Fatalf("the tenant's text names a debtor:\n%s", txt)
		}
		owner, err := f.svc.Get(ctx, f.ben, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(owner.Debtors) != 1 || owner.Debtors[0].Owner != "Carla Cano" {
			t.Fatalf("the owner's copy: %+v", owner.Debtors)
		}
	})
}

// held convenes a junta, reaches its first call and marks Ana present and Ben represented (6 of the 10
// owners' quarters... 2 of 4 owners is not a majority, so Carla comes too).
func (f *fixture) held(t *testing.T) *domain.Junta {
	t.Helper()
	ctx := context.Background()
	j := f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria)
	if _, err := f.svc.Convene(ctx, f.admin, j.ID); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.SetAttendance(ctx, f.admin, j.ID, juntas.Mark{OwnerID: f.ana.UserID, Status: domain.AttendancePresent})
	wantCode(t, err, domain.CodeConflict, "aún no ha empezado")
	f.advance(8 * 24 * time.Hour)
	for _, m := range []juntas.Mark{{OwnerID: f.ana.UserID, Status: domain.AttendancePresent},
		{OwnerID: f.ben.UserID, Status: domain.AttendanceRepresented, Representative: "Beatriz Bravo"},
		{OwnerID: f.carla.UserID, Status: domain.AttendancePresent}} {
		if _, err := f.svc.SetAttendance(ctx, f.admin, j.ID, m); err != nil {
			t.Fatal(err)
		}
	}
	panel, err := f.svc.Attendance(ctx, f.admin, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if q := panel.Quorum; !q.Met || q.OwnersIn != 3 || q.Owners != 4 || q.CuotaIn != 950000 {
		t.Fatalf("quorum: %+v", q)
	}
	j, err = f.svc.Hold(ctx, f.admin, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if j.Status != domain.JuntaHeld || j.HeldCall != domain.FirstCall {
		t.Fatalf("held: %+v", j)
	}
	return j
}

func option(t *testing.T, f *fixture, pollID string, c domain.Choice) string {
	t.Helper()
	v, err := f.polls.Get(context.Background(), f.admin, pollID)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range v.Poll.Options {
		if o.Choice == c {
			return o.ID
		}
	}
	t.Fatalf("no option %s", c)
	return ""
}

func TestTheActaIsSignedByPresidentAndSecretaryOverTheHashOfItsPDF(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j := f.held(t)
		poll := *j.Points[0].PollID
		for _, who := range []*domain.Actor{f.ana, f.ben} {
			if err := f.svc.RecordVote(ctx, f.admin, j.ID, j.Points[0].ID, who.UserID, option(t, f, poll, domain.ChoiceFavour)); err != nil {
				t.Fatal(err)
			}
		}
		err := f.svc.RecordVote(ctx, f.admin, j.ID, j.Points[0].ID, f.dani.UserID, option(t, f, poll, domain.ChoiceFavour))
		wantCode(t, err, domain.CodeInvalid, "presente o representado")
		err = f.svc.RecordVote(ctx, f.admin, j.ID, j.Points[0].ID, f.ana.UserID, option(t, f, poll, domain.ChoiceAgainst))
		if domain.ErrorCode(err) != domain.CodeConflict {
			t.Fatalf("a point voted twice: %v", err)
		}
		j, err = f.svc.DraftActa(ctx, f.admin, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"primera convocatoria", "Ana Alonso (1A), cuota 40 %: presente", "representado por Beatriz Bravo",
			"1. Cuentas de 2026", "Se aprueba por mayoría simple", "Punto informativo", "3 de 4 propietarios",
			"- A favor: 2 votos, cuota 75 %: Ana Alonso (40 %), Ben Bravo (35 %)"} {
			if !strings.Contains(j.ActaText, want) {
				t.Fatalf("the acta lacks %q:\n%s", want, j.ActaText)
			}
		}
		_, err = f.svc.Sign(ctx, f.carla, j.ID)
		wantCode(t, err, domain.CodeForbidden, "presidente y el secretario")
		if _, err := f.svc.Sign(ctx, f.ana, j.ID); err != nil {
			t.Fatal(err)
		}
		pdf, hash, err := f.svc.ActaPDF(ctx, f.ana, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(pdf)
		v, _ := f.svc.Get(ctx, f.ana, j.ID)
		if j.ActaNumber == nil || *j.ActaNumber != 1 {
			t.Fatalf("the first acta of the libro: %v", j.ActaNumber)
		}
		if len(v.Signed) != 1 || v.Signed[0].SHA256 != hex.EncodeToString(sum[:]) || v.Signed[0].SHA256 != hash || v.Signed[0].Role != juntas.RolePresident {
			t.Fatalf("the president's signature: %+v, the PDF's hash %s", v.Signed, hash)
		}
		// The secretary changes the text: the president's signature is void.
		if _, err := f.svc.SaveActa(ctx, f.ben, j.ID, j.ActaText+"\nSe corrige una errata."); err != nil {
			t.Fatal(err)
		}
		if v, _ := f.svc.Get(ctx, f.ana, j.ID); len(v.Signed) != 0 || len(v.CanSign) != 1 {
			t.Fatalf("a change kept the signatures: %+v", v.Signed)
		}
		f.advance(48 * time.Hour) // signed two days after the vote closed
		if _, err := f.svc.Sign(ctx, f.ben, j.ID); err != nil {
			t.Fatal(err)
		}
		j, err = f.svc.Sign(ctx, f.ana, j.ID)
		if err != nil {
			t.Fatal(err)
		}
		if j.Status != domain.JuntaSigned {
			t.Fatalf("signed by both: %s", j.Status)
		}
		// Carla, present but silent on the first point, is absent from its vote: her 30 days to object
		// (art. 17.8) run from the sending of the signed acta, not from the close of the vote.
		sent := f.clock().UTC().Truncate(time.Millisecond)
		if got := strs(t, db, "SELECT objection_until FROM polls WHERE id = $1", poll); len(got) != 1 ||
			got[0] != strconv.FormatInt(sent.Add(domain.ObjectionPeriod).UnixMilli(), 10) {
			t.Fatalf("the objection period of the first point ends at %v, want 30 days after %v", got, sent)
		}
		j2, _ := f.svc.Get(ctx, f.dani, j.ID)
		if j2.Junta.ActaDocumentID == nil {
			t.Fatal("the signed acta is not filed in Documentos")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM documents d JOIN document_categories c ON c.id = d.category_id
			WHERE d.id = $1 AND c.kind = 'actas'`, *j2.Junta.ActaDocumentID); n != 1 {
			t.Fatalf("filed under Actas: %d", n)
		}
		_, err = f.svc.SetAttendance(ctx, f.admin, j.ID, juntas.Mark{OwnerID: f.carla.UserID, Status: domain.AttendanceAbsent})
		wantCode(t, err, domain.CodeConflict, "firmada")
		_, err = f.svc.SaveActa(ctx, f.ben, j.ID, "otra cosa")
		wantCode(t, err, domain.CodeConflict, "firmada")
	})
}

func TestAnUnsignedActaIsRemindedAWeekAfterTheJunta(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		j := f.held(t)
		if _, err := f.svc.DraftActa(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Sign(ctx, f.ben, j.ID); err != nil {
			t.Fatal(err)
		}
		before := count(t, db, "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'mail'")
		f.advance(6 * 24 * time.Hour)
		if err := f.svc.Settle(ctx, f.clock()); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, "SELECT COUNT(*) FROM mail_outbox WHERE kind = 'mail'"); n != before {
			t.Fatalf("reminded after 6 days: %d emails", n-before)
		}
		f.advance(24 * time.Hour)
		for range 2 {
			if err := f.svc.Settle(ctx, f.clock()); err != nil {
				t.Fatal(err)
			}
		}
		// Only the president, who has not signed, is reminded, once.
		subjects := strs(t, db, "SELECT to_addr || ' ' || subject FROM mail_outbox WHERE kind = 'mail' AND subject LIKE 'Acta sin firmar%'")
		if len(subjects) != 1 || !strings.HasPrefix(subjects[0], "u1-") {
			t.Fatalf("reminders: %v", subjects)
		}
	})
}

func TestTheNextJuntaIsTheSoonestConvened(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		if j, err := f.svc.Next(ctx, f.dani); err != nil || j != nil {
			t.Fatalf("no junta yet: %v %v", j, err)
		}
		later := f.draft(t, 20*24*time.Hour, domain.JuntaOrdinaria)
		sooner := f.draft(t, 10*24*time.Hour, domain.JuntaOrdinaria)
		f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria) // a draft is nobody's next junta
		for _, j := range []*domain.Junta{later, sooner} {
			if _, err := f.svc.Convene(ctx, f.admin, j.ID); err != nil {
				t.Fatal(err)
			}
		}
		j, err := f.svc.Next(ctx, f.dani)
		if err != nil || j == nil || j.ID != sooner.ID || len(j.Points) != 3 {
			t.Fatalf("next: %+v %v", j, err)
		}
		if j, _ := f.svc.Next(ctx, f.other); j != nil {
			t.Fatalf("another community's next junta: %+v", j)
		}
	})
}

func TestTheLibroDeActasNumbersEachActaOnceInItsCommunity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		first := f.held(t)
		second := f.held(t)
		for _, c := range []struct {
			j    *domain.Junta
			want int
		}{{second, 1}, {first, 2}, {second, 1}} { // drafting again keeps the number
			j, err := f.svc.DraftActa(ctx, f.admin, c.j.ID)
			if err != nil {
				t.Fatal(err)
			}
			if j.ActaNumber == nil || *j.ActaNumber != c.want {
				t.Fatalf("acta number %v, want %d", j.ActaNumber, c.want)
			}
		}
		pdf, _, err := f.svc.ActaPDF(ctx, f.admin, first.ID)
		if err != nil || !strings.HasPrefix(string(pdf), "%PDF") {
			t.Fatalf("acta PDF: %v", err)
		}
		sheet, err := f.svc.AttendanceSheet(ctx, f.admin, first.ID)
		if err != nil || !strings.HasPrefix(string(sheet), "%PDF") {
			t.Fatalf("attendance sheet: %v", err)
		}
		if _, err := f.svc.AttendanceSheet(ctx, f.ana, first.ID); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Fatalf("a member prints the attendance sheet: %v", err)
		}
	})
}
