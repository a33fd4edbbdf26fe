package store_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/announcements"
	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// annNew stores an announcement of communityID by author, created at at.
func annNew(t *testing.T, db *store.DB, communityID, author, title string, at time.Time, edit func(*domain.Announcement)) *domain.Announcement {
	t.Helper()
	an := &domain.Announcement{ID: domain.NewID(), CommunityID: communityID, Title: title, Description: "Texto de " + title,
		Status: domain.AnnouncementPublished, Priority: domain.AnnouncementNormal, Type: domain.AnnouncementGeneral,
		Audience: domain.Audience{Kind: domain.AudienceAll}, CreatedBy: &author, CreatedAt: at, UpdatedAt: at}
	if edit != nil {
		edit(an)
	}
	if err := db.InsertAnnouncement(context.Background(), an); err != nil {
		t.Fatal(err)
	}
	return an
}

func annTitles(t *testing.T, db *store.DB, communityID string, v domain.AnnouncementViewer, f domain.AnnouncementFilter) []string {
	t.Helper()
	if f.Limit == 0 {
		f.Limit = 50
	}
	list, err := db.ListAnnouncements(context.Background(), communityID, v, f)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, an := range list {
		out = append(out, an.Title+":"+string(an.Status))
	}
	return out
}

// The board orders pinned first, then newest; a published announcement past valid_until reads (and
// filters) as expirado without anyone editing it; archived and deleted ones show only on request.
func TestAnnouncementOrderExpiryAndFilters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, m := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		t0 := time.Now().Truncate(time.Millisecond)
		until := t0.Add(time.Hour)
		annNew(t, db, c, m[0], "Fijado antiguo", t0.Add(-3*time.Hour), func(an *domain.Announcement) { an.IsPinned = true })
		annNew(t, db, c, m[0], "Corte de agua", t0.Add(-2*time.Hour), func(an *domain.Announcement) {
			an.ValidUntil, an.Type, an.Priority = &until, domain.AnnouncementMaintenance, domain.AnnouncementCritical
		})
		annNew(t, db, c, m[0], "Nuevas normas del ascensor", t0.Add(-time.Hour), func(an *domain.Announcement) { an.Type = domain.AnnouncementRegulation })
		arch := annNew(t, db, c, m[0], "Archivado", t0.Add(-30*time.Minute), func(an *domain.Announcement) { an.Status = domain.AnnouncementArchived })
		del := annNew(t, db, c, m[0], "Borrado", t0.Add(-20*time.Minute), nil)
		if err := db.InTx(ctx, func(ctx context.Context) error {
			old, err := db.AnnouncementForUpdate(ctx, c, del.ID)
			if err != nil {
				return err
			}
			an := *old
			an.Status, an.DeletedAt = domain.AnnouncementDeleted, &t0
			return db.SaveAnnouncement(ctx, &an, t0)
		}); err != nil {
			t.Fatal(err)
		}
		other, om := storetest.CommunityIDs(t, db, "Carla")
		annNew(t, db, other, om[0], "De otra comunidad", t0, nil)

		bruno := domain.AnnouncementViewer{UserID: m[1], Now: t0}
		want := []string{"Fijado antiguo:publicado", "Nuevas normas del ascensor:publicado", "Corte de agua:publicado"}
		if got := annTitles(t, db, c, bruno, domain.AnnouncementFilter{}); !slices.Equal(got, want) {
			t.Fatalf("board now: %v, want %v", got, want)
		}
		later := bruno
		later.Now = t0.Add(2 * time.Hour)
		want[2] = "Corte de agua:expirado"
		if got := annTitles(t, db, c, later, domain.AnnouncementFilter{}); !slices.Equal(got, want) {
			t.Fatalf("board after valid_until: %v, want %v", got, want)
		}
		if got := annTitles(t, db, c, later, domain.AnnouncementFilter{Statuses: []domain.AnnouncementStatus{"expirado"}}); !slices.Equal(got, []string{"Corte de agua:expirado"}) {
			t.Fatalf("expirado filter: %v", got)
		}
		if got := annTitles(t, db, c, later, domain.AnnouncementFilter{Statuses: []domain.AnnouncementStatus{"publicado"}}); len(got) != 2 || slices.Contains(got, "Corte de agua:publicado") {
			t.Fatalf("publicado filter: %v", got)
		}
		if n, _ := unreadAnnouncements(ctx, db, c, m[1], later.Now); n != 2 {
			t.Fatalf("unread after expiry: %d, want 2", n)
		}
		// The stored status did not change.
		an, err := db.Announcement(ctx, c, arch.ID, bruno)
		if err != nil || an.Status != domain.AnnouncementArchived {
			t.Fatalf("archived: %v %v", an, err)
		}
		// A deleted announcement is for admins only: a member never lists it nor opens it.
		all := annTitles(t, db, c, bruno, domain.AnnouncementFilter{IncludeArchived: true})
		if len(all) != 4 || !slices.Contains(all, "Archivado:archivado") || slices.Contains(all, "Borrado:eliminado") {
			t.Fatalf("includeArchived, member: %v", all)
		}
		if an, err := db.Announcement(ctx, c, del.ID, bruno); an != nil || err != nil {
			t.Fatalf("member opens a deleted one: %v", err)
		}
		ana := domain.AnnouncementViewer{UserID: m[0], Admin: true, Now: t0}
		all = annTitles(t, db, c, ana, domain.AnnouncementFilter{IncludeArchived: true})
		if len(all) != 5 || !slices.Contains(all, "Archivado:archivado") || !slices.Contains(all, "Borrado:eliminado") {
			t.Fatalf("includeArchived, admin: %v", all)
		}
		if an, err := db.Announcement(ctx, c, del.ID, ana); err != nil || an.Status != domain.AnnouncementDeleted {
			t.Fatalf("admin opens a deleted one: %v %v", an, err)
		}
		if got := annTitles(t, db, c, bruno, domain.AnnouncementFilter{IncludeArchived: true, Statuses: []domain.AnnouncementStatus{"archivado"}}); !slices.Equal(got, []string{"Archivado:archivado"}) {
			t.Fatalf("includeArchived + archivado: %v", got)
		}
		if got := annTitles(t, db, c, bruno, domain.AnnouncementFilter{Search: domain.SearchText("ASCENSÓR")}); !slices.Equal(got, []string{"Nuevas normas del ascensor:publicado"}) {
			t.Fatalf("search: %v", got)
		}
		if got := annTitles(t, db, c, bruno, domain.AnnouncementFilter{Types: []domain.AnnouncementType{"mantenimiento", "normativa"}, Priorities: []domain.AnnouncementPriority{"critico"}}); !slices.Equal(got, []string{"Corte de agua:publicado"}) {
			t.Fatalf("type + priority: %v", got)
		}
		// Keyset pages walk the same order.
		var paged []string
		f := domain.AnnouncementFilter{Limit: 1}
		for range 5 {
			page, err := db.ListAnnouncements(ctx, c, bruno, f)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) == 0 {
				break
			}
			last := page[0]
			paged = append(paged, last.Title+":"+string(last.Status))
			f.After = &domain.Cursor{Pinned: last.IsPinned, At: last.CreatedAt, ID: last.ID}
		}
		if !slices.Equal(paged, []string{"Fijado antiguo:publicado", "Nuevas normas del ascensor:publicado", "Corte de agua:publicado"}) {
			t.Fatalf("pages: %v", paged)
		}
	})
}

// One reaction per member: the same emoji again removes it, another replaces it; concurrent clicks act
// one after the other.
func TestAnnouncementReactions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, m := storetest.CommunityIDs(t, db, "Ana", "Bruno", "Carla")
		an := annNew(t, db, c, m[0], "Junta", time.Now(), nil)
		// The rule is the service's; its store methods run it.
		svc := announcements.New(db, announcements.Options{})
		reactIn := func(communityID, user string, e domain.Reaction) (domain.ReactionCounts, *domain.Reaction, error) {
			r, err := svc.React(ctx, &domain.Actor{UserID: user, CommunityID: communityID}, an.ID, e)
			if err != nil {
				return nil, nil, err
			}
			return r.Reactions, r.MyReaction, nil
		}
		react := func(user string, e domain.Reaction) (domain.ReactionCounts, *domain.Reaction) {
			t.Helper()
			counts, mine, err := reactIn(c, user, e)
			if err != nil {
				t.Fatal(err)
			}
			return counts, mine
		}
		if counts, mine := react(m[1], domain.ReactionHeart); mine == nil || *mine != domain.ReactionHeart || counts[domain.ReactionHeart] != 1 {
			t.Fatalf("first click: %v %v", counts, mine)
		}
		if counts, mine := react(m[1], domain.ReactionBell); mine == nil || *mine != domain.ReactionBell || counts[domain.ReactionHeart] != 0 || counts[domain.ReactionBell] != 1 {
			t.Fatalf("another emoji replaces: %v %v", counts, mine)
		}
		if counts, mine := react(m[1], domain.ReactionBell); mine != nil || counts[domain.ReactionBell] != 0 {
			t.Fatalf("same emoji removes: %v %v", counts, mine)
		}
		react(m[2], domain.ReactionThumbsUp)
		// Two concurrent clicks on the same emoji: added then removed, whatever the interleaving.
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				if _, _, err := reactIn(c, m[1], domain.ReactionThumbsUp); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got, err := db.Announcement(ctx, c, an.ID, domain.AnnouncementViewer{UserID: m[1], Now: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if got.MyReaction != nil || got.Reactions[domain.ReactionThumbsUp] != 1 {
			t.Fatalf("after two concurrent same clicks: mine %v, counts %v", got.MyReaction, got.Reactions)
		}
		// Concurrent different emojis: exactly one reaction remains.
		for _, e := range domain.Reactions {
			wg.Go(func() {
				if _, _, err := reactIn(c, m[1], e); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got, _ = db.Announcement(ctx, c, an.ID, domain.AnnouncementViewer{UserID: m[1], Now: time.Now()})
		total := 0
		for _, n := range got.Reactions {
			total += n
		}
		if got.MyReaction == nil || total != 2 {
			t.Fatalf("after concurrent different clicks: mine %v, counts %v", got.MyReaction, got.Reactions)
		}
		// Another community's announcement is not found.
		if _, _, err := reactIn("other", m[1], domain.ReactionHeart); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("other community: %v", err)
		}
	})
}

// A receipt is recorded once, however many clicks and tabs.
func TestAnnouncementReadReceiptsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, m := storetest.CommunityIDs(t, db, "Ana", "Bruno", "Carla")
		an := annNew(t, db, c, m[0], "Junta", time.Now(), nil)
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				if err := db.MarkAnnouncementRead(ctx, an.ID, m[1], time.Now()); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got, err := db.Announcement(ctx, c, an.ID, domain.AnnouncementViewer{UserID: m[1], Now: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if !got.IsRead || got.ReadCount != 1 || got.Total != 3 {
			t.Fatalf("read %v, %d of %d; want true, 1 of 3", got.IsRead, got.ReadCount, got.Total)
		}
		if n, _ := unreadAnnouncements(ctx, db, c, m[1], time.Now()); n != 0 {
			t.Fatalf("Bruno's unread: %d", n)
		}
		if n, _ := unreadAnnouncements(ctx, db, c, m[2], time.Now()); n != 1 {
			t.Fatalf("Carla's unread: %d", n)
		}
	})
}

// Owners-only and portal announcements reach only their audience: who sees them, 'read by N of M', the
// dashboard tally and the emails of a critical one. Admins see everything.
func TestAnnouncementTargeting(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, m := storetest.CommunityIDs(t, db, "Admin", "Olga", "Pablo", "Teo", "Nadie")
		admin, owner1, owner2, tenant, nobody := m[0], m[1], m[2], m[3], m[4]
		p1, p2 := "Portal 1", "Portal 2"
		now := time.Now()
		u1 := ownHome(t, db, owner1, c, "1A", &p1, now)
		ownHome(t, db, owner2, c, "2B", &p2, now)
		liveIn(t, db, tenant, u1.ID, now)
		owners := annNew(t, db, c, admin, "Solo propietarios", now.Add(-time.Minute), func(an *domain.Announcement) { an.Audience.Kind = domain.AudienceOwners })
		portal := annNew(t, db, c, admin, "Portal 1", now, func(an *domain.Announcement) { an.Audience = domain.Audience{Kind: domain.AudienceBuilding, Value: p1} })
		sees := func(user string, isAdmin bool) []string {
			var out []string
			for _, s := range annTitles(t, db, c, domain.AnnouncementViewer{UserID: user, Admin: isAdmin, Now: now}, domain.AnnouncementFilter{}) {
				out = append(out, strings.TrimSuffix(s, ":publicado"))
			}
			return out
		}
		for _, tc := range []struct {
			who   string
			user  string
			admin bool
			want  []string
		}{
			{"admin", admin, true, []string{"Portal 1", "Solo propietarios"}},
			{"owner in portal 1", owner1, false, []string{"Portal 1", "Solo propietarios"}},
			{"owner in portal 2", owner2, false, []string{"Solo propietarios"}},
			{"tenant in portal 1", tenant, false, []string{"Portal 1"}},
			{"no unit", nobody, false, nil},
		} {
			if got := sees(tc.user, tc.admin); !slices.Equal(got, tc.want) {
				t.Errorf("%s sees %v, want %v", tc.who, got, tc.want)
			}
		}
		if an, err := db.Announcement(ctx, c, owners.ID, domain.AnnouncementViewer{UserID: tenant, Now: now}); an != nil || err != nil {
			t.Errorf("tenant opens the owners' one: %v", err)
		}
		// Read by N of M: M is the audience; an admin's receipt outside the audience does not count.
		for _, u := range []string{owner1, admin} {
			if err := db.MarkAnnouncementRead(ctx, owners.ID, u, now); err != nil {
				t.Fatal(err)
			}
		}
		got, err := db.Announcement(ctx, c, owners.ID, domain.AnnouncementViewer{UserID: admin, Admin: true, Now: now})
		if err != nil || got.ReadCount != 1 || got.Total != 2 {
			t.Fatalf("owners' one: read by %d of %d (%v); want 1 of 2", got.ReadCount, got.Total, err)
		}
		got, _ = db.Announcement(ctx, c, portal.ID, domain.AnnouncementViewer{UserID: admin, Admin: true, Now: now})
		if got.ReadCount != 0 || got.Total != 2 {
			t.Fatalf("portal one: read by %d of %d; want 0 of 2", got.ReadCount, got.Total)
		}
		for user, want := range map[string]int{admin: 0, owner1: 1, owner2: 1, tenant: 1, nobody: 0} {
			if n, err := unreadAnnouncements(ctx, db, c, user, now); err != nil || n != want {
				t.Errorf("unread of %s: %d (%v), want %d", user, n, err, want)
			}
		}
		// A critical one is emailed, in its transaction, to exactly its audience.
		var to []string
		crit := &domain.Announcement{ID: domain.NewID(), CommunityID: c, Title: "Corte de luz", Description: "Mañana", Status: "publicado",
			Priority: "critico", Type: "mantenimiento", Audience: domain.Audience{Kind: domain.AudienceBuilding, Value: p1}, CreatedBy: &admin,
			CreatedAt: now, UpdatedAt: now}
		n := 0
		err = db.InTx(ctx, func(ctx context.Context) error {
			if err := db.InsertAnnouncement(ctx, crit); err != nil {
				return err
			}
			recipients, err := db.AnnouncementRecipients(ctx, crit.ID)
			if err != nil {
				return err
			}
			for _, r := range recipients {
				to = append(to, r.Email)
				if err := db.QueueMail(ctx, domain.Mail{To: r.Email, Subject: "Aviso: " + crit.Title, Text: crit.Description}, now); err != nil {
					return err
				}
			}
			n = len(recipients)
			return nil
		})
		if err != nil || n != 2 || len(to) != 2 {
			t.Fatalf("critical: %d queued, to %v (%v)", n, to, err)
		}
		mails, err := db.ListMail(ctx, 100)
		if err != nil {
			t.Fatal(err)
		}
		var queued []string
		for _, ml := range mails {
			if ml.Subject == "Aviso: Corte de luz" {
				queued = append(queued, ml.To)
			}
		}
		slices.Sort(queued)
		if !slices.Equal(queued, to) {
			t.Fatalf("outbox %v, want %v", queued, to)
		}
		// An unknown portal is refused, and nothing is written.
		svc := announcements.New(db, announcements.Options{})
		if _, err := svc.Create(ctx, &domain.Actor{UserID: admin, CommunityID: c, Role: domain.RoleAdmin}, announcements.Input{Title: "X",
			Audience: domain.Audience{Kind: domain.AudienceBuilding, Value: "Portal 9"}}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("unknown portal: %v", err)
		}
		bs, err := db.AnnouncementBuildings(ctx, c)
		if err != nil || len(bs) != 2 || bs[0] != (domain.BuildingAudience{Value: p1, Residents: 2}) || bs[1] != (domain.BuildingAudience{Value: p2, Residents: 1}) {
			t.Fatalf("buildings: %v %v", bs, err)
		}
	})
}

// unreadAnnouncements is the dashboard's count of the announcements userID has not opened.
func unreadAnnouncements(ctx context.Context, db *store.DB, communityID, userID string, now time.Time) (int, error) {
	c, err := db.DashboardCounts(ctx, communityID, userID, now, now)
	return c.UnreadAnnouncements, err
}
