package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"modernc.org/sqlite"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// sqlite-plain is SQLite without the functions the store registers (office_fold, contains_text…), as the
// sqlite3 tool an operator would use.
func init() { sql.Register("sqlite-plain", &sqlite.Driver{}) }

// An operator writes profiles, memberships and units with a plain SQLite connection (migration 0068: the
// triggers that keep the search's folded texts call no function of the binary's), and the office's search
// finds what they wrote.
func TestSearchTextsAreKeptByAPlainSQLiteConnection(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	c1, _ := storetest.CommunityIDs(t, db, "Ana Ruiz")
	org := officeRunning(t, db, []string{c1}, nil)
	plain, err := sql.Open("sqlite-plain", "file:"+filepath.Join(dir, store.SQLiteFile)+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if _, err := plain.Exec("SELECT office_fold('a', 0)"); err == nil || !strings.Contains(err.Error(), "no such function") {
		t.Fatalf("the plain connection has the binary's office_fold: %v", err)
	}
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC).UnixMilli()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"INSERT INTO users (id, email, created_at, updated_at) VALUES ('plain-1', 'inigo@example.es', ?, ?)", []any{now, now}},
		{"INSERT INTO profiles (id, full_name, created_at, updated_at) VALUES ('plain-1', 'Íñigo Ñúñez', ?, ?)", []any{now, now}},
		{"INSERT INTO units (id, community_id, unit_number, building, owner_id, created_at, updated_at) VALUES ('plain-u', ?, '4º-D', 'Portal 3', 'plain-1', ?, ?)", []any{c1, now, now}},
		{"INSERT INTO memberships (user_id, community_id, unit_id, joined_at) VALUES ('plain-1', ?, 'plain-u', ?)", []any{c1, now}},
	} {
		if _, err := plain.Exec(q.sql, q.args...); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	search := func(text string) string {
		t.Helper()
		hits, err := db.SearchOffice(ctx, org, text, 20)
		if err != nil {
			t.Fatal(err)
		}
		return hitsOf(hits)
	}
	if got, want := search("inigo nunez"), "person:Íñigo Ñúñez|Portal 3 · 4º-D"; got != want {
		t.Errorf("a member written by hand: %s, want %s", got, want)
	}
	if got, want := search("portal34d"), "unit:Portal 3 · 4º-D|Íñigo Ñúñez"; got != want {
		t.Errorf("a unit written by hand: %s, want %s", got, want)
	}
	for _, q := range []string{"UPDATE profiles SET full_name = 'Íñigo Àlvarez' WHERE id = 'plain-1'",
		"UPDATE units SET unit_number = '5º E' WHERE id = 'plain-u'"} {
		if _, err := plain.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if got, want := search("ALVAREZ"), "person:Íñigo Àlvarez|Portal 3 · 5º E"; got != want {
		t.Errorf("a name changed by hand: %s, want %s", got, want)
	}
	if got, want := search("3 5e"), "unit:Portal 3 · 5º E|Íñigo Àlvarez"; got != want {
		t.Errorf("a unit renamed by hand: %s, want %s", got, want)
	}
}

// Both engines store the same folded texts (PostgreSQL's office_fold, and SQLite's triggers of migration
// 0068 that spell it out: two spaces stay two, where domain.SearchText would make them one), so they
// find the same people and units.
func TestSearchTextsAreFoldedAlikeOnBothEngines(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c1, users := storetest.CommunityIDs(t, db, "Àngels  Güell-Çaba Ñ.")
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC).UnixMilli()
		storetest.Exec(t, db, `INSERT INTO units (id, community_id, unit_number, building, staircase, created_at, updated_at)
			VALUES ('fold-u', $1, '1º-Ñ·b.', 'Portal Ü', 'Esc ª', $2, $3)`, c1, now, now)
		got := storetest.Rows(t, db, `SELECT m.search_name, u.search_label FROM memberships m, units u
			WHERE m.user_id = $1 AND m.community_id = $2 AND u.id = 'fold-u'`, users[0], c1)
		if want := [][]string{{"angels  guell-caba n.", "portaluesc1nb"}}; len(got) != 1 || got[0][0] != want[0][0] || got[0][1] != want[0][1] {
			t.Errorf("folded: %q, want %q", got, want)
		}
	})
}
