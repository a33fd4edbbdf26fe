package store_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// The office's search finds the incidents that hold the term, as the walk through the office's incidents
// tests them (a substring of the folded text), whether it looks a rare term up in the trigram index first
// (on SQLite migration 0077's, kept by triggers through edits and deletes) or walks: for rare and common
// terms, terms too short for a trigram, and terms with quotes, %, _, accents, capitals and the FTS5
// query syntax's own words and signs.
func TestSearchOfficeFindsTheIncidentsTheWalkFinds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := searchFixture(t, db)
		ctx := context.Background()
		type incident struct {
			id, title string
			at        int
			gone      bool
		}
		// The fixture's incidents in the office's communities, then those written here.
		office := []incident{{id: "inc-s0", title: "Gotera en el garaje", at: 1e6}, {id: "inc-s1", title: "Puerta rota", at: 1e6 + 1}} // newer than those below
		add := func(community, id, title string, at int) {
			storetest.Exec(t, db, `INSERT INTO incidents (id, community_id, title, description, status, created_by, search_text, created_at, updated_at)
				VALUES ($1, $2, $3, 'x', 'open', NULL, $4, $5, $5)`, id, community, title, domain.SearchText(title, "x"), at)
			if community != f.theirs {
				office = append(office, incident{id: id, title: title, at: at})
			}
		}
		for i, title := range []string{`Dice "hola" el vecino`, `Descuento del 50% en la cuota`, "Cuarto_de_contadores", "Árbol caído en el JARDÍN",
			"Ñandú en la azotea", "Niño en el ascensor", `Nota: NEAR(a b) AND "c" OR d* ^e`, "Ascensor parado", "Luz fundida", "Ruido nocturno"} {
			add([]string{f.c1, f.c2}[i%2], fmt.Sprintf("inc-o%d", i), title, 100+i)
		}
		// A word in more incidents of the database than the index is asked for, nearly all another office's.
		storetest.Exec(t, db, `WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1100)
			INSERT INTO incidents (id, community_id, title, description, status, created_by, search_text, created_at, updated_at)
			SELECT 'inc-asc-' || i, $1, 'Ascensor averiado', 'x', 'open', NULL, 'ascensor averiado x', i, i FROM n`, f.theirs)
		// An edit, a delete and a soft delete, which the index follows or the search leaves out.
		storetest.Exec(t, db, "UPDATE incidents SET title = 'Humedad en el trastero', search_text = $1 WHERE id = 'inc-o8'",
			domain.SearchText("Humedad en el trastero", "x"))
		office[2+8].title = "Humedad en el trastero"
		storetest.Exec(t, db, "DELETE FROM incidents WHERE id = 'inc-o9'")
		storetest.Exec(t, db, "UPDATE incidents SET deleted_at = 1 WHERE id = 'inc-o3'")
		office[2+9].gone, office[2+3].gone = true, true
		add(f.c1, "inc-o10", "Ruido en el patio", 200) // after the delete, perhaps in its rowid

		for _, term := range []string{"gotera", "hola", `"hola"`, `hola" el`, `"hola" el vecino`, `"`, `""`, `o" el`, "50%", "%", "50_", "_de_", "_", "árbol", "arbol", "ÁRBOL",
			"jardin", "ñandú", "nandu", "ni", "a", "o", "ascensor", "la ", "near(a b)", "and", "d*", "^e", "d* ^e", "luz fundida", "fundida",
			"trastero", "ruido", "nocturno", "ático", "zzz", "'"} {
			want := []string{}
			folded := domain.SearchText(term)
			for _, i := range office {
				if !i.gone && strings.Contains(domain.SearchText(i.title, "x"), folded) {
					want = append(want, i.id)
				}
			}
			slices.SortFunc(want, func(a, b string) int { // newest first
				at := func(id string) int {
					return office[slices.IndexFunc(office, func(i incident) bool { return i.id == id })].at
				}
				return cmp.Compare(at(b), at(a))
			})
			hits, err := db.SearchOffice(ctx, f.org, term, 20)
			if err != nil {
				t.Fatalf("%q: %v", term, err)
			}
			got := []string{}
			for _, h := range hits {
				if h.Kind == domain.OfficeHitIncident {
					got = append(got, h.ID)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%q: incidents %v, want %v", term, got, want)
			}
		}
	})
}
