package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// officeRunning stores an office that runs communities (active) and was only invited by invited; it
// returns its id.
func officeRunning(t testing.TB, db *store.DB, communities, invited []string) string {
	t.Helper()
	ctx := context.Background()
	org := "org-" + communities[0]
	exec := func(q string, args ...any) {
		t.Helper()
		if err := db.ExecForTest(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO organisations (id, name, nif, code, created_at) VALUES (?, 'Fincas Sol', ?, ?, 0)`, org, "B"+communities[0], "C"+communities[0])
	for _, c := range communities {
		exec(`INSERT INTO community_processors (community_id, organisation_id, status, invited_at, accepted_at) VALUES (?, ?, 'active', 0, 0)`, c, org)
	}
	for _, c := range invited {
		exec(`INSERT INTO community_processors (community_id, organisation_id, status, invited_at) VALUES (?, ?, 'invited', 0)`, c, org)
	}
	return org
}

// overviewFixture makes an office that runs two communities: the first with incidents of each age (and
// a resolved and a deleted one that do not count), a pending booking to come, a past one and a
// confirmed one, and a convened junta besides a draft, and direct messages to Ana (two unread that
// count, one she cleared, one read, one deleted, one she sent); the second with nothing. A third
// community, which only invited the office, has an open incident that no counter sees. It returns the
// office, the two communities and Ana.
func overviewFixture(t *testing.T, db *store.DB, now time.Time) (string, string, string, string) {
	t.Helper()
	ctx := context.Background()
	c1, users := storetest.CommunityIDs(t, db, "Ana", "Bruno")
	c2, _ := storetest.CommunityIDs(t, db, "Bea")
	c3, others := storetest.CommunityIDs(t, db, "Ceci")
	org := officeRunning(t, db, []string{c1, c2}, []string{c3})
	exec := func(q string, args ...any) {
		t.Helper()
		if err := db.ExecForTest(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO incidents (id, community_id, title, description, status, created_by, search_text, created_at, updated_at)
		VALUES ('inc-invited', ?, 'Gotera', 'Agua', 'open', ?, 'gotera agua', ?, ?)`, c3, others[0], now.UnixMilli(), now.UnixMilli())
	at := func(d time.Duration) int64 { return now.Add(d).UnixMilli() }
	day := 24 * time.Hour
	for i, inc := range []struct {
		status  string
		age     time.Duration
		deleted bool
	}{{"open", day, false}, {"in_progress", 2 * day, false}, {"open", 10 * day, false}, {"open", 40 * day, false},
		{"in_progress", 60 * day, false}, {"resolved", day, false}, {"open", day, true}} {
		var deleted any
		if inc.deleted {
			deleted = at(0)
		}
		exec(`INSERT INTO incidents (id, community_id, title, description, status, created_by, search_text, created_at, updated_at, deleted_at)
			VALUES (?, ?, 'Gotera', 'Agua', ?, ?, 'gotera agua', ?, ?, ?)`, "inc"+string(rune('a'+i)), c1, inc.status, users[0], at(-inc.age), at(-inc.age), deleted)
	}
	exec(`INSERT INTO units (id, community_id, unit_number, created_at, updated_at) VALUES ('u-ov', ?, '1A', ?, ?)`, c1, at(0), at(0))
	exec(`INSERT INTO facilities (id, community_id, name, capacity, hours, slot_minutes, min_minutes, max_minutes, max_per_month,
		cancel_hours, deposit_cents, needs_approval, created_at, updated_at) VALUES ('f-ov', ?, 'Sala', 10, '{}', 60, 60, 120, 4, 24, 0, ?, ?, ?)`,
		c1, true, at(0), at(0))
	for i, r := range []struct {
		status string
		start  time.Duration
	}{{"pending", day}, {"pending", 3 * day}, {"pending", -day}, {"confirmed", day}} {
		exec(`INSERT INTO reservations (id, community_id, facility_id, unit_id, start_at, end_at, month, exclusive, status, deposit_cents,
			created_at, updated_at) VALUES (?, ?, 'f-ov', 'u-ov', ?, ?, '2026-11', ?, ?, 0, ?, ?)`,
			"res"+string(rune('a'+i)), c1, at(r.start), at(r.start+time.Hour), false, r.status, at(0), at(0))
	}
	for i, j := range []struct {
		status string
		first  time.Duration
	}{{"convocada", 20 * day}, {"convocada", 10 * day}, {"borrador", 2 * day}} {
		exec(`INSERT INTO juntas (id, community_id, kind, status, first_call_at, second_call_at, convened_by, created_at, updated_at)
			VALUES (?, ?, 'ordinaria', ?, ?, ?, 'president', ?, ?)`, "jun"+string(rune('a'+i)), c1, j.status, at(j.first), at(j.first+time.Hour), at(0), at(0))
	}
	exec(`INSERT INTO conversations (id, community_id, pair_key, created_at, last_message_at) VALUES ('cv-ov', ?, ?, ?, ?)`,
		c1, users[0]+":"+users[1], at(0), at(0))
	exec(`INSERT INTO conversation_participants (conversation_id, user_id, cleared_before) VALUES ('cv-ov', ?, 'dm1'), ('cv-ov', ?, NULL)`,
		users[0], users[1])
	for i, m := range []struct {
		to, from string
		read     any
		deleted  any
	}{{users[0], users[1], nil, nil}, {users[0], users[1], nil, nil}, {users[0], users[1], nil, nil},
		{users[0], users[1], at(0), nil}, {users[0], users[1], nil, at(0)}, {users[1], users[0], nil, nil}} {
		exec(`INSERT INTO direct_messages (id, conversation_id, sender_id, recipient_id, content, created_at, read_at, deleted_at)
			VALUES (?, 'cv-ov', ?, ?, 'hola', ?, ?, ?)`, fmt.Sprintf("dm%d", i+1), m.from, m.to, at(0), m.read, m.deleted)
	}
	return org, c1, c2, users[0]
}

// The office's list names every community that invited it or that it runs, by name, and counts the
// overview of those it runs only; a community that revoked it, or that another office runs, is not listed.
func TestOfficeCommunitiesCounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
		org, c1, c2, ana := overviewFixture(t, db, now)
		ended, _ := storetest.CommunityIDs(t, db, "Dani")
		theirs, _ := storetest.CommunityIDs(t, db, "Eva")
		officeRunning(t, db, []string{theirs}, nil)
		if err := db.ExecForTest(ctx, `INSERT INTO community_processors (community_id, organisation_id, status, invited_at, accepted_at, revoked_at)
			VALUES (?, ?, 'revoked', 0, 0, 1)`, ended, org); err != nil {
			t.Fatal(err)
		}
		ps, grace, err := db.OfficeCommunities(ctx, org, ana, now)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range ps {
			names = append(names, p.CommunityName+":"+string(p.Status))
			if (p.Overview == nil) != (p.Status == domain.ProcessorInvited) {
				t.Errorf("%s (%s) with overview %+v", p.CommunityName, p.Status, p.Overview)
			}
		}
		if got, want := strings.Join(names, ", "), "Comunidad Ana:active, Comunidad Bea:active, Comunidad Ceci:invited"; got != want {
			t.Fatalf("the office's list: %s, want %s", got, want)
		}
		if ps[0].CommunityID != c1 || ps[1].CommunityID != c2 || ps[0].AcceptedAt == nil || ps[2].AcceptedAt != nil || len(grace) != 0 {
			t.Fatalf("the office's list: %+v, grace %v", ps, grace)
		}
		o := ps[0].Overview
		if o.IncidentsUnder7 != 2 || o.Incidents7To30 != 1 || o.IncidentsOver30 != 2 || o.PendingBookings != 2 {
			t.Fatalf("overview of the first: %+v", o)
		}
		if want := now.Add(10 * 24 * time.Hour); o.NextJuntaAt == nil || !o.NextJuntaAt.Equal(want) {
			t.Fatalf("next junta %v, want %v", o.NextJuntaAt, want)
		}
		if o.UnreadMessages != 2 {
			t.Fatalf("unread messages to Ana: %d, want 2", o.UnreadMessages)
		}
		if *ps[1].Overview != (domain.CommunityOverview{}) {
			t.Fatalf("overview of the second, with nothing: %+v", ps[1].Overview)
		}
		if unread, err := db.UnreadByCommunity(ctx, org, ana); err != nil || len(unread) != 1 || unread[c1] != 2 {
			t.Fatalf("unread by community: %v %v", unread, err)
		}
		if ps, _, err := db.OfficeCommunities(ctx, "no-such-office", ana, now); err != nil || ps == nil || len(ps) != 0 {
			t.Fatalf("no office: %v %v", ps, err)
		}
	})
}

// The overview's statement reads each of the office's communities' counters through an index that leads
// with community_id on both engines (on PostgreSQL the partial ones of the open incidents and the pending
// bookings; SQLite, without statistics, may take others), never a scan of a table (on PostgreSQL with
// sequential scans priced out, as on a large table).
func TestOfficeCommunitiesPlan(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
		org, c1, _, ana := overviewFixture(t, db, now)
		plans, err := db.OverviewPlansForTest(context.Background(), org, ana, now, "2026-11-29", map[string]string{c1: "2026-11-19"})
		if err != nil {
			t.Fatal(err)
		}
		overview := plans[0]
		indexes := []string{"incidents_community", "reservations_", "juntas_community", "direct_messages_unread"}
		if db.Engine() == store.Postgres {
			// The communities' names by key, not a hash of the table.
			indexes = append(indexes, "incidents_community_open", "reservations_pending", "communities_pkey")
		}
		for _, index := range indexes {
			if !strings.Contains(overview, index) {
				t.Errorf("the overview's query does not use %s:\n%s", index, overview)
			}
		}
		// SQLite's "SCAN un" reads the unread counts' subquery (its rows), not a table.
		if strings.Contains(overview, "Seq Scan") || sqliteScan.MatchString(strings.ReplaceAll(overview, "SCAN un", "")) {
			t.Errorf("the overview's query scans a table:\n%s", overview)
		}
		// The debts read the communities' receipts through an index: on PostgreSQL the partial one of the
		// unpaid receipts (SQLite, without statistics, takes the community's unique index, no scan either).
		// The accounts' sums read each account's payments, movements and last statement through the
		// indexes that lead with it.
		money := plans[1]
		if db.Engine() == store.Postgres && !strings.Contains(money, "money_receipts_open") {
			t.Errorf("the debts are not read through the open receipts' index:\n%s", money)
		}
		for _, index := range []string{"money_expense_payments_account", "money_bank_movements_date", "money_bank_statements_account"} {
			if !strings.Contains(money, index) {
				t.Errorf("the accounts' balances do not use %s:\n%s", index, money)
			}
		}
		if strings.Contains(money, "Seq Scan") || sqliteScan.MatchString(money) {
			t.Errorf("the office's money scans a table:\n%s", money)
		}
		for _, p := range plans {
			t.Log(p)
		}
	})
}
