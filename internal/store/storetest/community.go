package storetest

import (
	"context"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
)

// Community creates one confirmed user per name and a community they all belong to: the first creates it
// (and so is its admin), the others join with its code. It returns them as actors, in the order given.
func Community(t testing.TB, db *store.DB, names ...string) []*domain.Actor {
	t.Helper()
	ctx := context.Background()
	var c *domain.Community
	out := make([]*domain.Actor, 0, len(names))
	now := time.Now()
	tag := rand.Text()[:8]
	for i, name := range names {
		u := &domain.User{ID: domain.NewID(), Email: fmt.Sprintf("u%d-%s@example.es", i, tag), FullName: name,
			Language: domain.Spanish, EmailConfirmedAt: &now}
		setup := domain.CommunitySetup{}
		role := domain.RoleUser
		if c == nil {
			c = &domain.Community{Name: "Comunidad " + name}
			setup.Create, role = c, domain.RoleAdmin
		} else {
			setup.JoinCode = c.PublicID
		}
		if err := db.SeedMember(ctx, u, setup, now); err != nil {
			t.Fatal(err)
		}
		out = append(out, &domain.Actor{UserID: u.ID, FullName: name, EmailConfirmed: true, CommunityID: c.ID, Role: role})
	}
	return out
}

// CommunityIDs is Community for tests that need only the community's id and its members' user ids.
func CommunityIDs(t testing.TB, db *store.DB, names ...string) (string, []string) {
	t.Helper()
	actors := Community(t, db, names...)
	ids := make([]string, len(actors))
	for i, a := range actors {
		ids[i] = a.UserID
	}
	return actors[0].CommunityID, ids
}
