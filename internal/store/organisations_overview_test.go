package store_test

import (
	"context"
	"fmt"
	"regexp"
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

// The overview's statement tallies the office's open incidents, pending bookings and juntas convened in
// one range of the index of its overview's rows (migration 0076), counts the unread messages through
// their recipient's index and reads no community (their names are the processors' copies), on both
// engines, never a scan of a table (on PostgreSQL with sequential scans priced out, as on a large table).
func TestOfficeCommunitiesPlan(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
		org, c1, _, ana := overviewFixture(t, db, now)
		plans, err := db.OverviewPlansForTest(context.Background(), org, ana, now, "2026-11-29", map[string]string{c1: "2026-11-19"})
		if err != nil {
			t.Fatal(err)
		}
		overview := plans[0]
		for _, index := range []string{"office_overview_rows_office", "direct_messages_unread"} {
			if !strings.Contains(overview, index) {
				t.Errorf("the overview's query does not use %s:\n%s", index, overview)
			}
		}
		for _, table := range []string{"communities", "incidents", "reservations", "juntas"} {
			if regexp.MustCompile(`(on|SEARCH|SCAN) ` + table + `\b`).MatchString(overview) {
				t.Errorf("the overview's query reads %s:\n%s", table, overview)
			}
		}
		// SQLite's "SCAN r" and "SCAN unread" read the rows of the statement's subqueries, not a table.
		if strings.Contains(overview, "Seq Scan") || sqliteScan.MatchString(regexp.MustCompile(`SCAN (r|unread)\b`).ReplaceAllString(overview, "")) {
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

// overviewRowsAstray lists what office_overview_rows holds that office_overview_source does not ('kept')
// and what it lacks ('missing'): none after any write (migration 0076).
const overviewRowsAstray = `SELECT 'kept', a.organisation_id, a.community_id, a.kind, a.id, a.at FROM (
		SELECT organisation_id, community_id, kind, id, at FROM office_overview_rows
		EXCEPT SELECT organisation_id, community_id, kind, id, at FROM office_overview_source) a
	UNION ALL SELECT 'missing', b.organisation_id, b.community_id, b.kind, b.id, b.at FROM (
		SELECT organisation_id, community_id, kind, id, at FROM office_overview_source
		EXCEPT SELECT organisation_id, community_id, kind, id, at FROM office_overview_rows) b`

// openIncidentsAstray lists the counts of open incidents (office_open_incidents) that differ from the
// overview's rows of kind 'incident', either way; a count of 0 is no count.
const openIncidentsAstray = `SELECT a.organisation_id, a.community_id, a.n FROM (
		SELECT organisation_id, community_id, n FROM office_open_incidents WHERE n <> 0
		EXCEPT SELECT organisation_id, community_id, COUNT(*) FROM office_overview_rows WHERE kind = 'incident' GROUP BY organisation_id, community_id) a
	UNION ALL SELECT b.organisation_id, b.community_id, b.n FROM (
		SELECT organisation_id, community_id, COUNT(*) AS n FROM office_overview_rows WHERE kind = 'incident' GROUP BY organisation_id, community_id
		EXCEPT SELECT organisation_id, community_id, n FROM office_open_incidents WHERE n <> 0) b`

// The overview's rows (migration 0076: the open incidents, pending bookings and convened juntas of the
// communities an office runs, kept by triggers) and its counts of open incidents follow every write in its
// transaction: an incident
// opened, resolved, reopened, deleted softly or for good; a booking asked for, moved, approved, or gone
// with its unit; a junta drafted, convened and deleted; a community that accepts the office, revokes it,
// invites it and accepts it again, is renamed or deleted; the office itself deleted. After each, the
// table is what its definition says, and the overview counts what the office sees.
func TestOfficeOverviewRowsFollowEveryWrite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
		org, c1, c2, ana := overviewFixture(t, db, now)
		c3 := storetest.Rows(t, db, "SELECT community_id FROM community_processors WHERE status = 'invited'")[0][0]
		check := func(step string) {
			t.Helper()
			if astray := storetest.Rows(t, db, overviewRowsAstray); len(astray) > 0 {
				t.Fatalf("after %s, the overview's rows differ from their definition: %v", step, astray)
			}
			if astray := storetest.Rows(t, db, openIncidentsAstray); len(astray) > 0 {
				t.Fatalf("after %s, the counts of open incidents differ from the rows: %v", step, astray)
			}
		}
		overview := func() map[string]domain.Processor {
			t.Helper()
			ps, _, err := db.OfficeCommunities(ctx, org, ana, now)
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]domain.Processor{}
			for _, p := range ps {
				out[p.CommunityID] = p
			}
			return out
		}
		counts := func(c string) domain.CommunityOverview {
			t.Helper()
			p, ok := overview()[c]
			if !ok || p.Overview == nil {
				return domain.CommunityOverview{IncidentsUnder7: -1}
			}
			o := *p.Overview
			o.NextJuntaAt, o.UnreadMessages = nil, 0
			return o
		}
		check("the fixture")
		if n := storetest.Rows(t, db, "SELECT COUNT(*) FROM office_overview_rows"); n[0][0] != "10" { // 5 open incidents, 3 pending bookings (one past), 2 juntas convened
			t.Fatalf("the fixture's overview rows: %s", n[0][0])
		}
		at := now.UnixMilli()
		storetest.Exec(t, db, `INSERT INTO incidents (id, community_id, title, description, status, created_by, search_text, created_at, updated_at)
			VALUES ('inc-w', $1, 'Grieta', 'x', 'open', $2, 'grieta x', $3, $3)`, c2, ana, at)
		check("an incident opened")
		if o := counts(c2); o != (domain.CommunityOverview{IncidentsUnder7: 1}) {
			t.Fatalf("an incident opened: %+v", o)
		}
		storetest.Exec(t, db, "UPDATE incidents SET status = 'resolved' WHERE id = 'inc-w'")
		check("an incident resolved")
		if o := counts(c2); o != (domain.CommunityOverview{}) {
			t.Fatalf("an incident resolved: %+v", o)
		}
		storetest.Exec(t, db, "UPDATE incidents SET status = 'in_progress' WHERE id = 'inc-w'")
		check("an incident reopened")
		storetest.Exec(t, db, "UPDATE incidents SET deleted_at = $1 WHERE id = 'inc-w'", at)
		check("an incident deleted softly")
		if o := counts(c2); o != (domain.CommunityOverview{}) {
			t.Fatalf("an incident deleted: %+v", o)
		}
		storetest.Exec(t, db, "DELETE FROM incidents WHERE id = 'inca'")
		check("an incident deleted for good")
		if o := counts(c1); o.IncidentsUnder7 != 1 || o.PendingBookings != 2 {
			t.Fatalf("the first community after an incident deleted: %+v", o)
		}
		day := 24 * time.Hour
		storetest.Exec(t, db, `INSERT INTO reservations (id, community_id, facility_id, unit_id, start_at, end_at, month, exclusive, status, deposit_cents,
			created_at, updated_at) VALUES ('res-w', $1, 'f-ov', 'u-ov', $2, $3, '2026-12', $4, 'pending', 0, $5, $5)`,
			c1, now.Add(5*day).UnixMilli(), now.Add(5*day+time.Hour).UnixMilli(), false, at)
		check("a booking asked for")
		storetest.Exec(t, db, "UPDATE reservations SET start_at = $1, end_at = $2 WHERE id = 'res-w'", now.Add(-2*day).UnixMilli(), now.Add(-2*day+time.Hour).UnixMilli())
		check("a booking moved")
		if o := counts(c1); o.PendingBookings != 2 {
			t.Fatalf("a pending booking moved to the past still counts: %+v", o)
		}
		storetest.Exec(t, db, "UPDATE reservations SET status = 'confirmed' WHERE id = 'resa'")
		check("a booking approved")
		if o := counts(c1); o.PendingBookings != 1 {
			t.Fatalf("an approved booking still counts: %+v", o)
		}
		storetest.Exec(t, db, `INSERT INTO juntas (id, community_id, kind, status, first_call_at, second_call_at, convened_by, created_at, updated_at)
			VALUES ('jun-w', $1, 'ordinaria', 'borrador', $2, $3, 'president', $4, $4)`, c2, now.Add(3*day).UnixMilli(), now.Add(3*day+time.Hour).UnixMilli(), at)
		check("a junta drafted")
		storetest.Exec(t, db, "UPDATE juntas SET status = 'convocada' WHERE id = 'jun-w'")
		check("a junta convened")
		if j := overview()[c2].Overview.NextJuntaAt; j == nil || !j.Equal(now.Add(3*day)) {
			t.Fatalf("the junta convened: %v", j)
		}
		storetest.Exec(t, db, "DELETE FROM juntas WHERE id = 'jun-w'")
		check("a junta deleted")
		if j := overview()[c2].Overview.NextJuntaAt; j != nil {
			t.Fatalf("a deleted junta: %v", j)
		}
		if ok, err := db.AcceptProcessor(ctx, c3, org, ana, now); err != nil || !ok {
			t.Fatalf("accept: %v %v", ok, err)
		}
		check("an invitation accepted")
		if o := counts(c3); o.IncidentsUnder7 != 1 {
			t.Fatalf("the community that accepted the office: %+v", o)
		}
		if ok, err := db.RevokeProcessor(ctx, c1, org, now); err != nil || !ok {
			t.Fatalf("revoke: %v %v", ok, err)
		}
		check("a processor revoked")
		if _, ok := overview()[c1]; ok {
			t.Fatal("the community that revoked the office is listed")
		}
		if err := db.InviteProcessor(ctx, c1, org, ana, now); err != nil {
			t.Fatal(err)
		}
		check("invited again")
		if p := overview()[c1]; p.Overview != nil {
			t.Fatalf("a community that only invited the office has an overview: %+v", p.Overview)
		}
		if ok, err := db.AcceptProcessor(ctx, c1, org, ana, now); err != nil || !ok {
			t.Fatalf("accept again: %v %v", ok, err)
		}
		check("accepted again")
		if o := counts(c1); o.IncidentsUnder7 != 1 || o.Incidents7To30 != 1 || o.IncidentsOver30 != 2 || o.PendingBookings != 1 {
			t.Fatalf("the community that accepted the office again: %+v", o)
		}
		storetest.Exec(t, db, "UPDATE communities SET name = 'Aaa Comunidad Bea' WHERE id = $1", c2)
		ps, _, err := db.OfficeCommunities(ctx, org, ana, now)
		if err != nil || len(ps) != 3 || ps[0].CommunityID != c2 || ps[0].CommunityName != "Aaa Comunidad Bea" {
			t.Fatalf("after a rename, the list: %+v %v", ps, err)
		}
		storetest.Exec(t, db, "DELETE FROM units WHERE id = 'u-ov'")
		check("a unit deleted with its bookings")
		if o := counts(c1); o.PendingBookings != 0 {
			t.Fatalf("the bookings of a deleted unit: %+v", o)
		}
		storetest.Exec(t, db, "DELETE FROM communities WHERE id = $1", c1)
		check("a community deleted")
		storetest.Exec(t, db, "DELETE FROM organisations WHERE id = $1", org)
		check("the office deleted")
		if n := storetest.Rows(t, db, "SELECT COUNT(*) FROM office_overview_rows"); n[0][0] != "0" {
			t.Fatalf("rows left of a deleted office: %s", n[0][0])
		}
	})
}
