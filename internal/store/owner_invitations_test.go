package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// The office's import (issue #35, ADR 0045 addendum): an owner invitation is one (address, unit) of one
// community; a live or accepted one counts as invited, an expired one or an ordinary one does not, and
// joining finds the units of the live ones of that community only.
func TestOwnerInvitationsAreByAddressUnitAndCommunity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, admins := storetest.CommunityIDs(t, db, "Admin")
		other, _ := storetest.CommunityIDs(t, db, "Otra")
		now := time.Now().UTC().Truncate(time.Millisecond)
		unit := func(community, name string) domain.Unit {
			return domain.Unit{ID: domain.NewID(), CommunityID: community, UnitNumber: name, Kind: domain.KindDwelling}
		}
		a, b, g, elsewhere := unit(c, "1A"), unit(c, "1B"), unit(c, "G1"), unit(other, "1A")
		invite := func(community, email string, u domain.Unit, owner bool, expires time.Time) {
			t.Helper()
			id := u.ID
			inv := &domain.Invitation{ID: domain.NewID(), CommunityID: community, Email: email, UnitID: &id, Kind: domain.InviteNeighbour,
				InvitedBy: &admins[0], CreatedAt: now, SentAt: now, ExpiresAt: expires, Owner: owner}
			if err := db.InsertInvitation(ctx, inv); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.InTx(ctx, func(ctx context.Context) error {
			for _, u := range []*domain.Unit{&a, &b, &g, &elsewhere} {
				if err := db.SaveUnit(ctx, u, now); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		const ines = "ines@example.es"
		invite(c, ines, a, true, now.Add(time.Hour))
		invite(c, ines, b, true, now.Add(-time.Hour)) // expired
		invite(c, ines, g, false, now.Add(time.Hour)) // an ordinary invitation naming a unit
		invite(other, ines, elsewhere, true, now.Add(time.Hour))

		for _, tc := range []struct {
			email, unit string
			want        bool
		}{{ines, a.ID, true}, {ines, b.ID, false}, {ines, g.ID, false}, {"otra@example.es", a.ID, false}} {
			got, err := db.OwnerInvited(ctx, c, tc.email, tc.unit, now)
			if err != nil || got != tc.want {
				t.Errorf("OwnerInvited(%s, %s) = %v, %v; want %v", tc.email, tc.unit, got, err, tc.want)
			}
		}

		u := &domain.User{ID: domain.NewID(), Email: ines, FullName: "Inés", Language: domain.Spanish, EmailConfirmedAt: &now}
		if ok, err := db.CreateUser(ctx, u, now); err != nil || !ok {
			t.Fatalf("CreateUser: %v %v", ok, err)
		}
		units, err := db.OwnerInvitationUnits(ctx, u.ID, c, now)
		if err != nil || !slices.Equal(units, []string{a.ID}) {
			t.Fatalf("the units joining gives ines: %v %v, want [%s]", units, err, a.ID)
		}
		// Accepted (as joining does), the invitation still counts as invited for a second import.
		if err := db.AcceptInvitations(ctx, u.ID, c, now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if got, err := db.OwnerInvited(ctx, c, ines, a.ID, now.Add(2*time.Minute)); err != nil || !got {
			t.Errorf("an accepted owner invitation no longer counts: %v %v", got, err)
		}
		if units, _ := db.OwnerInvitationUnits(ctx, u.ID, c, now.Add(2*time.Minute)); len(units) != 0 {
			t.Errorf("units of invitations accepted earlier are given again: %v", units)
		}
	})
}
