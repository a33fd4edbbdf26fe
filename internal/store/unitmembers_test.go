package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Issue #21 (ADR 0018): a portal's announcements reach every member with a unit in it — the one they live
// in, one they own, or a further unit, confirmed or still claimed; the owners' ones reach only confirmed
// owners, so an unconfirmed owner claim gives a resident's reach, never an owner's.
func TestPortalAnnouncementsReachEveryUnitOfAMember(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, m := storetest.CommunityIDs(t, db, "Admin", "Olga", "Pablo", "Teo", "Rita", "Nadie")
		admin, olga, pablo, teo, rita, nobody := m[0], m[1], m[2], m[3], m[4], m[5]
		p1, p2, p3 := "Portal 1", "Portal 2", "Portal 3"
		now := time.Now()
		ownHome(t, db, olga, c, "1A", &p1, now)
		u2b := ownHome(t, db, pablo, c, "2B", &p2, now)
		u1b := domain.Unit{ID: domain.NewID(), CommunityID: c, UnitNumber: "1B", Building: &p1}
		garage := domain.Unit{ID: domain.NewID(), CommunityID: c, UnitNumber: "G1", Building: &p3, Kind: domain.KindGarage}
		if err := db.InTx(ctx, func(ctx context.Context) error {
			for _, u := range []*domain.Unit{&u1b, &garage} {
				if err := db.SaveUnit(ctx, u, now); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		// Teo lives in Portal 2 and says he also rents 1B in Portal 1 (not confirmed yet).
		liveIn(t, db, teo, u2b.ID, now)
		addMemberUnit(t, db, teo, c, u1b.ID, domain.UnitTenant, now)
		// Rita only claims to own 1B: unconfirmed.
		addMemberUnit(t, db, rita, c, u1b.ID, domain.UnitOwner, now)
		// Olga owns the garage of Portal 3, confirmed by an admin, and does not live there.
		addMemberUnit(t, db, olga, c, garage.ID, domain.UnitOwner, now)
		claims, err := db.OwnerClaims(ctx, c, domain.VerificationPending)
		if err != nil {
			t.Fatal(err)
		}
		for _, cl := range claims {
			if cl.UserID == olga {
				approveOwnerClaim(t, db, &cl, admin, now)
			}
		}

		annNew(t, db, c, admin, "Solo propietarios", now.Add(-3*time.Minute), func(an *domain.Announcement) { an.Audience.Kind = domain.AudienceOwners })
		portal := map[string]*domain.Announcement{}
		for i, p := range []string{p1, p2, p3} {
			portal[p] = annNew(t, db, c, admin, p, now.Add(time.Duration(i-2)*time.Minute), func(an *domain.Announcement) {
				an.Audience = domain.Audience{Kind: domain.AudienceBuilding, Value: p}
			})
		}
		for _, tc := range []struct {
			who, user string
			want      []string
		}{
			{"olga, who lives in portal 1 and owns a garage in portal 3", olga, []string{"Portal 3", "Portal 1", "Solo propietarios"}},
			{"pablo, owner in portal 2", pablo, []string{"Portal 2", "Solo propietarios"}},
			{"teo, in portal 2 and claiming 1B as its tenant", teo, []string{"Portal 2", "Portal 1"}},
			{"rita, claiming to own 1B: a resident's reach", rita, []string{"Portal 1"}},
			{"nobody", nobody, nil},
		} {
			var got []string
			for _, s := range annTitles(t, db, c, domain.AnnouncementViewer{UserID: tc.user, Now: now}, domain.AnnouncementFilter{}) {
				got = append(got, strings.TrimSuffix(s, ":publicado"))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s sees %v, want %v", tc.who, got, tc.want)
			}
		}
		// The audience counts each member once however many of the portal's units are theirs.
		for p, want := range map[string]int{p1: 3, p2: 2, p3: 1} {
			got, err := db.Announcement(ctx, c, portal[p].ID, domain.AnnouncementViewer{UserID: admin, Admin: true, Now: now})
			if err != nil || got.Total != want {
				t.Errorf("%s: audience %d (%v), want %d", p, got.Total, err, want)
			}
		}
		bs, err := db.AnnouncementBuildings(ctx, c)
		want := []domain.BuildingAudience{{Value: p1, Residents: 3}, {Value: p2, Residents: 2}, {Value: p3, Residents: 1}}
		if err != nil || !slices.Equal(bs, want) {
			t.Fatalf("buildings: %v %v, want %v", bs, err, want)
		}
	})
}

// The store's steps as the profiles service runs them, to set up a community's units.

// ownHome creates a unit of the community and makes the user its owner, living in it.
func ownHome(t testing.TB, db *store.DB, userID, communityID, number string, building *string, now time.Time) *domain.Unit {
	t.Helper()
	u := &domain.Unit{ID: domain.NewID(), CommunityID: communityID, UnitNumber: number, Building: building}
	inTx(t, db, func(ctx context.Context) error {
		if err := db.InsertUnit(ctx, u, now); err != nil {
			return err
		}
		if _, err := db.TakeUnitOwnership(ctx, u.ID, userID, now); err != nil {
			return err
		}
		u.OwnerID = &userID
		return db.MoveIn(ctx, userID, u.ID, "", now)
	})
	return u
}

// liveIn makes a unit the user's home, their onboarding moving on to verification.
func liveIn(t testing.TB, db *store.DB, userID, unitID string, now time.Time) {
	t.Helper()
	inTx(t, db, func(ctx context.Context) error { return db.MoveIn(ctx, userID, unitID, domain.StepVerify, now) })
}

// addMemberUnit records a further unit of the member, with an owner claim when they say they own it.
func addMemberUnit(t testing.TB, db *store.DB, userID, communityID, unitID string, relation domain.UnitRelation, now time.Time) {
	t.Helper()
	inTx(t, db, func(ctx context.Context) error {
		if err := db.InsertMemberUnit(ctx, unitID, userID, relation, now); err != nil || relation != domain.UnitOwner {
			return err
		}
		return db.InsertOwnerClaim(ctx, userID, communityID, unitID, now)
	})
}

// approveOwnerClaim confirms a pending owner claim, as an admin does.
func approveOwnerClaim(t testing.TB, db *store.DB, o *domain.OwnerClaim, adminID string, now time.Time) {
	t.Helper()
	inTx(t, db, func(ctx context.Context) error {
		if ok, err := db.TakeUnitOwnership(ctx, o.UnitID, o.UserID, now); err != nil || !ok {
			return fmt.Errorf("take ownership: %v %v", ok, err)
		}
		if err := db.AcceptProposedUnit(ctx, o.UnitID, now); err != nil {
			return err
		}
		o.Status, o.ReviewedAt = domain.VerificationApproved, &now
		if err := db.SaveOwnerClaimReview(ctx, o, adminID); err != nil {
			return err
		}
		return db.ConfirmMemberUnit(ctx, o.UnitID, o.UserID, adminID, "", now)
	})
}

func inTx(t testing.TB, db *store.DB, fn func(ctx context.Context) error) {
	t.Helper()
	if err := db.InTx(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}
