package store_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// seedCommunity creates a community with n members (the first is its admin) and returns their ids.
func seedCommunity(t *testing.T, db *store.DB, names ...string) (string, []string) {
	t.Helper()
	ctx := context.Background()
	var c *domain.Community
	var ids []string
	now := time.Now()
	for i, name := range names {
		u := &domain.User{ID: domain.NewID(), Email: fmt.Sprintf("u%d-%s@example.es", i, rand.Text()[:8]), FullName: name,
			Language: domain.Spanish, EmailConfirmedAt: &now}
		if err := db.CreateUser(ctx, u, domain.EmailToken{}, domain.Mail{}); err != nil {
			t.Fatal(err)
		}
		setup := domain.CommunitySetup{}
		if c == nil {
			c = &domain.Community{Name: "Comunidad " + name}
			setup.Create = c
		} else {
			setup.JoinCode = c.PublicID
		}
		if err := db.JoinOrCreateCommunity(ctx, u.ID, setup); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	return c.ID, ids
}

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
			if err := db.CreateIncidents(context.Background(), batch); err != nil {
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
		a, am := seedCommunity(t, db, "Ana", "Bruno")
		b, bm := seedCommunity(t, db, "Carla")
		seedIncidents(t, db, a, am, 3000)
		seedIncidents(t, db, b, bm, 3000)
		if err := db.Analyze(ctx); err != nil {
			t.Fatal(err)
		}
		for name, f := range map[string]domain.IncidentFilter{
			"first page":   {Limit: 21},
			"status open":  {Status: domain.IncidentOpen, Limit: 21},
			"search agua":  {Search: "agua", Limit: 21},
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
	})
}

func TestDashboardCountsAreCommunityScoped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, am := seedCommunity(t, db, "Ana", "Bruno")
		b, bm := seedCommunity(t, db, "Carla")
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
				if _, err := db.UpdateEvent(ctx, community, e.ID, now, func(e *domain.Event) error { e.DeletedAt = &now; return nil }); err != nil {
					t.Fatal(err)
				}
			}
		}
		ev(a, now.Add(time.Hour), now, false)    // upcoming, new
		ev(a, now.Add(48*time.Hour), old, false) // upcoming, old
		ev(a, now.Add(-time.Hour), now, false)   // past, new
		ev(a, now.Add(time.Hour), now, true)     // deleted
		ev(b, now.Add(time.Hour), now, false)    // other community
		got, err := db.DashboardCounts(ctx, a, now, now.Add(-7*24*time.Hour))
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
		a, _ := seedCommunity(t, db, "Marta", "Ana", "Zoe")
		seedCommunity(t, db, "Bea")
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
