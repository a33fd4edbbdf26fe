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

// searchFixture makes three communities: the first with José Peña in Portal 2 · 2º B (which he owns)
// and an incident about a gotera, the second with a Peñalver, the third (not the office's) with another
// Peña and another gotera.
func searchFixture(t *testing.T, db *store.DB) (c1, c2, c3 string) {
	t.Helper()
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC).UnixMilli()
	exec := func(q string, args ...any) {
		t.Helper()
		if err := db.ExecForTest(context.Background(), q, args...); err != nil {
			t.Fatal(err)
		}
	}
	var u1, u3 []string
	c1, u1 = storetest.CommunityIDs(t, db, "José Peña", "Ana Ruiz")
	c2, _ = storetest.CommunityIDs(t, db, "Luis PEÑALVER")
	c3, u3 = storetest.CommunityIDs(t, db, "Marta Peña")
	exec(`INSERT INTO units (id, community_id, unit_number, building, owner_id, created_at, updated_at)
		VALUES ('u-s1', ?, '2º B', 'Portal 2', ?, ?, ?), ('u-s2', ?, '3º A', 'Portal 1', NULL, ?, ?)`, c1, u1[0], now, now, c1, now, now)
	exec("UPDATE memberships SET unit_id = 'u-s1' WHERE user_id = ? AND community_id = ?", u1[0], c1)
	for i, inc := range []struct{ community, title, by string }{{c1, "Gotera en el garaje", u1[1]}, {c1, "Puerta rota", u1[1]},
		{c3, "Gotera en el ático", u3[0]}} {
		exec(`INSERT INTO incidents (id, community_id, title, description, status, created_by, search_text, created_at, updated_at)
			VALUES (?, ?, ?, 'x', 'open', ?, ?, ?, ?)`, fmt.Sprintf("inc-s%d", i), inc.community, inc.title, inc.by,
			domain.SearchText(inc.title, "x"), now+int64(i), now)
	}
	return c1, c2, c3
}

func hitsOf(hits []domain.OfficeHit) string {
	var out []string
	for _, h := range hits {
		out = append(out, string(h.Kind)+":"+h.Title+"|"+h.Detail)
	}
	return strings.Join(out, "; ")
}

func TestSearchCommunitiesFindsPeopleUnitsAndIncidentsOfTheCommunitiesAskedFor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c1, c2, _ := searchFixture(t, db)
		ctx := context.Background()
		for _, tc := range []struct{ text, want string }{
			// Without accents or case, in both communities asked for, not in the third.
			{"pena", "person:José Peña|Portal 2 · 2º B; person:Luis PEÑALVER|"},
			{"PEÑA", "person:José Peña|Portal 2 · 2º B; person:Luis PEÑALVER|"},
			// A unit by its name, written with or without the ordinal sign and spaces, or by its portal.
			{"2ºB", "unit:Portal 2 · 2º B|José Peña"},
			{"2b", "unit:Portal 2 · 2º B|José Peña"},
			{"Portal 1", "unit:Portal 1 · 3º A|"},
			// An incident by its text, deleted ones left out.
			{"gotera", "incident:Gotera en el garaje|open"},
			{"nadie", ""},
		} {
			hits, err := db.SearchCommunities(ctx, []string{c1, c2}, tc.text, 20)
			if err != nil {
				t.Fatal(err)
			}
			if got := hitsOf(hits); got != tc.want {
				t.Errorf("search %q: %s, want %s", tc.text, got, tc.want)
			}
			for _, h := range hits {
				if h.CommunityID != c1 && h.CommunityID != c2 {
					t.Errorf("search %q found %+v outside the communities asked for", tc.text, h)
				}
			}
		}
		if err := db.ExecForTest(ctx, "UPDATE incidents SET deleted_at = 1 WHERE id = 'inc-s0'"); err != nil {
			t.Fatal(err)
		}
		if hits, err := db.SearchCommunities(ctx, []string{c1, c2}, "gotera", 20); err != nil || len(hits) != 0 {
			t.Errorf("a deleted incident is found: %v %v", hitsOf(hits), err)
		}
		if hits, err := db.SearchCommunities(ctx, []string{c1, c2}, "a", 1); err != nil || hitsOf(hits) != "person:Ana Ruiz|; unit:Portal 1 · 3º A|; incident:Puerta rota|open" {
			t.Errorf("limited to one of each kind: %v %v", hitsOf(hits), err)
		}
		if hits, err := db.SearchCommunities(ctx, nil, "pena", 20); err != nil || len(hits) != 0 {
			t.Errorf("no communities: %v %v", hits, err)
		}
	})
}

// The names and labels the search compares are kept as they change (migration 0062's triggers): a renamed
// person or unit is found by the new name only, and a member who joins an office's community is found
// at once, with the name they already had.
func TestSearchCommunitiesFollowsRenamesAndNewMembers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c1, c2, c3 := searchFixture(t, db)
		ctx := context.Background()
		now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
		search := func(text string) string {
			t.Helper()
			hits, err := db.SearchCommunities(ctx, []string{c1, c2}, text, 20)
			if err != nil {
				t.Fatal(err)
			}
			return hitsOf(hits)
		}
		personID := func(community, name string) string {
			t.Helper()
			hits, err := db.SearchCommunities(ctx, []string{community}, name, 1)
			if err != nil || len(hits) == 0 || hits[0].Kind != domain.OfficeHitPerson {
				t.Fatalf("%s in %s: %v %v", name, community, hitsOf(hits), err)
			}
			return hits[0].ID
		}
		jose, marta := personID(c1, "José Peña"), personID(c3, "Marta Peña")
		if err := db.SetFullName(ctx, jose, "José Ibáñez", now); err != nil {
			t.Fatal(err)
		}
		if got, want := search("ibanez"), "person:José Ibáñez|Portal 2 · 2º B"; got != want {
			t.Errorf("the new name: %s, want %s", got, want)
		}
		if got, want := search("peña"), "person:Luis PEÑALVER|"; got != want {
			t.Errorf("the old name: %s, want %s", got, want)
		}
		building := "Escalera Ñ"
		if err := db.RenameUnit(ctx, "u-s1", "5º-C", nil, &building, now); err != nil {
			t.Fatal(err)
		}
		if got, want := search("ESCALERAN5C"), "unit:Escalera Ñ · 5º-C|José Ibáñez"; got != want {
			t.Errorf("the renamed unit: %s, want %s", got, want)
		}
		if got := search("2ºB"); got != "" {
			t.Errorf("the unit's old name: %s", got)
		}
		if err := db.JoinCommunity(ctx, marta, c2, now); err != nil {
			t.Fatal(err)
		}
		if got, want := search("marta"), "person:Marta Peña|"; got != want {
			t.Errorf("a new member of %s (member of %s too): %s, want %s", c2, c3, got, want)
		}
	})
}

// sqliteScan is a full scan of a table or index in SQLite's plan ("SCAN m", "SCAN m USING INDEX …").
var sqliteScan = regexp.MustCompile(`(?m)^\s*SCAN [a-z]+\b`)

// Every query of the office's search reads its tables through an index that leads with community_id (or
// a primary key), never a scan of the table, on both engines (on PostgreSQL with sequential scans priced
// out, as on a large table).
func TestSearchCommunitiesPlan(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c1, c2, _ := searchFixture(t, db)
		plans, err := db.OfficeSearchPlansForTest(context.Background(), []string{c1, c2}, "peña")
		if err != nil {
			t.Fatal(err)
		}
		for i, index := range []string{"memberships_community", "units_", "incidents_"} {
			p := plans[i]
			t.Log(p)
			// SQLite's "SCAN x" reads the people's subquery (its rows), not a table.
			if !strings.Contains(p, index) || strings.Contains(p, "Seq Scan") || sqliteScan.MatchString(strings.ReplaceAll(p, "SCAN x\n", "")) {
				t.Errorf("query %d does not read through the community's index (%s):\n%s", i, index, p)
			}
		}
	})
}

// namesOfEveryProfile is a plan that tests the name of every profile of the database: the folding of a
// name costs microseconds, and there are 800,000 at the scale workload.
var namesOfEveryProfile = regexp.MustCompile(`Seq Scan on profiles[^\n]*\n\s*Filter:[^\n]*full_name`)

// With 40,000 accounts, 2,000 of them in the office's communities (5%, as at the scale workload's 2%), and
// the planner's statistics refreshed, the people's query reads the members of the communities asked for
// through their index and tests only their names:
// never the name of every profile of the database (the plan PostgreSQL chose at 80,000 accounts before the fence,
// which took 0.6 s, and would take seconds at 800,000).
func TestSearchCommunitiesPeoplePlanWithManyAccounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c1, c2, c3 := searchFixture(t, db)
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC).UnixMilli()
		const accounts, officeMembers, chunk = 40000, 2000, 500
		for from := 0; from < accounts; from += chunk {
			var users, profiles, members []string
			var ua, pa, ma []any
			for i := from; i < from+chunk; i++ {
				id := fmt.Sprintf("many-%05d", i)
				users = append(users, "(?, ?, ?, ?)")
				ua = append(ua, id, id+"@example.es", now, now)
				profiles = append(profiles, "(?, ?, ?, ?)")
				pa = append(pa, id, fmt.Sprintf("Vecina Peña %d", i), now, now)
				members = append(members, "(?, ?, ?)")
				community := c3
				if i < officeMembers {
					community = c1
				}
				ma = append(ma, id, community, now)
			}
			for _, q := range []struct {
				sql  string
				args []any
			}{{"INSERT INTO users (id, email, created_at, updated_at) VALUES " + strings.Join(users, ", "), ua},
				{"INSERT INTO profiles (id, full_name, created_at, updated_at) VALUES " + strings.Join(profiles, ", "), pa},
				{"INSERT INTO memberships (user_id, community_id, joined_at) VALUES " + strings.Join(members, ", "), ma}} {
				if err := db.ExecForTest(ctx, q.sql, q.args...); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := db.Analyze(ctx); err != nil {
			t.Fatal(err)
		}
		plans, err := db.OfficeSearchStatsPlansForTest(ctx, []string{c1, c2}, "peña")
		if err != nil {
			t.Fatal(err)
		}
		p := plans[0]
		t.Log(p)
		// On SQLite, whose planner reads the statistics of this fixture's three communities (6,700 members
		// each on average), scanning memberships is its fair choice: the assertion is PostgreSQL's.
		if db.Engine() == store.Postgres && (namesOfEveryProfile.MatchString(p) || strings.Contains(p, "Seq Scan on memberships") ||
			!strings.Contains(p, "memberships_community")) {
			t.Errorf("the people's query does not start from the members of the communities asked for:\n%s", p)
		}
		// Nor does it read every profile for the names of the members that match (all 2,000 here): it tests
		// the folded names kept in the members' index (migration 0062) and sorts by the copy of their names
		// kept there too (migration 0068), reading no profile.
		if db.Engine() == store.Postgres && (!strings.Contains(p, "memberships_community_search") || strings.Contains(p, "profiles") ||
			strings.Contains(p, "full_name ~~")) {
			t.Errorf("the people's query does not test the members' folded names in their index, or scans the profiles:\n%s", p)
		}
		// And the answer is still theirs alone.
		hits, err := db.SearchCommunities(ctx, []string{c1, c2}, "peña", 20)
		if err != nil {
			t.Fatal(err)
		}
		if got := hitsOf(hits); !strings.HasPrefix(got, "person:José Peña|Portal 2 · 2º B; person:Luis PEÑALVER|; person:Vecina Peña 0|") {
			t.Errorf("hits: %s", got)
		}
	})
}
