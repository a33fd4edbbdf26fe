package store_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// errNotMember is the service's refusal of an assignee from elsewhere, which CreateIncident returns.
var errNotMember = domain.Errorf(domain.CodeInvalid, "El miembro asignado no pertenece a tu comunidad")

func seedIncidents(t *testing.T, db *store.DB, communityID string, members []string, n int) {
	t.Helper()
	base := time.Now().Add(-time.Duration(n) * time.Second)
	batch := make([]domain.Incident, 0, 500)
	for i := range n {
		at := base.Add(time.Duration(i) * time.Second)
		title := fmt.Sprintf("Incidencia #%d", i)
		if i%20 == 0 {
			title = fmt.Sprintf("Fuga de agua #%d", i)
		}
		batch = append(batch, domain.Incident{ID: domain.NewID(), CommunityID: communityID, Title: title, Description: "Descripción",
			Priority: []domain.Priority{"low", "medium", "high"}[(i/3)%3], Status: []domain.IncidentStatus{"open", "in_progress", "resolved"}[i%3],
			CreatedBy: &members[i%len(members)], AssignedTo: &members[0], CreatedAt: at, UpdatedAt: at})
		if len(batch) == cap(batch) || i == n-1 {
			if err := db.InTx(context.Background(), func(ctx context.Context) error { return db.CreateIncidents(ctx, batch) }); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
}

var communityIndex = regexp.MustCompile(`incidents_community(_status)?\b`)

// Authorization never costs an index: the community-scoped list reads through the community index on
// both engines, in index order (no sort step, no full scan), once the planner has statistics.
func TestIncidentListUsesTheCommunityIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		b, bm := storetest.CommunityIDs(t, db, "Carla")
		seedIncidents(t, db, a, am, 3000)
		seedIncidents(t, db, b, bm, 3000)
		if err := db.Analyze(ctx); err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string]domain.IncidentFilter{
			"first page":   {Limit: 21},
			"status open":  {Status: domain.IncidentOpen, Limit: 21},
			"search agua":  {Search: "agua", Limit: 21},
			"short search": {Search: "ag", Limit: 21},
			"next page":    {Limit: 21, After: &domain.Cursor{At: time.Now().Add(-25 * time.Minute), ID: domain.NewID()}},
			"mine":         {Mine: am[1], Limit: 21},
			"with deleted": {IncludeDeleted: true, Limit: 21},
		} {
			plan, err := db.ExplainIncidentList(ctx, a, f)
			if err != nil {
				t.Fatal(err)
			}
			if !communityIndex.MatchString(plan) {
				t.Errorf("%s: plan does not use the community index:\n%s", name, plan)
			}
			bad := []string{"Seq Scan on incidents", "Sort", "Bitmap Heap Scan on incidents"} // PostgreSQL
			if db.Engine() == store.SQLite {
				bad = []string{"SCAN i", "TEMP B-TREE"}
			}
			for _, b := range bad {
				if strings.Contains(plan, b) {
					t.Errorf("%s: plan has %q:\n%s", name, b, plan)
				}
			}
			if name == "first page" {
				t.Logf("%s plan on %s:\n%s", name, db.Engine(), plan)
			}
		}

		// A rare word would have the walk read the whole community. PostgreSQL's planner looks it up in the
		// trigram index instead (when pg_trgm was there to build it) and keeps the community condition as
		// a filter of the few rows found; SQLite has no such index and walks the community index.
		plan, err := db.ExplainIncidentList(ctx, a, domain.IncidentFilter{Search: "zumbido", Limit: 21})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("rare word plan on %s:\n%s", db.Engine(), plan)
		switch {
		case db.Engine() == store.SQLite:
			if !communityIndex.MatchString(plan) || strings.Contains(plan, "SCAN i") {
				t.Errorf("rare word: plan does not walk the community index:\n%s", plan)
			}
		case !hasSearchIndex(t, db):
			t.Log("no trigram index (pg_trgm missing): the rare word walks the community")
		case !strings.Contains(plan, "Bitmap Index Scan on incidents_search") || !strings.Contains(plan, "community_id = "):
			t.Errorf("rare word: plan does not use the trigram index with the community filter:\n%s", plan)
		}
	})
}

// A search of letters reads the word index on both engines (migrations 0048 and 0053, ADRs 0046 and
// 0048): the words that hold the query from the vocabulary's index, then each word's postings newest
// first, each joined to its incident by the key: no walk of the community, no sort, no full scan.
func TestIncidentSearchUsesTheWordIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		b, bm := storetest.CommunityIDs(t, db, "Carla")
		seedIncidents(t, db, a, am, 3000)
		seedIncidents(t, db, b, bm, 3000)
		if err := db.Analyze(ctx); err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string]domain.IncidentFilter{
			"search agua":      {Search: "agua", Limit: 21},
			"status and agua":  {Search: "agua", Status: domain.IncidentOpen, Limit: 21},
			"agua, next page":  {Search: "agua", Limit: 21, After: &domain.Cursor{At: time.Now().Add(-25 * time.Minute), ID: domain.NewID()}},
			"agua and deleted": {Search: "agua", IncludeDeleted: true, Limit: 21},
			"common word":      {Search: "incidencia", Limit: 21},
		} {
			plan, err := db.ExplainIncidentSearch(ctx, a, f)
			if err != nil {
				t.Fatal(err)
			}
			// The vocabulary is a few dozen rows here: the planner may read it whole, which is no walk.
			want := []string{"on incident_vocabulary", "Scan Backward using incident_words_pkey", "Index Scan using incidents_pkey"}
			// The names by the profiles' key, not every profile materialized and tested against each row (issue 39).
			bad := []string{"Seq Scan on incidents", "Sort", "Bitmap", "incidents_community", "Hash", "Materialize"}
			if db.Engine() == store.SQLite {
				want = []string{"SEARCH w USING PRIMARY KEY (word_id=?", "SEARCH i USING INDEX sqlite_autoindex_incidents_1 (id=?)"}
				bad = []string{"SCAN", "TEMP B-TREE", "incidents_community"}
			}
			for _, w := range want {
				if !strings.Contains(plan, w) {
					t.Errorf("%s: plan on %s has no %q:\n%s", name, db.Engine(), w, plan)
				}
			}
			for _, w := range bad {
				if strings.Contains(plan, w) {
					t.Errorf("%s: plan on %s has %q:\n%s", name, db.Engine(), w, plan)
				}
			}
			if name == "search agua" {
				t.Logf("%s plan on %s:\n%s", name, db.Engine(), plan)
			}
		}
		// Queries the index does not serve walk the community (TestIncidentListUsesTheCommunityIndex).
		for _, q := range []string{"ag", "agua 1", "#1"} {
			if plan, err := db.ExplainIncidentSearch(ctx, a, domain.IncidentFilter{Search: q, Limit: 21}); err != nil || plan != "" {
				t.Errorf("%q: the word index serves it (%v):\n%s", q, err, plan)
			}
		}
	})
}

// hasSearchIndex reports whether migration 0008 could build PostgreSQL's trigram index.
func hasSearchIndex(t *testing.T, db *store.DB) bool {
	t.Helper()
	rows, err := db.IntsForTest(context.Background(), "SELECT COUNT(*) FROM pg_indexes WHERE indexname = 'incidents_search'")
	if err != nil {
		t.Fatal(err)
	}
	return rows[0][0] == 1
}

func TestDashboardCountsAreCommunityScoped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		b, bm := storetest.CommunityIDs(t, db, "Carla")
		seedIncidents(t, db, a, am, 30) // 10 open; created in the last 30 s
		seedIncidents(t, db, b, bm, 9)
		now := time.Now()
		old := now.Add(-10 * 24 * time.Hour)
		for _, in := range []domain.Incident{
			{ID: domain.NewID(), CommunityID: a, Title: "Vieja", Description: "d", Priority: "low", Status: "open", CreatedAt: old, UpdatedAt: old},
		} {
			if err := db.CreateIncidents(ctx, []domain.Incident{in}); err != nil {
				t.Fatal(err)
			}
		}
		ev := func(community string, start, created time.Time, deleted bool) {
			t.Helper()
			e := &domain.Event{ID: domain.NewID(), CommunityID: community, Title: "Junta", StartAt: start, Status: domain.EventScheduled,
				CreatedAt: created, UpdatedAt: created}
			if err := db.CreateEvent(ctx, e); err != nil {
				t.Fatal(err)
			}
			if deleted {
				if err := db.InTx(ctx, func(ctx context.Context) error {
					e, err := db.EventForUpdate(ctx, community, e.ID)
					if err != nil {
						return err
					}
					e.DeletedAt = &now
					return db.SaveEvent(ctx, e, now)
				}); err != nil {
					t.Fatal(err)
				}
			}
		}
		ev(a, now.Add(time.Hour), now, false)    // upcoming, new
		ev(a, now.Add(48*time.Hour), old, false) // upcoming, old
		ev(a, now.Add(-time.Hour), now, false)   // past, new
		ev(a, now.Add(time.Hour), now, true)     // deleted
		ev(b, now.Add(time.Hour), now, false)    // other community
		got, err := db.DashboardCounts(ctx, a, "", now, now.Add(-7*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		want := domain.DashboardCounts{OpenIncidents: 11, UpcomingEvents: 2, NewIncidents: 30, NewEvents: 2}
		if got != want {
			t.Fatalf("counts %+v, want %+v", got, want)
		}
	})
}

func TestMembersListsOneCommunityByName(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, _ := storetest.CommunityIDs(t, db, "Marta", "Ana", "Zoe")
		storetest.CommunityIDs(t, db, "Bea")
		ms, err := db.Members(context.Background(), a)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range ms {
			got = append(got, m.FullName+":"+string(m.Role))
		}
		if strings.Join(got, ",") != "Ana:user,Marta:admin,Zoe:user" {
			t.Fatalf("members %v", got)
		}
	})
}

// talliesMatch fails t unless the dashboard's tallies (migration 0008) add up to the live incidents, per
// community and status and per community and creation day.
func talliesMatch(t *testing.T, db *store.DB, when string) {
	t.Helper()
	ctx := context.Background()
	for _, q := range []string{
		`SELECT community_id, status, COUNT(*) FROM incidents WHERE deleted_at IS NULL GROUP BY community_id, status
		EXCEPT SELECT community_id, status, CAST(SUM(n) AS BIGINT) FROM incident_status_tallies GROUP BY community_id, status HAVING SUM(n) <> 0`,
		`SELECT community_id, status, CAST(SUM(n) AS BIGINT) FROM incident_status_tallies GROUP BY community_id, status HAVING SUM(n) <> 0
		EXCEPT SELECT community_id, status, COUNT(*) FROM incidents WHERE deleted_at IS NULL GROUP BY community_id, status`,
		`SELECT community_id, created_at / 86400000, COUNT(*) FROM incidents WHERE deleted_at IS NULL GROUP BY community_id, created_at / 86400000
		EXCEPT SELECT community_id, day, CAST(SUM(n) AS BIGINT) FROM incident_day_tallies GROUP BY community_id, day HAVING SUM(n) <> 0`,
		`SELECT community_id, day, CAST(SUM(n) AS BIGINT) FROM incident_day_tallies GROUP BY community_id, day HAVING SUM(n) <> 0
		EXCEPT SELECT community_id, created_at / 86400000, COUNT(*) FROM incidents WHERE deleted_at IS NULL GROUP BY community_id, created_at / 86400000`,
	} {
		rows, err := db.IntsForTest(ctx, "SELECT COUNT(*) FROM ("+q+") x")
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if rows[0][0] != 0 {
			t.Fatalf("%s: %d tallies differ from the incidents (%s)", when, rows[0][0], q)
		}
	}
}

// The tallies follow every kind of write: bulk and single inserts, status changes, soft deletion, a
// changed creation time, hard deletion of an incident and of a whole community.
func TestIncidentTalliesFollowEveryWrite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		b, bm := storetest.CommunityIDs(t, db, "Carla")
		seedIncidents(t, db, a, am, 60)
		seedIncidents(t, db, b, bm, 20)
		talliesMatch(t, db, "after the bulk insert")

		now := time.Now()
		var ids []string
		for i, st := range []domain.IncidentStatus{domain.IncidentOpen, domain.IncidentOpen, domain.IncidentInProgress, domain.IncidentResolved} {
			at := now.Add(-time.Duration(i) * 30 * time.Hour) // over several days
			in := &domain.Incident{ID: domain.NewID(), CommunityID: a, Title: "Fuga", Description: "d", Priority: domain.PriorityLow, Status: st,
				CreatedBy: &am[0], AssignedTo: &am[1], CreatedAt: at, UpdatedAt: at}
			if err := db.CreateIncident(ctx, in, am[0], errNotMember); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, in.ID)
		}
		talliesMatch(t, db, "after single inserts")

		update := func(id string, change func(*domain.Incident)) {
			t.Helper()
			if err := editIncident(ctx, db, a, id, am[0], time.Now(), change); err != nil {
				t.Fatal(err)
			}
		}
		update(ids[0], func(in *domain.Incident) { in.Status = domain.IncidentResolved })
		update(ids[1], func(in *domain.Incident) { in.Title = "Solo el texto" })
		update(ids[2], func(in *domain.Incident) { in.DeletedAt = &now })
		update(ids[3], func(in *domain.Incident) { in.Status = domain.IncidentOpen; in.DeletedAt = &now })
		talliesMatch(t, db, "after edits and soft deletions")

		if err := db.ExecForTest(ctx, "UPDATE incidents SET deleted_at = NULL WHERE id = ?", ids[2]); err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, "UPDATE incidents SET created_at = created_at - 5 * 86400000 WHERE id = ?", ids[1]); err != nil {
			t.Fatal(err)
		}
		talliesMatch(t, db, "after restoring and back-dating")

		if err := db.ExecForTest(ctx, "DELETE FROM incidents WHERE id IN (?, ?)", ids[1], ids[3]); err != nil { // one live, one deleted
			t.Fatal(err)
		}
		talliesMatch(t, db, "after hard deletions")

		if err := db.ExecForTest(ctx, "DELETE FROM communities WHERE id = ?", b); err != nil {
			t.Fatal(err)
		}
		talliesMatch(t, db, "after deleting a community")
		if rows, err := db.IntsForTest(ctx, "SELECT COUNT(*) FROM incident_status_tallies WHERE community_id = ?", b); err != nil || rows[0][0] != 0 {
			t.Fatalf("tallies of a deleted community: %v %v", rows, err)
		}
	})
}

// Many members report and edit incidents of one community at once: the tallies' row locks never deadlock
// and the counts stay exact.
func TestIncidentTalliesUnderConcurrentWrites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno", "Carla", "Dani")
		statuses := []domain.IncidentStatus{domain.IncidentOpen, domain.IncidentInProgress, domain.IncidentResolved}
		errs := make(chan error, 8)
		for w := range 8 {
			go func() {
				errs <- func() error {
					for i := range 25 {
						at := time.Now().Add(-time.Duration(i%3) * 24 * time.Hour)
						in := &domain.Incident{ID: domain.NewID(), CommunityID: a, Title: "Fuga", Description: "d", Priority: domain.PriorityLow,
							Status: statuses[(w+i)%3], CreatedBy: &am[w%4], AssignedTo: &am[(w+1)%4], CreatedAt: at, UpdatedAt: at}
						if err := db.CreateIncident(ctx, in, am[w%4], errNotMember); err != nil {
							return err
						}
						if i%2 == 0 {
							if err := editIncident(ctx, db, a, in.ID, am[w%4], time.Now(), func(in *domain.Incident) {
								in.Status = statuses[(w+i+1)%3]
								if i%4 == 0 {
									now := time.Now()
									in.DeletedAt = &now
								}
							}); err != nil {
								return err
							}
						}
					}
					return nil
				}()
			}()
		}
		for range 8 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		talliesMatch(t, db, "after concurrent writes")
	})
}

// 'New incidents' counts from the exact instant since, also inside since's own day (which the day tallies
// cannot split), and both counts follow status changes and deletions.
func TestDashboardCountsFromTheInstant(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		since := time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)
		now := since.Add(7 * 24 * time.Hour)
		var ids []string
		for _, at := range []time.Time{
			since.Add(-30 * time.Hour),      // the day before: not new
			since.Add(-time.Millisecond),    // since's day, just before: not new
			since,                           // new
			since.Add(time.Hour),            // new, since's day
			since.Add(9*time.Hour + 1),      // new, the next day
			since.Add(6 * 24 * time.Hour),   // new
			since.Add(-40 * 24 * time.Hour), // long ago
		} {
			in := &domain.Incident{ID: domain.NewID(), CommunityID: a, Title: "Fuga", Description: "d", Priority: domain.PriorityLow,
				Status: domain.IncidentOpen, CreatedBy: &am[0], AssignedTo: &am[1], CreatedAt: at, UpdatedAt: at}
			if err := db.CreateIncident(ctx, in, am[0], errNotMember); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, in.ID)
		}
		counts := func() domain.DashboardCounts {
			t.Helper()
			c, err := db.DashboardCounts(ctx, a, "", now, since)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		if c := counts(); c.OpenIncidents != 7 || c.NewIncidents != 4 {
			t.Fatalf("counts %+v, want 7 open and 4 new", c)
		}
		for i, change := range []func(*domain.Incident){
			2: func(in *domain.Incident) { in.Status = domain.IncidentResolved },
			3: func(in *domain.Incident) { in.DeletedAt = &now },
			6: func(in *domain.Incident) { in.Status = domain.IncidentInProgress },
		} {
			if change == nil {
				continue
			}
			if err := editIncident(ctx, db, a, ids[i], am[0], now, change); err != nil {
				t.Fatal(err)
			}
		}
		if c := counts(); c.OpenIncidents != 4 || c.NewIncidents != 3 {
			t.Fatalf("after edits: counts %+v, want 4 open and 3 new", c)
		}
	})
}

// The search is a case- and accent-insensitive substring match of title and description, '%' and '_'
// taken literally, scoped to the community and without deleted incidents, however the engine runs it:
// walking the community index or, on PostgreSQL, through the trigram index for rare words and the plain
// walk for patterns shorter than a trigram. Every result list equals the one computed in Go.
func TestIncidentSearchMatchesSubstrings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		b, bm := storetest.CommunityIDs(t, db, "Carla")
		seedIncidents(t, db, a, am, 2000)
		seedIncidents(t, db, b, bm, 500)
		now := time.Now()
		add := func(community, by, title, desc string, deleted bool) {
			t.Helper()
			in := &domain.Incident{ID: domain.NewID(), CommunityID: community, Title: title, Description: desc, Priority: domain.PriorityLow,
				Status: domain.IncidentOpen, CreatedBy: &by, AssignedTo: &by, CreatedAt: now, UpdatedAt: now}
			if err := db.CreateIncident(ctx, in, by, errNotMember); err != nil {
				t.Fatal(err)
			}
			if deleted {
				if err := editIncident(ctx, db, community, in.ID, by, now, func(in *domain.Incident) { in.DeletedAt = &now }); err != nil {
					t.Fatal(err)
				}
			}
		}
		add(a, am[0], "Zumbido raro en el SÓTANO", "Suena de noche", false)
		add(a, am[1], "50% de descuento_en la cuota", "Un error del banco", false)
		add(a, am[0], "Cañería rota", "Agua en el   portal\tdos", false)
		add(a, am[1], "Zumbido borrado", "No debe verse", true)
		add(b, bm[0], "Zumbido en otra comunidad", "No debe verse", false)
		add(a, am[0], "PEQUEÑA GOTERA en el ático", "Pingüino de papel €5 🙂 junto al ÁRBOL", false)
		if err := db.Analyze(ctx); err != nil {
			t.Fatal(err)
		}
		all, err := db.ListIncidents(ctx, a, domain.IncidentFilter{Limit: 100000})
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"zumbido", "ZUMBIDO", "sótano", "sotano", "ñ", "canería", "CAÑE", "ca", "a", "z", "50%", "%",
			"_", "o_e", "%de", "descuento_", "f_ga", "50_", "agua en el portal dos", "o  d", "#19", "#1999", "de agua #",
			"xyz", "no debe verse", "fuga de agua", "suena de noche", "ro en",
			// across title and description (joined by one space), letters only some engines fold, symbols
			"rota agua", "sotano suena", "cuota un", "atico pinguino", "pequena", "PEQUEÑA", "Ñ", "ü", "u", "€5", "🙂",
			"arbol", "ÁRBOL", "gotera en el atico pinguino de papel", "#1", "#", " ", "de"} {
			search := domain.SearchText(q)
			var want []string
			for _, in := range all {
				if strings.Contains(domain.SearchText(in.Title, in.Description), search) {
					want = append(want, in.ID)
				}
			}
			got, err := db.ListIncidents(ctx, a, domain.IncidentFilter{Search: search, Limit: 100000})
			if err != nil {
				t.Fatalf("%q: %v", q, err)
			}
			var ids []string
			for _, in := range got {
				ids = append(ids, in.ID)
			}
			if !slices.Equal(ids, want) {
				t.Errorf("%q: %d results, want %d", q, len(ids), len(want))
			}
			// The first page, the one the app asks for, too.
			page, err := db.ListIncidents(ctx, a, domain.IncidentFilter{Search: search, Limit: 21})
			if err != nil {
				t.Fatal(err)
			}
			if n := min(len(want), 21); len(page) != n || (n > 0 && page[n-1].ID != want[n-1]) {
				t.Errorf("%q: first page of %d, want %d", q, len(page), n)
			}
			// And page after page, as the app follows the cursor (pages of 7, the last row of each).
			var paged []string
			f := domain.IncidentFilter{Search: search, Limit: 7}
			for range 1000 {
				page, err := db.ListIncidents(ctx, a, f)
				if err != nil {
					t.Fatal(err)
				}
				for _, in := range page {
					paged = append(paged, in.ID)
				}
				if len(page) < f.Limit {
					break
				}
				last := page[len(page)-1]
				f.After = &domain.Cursor{At: last.CreatedAt, ID: last.ID}
			}
			if !slices.Equal(paged, want) {
				t.Errorf("%q: %d results page by page, want %d", q, len(paged), len(want))
			}
		}
		// The deleted incident is found again when deleted ones are asked for (an administrador's view).
		withDeleted, err := db.ListIncidents(ctx, a, domain.IncidentFilter{Search: domain.SearchText("zumbido"), IncludeDeleted: true, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		if len(withDeleted) != 2 || withDeleted[0].Title != "Zumbido borrado" && withDeleted[1].Title != "Zumbido borrado" {
			t.Errorf("zumbido with deleted: %d results, want the live one and the deleted one", len(withDeleted))
		}
	})
}

// Reports made at the same moment share transactions; each caller still gets its own answer: the names
// filled in, or its own error (an assignee of another community, an id taken) while the others are written.
func TestConcurrentReportsGetTheirOwnAnswers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		_, bm := storetest.CommunityIDs(t, db, "Carla")
		taken := domain.NewID()
		now := time.Now()
		if err := db.CreateIncident(ctx, &domain.Incident{ID: taken, CommunityID: a, Title: "Primera", Description: "d",
			Priority: domain.PriorityLow, Status: domain.IncidentOpen, CreatedBy: &am[0], AssignedTo: &am[1], CreatedAt: now, UpdatedAt: now}, am[0], errNotMember); err != nil {
			t.Fatal(err)
		}
		const n = 60
		ins := make([]*domain.Incident, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			in := &domain.Incident{ID: domain.NewID(), CommunityID: a, Title: fmt.Sprintf("Aviso %d", i), Description: "d",
				Priority: domain.PriorityLow, Status: domain.IncidentOpen, CreatedBy: &am[i%2], AssignedTo: &am[(i+1)%2], CreatedAt: now, UpdatedAt: now}
			switch {
			case i%7 == 3:
				in.AssignedTo = &bm[0]
			case i == 20:
				in.ID = taken
			}
			ins[i] = in
			wg.Go(func() { errs[i] = db.CreateIncident(ctx, in, am[i%2], errNotMember) })
		}
		wg.Wait()
		written := 1
		for i, err := range errs {
			switch {
			case i%7 == 3:
				if domain.ErrorMessage(err) != "El miembro asignado no pertenece a tu comunidad" {
					t.Errorf("%d: %v, want the assignee error", i, err)
				}
			case i == 20:
				if err == nil {
					t.Errorf("%d: a taken id was written", i)
				}
			case err != nil:
				t.Errorf("%d: %v", i, err)
			default:
				written++
				if want := []string{"Ana", "Bruno"}; ins[i].CreatedByName != want[i%2] || ins[i].AssignedToName != want[(i+1)%2] {
					t.Errorf("%d: names %q and %q", i, ins[i].CreatedByName, ins[i].AssignedToName)
				}
				got, h, err := db.IncidentWithHistory(ctx, a, ins[i].ID)
				if err != nil || got.Title != ins[i].Title || got.CreatedByName != ins[i].CreatedByName || len(h) != 1 || h[0].To != domain.IncidentOpen {
					t.Errorf("%d: read back %+v %+v %v", i, got, h, err)
				}
			}
		}
		all, err := db.ListIncidents(ctx, a, domain.IncidentFilter{Limit: 1000})
		if err != nil || len(all) != written {
			t.Fatalf("%d incidents listed, want %d (%v)", len(all), written, err)
		}
		talliesMatch(t, db, "after concurrent reports")
	})
}

// editIncident changes an incident the way the incidents service does: read locked, change, save.
func editIncident(ctx context.Context, db *store.DB, communityID, id, by string, at time.Time, change func(*domain.Incident)) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		old, err := db.IncidentForUpdate(ctx, communityID, id)
		if err != nil {
			return err
		}
		in := *old
		change(&in)
		return db.SaveIncident(ctx, old, &in, by, at)
	})
}

// The search's word index (SQLite, docs/adr/0046) follows every write: edits of the title and of the
// description (words gained, lost and gained back) and deletions, and its results stay those of a
// substring test over the list: with words of the vocabulary that share the query (merged newest first),
// words across title and description, filters that reject candidates, pages as small as one row, equal
// creation times, and queries that more words contain than the index serves.
func TestIncidentSearchFollowsEdits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		b, bm := storetest.CommunityIDs(t, db, "Carla")
		seedIncidents(t, db, a, am, 300)
		base := time.Now().Add(-time.Hour)
		var ids []string
		add := func(community, by, title, desc string, at time.Time, status domain.IncidentStatus) string {
			t.Helper()
			in := &domain.Incident{ID: domain.NewID(), CommunityID: community, Title: title, Description: desc, Priority: domain.PriorityLow,
				Status: status, CreatedBy: &by, AssignedTo: &by, CreatedAt: at, UpdatedAt: at}
			if err := db.CreateIncident(ctx, in, by, errNotMember); err != nil {
				t.Fatal(err)
			}
			return in.ID
		}
		texts := [][2]string{
			{"Paraguas olvidado", "En el portal"}, {"Desagüe atascado", "Huele a cloaca"}, {"Aguas pluviales", "Entran en el garaje"},
			{"Fuga", "De agua en la cocina"}, {"Cañería rota", "agua"}, {"Paraguas roto", "Aguacero"}, {"Ruido", "Nada que ver"},
			{"Agua", "Agua agua AGUA"}, {"Aguardiente", "derramado"}, {"Luz", "fundida en el rellano"},
		}
		for i := range 60 {
			tx := texts[i%len(texts)]
			at := base.Add(time.Duration(i/3) * time.Minute) // three at a time share their moment
			status := []domain.IncidentStatus{domain.IncidentOpen, domain.IncidentInProgress, domain.IncidentResolved}[i%3]
			ids = append(ids, add(a, am[i%2], tx[0], tx[1], at, status))
		}
		add(b, bm[0], "Agua en otra comunidad", "Paraguas", base, domain.IncidentOpen)
		edit := func(i int, change func(*domain.Incident)) {
			t.Helper()
			if err := editIncident(ctx, db, a, ids[i], am[0], time.Now(), change); err != nil {
				t.Fatal(err)
			}
		}
		check := func(stage string) {
			t.Helper()
			all, err := db.ListIncidents(ctx, a, domain.IncidentFilter{IncludeDeleted: true, Limit: 100000})
			if err != nil {
				t.Fatal(err)
			}
			queries := []string{"agua", "AGUA", "aguas", "paraguas", "desague", "desagüe", "pluvial", "aguacero", "aguar", "gua", "gu",
				"ragu", "cocina", "rota agua", "portal", "olvidado", "nuevo", "cloaca", "fundida", "en", "ent", "ada", "zzz", "luz"}
			for _, q := range queries {
				search := domain.SearchText(q)
				for _, f := range []domain.IncidentFilter{
					{Search: search}, {Search: search, Status: domain.IncidentOpen}, {Search: search, IncludeDeleted: true},
				} {
					var want []string
					for _, in := range all {
						if strings.Contains(domain.SearchText(in.Title, in.Description), search) && (f.IncludeDeleted || in.DeletedAt == nil) &&
							(f.Status == "" || in.Status == f.Status) {
							want = append(want, in.ID)
						}
					}
					for _, limit := range []int{1, 2, 5, 21, 1000} {
						var got []string
						g := f
						g.Limit = limit
						for range 1000 {
							page, err := db.ListIncidents(ctx, a, g)
							if err != nil {
								t.Fatal(err)
							}
							for _, in := range page {
								got = append(got, in.ID)
							}
							if len(page) < limit {
								break
							}
							g.After = &domain.Cursor{At: page[len(page)-1].CreatedAt, ID: page[len(page)-1].ID}
						}
						if !slices.Equal(got, want) {
							t.Errorf("%s: %q (status %q, deleted %v) in pages of %d: %d results, want %d", stage, q, f.Status, f.IncludeDeleted, limit, len(got), len(want))
						}
					}
				}
			}
		}
		check("created")
		edit(0, func(in *domain.Incident) { in.Title = "Paraguas nuevo" })              // keeps "paraguas", gains "nuevo", loses "olvidado"
		edit(1, func(in *domain.Incident) { in.Description = "Ya no huele" })           // loses "cloaca"
		edit(3, func(in *domain.Incident) { in.Description = "En la cocina, sin más" }) // loses "agua"
		edit(6, func(in *domain.Incident) { in.Title, in.Description = "Agua", "Cocina" })
		edit(9, func(in *domain.Incident) { in.Title = "Luz del portal" })
		now := time.Now()
		edit(4, func(in *domain.Incident) { in.DeletedAt = &now })
		edit(7, func(in *domain.Incident) { in.DeletedAt = &now })
		edit(14, func(in *domain.Incident) { in.Status = domain.IncidentResolved })
		check("edited")
		edit(8, func(in *domain.Incident) { in.Title = "Sin agua" })
		edit(0, func(in *domain.Incident) { in.Title = "Paraguas olvidado" })
		check("edited again")
	})
}
