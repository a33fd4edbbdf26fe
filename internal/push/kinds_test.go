package push_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"vecinos/internal/announcements"
	"vecinos/internal/domain"
	"vecinos/internal/incidents"
	"vecinos/internal/push"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/voting"
)

// queued lists, per kind, the names of the people a push is queued for (by their device), and empties
// the queue.
func queued(t *testing.T, db *store.DB) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, r := range storetest.Rows(t, db, `SELECT m.subject, p.full_name FROM mail_outbox m
		JOIN push_subscriptions s ON s.id = m.to_addr JOIN profiles p ON p.id = s.user_id
		WHERE m.kind = 'push' ORDER BY m.subject, p.full_name`) {
		out[r[0]] = append(out[r[0]], r[1])
	}
	storetest.Exec(t, db, "DELETE FROM mail_outbox WHERE kind = 'push'")
	return out
}

func TestEachKindReachesItsPeopleButTheActor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		people := storetest.Community(t, db, "Ana", "Luis", "Eva")
		ana, luis, eva := people[0], people[1], people[2]
		svc, err := push.New(ctx, db, push.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range people {
			if _, err := svc.Subscribe(ctx, a, newDevice(t).subscription("https://push.example.es/"+a.UserID)); err != nil {
				t.Fatal(err)
			}
		}
		want := func(kind domain.PushKind, names ...string) {
			t.Helper()
			got := queued(t, db)
			if !slices.Equal(got[string(kind)], names) || len(got) > 1 || len(got) == 0 && len(names) > 0 {
				t.Fatalf("%s: queued %v, want %v", kind, got, names)
			}
		}

		// Luis reports an incident; Ana (admin) assigns it to Eva and moves it on: both hear of it, Ana not.
		inc := incidents.New(db, incidents.Options{})
		in, err := inc.Create(ctx, luis, incidents.Input{Title: "Gotera en el garaje", Description: "Cae agua junto a la plaza 12", AssignedTo: luis.UserID})
		if err != nil {
			t.Fatal(err)
		}
		want(domain.PushIncident)
		status := domain.IncidentInProgress
		if _, err := inc.Update(ctx, ana, in.ID, incidents.Patch{Status: &status, AssignedTo: &eva.UserID}); err != nil {
			t.Fatal(err)
		}
		want(domain.PushIncident, "Eva", "Luis")
		// Eva turns incident pushes off: Luis's next change reaches nobody else.
		if err := svc.SetKind(ctx, eva, domain.PushIncident, false); err != nil {
			t.Fatal(err)
		}
		title := "Gotera en el garaje (plaza 12)"
		if _, err := inc.Update(ctx, luis, in.ID, incidents.Patch{Title: &title}); err != nil {
			t.Fatal(err)
		}
		want(domain.PushIncident)

		// A critical announcement reaches its audience but its author; a normal one pushes nothing.
		ann := announcements.New(db, announcements.Options{})
		if _, err := ann.Create(ctx, ana, announcements.Input{Title: "Corte de agua", Description: "Mañana de 9 a 12",
			Status: domain.AnnouncementPublished, Priority: domain.AnnouncementCritical, Type: domain.AnnouncementMaintenance,
			Audience: domain.Audience{Kind: domain.AudienceAll}}); err != nil {
			t.Fatal(err)
		}
		want(domain.PushCritical, "Eva", "Luis")
		if _, err := ann.Create(ctx, ana, announcements.Input{Title: "Fiesta", Description: "El sábado",
			Status: domain.AnnouncementPublished, Priority: domain.AnnouncementNormal, Type: domain.AnnouncementGeneral,
			Audience: domain.Audience{Kind: domain.AudienceAll}}); err != nil {
			t.Fatal(err)
		}
		want(domain.PushCritical)

		// A poll that opens reaches the community.
		polls := voting.New(db, voting.Options{})
		if _, err := polls.CreateWallConsulta(ctx, ana, "¿Pintamos el portal?", []string{"Sí", "No"}, time.Now().Add(48*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if got := queued(t, db)[string(domain.PushPoll)]; len(got) < 2 || !slices.Contains(got, "Luis") || !slices.Contains(got, "Eva") {
			t.Fatalf("poll pushes for %v", got)
		}
	})
}
