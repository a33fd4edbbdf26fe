package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/domain"
	"vecinos/internal/loadseed"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// The workload of docs' BENCHMARK.md: two communities of 200 members and 20,000 incidents each, read
// through the real HTTP handler by a signed-in member of the first. Run it with
//
//	go test -run XXX -bench Incidents -benchtime 2000x ./internal/httpapi
//
// Each case reports ns/op and req/s (inserts/s for "create", POST /api/v1/incidents) with the p99
// latency; RunParallel keeps about 50 requests in flight. Nothing is asserted about timings: the figures
// go in reports, not in CI. VECINOS_BENCH_PROFILE=DIR writes a CPU profile of each case to DIR.

const benchIncidents = 20000

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
	seeded, err := loadseed.Workload(ctx, db, benchIncidents)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%s: seeded 2 × %d members and %d incidents in %s", db.Engine(), loadseed.WorkloadMembers, benchIncidents, time.Since(start).Round(time.Millisecond))
	communityID, members, token := seeded.ID, seeded.UserIDs, seeded.Tokens[0]
	cfg := &config.Config{PublicURL: "http://localhost:8080"}
	srv := httptest.NewServer(newApp(b, db, cfg, app.Options{}).Handler)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: 200, MaxIdleConnsPerHost: 200}}
	defer client.CloseIdleConnections()

	first, err := db.ListIncidents(ctx, communityID, domain.IncidentFilter{Limit: 1})
	if err != nil || len(first) != 1 {
		b.Fatalf("no incident to read: %v", err)
	}
	// The reads, then the inserts (last, so that the reads see the seeded data only): each insert is a
	// POST of a new incident, the way the app reports one, and answers 201.
	var created atomic.Int64
	newIncident := func() io.Reader {
		n := created.Add(1)
		body, _ := json.Marshal(map[string]string{"title": loadseed.Title("b", int(n)), "description": loadseed.Description, "assignedTo": members[n%int64(len(members))],
			"priority": []string{"low", "medium", "high"}[n%3]})
		return bytes.NewReader(body)
	}
	for _, c := range []struct {
		name, method, path string
		body               func() io.Reader
		want               int
		unit               string
	}{
		{"list", "GET", "/api/v1/incidents?limit=20", nil, http.StatusOK, "req/s"},
		{"list_status_open", "GET", "/api/v1/incidents?limit=20&status=open", nil, http.StatusOK, "req/s"},
		{"list_q_agua", "GET", "/api/v1/incidents?limit=20&q=agua", nil, http.StatusOK, "req/s"},
		{"by_id", "GET", "/api/v1/incidents/" + first[0].ID, nil, http.StatusOK, "req/s"},
		{"dashboard", "GET", "/api/v1/dashboard", nil, http.StatusOK, "req/s"},
		{"create", "POST", "/api/v1/incidents", newIncident, http.StatusCreated, "inserts/s"},
	} {
		url := srv.URL + c.path
		do := func() error {
			var body io.Reader
			if c.body != nil {
				body = c.body()
			}
			req, _ := http.NewRequest(c.method, url, body)
			req.AddCookie(&http.Cookie{Name: "vecinos_session", Value: token})
			if body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			res, err := client.Do(req)
			if err != nil {
				return err
			}
			defer res.Body.Close()
			if _, err := io.Copy(io.Discard, res.Body); err != nil {
				return err
			}
			if res.StatusCode != c.want {
				return fmt.Errorf("%s %s: %d", c.method, c.path, res.StatusCode)
			}
			return nil
		}
		if err := do(); err != nil { // warm up, and fail fast on a broken request
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetParallelism(25) // × GOMAXPROCS goroutines: about 50 concurrent requests on 2 cores
			var mu sync.Mutex
			var took []time.Duration
			defer benchProfile(b, string(db.Engine())+"_"+c.name)()
			cpu := processCPU()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				var mine []time.Duration
				for pb.Next() {
					start := time.Now()
					if err := do(); err != nil {
						b.Error(err)
						return
					}
					mine = append(mine, time.Since(start))
				}
				mu.Lock()
				took = append(took, mine...)
				mu.Unlock()
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), c.unit)
			// CPU of this process (server and load generator) per request: steadier than req/s when other
			// work shares the machine; on PostgreSQL the server's own CPU is not in it.
			if cpu > 0 {
				b.ReportMetric(float64((processCPU()-cpu).Microseconds())/float64(b.N), "cpu-µs/op")
			}
			if len(took) > 0 {
				slices.Sort(took)
				b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
			}
		})
	}
}

// processCPU is the user + system CPU time this process has used, from /proc (0 where there is none).
func processCPU() time.Duration {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // after the command name, which may hold spaces
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond // clock ticks of 1/100 s (USER_HZ)
}

// benchProfile writes a CPU profile of one case (without the seeding) to
// $VECINOS_BENCH_PROFILE/<name>.pprof when that variable names a directory; the returned func stops it.
// Inspect it with `go tool pprof -top internal/httpapi/httpapi.test DIR/NAME.pprof`.
func benchProfile(b *testing.B, name string) func() {
	dir := os.Getenv("VECINOS_BENCH_PROFILE")
	if dir == "" {
		return func() {}
	}
	f, err := os.Create(filepath.Join(dir, name+".pprof"))
	if err != nil {
		b.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		b.Logf("no CPU profile of %s: %v", name, err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
