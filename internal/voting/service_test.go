package voting_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/voting"
)

// fixture is a community of an admin (who owns nothing), three owners (Ben owns two units) and a tenant,
// with coeficientes adding up to 100 %; and the admin of another community.
type fixture struct {
	svc                          *voting.Service
	db                           *store.DB
	mu                           sync.Mutex
	now                          time.Time
	admin, ana, ben, carla, dani *domain.Actor
	other                        *domain.Actor
	unit                         map[string]string // by name
}

func setup(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	as := storetest.Community(t, db, "Adela Admin", "Ana Alonso", "Ben Bravo", "Carla Cano", "Dani Díaz")
	f := &fixture{db: db, now: time.Now().UTC(), admin: as[0], ana: as[1], ben: as[2], carla: as[3], dani: as[4],
		other: storetest.Community(t, db, "Olga Otra")[0], unit: map[string]string{}}
	for _, u := range []struct {
		name  string
		owner *domain.Actor
		cuota int64
	}{{"1A", f.ana, 400000}, {"1B", f.ben, 200000}, {"2A", f.ben, 150000}, {"2B", f.carla, 250000}} {
		id := domain.NewID()
		f.unit[u.name] = id
		storetest.Exec(t, db, `INSERT INTO units (id, community_id, unit_number, owner_id, coefficient, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, 0, 0)`, id, f.admin.CommunityID, u.name, u.owner.UserID, u.cuota)
	}
	f.svc = voting.New(db, voting.Options{Now: f.clock, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return f
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

// settle runs the job's step (internal/purge runs it every minute) at the fixture's time.
func (f *fixture) settle(t *testing.T) {
	t.Helper()
	if err := f.svc.Settle(context.Background(), f.clock()); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) consulta(t *testing.T, in voting.Input) *domain.Poll {
	t.Helper()
	in.Kind, in.Title, in.Options, in.ClosesAt = domain.PollConsulta, "¿Pintamos el portal?", []string{"Sí", "No"}, f.clock().Add(48*time.Hour)
	p, err := f.svc.Create(context.Background(), f.admin, in)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Publish(context.Background(), f.admin, p.ID); err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *fixture) junta(t *testing.T, in voting.Input) *domain.Poll {
	t.Helper()
	juntaDate := f.clock().Add(24 * time.Hour)
	in.Kind, in.Title, in.ClosesAt, in.JuntaDate = domain.PollJunta, "Cambio del ascensor", f.clock().Add(48*time.Hour), &juntaDate
	p, err := f.svc.Create(context.Background(), f.admin, in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func wantCode(t *testing.T, err error, code domain.Code, detail string) {
	t.Helper()
	if domain.ErrorCode(err) != code || (detail != "" && domain.ErrorMessage(err) != detail) {
		t.Fatalf("got %v, want %s %q", err, code, detail)
	}
}

func option(p *domain.Poll, text string) string {
	for _, o := range p.Options {
		if o.Text == text {
			return o.ID
		}
	}
	panic("no option " + text)
}

func (f *fixture) vote(t *testing.T, a *domain.Actor, p *domain.Poll, text string, forOwner *domain.Actor) *voting.Voted {
	t.Helper()
	in := voting.VoteInput{OptionID: option(p, text)}
	if forOwner != nil {
		in.For = forOwner.UserID
	}
	v, err := f.svc.Vote(context.Background(), a, p.ID, in)
	if err != nil {
		t.Fatalf("%s votes %s: %v", a.FullName, text, err)
	}
	return v
}

func (f *fixture) get(t *testing.T, a *domain.Actor, p *domain.Poll) *voting.View {
	t.Helper()
	v, err := f.svc.Get(context.Background(), a, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Only admins reach Create, Update, Publish and Close (their routes admit admins only: httpapi's
// TestEveryRouteChecksItsDeclaredAccess).
func TestAdminsCreateEditPublishAndCloseTheirCommunitysPolls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		in := voting.Input{Title: "¿Fiesta?", Options: []string{"Sí", "No"}, ClosesAt: f.clock().Add(time.Hour)}
		p, err := f.svc.Create(ctx, f.admin, in)
		if err != nil {
			t.Fatal(err)
		}
		// Members do not see drafts; another community does not find them.
		_, err = f.svc.Get(ctx, f.ana, p.ID)
		wantCode(t, err, domain.CodeNotFound, "")
		_, err = f.svc.Update(ctx, f.other, p.ID, in)
		wantCode(t, err, domain.CodeNotFound, "No se encontró la votación")
		_, err = f.svc.Get(ctx, f.other, p.ID)
		wantCode(t, err, domain.CodeNotFound, "No se encontró la votación")

		in.Title = "¿Fiesta de verano?"
		if got, err := f.svc.Update(ctx, f.admin, p.ID, in); err != nil || got.Title != in.Title {
			t.Fatalf("admin edits: %v %v", got, err)
		}
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		// Editable only as a draft.
		_, err = f.svc.Update(ctx, f.admin, p.ID, in)
		wantCode(t, err, domain.CodeConflict, "Solo se puede modificar una votación en borrador")
		_, err = f.svc.Close(ctx, f.other, p.ID)
		wantCode(t, err, domain.CodeNotFound, "")
		_, err = f.svc.Vote(ctx, f.other, p.ID, voting.VoteInput{OptionID: option(p, "Sí")})
		wantCode(t, err, domain.CodeNotFound, "")
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		if got := f.get(t, f.ana, p); got.Poll.Status != domain.PollClosed {
			t.Fatalf("closed early: %v", got.Poll.Status)
		}
		// The wall's quick consulta opens at once.
		q, err := f.svc.CreateWallConsulta(ctx, f.admin, "¿Barbacoa?", []string{"Sí", "No"}, f.clock().Add(time.Hour))
		if err != nil || q.Status != domain.PollOpen {
			t.Fatalf("quick consulta: %v %v", q, err)
		}
	})
}

func TestVotesOnDraftAndClosedPollsAreRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		p, err := f.svc.Create(ctx, f.admin, voting.Input{Title: "¿Fiesta?", Options: []string{"Sí", "No"}, ClosesAt: f.clock().Add(time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Vote(ctx, f.admin, p.ID, voting.VoteInput{OptionID: option(p, "Sí")})
		wantCode(t, err, domain.CodeConflict, "La votación no está activa")
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		f.vote(t, f.ana, p, "Sí", nil)
		// Closed by its time: its status, computed on read, refuses the vote before the job records the close.
		f.advance(time.Hour)
		_, err = f.svc.Vote(ctx, f.ben, p.ID, voting.VoteInput{OptionID: option(p, "No")})
		wantCode(t, err, domain.CodeConflict, "La votación no está activa")
		if v := f.get(t, f.ben, p); v.Poll.Status != domain.PollClosed || v.Result.TotalVotes != 1 {
			t.Fatalf("after the close: %v, %d votes", v.Poll.Status, v.Result.TotalVotes)
		}
	})
}

func TestTwentyConcurrentVotesFromOneVoterCountOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		for _, kind := range []domain.PollKind{domain.PollConsulta, domain.PollJunta} {
			var p *domain.Poll
			if kind == domain.PollConsulta {
				p = f.consulta(t, voting.Input{})
			} else {
				p = f.junta(t, voting.Input{})
				if _, err := f.svc.Publish(context.Background(), f.admin, p.ID); err != nil {
					t.Fatal(err)
				}
			}
			var wg sync.WaitGroup
			errs := make([]error, 20)
			for i := range errs {
				wg.Go(func() {
					// Alternate the options: whichever arrives first is the one vote.
					_, errs[i] = f.svc.Vote(context.Background(), f.ben, p.ID, voting.VoteInput{OptionID: p.Options[i%2].ID})
				})
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				if err == nil {
					ok++
				} else {
					wantCode(t, err, domain.CodeConflict, "Ya has votado en esta votación")
				}
			}
			if ok != 1 {
				t.Fatalf("%s: %d votes accepted", kind, ok)
			}
			v := f.get(t, f.ben, p)
			if v.Result.TotalVotes != 1 || v.Mine == nil {
				t.Fatalf("%s: %d votes counted", kind, v.Result.TotalVotes)
			}
			rows := storetest.Rows(t, db, "SELECT (SELECT COUNT(*) FROM poll_voters WHERE poll_id = $1), (SELECT COUNT(*) FROM poll_ballots WHERE poll_id = $1)", p.ID)
			if rows[0][0] != "1" || rows[0][1] != "1" {
				t.Fatalf("%s: stored %v", kind, rows)
			}
			// Ben owns two units: his one vote carries both cuotas (20 % + 15 %).
			if kind == domain.PollJunta && v.MyWeight != 350000 {
				t.Fatalf("Ben's weight %s", v.MyWeight)
			}
		}
	})
}

func TestAChangeOfVoteKeepsOneVote(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		p := f.consulta(t, voting.Input{AllowChange: true, Secret: true})
		first := f.vote(t, f.ana, p, "Sí", nil)
		// A secret vote changes only with the key its vote was given: the server cannot find the ballot otherwise.
		_, err := f.svc.Vote(ctx, f.ana, p.ID, voting.VoteInput{OptionID: option(p, "No")})
		wantCode(t, err, domain.CodeInvalid, "Para cambiar un voto secreto indica el justificante que recibiste al votar")
		if first.Key == "" || first.Key == first.Receipt {
			t.Fatalf("no key to change the vote: %+v", first)
		}
		if v, err := f.svc.Vote(ctx, f.ana, p.ID, voting.VoteInput{OptionID: option(p, "No"), Key: first.Key}); err != nil || !v.Changed || v.Receipt != first.Receipt {
			t.Fatalf("change: %v %v", v, err)
		}
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		r := f.get(t, f.ana, p).Result
		if r.TotalVotes != 1 || r.Options[1].Votes != 1 || !slices.Equal(r.Options[1].Receipts, []string{first.Receipt}) {
			t.Fatalf("after the change: %+v", r.Options)
		}
	})
}

func TestJuntaVoteWithRepresentationAbsentOwnersAndObjection(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		p := f.junta(t, voting.Input{})
		// The coeficientes must add up to 100 % to open.
		storetest.Exec(t, db, "UPDATE units SET coefficient = 200000 WHERE id = $1", f.unit["2B"])
		_, err := f.svc.Publish(ctx, f.admin, p.ID)
		wantCode(t, err, domain.CodeConflict, "Los coeficientes de las viviendas suman 95 %: deben sumar 100 % para abrir una votación de junta")
		storetest.Exec(t, db, "UPDATE units SET coefficient = 250000 WHERE id = $1", f.unit["2B"])
		// Ana is represented by Dani, a tenant, and may revoke it until her vote is cast.
		if err := f.svc.Delegate(ctx, f.ana, p.ID, f.ben.UserID, false); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Delegate(ctx, f.ana, p.ID, f.dani.UserID, false); err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.svc.Delegate(ctx, f.dani, p.ID, f.ana.UserID, false), domain.CodeForbidden, "Solo un propietario puede delegar su voto")
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		// A coeficiente changed after the opening does not change the vote.
		storetest.Exec(t, db, "UPDATE units SET coefficient = 0 WHERE id = $1", f.unit["1A"])

		_, err = f.svc.Vote(ctx, f.dani, p.ID, voting.VoteInput{OptionID: option(p, "A favor")})
		wantCode(t, err, domain.CodeForbidden, "En una votación de junta solo votan los propietarios")
		_, err = f.svc.Vote(ctx, f.dani, p.ID, voting.VoteInput{OptionID: option(p, "A favor"), For: f.ben.UserID})
		wantCode(t, err, domain.CodeForbidden, "No representas a ese propietario en esta votación")
		if v := f.get(t, f.dani, p); !v.CanVote || len(v.Represented) != 1 || v.Represented[0].Name != "Ana Alonso" {
			t.Fatalf("Dani's view: %+v", v)
		}
		f.vote(t, f.dani, p, "A favor", f.ana)
		wantCode(t, f.svc.Delegate(ctx, f.ana, p.ID, "", false), domain.CodeConflict, "Ya se ha votado: la representación no se puede cambiar")
		f.vote(t, f.ben, p, "En contra", nil)
		if v := f.get(t, f.ana, p); v.Mine == nil || v.Mine.CastByName != "Dani Díaz" || *v.Mine.OptionID != option(p, "A favor") {
			t.Fatalf("Ana's vote: %+v", v.Mine)
		}
		// Two of the three owners have voted: the participation is of them, not of the quorum (25).
		if r := f.get(t, f.ana, p).Result; r.Electors != 3 || r.Participation != 67 {
			t.Fatalf("participation %d %% of %d electors, want 67 %% of 3", r.Participation, r.Electors)
		}

		// Carla is absent: after the close, 17.8 counts her in favour for 30 days unless she objects.
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		v := f.get(t, f.carla, p)
		d := v.Result.Decision
		if !d.Approved || d.Reason != "mayoría de propietarios sí (2 de 3), mayoría de cuotas sí (65,0 %); cuenta a favor 1 ausente (art. 17.8)" {
			t.Fatalf("provisional: %+v", d)
		}
		if v.Result.Final || v.Result.ObjectionUntil == nil || !v.CanObject {
			t.Fatalf("provisional until: %+v", v.Result)
		}
		subjects := mails(t, db)
		if !slices.Contains(subjects, "carla:Acuerdo de la junta: Cambio del ascensor") || !slices.Contains(subjects, "ben:Votación cerrada: Cambio del ascensor") ||
			!slices.Contains(subjects, "ana:Nueva votación: Cambio del ascensor") {
			t.Fatalf("mails: %v", subjects)
		}
		wantCode(t, f.svc.Object(ctx, f.ben, p.ID), domain.CodeForbidden, "Solo los propietarios ausentes pueden oponerse al acuerdo")
		if err := f.svc.Object(ctx, f.carla, p.ID); err != nil {
			t.Fatal(err)
		}
		if d := f.get(t, f.ana, p).Result.Decision; d.Approved || d.Reason != "mayoría de propietarios no (1 de 3), mayoría de cuotas no (40,0 %)" {
			t.Fatalf("after the objection: %+v", d)
		}
		// The end of the 30 days makes it final and emails it.
		f.advance(domain.ObjectionPeriod + time.Minute)
		wantCode(t, f.svc.Object(ctx, f.carla, p.ID), domain.CodeConflict, "El plazo para oponerse a este acuerdo no está abierto")
		if r := f.get(t, f.ana, p).Result; !r.Final {
			t.Fatal("not final after 30 days")
		}
		f.settle(t) // the job emails the final result
		if !slices.Contains(mails(t, db), "ben:Resultado definitivo: Cambio del ascensor") {
			t.Fatalf("no final email: %v", mails(t, db))
		}
	})
}

func TestADeprivedUnitLeavesBothMajorities(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		p := f.junta(t, voting.Input{AbsentFavour: new(bool)})
		reason := "Cuotas impagadas"
		if err := f.svc.Deprive(ctx, f.admin, p.ID, f.unit["2B"], &reason); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.Vote(ctx, f.carla, p.ID, voting.VoteInput{OptionID: option(p, "A favor")})
		wantCode(t, err, domain.CodeForbidden, "Tu vivienda está privada del voto en esta votación (art. 15.2 LPH)")
		f.vote(t, f.ana, p, "A favor", nil)
		f.vote(t, f.ben, p, "A favor", nil)
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		if d := f.get(t, f.ana, p).Result.Decision; !d.Approved || d.Reason != "mayoría de propietarios sí (2 de 2), mayoría de cuotas sí (100,0 %)" {
			t.Fatalf("deprived: %+v", d)
		}
	})
}

// While a junta vote is active an admin may still deprive a unit or give its vote back, until its owner
// votes: a cast ballot (secret or not) cannot be taken back or weighed again. Once closed, never.
func TestDeprivationWhileTheVoteIsActive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		p := f.junta(t, voting.Input{AbsentFavour: new(bool), Secret: true})
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		debt, other := "Cuotas impagadas", "Derramas impagadas"
		wantCode(t, f.svc.Deprive(ctx, f.other, p.ID, f.unit["2B"], &debt), domain.CodeNotFound, "")
		wantCode(t, f.svc.Deprive(ctx, f.admin, p.ID, domain.NewID(), &debt), domain.CodeNotFound, "Esa vivienda no vota en esta votación")
		if err := f.svc.Deprive(ctx, f.admin, p.ID, f.unit["2B"], &debt); err != nil {
			t.Fatal(err)
		}
		if v := f.get(t, f.carla, p); !v.Deprived || v.CanVote {
			t.Fatalf("Carla deprived while active: %+v", v)
		}
		_, err := f.svc.Vote(ctx, f.carla, p.ID, voting.VoteInput{OptionID: option(p, "En contra")})
		wantCode(t, err, domain.CodeForbidden, "Tu vivienda está privada del voto en esta votación (art. 15.2 LPH)")
		// Given back and taken again while Carla has not voted.
		if err := f.svc.Deprive(ctx, f.admin, p.ID, f.unit["2B"], nil); err != nil {
			t.Fatal(err)
		}
		if v := f.get(t, f.carla, p); v.Deprived || !v.CanVote {
			t.Fatalf("Carla's vote given back: %+v", v)
		}
		if err := f.svc.Deprive(ctx, f.admin, p.ID, f.unit["2B"], &other); err != nil {
			t.Fatal(err)
		}
		// Ben voted with both his units: neither can change any more.
		f.vote(t, f.ben, p, "A favor", nil)
		wantCode(t, f.svc.Deprive(ctx, f.admin, p.ID, f.unit["2A"], &debt), domain.CodeConflict,
			"El propietario de 2A ya ha votado: su voto no se puede retirar ni volver a pesar, así que la privación del voto ya no se puede cambiar en esta votación")
		f.vote(t, f.ana, p, "A favor", nil)
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.svc.Deprive(ctx, f.admin, p.ID, f.unit["2B"], nil), domain.CodeConflict, "La votación está cerrada: ya no se puede cambiar la privación del voto")
		v := f.get(t, f.admin, p)
		if d := v.Result.Decision; !d.Approved || d.Reason != "mayoría de propietarios sí (2 de 2), mayoría de cuotas sí (100,0 %)" {
			t.Fatalf("deprived while active: %+v", d)
		}
		for _, u := range v.Units {
			if (u.UnitID == f.unit["2B"]) != (u.Deprived != nil) || (u.Deprived != nil && *u.Deprived != other) {
				t.Fatalf("units: %+v", u)
			}
		}
	})
}

// A representation for the whole junta covers every vote of the junta's day, open now or later, and
// not another junta's; one for a single vote overrides it; revoked, it ends only where the owner has not
// voted; the record of a closed vote keeps who represented whom.
func TestAJuntaDelegationCoversEveryVoteOfTheJunta(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		first, second := f.junta(t, voting.Input{}), f.junta(t, voting.Input{})
		f.advance(72 * time.Hour)
		later := f.junta(t, voting.Input{}) // another junta, three days later
		f.advance(-72 * time.Hour)
		for _, p := range []*domain.Poll{first, later} {
			if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
				t.Fatal(err)
			}
		}
		// Ana gives Dani her vote for the whole junta, from its first vote.
		if err := f.svc.Delegate(ctx, f.ana, first.ID, f.dani.UserID, true); err != nil {
			t.Fatal(err)
		}
		if v := f.get(t, f.ana, first); v.MyDelegate == nil || !v.MyDelegate.Junta || v.MyDelegate.DelegateName != "Dani Díaz" {
			t.Fatalf("Ana's delegate: %+v", v.MyDelegate)
		}
		// The second vote of that junta opens afterwards: Dani represents her there too; not in the other junta.
		if _, err := f.svc.Publish(ctx, f.admin, second.ID); err != nil {
			t.Fatal(err)
		}
		for _, p := range []*domain.Poll{first, second} {
			if v := f.get(t, f.dani, p); !v.CanVote || len(v.Represented) != 1 || v.Represented[0].OwnerID != f.ana.UserID {
				t.Fatalf("Dani in %s: %+v", p.ID, v.Represented)
			}
		}
		if v := f.get(t, f.dani, later); len(v.Represented) != 0 {
			t.Fatalf("Dani represents Ana in another junta: %+v", v.Represented)
		}
		_, err := f.svc.Vote(ctx, f.dani, later.ID, voting.VoteInput{OptionID: option(later, "A favor"), For: f.ana.UserID})
		wantCode(t, err, domain.CodeForbidden, "No representas a ese propietario en esta votación")
		f.vote(t, f.dani, first, "A favor", f.ana)

		// For the second vote alone Ana prefers Ben; then she revokes the junta's, which the first vote keeps.
		if err := f.svc.Delegate(ctx, f.ana, second.ID, f.ben.UserID, false); err != nil {
			t.Fatal(err)
		}
		if v := f.get(t, f.dani, second); len(v.Represented) != 0 {
			t.Fatalf("the vote's own representation does not override the junta's: %+v", v.Represented)
		}
		if err := f.svc.Delegate(ctx, f.ana, second.ID, "", false); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Delegate(ctx, f.ana, first.ID, "", true); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Vote(ctx, f.dani, second.ID, voting.VoteInput{OptionID: option(second, "A favor"), For: f.ana.UserID})
		wantCode(t, err, domain.CodeForbidden, "No representas a ese propietario en esta votación")
		if v := f.get(t, f.ana, first); v.Mine == nil || v.Mine.CastByName != "Dani Díaz" || v.MyDelegate != nil {
			t.Fatalf("Ana's vote in the first: %+v %+v", v.Mine, v.MyDelegate)
		}

		// Given again, closed, and changed after the close: the closed vote's record does not move.
		if err := f.svc.Delegate(ctx, f.ana, second.ID, f.carla.UserID, true); err != nil {
			t.Fatal(err)
		}
		f.vote(t, f.carla, second, "En contra", f.ana)
		if _, err := f.svc.Close(ctx, f.admin, second.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Delegate(ctx, f.ana, first.ID, f.ben.UserID, true); err != nil {
			t.Fatal(err)
		}
		rec, err := f.svc.Record(ctx, f.admin, second.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Delegations) != 1 || rec.Delegations[0].DelegateName != "Carla Cano" || !rec.Delegations[0].Junta {
			t.Fatalf("closed record's delegations: %+v", rec.Delegations)
		}
		if i := slices.IndexFunc(rec.Voters, func(v domain.PollVoter) bool { return v.VoterID == f.ana.UserID }); i < 0 || rec.Voters[i].CastByName != "Carla Cano" {
			t.Fatalf("closed record's voters: %+v", rec.Voters)
		}
		if v := f.get(t, f.ben, first); len(v.Represented) != 1 || v.Represented[0].OwnerID != f.ana.UserID || !v.Represented[0].Voted {
			t.Fatalf("Ben in the first: %+v", v.Represented)
		}
	})
}

// A junta vote may have its own answers, each saying what it means for the agreement; the double
// majority counts every answer in favour together.
func TestAJuntaVoteWithItsOwnOptions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		juntaDate := f.clock().Add(24 * time.Hour)
		in := voting.Input{Kind: domain.PollJunta, Title: "Ascensor", ClosesAt: f.clock().Add(48 * time.Hour), JuntaDate: &juntaDate,
			AbsentFavour: new(bool), JuntaOptions: []voting.JuntaOption{{"Sí, con Elevar", domain.ChoiceFavour}, {"Sí, con Subir", domain.ChoiceFavour}}}
		_, err := f.svc.Create(ctx, f.admin, in)
		wantCode(t, err, domain.CodeInvalid, "Una votación de junta necesita al menos una opción a favor y otra en contra del acuerdo")
		in.JuntaOptions = append(in.JuntaOptions, voting.JuntaOption{Text: "Aplazarlo", Choice: "later"})
		_, err = f.svc.Create(ctx, f.admin, in)
		wantCode(t, err, domain.CodeInvalid, "Indica si la opción «Aplazarlo» es a favor, en contra o abstención")
		in.JuntaOptions[2].Choice = domain.ChoiceAgainst
		p, err := f.svc.Create(ctx, f.admin, in)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Options) != 3 || p.Options[1].Choice != domain.ChoiceFavour || p.Options[2].Text != "Aplazarlo" {
			t.Fatalf("options: %+v", p.Options)
		}
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		f.vote(t, f.ana, p, "Sí, con Elevar", nil)
		f.vote(t, f.ben, p, "Sí, con Subir", nil)
		f.vote(t, f.carla, p, "Aplazarlo", nil)
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		r := f.get(t, f.admin, p).Result
		if d := r.Decision; !d.Approved || d.Reason != "mayoría de propietarios sí (2 de 3), mayoría de cuotas sí (75,0 %)" {
			t.Fatalf("decision: %+v", d)
		}
		if r.Options[0].Votes != 1 || r.Options[1].Votes != 1 || r.Options[1].Cuota != 350000 || r.Options[2].Votes != 1 {
			t.Fatalf("counts: %+v", r.Options)
		}
	})
}

// The emails give the dates in the community's time zone, as Spaniards write them.
func TestPollEmailsUseTheCommunitysTimeZone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		f.now = time.Date(2030, 6, 28, 10, 0, 0, 0, time.UTC)
		closes := time.Date(2030, 7, 1, 22, 30, 0, 0, time.UTC) // 00:30 of 2 July in Madrid (CEST)
		body := func(subject string) string {
			rows := storetest.Rows(t, db, "SELECT text_body FROM mail_outbox m JOIN users u ON u.email = m.to_addr WHERE u.id = $1 AND m.subject = $2",
				f.ana.UserID, subject)
			if len(rows) != 1 {
				t.Fatalf("%d emails %q to Ana", len(rows), subject)
			}
			return rows[0][0]
		}
		p, err := f.svc.CreateWallConsulta(ctx, f.admin, "¿Fiesta?", []string{"Sí", "No"}, closes)
		if err != nil {
			t.Fatal(err)
		}
		if got := body("Nueva votación: ¿Fiesta?"); !strings.Contains(got, "02/07/2030, 00:30") {
			t.Fatalf("opening email in Madrid's time: %s", got)
		}
		storetest.Exec(t, db, "UPDATE communities SET time_zone = 'Atlantic/Canary' WHERE id = $1", f.admin.CommunityID)
		juntaDate := f.clock().Add(24 * time.Hour)
		j, err := f.svc.Create(ctx, f.admin, voting.Input{Kind: domain.PollJunta, Title: "Fachada", ClosesAt: closes, JuntaDate: &juntaDate})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Publish(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		if got := body("Nueva votación: Fachada"); !strings.Contains(got, "01/07/2030, 23:30") {
			t.Fatalf("opening email in the Canaries' time: %s", got)
		}
		// Ana is absent: her 30 days end at the close plus 30 days, 23:30 of 31 July in the Canaries.
		f.vote(t, f.ben, j, "A favor", nil)
		f.advance(closes.Sub(f.clock()))
		if v := f.get(t, f.ana, p); v.Poll.Status != domain.PollClosed {
			t.Fatalf("not closed on time: %v", v.Poll.Status)
		}
		f.settle(t) // the job records the close and sends its emails
		if got := body("Acuerdo de la junta: Fachada"); !strings.Contains(got, "31/07/2030, 23:30") {
			t.Fatalf("absent owner's email: %s", got)
		}
	})
}

// mails lists the outbox as "recipient:subject", the recipient by first name.
func mails(t *testing.T, db *store.DB) []string {
	t.Helper()
	var out []string
	for _, r := range storetest.Rows(t, db, "SELECT p.full_name, m.subject FROM mail_outbox m JOIN users u ON u.email = m.to_addr JOIN profiles p ON p.id = u.id") {
		out = append(out, strings.ToLower(strings.Fields(r[0])[0])+":"+r[1])
	}
	return out
}

// A database reader who sees every table of a secret poll cannot tell who voted what.
func TestSecretBallotsCannotBeLinkedToVoters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		p := f.junta(t, voting.Input{Secret: true})
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		receipts := map[string]string{}
		for i, a := range []*domain.Actor{f.ana, f.ben, f.carla} {
			receipts[a.UserID] = f.vote(t, a, p, []string{"A favor", "En contra", "A favor"}[i], nil).Receipt
			f.advance(time.Second)
		}
		// The ballots' columns: nothing about a voter.
		columns := `SELECT column_name FROM information_schema.columns WHERE table_name = 'poll_ballots' ORDER BY column_name`
		if db.Engine() == store.SQLite {
			columns = `SELECT name FROM pragma_table_info('poll_ballots') ORDER BY name`
		}
		cols := storetest.Rows(t, db, columns)
		if got := flat(cols); !slices.Equal(got, []string{"change_tag", "id", "option_id", "poll_id", "receipt", "weight"}) {
			t.Fatalf("poll_ballots columns: %v", got)
		}
		ballots := storetest.Rows(t, db, "SELECT id, option_id, weight, receipt FROM poll_ballots WHERE poll_id = $1", p.ID)
		voters := storetest.Rows(t, db, "SELECT voter_id, cast_by, option_id, receipt, voted_at FROM poll_voters WHERE poll_id = $1", p.ID)
		if len(ballots) != 3 || len(voters) != 3 {
			t.Fatalf("%d ballots, %d voters", len(ballots), len(voters))
		}
		for _, v := range voters {
			// The participation says who, never what: no option and no receipt.
			if v[2] != "" || v[3] != "" {
				t.Fatalf("a secret participation row holds its vote: %v", v)
			}
			for _, b := range ballots {
				for _, cell := range b {
					if cell == v[0] || cell == v[4] {
						t.Fatalf("ballot %v shares %q with voter %v", b, cell, v)
					}
				}
			}
		}
		for _, b := range ballots {
			// Random ids (UUIDv4), not time-ordered ones (v7) that would date the ballot.
			if len(b[0]) != 36 || b[0][14] != '4' {
				t.Fatalf("ballot id %q is not a random UUID", b[0])
			}
		}
		// Receipts go to their voter only; nothing stored joins them back.
		for _, r := range receipts {
			if slices.ContainsFunc(voters, func(v []string) bool { return slices.Contains(v, r) }) {
				t.Fatalf("receipt %s stored with its voter", r)
			}
		}
		if db.Engine() == store.SQLite {
			// No rowid: the table is kept in the order of the random ids, not of arrival.
			ddl := flat(storetest.Rows(t, db, "SELECT sql FROM sqlite_master WHERE name = 'poll_ballots'"))
			if len(ddl) != 1 || !strings.Contains(ddl[0], "WITHOUT ROWID") {
				t.Fatalf("poll_ballots: %v", ddl)
			}
		}
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		if db.Engine() == store.Postgres {
			// After the close every ballot was written by the closing transaction, none by a voter's.
			xmins := flat(storetest.Rows(t, db, "SELECT DISTINCT xmin::text FROM poll_ballots WHERE poll_id = $1", p.ID))
			voterXmins := flat(storetest.Rows(t, db, "SELECT xmin::text FROM poll_voters WHERE poll_id = $1", p.ID))
			if len(xmins) != 1 || slices.Contains(voterXmins, xmins[0]) {
				t.Fatalf("ballot transactions %v, voter transactions %v", xmins, voterXmins)
			}
		}
		// After the close each voter finds their receipt under what they voted.
		r := f.get(t, f.ana, p).Result
		if !slices.Contains(r.Options[0].Receipts, receipts[f.ana.UserID]) || !slices.Contains(r.Options[1].Receipts, receipts[f.ben.UserID]) ||
			!slices.Contains(r.Options[0].Receipts, receipts[f.carla.UserID]) {
			t.Fatalf("published receipts: %+v", r.Options)
		}
	})
}

func flat(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r[0])
	}
	return out
}

// Issue 33, finding 2: while a secret poll is open nobody, its admin included, sees a count per option,
// only how many voted; the record dates each vote by its day; and whoever reads the database, system
// columns and the order of the rows included, cannot tell which ballot is whose.
func TestNobodyCanLinkASecretBallotToItsVoter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		// A consulta: its ballots weigh the same (a junta vote's carries its cuota, see ADR 0033).
		p := f.consulta(t, voting.Input{Secret: true, AllowChange: true})
		j := f.junta(t, voting.Input{Secret: true})
		if _, err := f.svc.Publish(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		hidden := func(who *domain.Actor, q *domain.Poll, votes int) {
			t.Helper()
			v := f.get(t, who, q)
			if v.ShowCounts || v.Result.TotalVotes != votes || v.Result.Decision != nil {
				t.Fatalf("%s sees the open secret poll's counts: show %v, %d votes, decision %+v", who.FullName, v.ShowCounts, v.Result.TotalVotes, v.Result.Decision)
			}
			for _, o := range v.Result.Options {
				if o.Votes != 0 || o.Percent != 0 || o.Cuota != 0 || len(o.Receipts) != 0 {
					t.Fatalf("%s sees %q counted while open: %+v", who.FullName, o.Text, o)
				}
			}
		}
		receipts := map[string]string{}
		for i, a := range []*domain.Actor{f.ana, f.ben, f.carla, f.dani} {
			receipts[a.UserID] = f.vote(t, a, p, []string{"Sí", "No", "Sí", "Sí"}[i], nil).Receipt
			f.advance(37 * time.Minute)
			// Whoever polls the poll after each vote, the voter, a neighbour or the admin, sees only how many voted.
			for _, who := range []*domain.Actor{a, f.ana, f.admin} {
				hidden(who, p, i+1)
			}
		}
		f.vote(t, f.ana, j, "A favor", nil)
		f.vote(t, f.ben, j, "En contra", nil)
		for _, who := range []*domain.Actor{f.ana, f.ben, f.admin} {
			hidden(who, j, 2)
		}

		// The record, which the admin may read while the poll is open: who took part, dated by the day.
		rec, err := f.svc.Record(ctx, f.admin, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		madrid, _ := time.LoadLocation(domain.DefaultTimeZone)
		if len(rec.Voters) != 4 {
			t.Fatalf("record voters: %+v", rec.Voters)
		}
		for _, v := range rec.Voters {
			if at := v.VotedAt.In(madrid); at.Hour() != 0 || at.Minute() != 0 || at.Second() != 0 || at.Nanosecond() != 0 {
				t.Fatalf("the record times %s's vote: %s", v.VoterName, at)
			}
		}
		csv := string(rec.CSV())
		for _, line := range strings.Split(csv, "\n") {
			if strings.HasPrefix(line, "Sí;") || strings.HasPrefix(line, "No;") ||
				(strings.HasPrefix(line, "Ana Alonso;") && strings.Contains(line, ":")) {
				t.Fatalf("the CSV of the open secret poll: %q in\n%s", line, csv)
			}
		}

		tags := func() string {
			return storetest.Rows(t, db, `SELECT (SELECT COUNT(change_tag) FROM poll_voters WHERE poll_id = $1)
				|| '+' || (SELECT COUNT(change_tag) FROM poll_ballots WHERE poll_id = $1)`, p.ID)[0][0]
		}
		// While open each vote keeps the two unrelated hashes of its change key; the close erases them.
		if got := tags(); got != "4+4" {
			t.Fatalf("change tags while open: %s", got)
		}
		operatorCannotLink(t, db, p.ID)
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		if got := tags(); got != "0+0" {
			t.Fatalf("change tags after the close: %s", got)
		}
		operatorCannotLink(t, db, p.ID)
		// Closed: the counts and each option's receipts are published.
		r := f.get(t, f.ana, p).Result
		if r.Options[0].Votes != 3 || r.Options[1].Votes != 1 || !slices.Contains(r.Options[1].Receipts, receipts[f.ben.UserID]) {
			t.Fatalf("after the close: %+v", r.Options)
		}
	})
}

// operatorCannotLink reads a poll's ballots and voters as whoever holds the database would, system
// columns included, and fails when something ties a ballot to its voter.
func operatorCannotLink(t *testing.T, db *store.DB, pollID string) {
	t.Helper()
	voters := storetest.Rows(t, db, `SELECT voter_id, voter_name, cast_by, cast_by_name, CAST(voted_at AS TEXT), COALESCE(change_tag, '')
		FROM poll_voters WHERE poll_id = $1`, pollID)
	ballots := storetest.Rows(t, db, "SELECT id, option_id, CAST(weight AS TEXT), receipt, COALESCE(change_tag, '') FROM poll_ballots WHERE poll_id = $1", pollID)
	if len(voters) < 2 || len(ballots) != len(voters) {
		t.Fatalf("%d voters, %d ballots", len(voters), len(ballots))
	}
	for _, b := range ballots {
		for _, v := range voters {
			for _, cell := range v {
				if cell != "" && slices.Contains(b, cell) {
					t.Fatalf("ballot %v shares %q with voter %v", b, cell, v)
				}
			}
		}
	}
	if db.Engine() == store.Postgres {
		// xmin names the transaction that wrote a row, ctid its place in the heap: one transaction wrote
		// every ballot, in the order of their random ids, so neither tells a ballot's voter or arrival.
		rows := storetest.Rows(t, db, "SELECT xmin::text, id FROM poll_ballots WHERE poll_id = $1 ORDER BY ctid", pollID)
		xmins, ids := map[string]bool{}, []string{}
		for _, r := range rows {
			xmins[r[0]] = true
			ids = append(ids, r[1])
		}
		if len(xmins) != 1 || !slices.IsSorted(ids) {
			t.Fatalf("ballots by ctid (xmin, id): %v", rows)
		}
		return
	}
	// SQLite: no rowid to give the arrival order, and the table is kept in the order of the random ids.
	ddl := flat(storetest.Rows(t, db, "SELECT sql FROM sqlite_master WHERE name = 'poll_ballots'"))
	if len(ddl) != 1 || !strings.Contains(ddl[0], "WITHOUT ROWID") {
		t.Fatalf("poll_ballots: %v", ddl)
	}
	// A scan of the table itself (+poll_id keeps the index out), as a reader of the file would see it.
	if ids := flat(storetest.Rows(t, db, "SELECT id, weight, receipt FROM poll_ballots WHERE +poll_id = $1", pollID)); !slices.IsSorted(ids) {
		t.Fatalf("ballots stored in the order %v", ids)
	}
}

// Issue 33, finding 3: a receipt proves that a ballot was counted; it never lets anyone change it. Ana gave
// Ben her vote for the junta; he voted for her and for himself, and she revoked it: Ben, who keeps all
// that her vote gave him, can no longer change it, neither as her representative nor as himself.
func TestAReceiptDoesNotAuthoriseAChangeOfVote(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		p := f.junta(t, voting.Input{Secret: true, AllowChange: true})
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Delegate(ctx, f.ana, p.ID, f.ben.UserID, true); err != nil {
			t.Fatal(err)
		}
		forAna := f.vote(t, f.ben, p, "A favor", f.ana)
		own := f.vote(t, f.ben, p, "En contra", nil)
		change := func(a *domain.Actor, text string, forOwner *domain.Actor, v *voting.Voted) error {
			in := voting.VoteInput{OptionID: option(p, text), Key: v.Key}
			if forOwner != nil {
				in.For = forOwner.UserID
			}
			_, err := f.svc.Vote(ctx, a, p.ID, in)
			return err
		}
		// While he represents her, Ben may change her vote.
		if err := change(f.ben, "Abstención", f.ana, forAna); err != nil {
			t.Fatal(err)
		}
		if err := change(f.ben, "A favor", f.ana, forAna); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Delegate(ctx, f.ana, p.ID, "", true); err != nil {
			t.Fatal(err)
		}
		wantCode(t, change(f.ben, "En contra", f.ana, forAna), domain.CodeForbidden, "No representas a ese propietario en esta votación")
		wantCode(t, change(f.ben, "En contra", nil, forAna), domain.CodeInvalid, "Para cambiar un voto secreto indica el justificante que recibiste al votar")
		// Nor does the receipt, which he also keeps, let him.
		_, err := f.svc.Vote(ctx, f.ben, p.ID, voting.VoteInput{OptionID: option(p, "En contra"), Key: forAna.Receipt})
		wantCode(t, err, domain.CodeInvalid, "Para cambiar un voto secreto indica el justificante que recibiste al votar")
		// His own vote he may still change.
		if err := change(f.ben, "Abstención", nil, own); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Close(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		r := f.get(t, f.ana, p).Result
		if !slices.Equal(r.Options[0].Receipts, []string{forAna.Receipt}) || len(r.Options[1].Receipts) != 0 ||
			!slices.Equal(r.Options[2].Receipts, []string{own.Receipt}) {
			t.Fatalf("ballots after the close: %+v", r.Options)
		}
	})
}

// A junta vote past its closing time reads as closed, with its provisional result and the absent owners'
// 30 days from the closing time, before the job records the close; the job then records the same period
// and emails it.
func TestAJuntaVoteClosedByItsTimeReadsTheSameBeforeAndAfterTheJob(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		p := f.junta(t, voting.Input{})
		if _, err := f.svc.Publish(ctx, f.admin, p.ID); err != nil {
			t.Fatal(err)
		}
		f.vote(t, f.ana, p, "A favor", nil)
		f.vote(t, f.ben, p, "A favor", nil)
		f.advance(48 * time.Hour)
		before := f.get(t, f.carla, p)
		want := p.ClosesAt.Add(domain.ObjectionPeriod)
		if before.Poll.Status != domain.PollClosed || before.Result.Final || before.Result.ObjectionUntil == nil ||
			!before.Result.ObjectionUntil.Equal(want) || !before.CanObject || len(before.Result.Options[0].Receipts) != 2 {
			t.Fatalf("before the job: %v %+v", before.Poll.Status, before.Result)
		}
		if slices.Contains(mails(t, db), "carla:Acuerdo de la junta: Cambio del ascensor") {
			t.Fatal("a read sent the close's emails")
		}
		f.settle(t)
		after := f.get(t, f.carla, p)
		if after.Poll.ClosedAt == nil || !after.Poll.ClosedAt.Equal(p.ClosesAt) || !after.Result.ObjectionUntil.Equal(want) ||
			after.Result.Decision.Reason != before.Result.Decision.Reason || !after.CanObject {
			t.Fatalf("after the job: %+v %+v", after.Poll, after.Result)
		}
		if !slices.Contains(mails(t, db), "carla:Acuerdo de la junta: Cambio del ascensor") {
			t.Fatalf("mails: %v", mails(t, db))
		}
	})
}
