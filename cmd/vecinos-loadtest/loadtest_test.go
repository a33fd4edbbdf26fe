package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/store"
)

// The command end to end on a small community: the real binary as child processes, every message must
// reach every stream. Timings are the command's output, never asserted.
func TestEveryMessageReachesEveryStream(t *testing.T) {
	bin := serverBinary(t)
	adminURL := cmp.Or(os.Getenv("VECINOS_TEST_POSTGRES_URL"), defaultPostgresURL)
	const streams, messages = 50, 3
	for _, tc := range []struct {
		engine    string
		instances int
	}{{"sqlite", 1}, {"postgres", 2}} {
		t.Run(tc.engine, func(t *testing.T) {
			if tc.engine == "postgres" {
				admin, err := connectAdmin(t.Context(), adminURL)
				if err != nil {
					unavailable(t, err.Error()+"; start it or set VECINOS_TEST_POSTGRES_URL")
				}
				admin.Close()
			}
			var out bytes.Buffer
			results, err := run(t.Context(), []string{"-autogroup", "keep", "-bin", bin, "-engine", tc.engine, "-postgres", adminURL,
				"-streams", strconv.Itoa(streams), "-messages", strconv.Itoa(messages)}, &out, &out)
			t.Log("\n" + out.String())
			if err != nil {
				t.Fatal(err)
			}
			r := results[0]
			if r.instances != tc.instances || r.expected != streams*messages || len(r.latencies) != r.expected || r.ended != 0 {
				t.Errorf("%d instances, %d of %d deliveries, %d streams ended; want %d instances and every delivery",
					r.instances, len(r.latencies), r.expected, r.ended, tc.instances)
			}
		})
	}
}

// The server binary, built once for all the tests of the package into a directory TestMain removes.
var (
	binDir   string
	binOnce  sync.Once
	binPath  string
	binError error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func serverBinary(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("../../web/dist/index.html"); err != nil {
		unavailable(t, "the web app is not built (make build): the server binary embeds web/dist")
	}
	binOnce.Do(func() {
		if binDir, binError = os.MkdirTemp("", "vecinos-loadtest-test-"); binError == nil {
			binPath, binError = buildServer(context.Background(), binDir)
		}
	})
	if binError != nil {
		t.Fatal(binError)
	}
	return binPath
}

// unavailable skips a test whose prerequisite is missing, or fails it on CI, where nothing may be skipped.
func unavailable(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(why)
	}
	t.Skip(why)
}

// The HTTP workload end to end on a small seed: every request of every case must succeed.
func TestHTTPWorkloadAnswersEveryRequest(t *testing.T) {
	if _, err := exec.LookPath("wrk"); err != nil {
		unavailable(t, "wrk is not installed (apt-get install wrk)")
	}
	bin := serverBinary(t)
	var out bytes.Buffer
	_, err := run(t.Context(), []string{"-autogroup", "keep", "-workload", "http", "-bin", bin, "-engine", "sqlite", "-incidents", "200", "-duration", "1s",
		"-connections", "4", "-warmup", "1s"}, &out, &out)
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a) list", "c) search agua", "d) by id", "e) dashboard", "inserts", "f) month availability", "bookings",
		"g) statement 5 years", "h) my receipts",
		"no overlap in an exclusive facility"} {
		if !strings.Contains(out.String(), name) {
			t.Errorf("the report has no row %q", name)
		}
	}
}

// The scale workload end to end at 1/1000 (10 communities, one office) on both engines, one PostgreSQL
// instance: every case answers every request (the targets are not asserted: a test machine's figures say
// little), the seeded counts are those of the scale, and the bookings leave no overlap.
func TestScaleWorkloadAnswersEveryRequest(t *testing.T) {
	if _, err := exec.LookPath("wrk"); err != nil {
		unavailable(t, "wrk is not installed (apt-get install wrk)")
	}
	bin := serverBinary(t)
	engines := "sqlite"
	if os.Getenv("VECINOS_TEST_POSTGRES_URL") != "" {
		engines = "sqlite,postgres"
	}
	var out bytes.Buffer
	_, err := run(t.Context(), []string{"-autogroup", "keep", "-workload", "scale", "-scale", "0.001", "-bin", bin, "-engine", engines, "-postgres", cmp.Or(os.Getenv("VECINOS_TEST_POSTGRES_URL"), defaultPostgresURL),
		"-duration", "1s", "-connections", "4", "-warmup", "1s"}, &out, &out)
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"10 communities, 801 accounts (5% in two communities), 1 offices of up to 200 communities, 2000 incidents, 5000 chat messages",
		"1) resident: dashboard", "2) resident: incidents", "3) resident: chat", "4) resident: booking", "5) office: overview", "6) office: search",
		"no overlap in an exclusive facility"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report has no %q", want)
		}
	}
	// A PostgreSQL on this machine (as on CI): its backends' CPU is measured for every case.
	local := strings.Contains(os.Getenv("VECINOS_TEST_POSTGRES_URL"), "@127.0.0.1") || strings.Contains(os.Getenv("VECINOS_TEST_POSTGRES_URL"), "@localhost")
	for line := range strings.Lines(out.String()) {
		if f := strings.Fields(line); local && len(f) > 0 && f[0] == "postgres" && strings.Contains(line, "resident") && f[len(f)-1] == "–" {
			t.Errorf("no PostgreSQL CPU in %q", line)
		}
	}
}

func TestParseWrk(t *testing.T) {
	const out = `Running 20s test @ http://127.0.0.1:8080/api/v1/incidents?limit=20
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    10.54ms    6.12ms 120.33ms   81.02%
    Req/Sec     2.41k   210.11     2.90k    70.50%
  Latency Distribution
     50%    9.87ms
     75%   12.10ms
     90%   16.02ms
     99%   34.50ms
  96012 requests in 20.01s, 210.32MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:   4798.20
Transfer/sec:     10.51MB
`
	r, err := parseWrk(out)
	if err != nil {
		t.Fatal(err)
	}
	want := wrkResult{requests: 96012, perSecond: 4798.20, p50: 9870 * time.Microsecond, p99: 34500 * time.Microsecond,
		max: 120330 * time.Microsecond, errors: 7}
	if r != want {
		t.Errorf("parseWrk = %+v, want %+v", r, want)
	}
	if _, err := parseWrk("unable to connect to 127.0.0.1:1 Connection refused\n"); err == nil {
		t.Error("output without a summary parsed")
	}
	for in, d := range map[string]time.Duration{"512.00us": 512 * time.Microsecond, "2.00s": 2 * time.Second, "1.50m": 90 * time.Second} {
		if got, err := parseWrkDuration(in); err != nil || got != d {
			t.Errorf("parseWrkDuration(%q) = %v, %v; want %v", in, got, err, d)
		}
	}
}

// The servers' own p99 comes from their histograms, summed over routes and instances, less what they had
// counted before the case, and interpolated within its bucket.
func TestServerLatencies(t *testing.T) {
	scrape := func(text string) latencies {
		h := latencies{}
		if err := h.add(bufio.NewScanner(strings.NewReader(text))); err != nil {
			t.Fatal(err)
		}
		return h
	}
	const bucket = "vecinos_http_request_duration_seconds_bucket"
	before := scrape(bucket + `{method="GET",route="/api/v1/dashboard",le="0.01"} 50
` + bucket + `{method="GET",route="/api/v1/dashboard",le="0.05"} 50
` + bucket + `{method="GET",route="/api/v1/dashboard",le="+Inf"} 50
vecinos_http_request_duration_seconds_count{method="GET",route="/api/v1/dashboard"} 50
`)
	// Since then: 1,000 requests, 900 within 10 ms, 90 within 50 ms, 10 slower; half on another route.
	after := scrape(bucket + `{method="GET",route="/api/v1/dashboard",le="0.01"} 500
` + bucket + `{method="GET",route="/api/v1/dashboard",le="0.05"} 545
` + bucket + `{method="GET",route="/api/v1/dashboard",le="+Inf"} 550
` + bucket + `{method="GET",route="/api/v1/incidents",le="0.01"} 450
` + bucket + `{method="GET",route="/api/v1/incidents",le="0.05"} 495
` + bucket + `{method="GET",route="/api/v1/incidents",le="+Inf"} 500
`)
	d := after.since(before)
	// p90 is the 900th request: the top of the first bucket. p95 lies halfway through the second.
	for q, want := range map[float64]time.Duration{0.9: 10 * time.Millisecond, 0.945: 30 * time.Millisecond} {
		if got, ok := d.quantile(q); !ok || (got-want).Abs() > time.Microsecond {
			t.Errorf("quantile(%v) = %v, %v; want %v", q, got, ok, want)
		}
	}
	if _, ok := d.quantile(0.995); ok {
		t.Error("a quantile beyond the last finite bound was estimated")
	}
	if _, ok := before.since(before).quantile(0.99); ok {
		t.Error("a quantile of no request was estimated")
	}
}

// The crash test, short (3 kills per engine): nothing the server acknowledged is lost, and every queued
// email reaches the SMTP catcher. `make crashtest` runs 20 kills.
func TestCrashLosesNothingAcknowledged(t *testing.T) {
	bin := serverBinary(t)
	engines := "sqlite,postgres"
	if err := exec.Command("pg_isready", "-h", "127.0.0.1", "-p", "5432").Run(); err != nil {
		unavailable(t, "PostgreSQL is not running at 127.0.0.1:5432")
		engines = "sqlite"
	}
	var out bytes.Buffer
	_, err := run(t.Context(), []string{"-autogroup", "keep", "-workload", "crash", "-bin", bin, "-engine", engines, "-kills", "3"}, &out, &out)
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range strings.Split(engines, ",") {
		if !strings.Contains(out.String(), "| "+e+" | 3 | ") {
			t.Errorf("no row for %s with 3 kills", e)
		}
	}
}

// The check after the bookings finds an overlap of an exclusive facility and a shared one over its
// capacity, which SQLite (no exclusion constraint) lets a direct insert write.
func TestCheckFindsOverlapsAndExcess(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	db := &database{dataDir: filepath.Join(dir, "data")}
	c, err := db.seed(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	check, err := openCheck(store.SQLite, db)
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := check.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec("INSERT INTO units (id, community_id, unit_number, created_at, updated_at) VALUES ('u', ?, '1º A', 0, 0)", c.ID)
	for _, f := range []struct {
		id       string
		capacity int
	}{{"hall", 1}, {"pool", 2}} {
		exec(`INSERT INTO facilities (id, community_id, name, description, capacity, hours, slot_minutes, min_minutes, max_minutes,
			max_per_month, cancel_hours, deposit_cents, needs_approval, rules, created_at, updated_at)
			VALUES (?, ?, ?, '', ?, '[]', 60, 60, 60, 2, 24, 0, false, '', 0, 0)`, f.id, c.ID, f.id, f.capacity)
	}
	n := 0
	book := func(facility string, start, end int64, status string) {
		n++
		exec(`INSERT INTO reservations (id, community_id, facility_id, unit_id, start_at, end_at, month, exclusive, status, deposit_cents,
			created_at, updated_at) VALUES (?, ?, ?, 'u', ?, ?, '2026-12', ?, ?, 0, 0, 0)`, strconv.Itoa(n), c.ID, facility, start, end,
			facility == "hall", status)
	}
	// Within the rules: back to back, a cancelled one over a live one, the pool at its capacity.
	book("hall", 0, 60, "confirmed")
	book("hall", 60, 120, "pending")
	book("hall", 30, 90, "cancelled")
	book("pool", 0, 60, "confirmed")
	book("pool", 30, 90, "confirmed")
	book("pool", 60, 120, "pending")
	if active, err := checkReservations(ctx, check, ""); err != nil || active != 5 {
		t.Fatalf("within the rules: %d active, %v", active, err)
	}
	book("hall", 90, 150, "pending")
	if _, err := checkReservations(ctx, check, ""); err == nil || !strings.Contains(err.Error(), "1 overlapping pairs") {
		t.Errorf("an overlap in the hall: %v", err)
	}
	exec("UPDATE reservations SET status = 'cancelled' WHERE id = ?", strconv.Itoa(n))
	book("pool", 45, 50, "confirmed")
	if _, err := checkReservations(ctx, check, ""); err == nil || !strings.Contains(err.Error(), "0 overlapping pairs of reservations of exclusive facilities, 1 instants") {
		t.Errorf("three at once in a pool of 2: %v", err)
	}
}

// The kernel's autogroups are turned off when on and put back after; off already, or a kernel without
// them, is left alone. (The load tests above pass -autogroup keep: other tests run on the same kernel.)
func TestAutogroupsOffAndRestored(t *testing.T) {
	setting := filepath.Join(t.TempDir(), "sched_autogroup_enabled")
	read := func() string {
		b, err := os.ReadFile(setting)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	restore, note, err := autogroupsOff(setting)
	if err != nil || note != "" || restore() != nil {
		t.Fatalf("without the setting: note %q, %v", note, err)
	}
	if err := os.WriteFile(setting, []byte("1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	restore, note, err = autogroupsOff(setting)
	if err != nil || note == "" || read() != "0\n" {
		t.Fatalf("on: now %q, note %q, %v", read(), note, err)
	}
	if err := restore(); err != nil || read() != "1\n" {
		t.Fatalf("restored: %q, %v", read(), err)
	}
	if err := os.WriteFile(setting, []byte("0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, note, err = autogroupsOff(setting); err != nil || note != "" || read() != "0\n" {
		t.Fatalf("off already: now %q, note %q, %v", read(), note, err)
	}
}
