package juntas_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/juntas"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestAdminsOnTheLivePanelSeeEachOther: two admins open the attendance panel; each sees the other, an
// arrival and a departure are announced as a change of the junta (area 'juntas', the stream the panel
// refetches on, as it does for the other's marks), a beat is not, a screen gone silent drops out, and a
// member who is not an admin cannot say they are there.
func TestAdminsOnTheLivePanelSeeEachOther(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		ctx := context.Background()
		var mu sync.Mutex
		var changes []string
		svc := juntas.New(db, juntas.Options{Polls: f.polls, Archive: f.docs, Now: f.clock, Log: quiet,
			Changed: func(communityID, area, id string) {
				mu.Lock()
				defer mu.Unlock()
				changes = append(changes, communityID+"/"+area+"/"+id)
			}})
		took := func() []string {
			mu.Lock()
			defer mu.Unlock()
			c := changes
			changes = nil
			return c
		}
		j := f.draft(t, 8*24*time.Hour, domain.JuntaOrdinaria)
		if _, err := svc.Convene(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		took()
		secretary := *f.ben
		secretary.Role = domain.RoleAdmin
		secretary.FullName = "Ben Bravo"
		change := f.admin.CommunityID + "/" + juntas.Area + "/" + j.ID

		names := func(vs []domain.JuntaViewer) []string {
			var out []string
			for _, v := range vs {
				out = append(out, v.Name)
			}
			return out
		}
		others, err := svc.View(ctx, f.admin, j.ID)
		if err != nil || len(others) != 0 {
			t.Fatalf("alone on the panel: %v, %v", others, err)
		}
		if c := took(); len(c) != 1 || c[0] != change {
			t.Fatalf("an arrival announced %v, want the junta's change", c)
		}
		f.advance(5 * time.Second)
		others, err = svc.View(ctx, &secretary, j.ID)
		if err != nil || len(others) != 1 || others[0].Name != "Adela Admin" || others[0].UserID != f.admin.UserID {
			t.Fatalf("the secretary sees %v, %v", names(others), err)
		}
		if c := took(); len(c) != 1 {
			t.Fatalf("the secretary's arrival announced %v", c)
		}
		f.advance(juntas.ViewerBeat)
		others, err = svc.View(ctx, f.admin, j.ID)
		if err != nil || len(others) != 1 || others[0].Name != "Ben Bravo" {
			t.Fatalf("the admin sees %v, %v", names(others), err)
		}
		if c := took(); len(c) != 0 {
			t.Fatalf("a beat announced %v", c)
		}
		// A mark by one admin is announced the same way: the other's panel refetches it.
		f.advance(8 * 24 * time.Hour)
		if _, err := svc.View(ctx, f.admin, j.ID); err != nil {
			t.Fatal(err)
		}
		took() // the admin is back after the gap: an arrival
		if _, err := svc.SetAttendance(ctx, f.admin, j.ID, juntas.Mark{OwnerID: f.ana.UserID, Status: domain.AttendancePresent}); err != nil {
			t.Fatal(err)
		}
		if c := took(); len(c) != 1 || c[0] != change {
			t.Fatalf("a mark announced %v", c)
		}
		// The secretary's screen went silent for longer than two beats: gone.
		if others, _ := svc.View(ctx, f.admin, j.ID); len(others) != 0 {
			t.Fatalf("a silent screen is still there: %v", names(others))
		}
		if _, err := svc.View(ctx, &secretary, j.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.Leave(ctx, &secretary, j.ID); err != nil {
			t.Fatal(err)
		}
		took()
		if others, _ := svc.View(ctx, f.admin, j.ID); len(others) != 0 {
			t.Fatalf("after leaving: %v", names(others))
		}
		if err := svc.Leave(ctx, &secretary, j.ID); err != nil {
			t.Fatal(err)
		}
		if c := took(); len(c) != 0 {
			t.Fatalf("leaving twice announced %v", c)
		}
		_, err = svc.View(ctx, f.ana, j.ID)
		wantCode(t, err, domain.CodeForbidden, "administradores")
		_, err = svc.View(ctx, f.other, j.ID)
		if err == nil {
			t.Fatal("another community's admin is on the panel")
		}
	})
}
