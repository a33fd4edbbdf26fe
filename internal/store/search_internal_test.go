package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
)

// containsRare answers as strings.Contains does, on random texts over a small alphabet (so that partial
// matches are frequent) with multi-byte letters, and on needles taken from the text, shifted or not.
func TestContainsRareIsStringsContains(t *testing.T) {
	alphabet := []string{"a", "e", "g", "u", " ", "ñ", "€", "%", "_", "x", "🙂"}
	rnd := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[rnd.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 200000 {
		h := word(rnd.IntN(40))
		n := word(rnd.IntN(5))
		if len(h) > 0 && rnd.IntN(2) == 0 { // a needle from the text itself: a true match, maybe at the very end
			i := rnd.IntN(len(h))
			n = h[i:min(len(h), i+1+rnd.IntN(8))]
		}
		if got, want := containsRare(h, n), strings.Contains(h, n); got != want {
			t.Fatalf("containsRare(%q, %q) = %v, want %v", h, n, got, want)
		}
	}
}

// go test -run XXX -bench Contains ./internal/store: the search's test of one incident of the benchmark.
func BenchmarkContains(b *testing.B) {
	text := "averia en el ascensor #1234 " + strings.Repeat("los vecinos del tercero avisan de que el problema se repite desde hace dias y piden que lo revise el conserje o una empresa de mantenimiento cuanto antes, por favor. ", 2)[:260]
	for _, c := range []struct {
		name string
		fn   func(string, string) bool
	}{{"strings", strings.Contains}, {"rare", containsRare}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if c.fn(text, "agua") {
					b.Fatal("found")
				}
			}
		})
	}
}

// A word is a longest run of letters, of three or more; the index serves queries of three letters or more
// and nothing else.
func TestSearchWords(t *testing.T) {
	for text, want := range map[string][]string{
		"fuga de agua #20":               {"fuga", "agua"},
		"agua, agua. aguas 50% pinguino": {"agua", "aguas", "pinguino"},
		"ab cde ñandu €5 🙂x":             {"cde", "ñandu"},
		"canerias-rotas/ya":              {"canerias", "rotas"},
		"":                               nil,
	} {
		if got := searchWords(text); !slices.Equal(got, want) {
			t.Errorf("searchWords(%q) = %q, want %q", text, got, want)
		}
	}
	for q, want := range map[string]bool{"agua": true, "agu": true, "ag": false, "ñan": true, "agua fria": false, "50%": false,
		"#20": false, "a_b": false, "aguá": true, "": false} {
		if got := indexableQuery(q); got != want {
			t.Errorf("indexableQuery(%q) = %v, want %v", q, got, want)
		}
	}
}

// The store takes the word index for the queries it can serve and walks for the others (the results are
// the same, TestIncidentSearchMatchesSubstrings and TestIncidentSearchFollowsEdits); the index rows go with
// their community, and an existing database is indexed by migration 0048 (SQLite) or 0053 (PostgreSQL).
// PostgreSQL runs when VECINOS_TEST_POSTGRES_URL names a server (storetest, which the other tests use,
// cannot be imported from inside the package).
func TestSearchUsesTheWordIndex(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		db, err := Open(context.Background(), "", t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		testSearchUsesTheWordIndex(t, db)
	})
	t.Run("postgres", func(t *testing.T) {
		server := os.Getenv("VECINOS_TEST_POSTGRES_URL")
		if server == "" {
			t.Skip("VECINOS_TEST_POSTGRES_URL is not set")
		}
		admin, err := sql.Open("pgx", server)
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		name := fmt.Sprintf("vecinos_words_%d", rand.Uint64()%1e12)
		if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
			t.Fatal(err)
		}
		defer admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		u, err := url.Parse(server)
		if err != nil {
			t.Fatal(err)
		}
		u.Path = "/" + name
		db, err := Open(context.Background(), u.String(), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		testSearchUsesTheWordIndex(t, db)
	})
}

func testSearchUsesTheWordIndex(t *testing.T, db *DB) {
	ctx := context.Background()
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	count := func(q string, args ...any) (n int) {
		t.Helper()
		if err := db.reader().queryRow(ctx, q, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	now := time.Now()
	var ins []domain.Incident
	for _, c := range []string{"c1", "c2"} {
		if _, err := db.writer().exec(ctx, "INSERT INTO communities (id, public_id, name, created_at, updated_at) VALUES (?, ?, ?, 0, 0)", c, "P"+c, c); err != nil {
			t.Fatal(err)
		}
		for i := range 40 {
			title := fmt.Sprintf("Bombilla fundida #%d", i)
			if i%4 == 0 {
				title = fmt.Sprintf("Fuga de agua #%d", i)
			}
			at := now.Add(time.Duration(i) * time.Second)
			ins = append(ins, domain.Incident{ID: domain.NewID(), CommunityID: c, Title: title, Description: fmt.Sprintf("palabra%c ent%c", 'a'+i%26, 'a'+i%26),
				Priority: domain.PriorityLow, Status: domain.IncidentOpen, CreatedAt: at, UpdatedAt: at})
		}
	}
	if err := db.InTx(ctx, func(ctx context.Context) error { return db.CreateIncidents(ctx, ins) }); err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]bool{"agua": true, "fundida": true, "nada": true, "ag": false, "de agua": false, "#1": false,
		"ent": false /* more than maxSearchWords words hold it */, "palabraq": true} {
		got, ok, err := db.searchIncidents(ctx, "c1", domain.IncidentFilter{Search: q, Limit: 21})
		if err != nil || ok != want {
			t.Errorf("%q: index used %v (%v), want %v", q, ok, err, want)
		}
		if q == "agua" && (len(got) != 10 || got[0].Title != "Fuga de agua #36") {
			t.Errorf("agua: %d results, the first %q", len(got), got[0].Title)
		}
	}
	// A database migrated before 0048 (SQLite) or 0053 (PostgreSQL) is indexed by it.
	words := count("SELECT COUNT(*) FROM incident_words")
	undo := "DELETE FROM schema_migrations WHERE version = 48; DROP TABLE incident_words; DROP TABLE incident_vocabulary; " +
		"DROP TRIGGER incident_words_community_deleted"
	if db.engine == Postgres {
		undo = "DELETE FROM schema_migrations WHERE version = 53; DROP TABLE incident_words; DROP TABLE incident_vocabulary; " +
			"DROP TRIGGER incident_words_community_deleted ON communities; DROP FUNCTION incident_words_community_deleted()"
	}
	if _, err := db.writer().exec(ctx, undo); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if n := count("SELECT COUNT(*) FROM incident_words"); n != words || n == 0 {
		t.Errorf("after the migration: %d postings, want %d", n, words)
	}
	if got, ok, err := db.searchIncidents(ctx, "c1", domain.IncidentFilter{Search: "agua", Limit: 21}); err != nil || !ok || len(got) != 10 {
		t.Errorf("agua after the migration: %d results, index %v (%v)", len(got), ok, err)
	}
	if _, err := db.writer().exec(ctx, "DELETE FROM communities WHERE id = 'c2'"); err != nil {
		t.Fatal(err)
	}
	if n := count("SELECT COUNT(*) FROM incident_words WHERE word_id IN (SELECT seq FROM incident_vocabulary WHERE community_id = 'c2')") + count("SELECT COUNT(*) FROM incident_vocabulary WHERE community_id = 'c2'"); n != 0 {
		t.Errorf("a deleted community keeps %d rows of the word index", n)
	}
	if n := count("SELECT COUNT(*) FROM incident_words"); n != words/2 {
		t.Errorf("the other community has %d postings, want %d", n, words/2)
	}
}

// On PostgreSQL the office's search walks the office's units and incidents testing them with strpos (no
// index serves it, so the generic plan cannot take a trigram index, which for a term without a trigram
// would read all of itself), and looks a term with a trigram up in the trigram indexes first with LIKE
// (their form); SQLite tests with contains_text either way.
func TestOfficeSearchIncidentsWithoutATrigram(t *testing.T) {
	for _, c := range []struct {
		text    string
		trigram bool
	}{{"2b", false}, {"la", false}, {"1-a", false}, {"a b c", false}, {"2ºb", true}, {"peña", true}, {"gar", true}, {"de la", false}} {
		if got := hasTrigram(domain.SearchText(c.text)); got != c.trigram {
			t.Errorf("hasTrigram(%q) = %v", c.text, got)
		}
		pg := (&DB{engine: Postgres}).officeSearchQuery("org", c.text, 20).q
		unit := hasTrigram(CompactUnitText(c.text))
		if !strings.Contains(pg, "strpos(i.search_text, ?) > 0") || !strings.Contains(pg, "strpos(u.search_label, ?) > 0") ||
			strings.Contains(pg, "i.search_text LIKE") != c.trigram || strings.Contains(pg, "u.search_label LIKE") != unit {
			t.Errorf("%q on PostgreSQL:\n%s", c.text, pg)
		}
		if lite := (&DB{engine: SQLite}).officeSearchQuery("org", c.text, 20).q; !strings.Contains(lite, "contains_text(i.search_text, ?)") {
			t.Errorf("%q on SQLite:\n%s", c.text, lite)
		}
	}
}
