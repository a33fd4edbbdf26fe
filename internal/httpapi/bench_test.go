package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/accounts"
	"vecinos/internal/auth"
	"vecinos/internal/config"
	"vecinos/internal/domain"
	"vecinos/internal/events"
	"vecinos/internal/httpapi"
	"vecinos/internal/incidents"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// The workload of docs' BENCHMARK.md: two communities of 200 members and 20,000 incidents each, read
// through the real HTTP handler by a signed-in member of the first. Run it with
//
//	go test -run XXX -bench Incidents -benchtime 2000x ./internal/httpapi
//
// Each case reports ns/op and req/s; RunParallel keeps about 50 requests in flight. Nothing is asserted
// about timings: the figures go in reports, not in CI.

const (
	benchMembers   = 200
	benchIncidents = 20000
)

var benchTitles = [10]string{
	"Bombilla fundida en el portal", "Ruido en el patio por la noche", "Puerta del garaje atascada",
	"Ascensor fuera de servicio", "Humedad en el techo del trastero", "Grafiti en la fachada",
	"Interfono sin sonido", "Baldosa suelta en la escalera", "Contenedor de basura roto", "Luz del rellano parpadea",
}

// benchDescription is 260 characters of Spanish.
var benchDescription = func() string {
	s := strings.Repeat("Los vecinos del tercero avisan de que el problema se repite desde hace días y piden que lo revise el conserje o una empresa de mantenimiento cuanto antes, por favor. ", 3)
	r := []rune(s)
	return string(r[:260])
}()

func BenchmarkIncidents(b *testing.B) {
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		b.Run(string(engine), func(b *testing.B) {
			var db *store.DB
			if engine == store.SQLite {
				db = storetest.OpenSQLite(b)
			} else {
				db = storetest.OpenPostgres(b) // skipped when PostgreSQL is unreachable
			}
			benchIncidentsOn(b, db)
		})
	}
}

func benchIncidentsOn(b *testing.B, db *store.DB) {
	ctx := context.Background()
	start := time.Now()
	communityID, members := benchSeedCommunity(b, db, "Benchmark A")
	benchSeedIncidents(b, db, communityID, members)
	otherID, others := benchSeedCommunity(b, db, "Benchmark B")
	benchSeedIncidents(b, db, otherID, others)
	if err := db.Analyze(ctx); err != nil {
		b.Fatal(err)
	}
	b.Logf("%s: seeded 2 × %d members and %d incidents in %s", db.Engine(), benchMembers, benchIncidents, time.Since(start).Round(time.Millisecond))

	token := auth.NewToken()
	now := time.Now()
	if err := db.CreateSession(ctx, domain.Session{ID: auth.HashToken(token), UserID: members[0], CreatedAt: now, LastSeenAt: now,
		ExpiresAt: now.Add(24 * time.Hour)}); err != nil {
		b.Fatal(err)
	}
	cfg := &config.Config{PublicURL: "http://localhost:8080"}
	h, err := httpapi.New(httpapi.Deps{Config: cfg, Store: db, Accounts: accounts.New(db, auth.NewHasher(), accounts.Options{PublicURL: cfg.PublicURL}),
		Incidents: incidents.New(db, incidents.Options{}), Events: events.New(db, events.Options{PublicURL: cfg.PublicURL}),
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Web: testWeb, Version: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: 200, MaxIdleConnsPerHost: 200}}
	defer client.CloseIdleConnections()

	first, err := db.ListIncidents(ctx, communityID, domain.IncidentFilter{Limit: 1})
	if err != nil || len(first) != 1 {
		b.Fatalf("no incident to read: %v", err)
	}
	for _, c := range []struct{ name, path string }{
		{"list", "/api/v1/incidents?limit=20"},
		{"list_status_open", "/api/v1/incidents?limit=20&status=open"},
		{"list_q_agua", "/api/v1/incidents?limit=20&q=agua"},
		{"by_id", "/api/v1/incidents/" + first[0].ID},
		{"dashboard", "/api/v1/dashboard"},
	} {
		url := srv.URL + c.path
		get := func() error {
			req, _ := http.NewRequest("GET", url, nil)
			req.AddCookie(&http.Cookie{Name: "vecinos_session", Value: token})
			res, err := client.Do(req)
			if err != nil {
				return err
			}
			defer res.Body.Close()
			if _, err := io.Copy(io.Discard, res.Body); err != nil {
				return err
			}
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("GET %s: %d", c.path, res.StatusCode)
			}
			return nil
		}
		if err := get(); err != nil { // warm up, and fail fast on a broken request
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetParallelism(25) // × GOMAXPROCS goroutines: about 50 concurrent requests on 2 cores
			var mu sync.Mutex
			var took []time.Duration
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				var mine []time.Duration
				for pb.Next() {
					start := time.Now()
					if err := get(); err != nil {
						b.Error(err)
						return
					}
					mine = append(mine, time.Since(start))
				}
				mu.Lock()
				took = append(took, mine...)
				mu.Unlock()
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
			if len(took) > 0 {
				slices.Sort(took)
				b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
			}
		})
	}
}

func benchSeedCommunity(b *testing.B, db *store.DB, name string) (string, []string) {
	ctx := context.Background()
	var c *domain.Community
	ids := make([]string, 0, benchMembers)
	now := time.Now()
	for i := range benchMembers {
		u := &domain.User{ID: domain.NewID(), Email: fmt.Sprintf("m%d-%s@example.es", i, strings.ToLower(strings.ReplaceAll(name, " ", ""))),
			FullName: fmt.Sprintf("Vecino %03d", i), Language: domain.Spanish, EmailConfirmedAt: &now}
		if err := db.CreateUser(ctx, u, domain.EmailToken{}, domain.Mail{}); err != nil {
			b.Fatal(err)
		}
		setup := domain.CommunitySetup{}
		if c == nil {
			c = &domain.Community{Name: name}
			setup.Create = c
		} else {
			setup.JoinCode = c.PublicID
		}
		if err := db.JoinOrCreateCommunity(ctx, u.ID, setup); err != nil {
			b.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	return c.ID, ids
}

func benchSeedIncidents(b *testing.B, db *store.DB, communityID string, members []string) {
	base := time.Now().Add(-benchIncidents * time.Second)
	batch := make([]domain.Incident, 0, 1000)
	for i := range benchIncidents {
		title := fmt.Sprintf("%s #%d", benchTitles[i%len(benchTitles)], i)
		if i%20 == 0 {
			title = fmt.Sprintf("Fuga de agua #%d", i)
		}
		at := base.Add(time.Duration(i) * time.Second)
		batch = append(batch, domain.Incident{ID: domain.NewID(), CommunityID: communityID, Title: title, Description: benchDescription,
			Status:    []domain.IncidentStatus{domain.IncidentOpen, domain.IncidentInProgress, domain.IncidentResolved}[i%3],
			Priority:  []domain.Priority{domain.PriorityLow, domain.PriorityMedium, domain.PriorityHigh}[(i/3)%3],
			CreatedBy: &members[i%len(members)], AssignedTo: &members[(i+1)%len(members)], CreatedAt: at, UpdatedAt: at})
		if len(batch) == cap(batch) || i == benchIncidents-1 {
			if err := db.CreateIncidents(context.Background(), batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
}
