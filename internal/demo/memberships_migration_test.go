package demo_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"testing"
	"testing/fstest"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/demo"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// membershipViews are what a member reads of their own place in the community and of its people: what
// migration 0037 (memberships, ADR 0040) moved out of profiles.
var membershipViews = []string{
	"/api/v1/me", "/api/v1/profile", "/api/v1/community", "/api/v1/community/members", "/api/v1/community/admins",
	"/api/v1/directory", "/api/v1/unit", "/api/v1/my-units", "/api/v1/dashboard", "/api/v1/announcements",
	"/api/v1/documents", "/api/v1/channels", "/api/v1/channels/community", "/api/v1/conversations", "/api/v1/incidents",
	"/api/v1/polls", "/api/v1/tasks/summary", "/api/v1/community/units", "/api/v1/community/roles", "/api/v1/memberships",
}

// toTheOldShape takes a database back to where it stood before migration 0037: a profile holds its one
// community, home unit, relation and directory consent, and 0037 is not applied.
var toTheOldShape = []string{
	"ALTER TABLE profiles ADD COLUMN community_id TEXT REFERENCES communities (id) ON DELETE SET NULL",
	"ALTER TABLE profiles ADD COLUMN unit_id TEXT REFERENCES units (id) ON DELETE SET NULL",
	"ALTER TABLE profiles ADD COLUMN contact_visible BOOLEAN NOT NULL DEFAULT FALSE",
	`UPDATE profiles SET community_id = (SELECT m.community_id FROM memberships m WHERE m.user_id = profiles.id),
		unit_id = (SELECT m.unit_id FROM memberships m WHERE m.user_id = profiles.id),
		contact_visible = COALESCE((SELECT m.contact_visible FROM memberships m WHERE m.user_id = profiles.id), FALSE),
		relation = COALESCE((SELECT m.relation FROM memberships m WHERE m.user_id = profiles.id), relation)`,
	"CREATE INDEX profiles_community ON profiles (community_id, full_name)",
	"DROP VIEW members",
	"DROP TABLE former_memberships",
	"DROP TABLE memberships",
	"ALTER TABLE profiles DROP COLUMN last_community_id",
	"DELETE FROM schema_migrations WHERE version = 37",
}

// undoOfficeSearchText takes back migrations 0062, 0068 and 0073 (the office search's folded texts, the
// copy of the name and the members' office, ADR 0045), which build on memberships: their triggers read
// the table that the old shape drops, so they go first and are applied again after 0037.
func undoOfficeSearchText(engine store.Engine) []string {
	if engine == store.SQLite {
		return []string{
			"DROP TRIGGER memberships_office_insert", "DROP TRIGGER memberships_office_update",
			"DROP TRIGGER processors_office_insert", "DROP TRIGGER processors_office_update", "DROP TRIGGER processors_office_delete",
			"DROP INDEX memberships_office_name", "DROP INDEX community_processors_active", "ALTER TABLE memberships DROP COLUMN office_id",
			"DELETE FROM schema_migrations WHERE version = 73",
			"DROP TRIGGER memberships_search_name_insert", "DROP TRIGGER memberships_search_name_user",
			"DROP TRIGGER profiles_search_name_insert", "DROP TRIGGER profiles_search_name_update",
			"DROP TRIGGER units_search_label_insert", "DROP TRIGGER units_search_label_update",
			"DROP VIEW profiles_search_name", "DROP VIEW units_search_label",
			"DROP INDEX memberships_community_search", "ALTER TABLE units DROP COLUMN search_label",
			"DELETE FROM schema_migrations WHERE version IN (62, 68)",
		}
	}
	return []string{
		"DROP TRIGGER memberships_office ON memberships", "DROP TRIGGER processors_office ON community_processors",
		"DROP FUNCTION memberships_office()", "DROP FUNCTION processors_office()", "DROP INDEX memberships_office_name",
		"DROP INDEX community_processors_active", "ALTER TABLE memberships DROP COLUMN office_id",
		"DELETE FROM schema_migrations WHERE version = 73",
		"DROP TRIGGER memberships_search_name ON memberships", "DROP TRIGGER profiles_search_name ON profiles",
		"DROP TRIGGER units_search_label ON units", "DROP FUNCTION memberships_search_name()", "DROP FUNCTION profiles_search_name()",
		"DROP FUNCTION units_search_label()", "DROP FUNCTION office_fold(text, integer)", "DROP INDEX memberships_community_search",
		"ALTER TABLE units DROP COLUMN search_label", "DELETE FROM schema_migrations WHERE version IN (62, 68)",
	}
}

// The demo community is seeded (in the new shape), every demo user reads their views, the database is
// taken back to the old shape and migrated again, and every user must read exactly the same.
func TestTheMembershipsMigrationChangesNothingForTheDemoCommunity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		cfg := &config.Config{PublicURL: "http://localhost:8080", DataDir: t.TempDir(), MailFrom: "Vecinos <no-reply@localhost>"}
		a, err := app.New(ctx, cfg, app.Options{DB: db, Web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html><head></head>")}}})
		if err != nil {
			t.Fatal(err)
		}
		logins, err := demo.Seed(ctx, db, a.Handler, false, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(a.Handler)
		defer srv.Close()
		browsers := make([]*browser, len(logins))
		for i, l := range logins {
			jar, _ := cookiejar.New(nil)
			browsers[i] = &browser{t: t, base: srv.URL, http: &http.Client{Jar: jar}}
			if s := browsers[i].call("POST", "/api/v1/auth/login", map[string]any{"email": l.Email, "password": demo.Password}, nil); s != 200 {
				t.Fatalf("sign in as %s: %d", l.Email, s)
			}
			// Every other neighbour shows their contact in the directory, so that the consent is read too.
			if i%2 == 1 {
				if s := browsers[i].call("PATCH", "/api/v1/profile", map[string]any{"contactVisible": true}, nil); s != 200 {
					t.Fatalf("%s opts in to the directory: %d", l.Email, s)
				}
			}
		}
		read := func() map[string]string {
			out := map[string]string{}
			for i, b := range browsers {
				for _, path := range membershipViews {
					var raw json.RawMessage
					s := b.call("GET", path, nil, &raw)
					out[logins[i].Email+" "+path] = http.StatusText(s) + " " + string(raw)
				}
			}
			return out
		}
		before := read()

		for _, q := range append(undoOfficeSearchText(db.Engine()), toTheOldShape...) {
			storetest.Exec(t, db, q)
		}
		if n, err := db.Migrate(ctx); err != nil || n != 4 { // 0037, 0062, 0068, 0073
			t.Fatalf("migrating the old shape again: %d applied, %v", n, err)
		}

		after := read()
		differences := 0
		for k, want := range before {
			if got := after[k]; got != want {
				differences++
				if differences <= 5 {
					t.Errorf("%s:\nbefore %.400s\nafter  %.400s", k, want, got)
				}
			}
		}
		if differences > 0 {
			t.Fatalf("%d of %d views differ after migrating the demo again", differences, len(before))
		}
	})
}
