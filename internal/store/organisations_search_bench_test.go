package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// seedOffice makes an office that runs n communities of the scale workload's shape (issue #35): 40 units,
// 80 residents and 200 incidents each, in batches of plain INSERTs. It returns the office's id.
func seedOffice(b *testing.B, db *store.DB, n int) string {
	b.Helper()
	ctx := context.Background()
	exec := func(q string, rows [][]any) {
		if len(rows) == 0 {
			return
		}
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(rows[0])), ", ") + ")"
		var args []any
		for _, r := range rows {
			args = append(args, r...)
		}
		if err := db.ExecForTest(ctx, q+strings.TrimSuffix(strings.Repeat(one+", ", len(rows)), ", "), args...); err != nil {
			b.Fatal(err)
		}
	}
	names := []string{"García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Martín", "Jiménez", "Ruiz", "Hernández"}
	words := []string{"gotera", "ascensor", "puerta", "luz", "portal", "garaje", "ruido", "limpieza"}
	ids := make([]string, n)
	for c := range n {
		id := fmt.Sprintf("bc%04d", c)
		ids[c] = id
		exec("INSERT INTO communities (id, public_id, name, created_at, updated_at) VALUES ", [][]any{{id, fmt.Sprintf("B%07d", c), "Comunidad " + id, 1, 1}})
		var units, users, profiles, members, incidents [][]any
		for u := range 40 {
			units = append(units, []any{fmt.Sprintf("%s-u%d", id, u), id, fmt.Sprintf("%dº %c", u/4+1, 'A'+u%4), fmt.Sprintf("Portal %d", u%2+1), 1, 1})
		}
		for p := range 80 {
			uid := fmt.Sprintf("%s-p%d", id, p)
			users = append(users, []any{uid, uid + "@example.es", 1, 1})
			profiles = append(profiles, []any{uid, fmt.Sprintf("Vecino%d %s", p, names[(c+p)%len(names)]), 1, 1})
			members = append(members, []any{uid, id, fmt.Sprintf("%s-u%d", id, p/2), 1})
		}
		for i := range 200 {
			title := fmt.Sprintf("Incidencia %d: %s", i, words[(c+i)%len(words)])
			incidents = append(incidents, []any{fmt.Sprintf("%s-i%d", id, i), id, title, "x", "open", id + "-p0", domain.SearchText(title, "x"), i, i})
		}
		exec("INSERT INTO units (id, community_id, unit_number, building, created_at, updated_at) VALUES ", units)
		exec("INSERT INTO users (id, email, created_at, updated_at) VALUES ", users)
		exec("INSERT INTO profiles (id, full_name, created_at, updated_at) VALUES ", profiles)
		exec("INSERT INTO memberships (user_id, community_id, unit_id, joined_at) VALUES ", members)
		for start := 0; start < len(incidents); start += 50 {
			exec(`INSERT INTO incidents (id, community_id, title, description, status, created_by, search_text, created_at, updated_at) VALUES `,
				incidents[start:start+50])
		}
	}
	org := officeRunning(b, db, ids, nil)
	if db.Engine() == store.Postgres { // the statistics a live database has, which the plans rely on
		if err := db.ExecForTest(ctx, "ANALYZE"); err != nil {
			b.Fatal(err)
		}
	}
	return org
}

// BenchmarkSearchOffice200 is one search of an office of 200 communities (16,000 residents, 8,000 units,
// 40,000 incidents): go test -run '^$' -bench SearchOffice200 ./internal/store/ (PostgreSQL too when
// VECINOS_TEST_POSTGRES_URL is set).
func BenchmarkSearchOffice200(b *testing.B) {
	engines := map[string]func(testing.TB) *store.DB{"sqlite": storetest.OpenSQLite}
	if storetest.PostgresURL(b) != "" {
		engines["postgres"] = storetest.OpenPostgres
	}
	for name, open := range engines {
		b.Run(name, func(b *testing.B) {
			db := open(b)
			org := seedOffice(b, db, 200)
			for _, q := range []string{"garcía", "2ºB", "gotera"} {
				b.Run(q, func(b *testing.B) {
					for b.Loop() {
						if _, err := db.SearchOffice(context.Background(), org, q, 20); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}
