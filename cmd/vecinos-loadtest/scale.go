package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"vecinos/internal/loadseed"
	"vecinos/internal/store"
)

// The scale workload (-workload scale, issue #35 "ten thousand buildings, measured"): loadseed.SeedScale
// fills a fresh database with 10,000 communities × -scale (COPY on PostgreSQL, batched inserts on
// SQLite), then the server runs on it (two instances on PostgreSQL, one on SQLite) and wrk measures a
// resident's dashboard, incidents list, chat and bookings, and an office's overview of its communities
// and its search across them, each with -connections split evenly over the instances (one wrk process
// per instance, run at once: req/s is their sum, p50 and p99 the worse of the two, max the larger).
//
//	go run ./cmd/vecinos-loadtest -workload scale -engine postgres -scale 1
//	go run ./cmd/vecinos-loadtest -workload scale -engine sqlite -scale 0.01
//
// With -profile DIR each case also leaves a CPU profile of every server and of this process, taken while
// it is measured (DIR/postgres-5--office--overview-0-cpu.pprof, …).

// scaleTargets are the targets for p99: a resident's cases and the office's.
const (
	scaleResidentTarget = 50 * time.Millisecond
	scaleOfficeTarget   = 300 * time.Millisecond
	// scaleSearch is what the office searches for: a surname, among people, units and incidents.
	scaleSearch = "garcía"
)

type scaleOptions struct {
	httpOptions
	scale     float64
	instances int       // 0: 2 on PostgreSQL, 1 on SQLite
	profile   *profiler // nil, or CPU profiles of the servers while each case is measured
	reuse     string    // a PostgreSQL database a run kept (-keep): measured again, not seeded
}

func runScale(ctx context.Context, o scaleOptions, stdout, stderr io.Writer) error {
	if _, err := exec.LookPath("wrk"); err != nil {
		return fmt.Errorf("wrk is not installed (Debian: apt-get install wrk)")
	}
	startLoad := loadAverage()
	var rows []httpRow
	var notes []string
	for _, engine := range o.engines {
		r, note, err := measureScale(ctx, engine, o, stderr)
		if err != nil {
			return fmt.Errorf("%s: %w", engine, err)
		}
		rows = append(rows, r...)
		notes = append(notes, note)
	}
	fmt.Fprintf(stdout, "Scale workload at -scale %g. wrk --latency --timeout 10s, %d connections per case split over the instances "+
		"(one wrk process per instance, at once: req/s summed; p50, p99 and max the worse instance's); each read case after %s unmeasured. "+
		"CPU: the servers', per request; PG: their PostgreSQL backends', per request (when PostgreSQL runs on this machine).\n", o.scale, o.connections, o.warmup)
	for _, n := range notes {
		fmt.Fprintln(stdout, n)
	}
	fmt.Fprintln(stdout)
	failed := printHTTPRows(stdout, rows)
	fmt.Fprintf(stdout, "\ntargets: p99 < %s for a resident's cases (1–4), < %s for the office's (5–6)\n", ms(scaleResidentTarget), ms(scaleOfficeTarget))
	for _, r := range rows {
		if r.err != nil {
			continue
		}
		target := scaleResidentTarget
		if strings.Contains(r.name, "office") {
			target = scaleOfficeTarget
		}
		verdict := "met"
		if r.p99 >= target || r.requests == 0 {
			verdict = "MISSED"
		}
		server := "not known"
		if r.serverP99 >= 0 {
			server = ms(r.serverP99)
		}
		fmt.Fprintf(stdout, "  %s %s: p99 %s (as the servers measured it: %s), target %s %s\n", r.engine, r.name, ms(r.p99), server, ms(target), verdict)
	}
	fmt.Fprintf(stdout, "\nload average (1, 5, 15 min): %s at the start, %s at the end\n", startLoad, loadAverage())
	return failed
}

func measureScale(ctx context.Context, engine store.Engine, o scaleOptions, progress io.Writer) ([]httpRow, string, error) {
	dir, err := os.MkdirTemp("", "vecinos-scale-")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	var db *database
	var seed *loadseed.ScaleSeed
	if o.reuse != "" {
		if engine != store.Postgres {
			return nil, "", fmt.Errorf("-reuse is a PostgreSQL database")
		}
		db = &database{url: o.reuse, dataDir: filepath.Join(dir, "data")}
		fmt.Fprintf(progress, "%s: reusing %s, new sessions for its first office and its first community's residents\n", engine, o.reuse)
		if seed, err = loadseed.ReuseScale(ctx, db.url); err != nil {
			return nil, "", fmt.Errorf("reusing: %w", err)
		}
	} else {
		if db, err = createDatabase(ctx, engine, dir, o.adminURL); err != nil {
			return nil, "", err
		}
		defer db.dropUnlessKept(o.keep, engine, progress)
		fmt.Fprintf(progress, "%s: seeding the scale workload at %g\n", engine, o.scale)
		if seed, err = loadseed.SeedScale(ctx, db.url, db.dataDir, o.scale, progress); err != nil {
			return nil, "", fmt.Errorf("seeding: %w", err)
		}
	}
	size := databaseSize(ctx, engine, db)
	seeded := fmt.Sprintf("%d rows seeded in %s", seed.Rows, seed.Took.Round(time.Second))
	if o.reuse != "" {
		seeded = "seeded by an earlier run"
	}
	note := fmt.Sprintf("%s: %d communities, %d accounts (5%% in two communities), %d offices of up to %d communities, %d incidents, "+
		"%d chat messages, %d announcements, %d reservations; %s; database %s.",
		engine, seed.Communities, seed.Accounts, seed.Offices, loadseed.ScaleOfficeCommunities, seed.Incidents, seed.Messages,
		seed.Announcements, seed.Reservations, seeded, size)
	fmt.Fprintln(progress, note)

	n := o.instances
	if n == 0 {
		n = 2
	}
	if engine == store.SQLite {
		n = 1
	}
	var servers []*server
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	for range n {
		metrics, err := metricsSetting() // for its profiles and its own latencies
		if err != nil {
			return nil, "", err
		}
		s, err := startServer(ctx, o.bin, dir, db, metrics)
		if err != nil {
			return nil, "", err
		}
		servers = append(servers, s)
	}
	base := "http://" + servers[0].addr
	var booking *reservationsSeed
	fmt.Fprintf(progress, "%s: %d instance(s); the facilities to book in the first community\n", engine, n)
	if booking, err = seedBookable(ctx, base, seed.ResidentTokens[0]); err != nil {
		return nil, "", fmt.Errorf("facilities: %w", err)
	}
	// Every case must answer before it is measured: the office sees its communities, the search finds.
	var office []struct{ CommunityID string }
	if err := (&author{base: base, token: seed.OfficeToken}).do(ctx, http.MethodGet, "/api/v1/organisation/communities", nil, http.StatusOK, &office); err != nil ||
		len(office) != seed.OfficeSize {
		return nil, "", fmt.Errorf("the office's overview: %d communities of %d, %v", len(office), seed.OfficeSize, err)
	}
	var found struct{ People, Units, Incidents []any }
	search := "/api/v1/organisation/search?q=" + url.QueryEscape(scaleSearch)
	if err := (&author{base: base, token: seed.OfficeToken}).do(ctx, http.MethodGet, search, nil, http.StatusOK, &found); err != nil || len(found.People) == 0 {
		return nil, "", fmt.Errorf("the office's search found %d people: %v", len(found.People), err)
	}
	resident := ""
	if len(seed.ResidentTokens) > 1 {
		resident = seed.ResidentTokens[1]
	}
	cases := []struct {
		httpCase
		token string
	}{
		{httpCase{name: "1) resident: dashboard", path: "/api/v1/dashboard"}, resident},
		{httpCase{name: "2) resident: incidents", path: "/api/v1/incidents?limit=20"}, resident},
		{httpCase{name: "3) resident: chat", path: "/api/v1/channels/" + seed.Channel + "/messages"}, resident},
		{httpCase{name: "4) resident: booking", path: "/api/v1/reservations", bookings: true}, resident},
		{httpCase{name: "5) office: overview", path: "/api/v1/organisation/communities"}, seed.OfficeToken},
		{httpCase{name: "6) office: search", path: search}, seed.OfficeToken},
	}
	pg, err := db.backends(engine)
	if err != nil {
		return nil, "", err
	}
	defer pg.close()
	var rows []httpRow
	for _, c := range cases {
		if !o.runs(c.name) || c.token == "" { // a community of one resident: no one to measure as
			continue
		}
		fmt.Fprintf(progress, "%s: %s for %s\n", engine, c.name, o.duration)
		row := httpRow{engine: engine, name: c.name}
		row.err = runSpread(ctx, o, engine, db, dir, servers, pg, c.httpCase, c.token, seed, booking, &row)
		rows = append(rows, row)
	}
	return rows, note, nil
}

// runSpread runs one case with one wrk process per instance at once, the connections split between them.
// Besides wrk's figures it fills in row the servers' CPU time, their PostgreSQL backends' (-1: not measured)
// and the p99 they measured themselves.
func runSpread(ctx context.Context, o scaleOptions, engine store.Engine, db *database, dir string, servers []*server, pg backends, c httpCase, token string,
	seed *loadseed.ScaleSeed, booking *reservationsSeed, row *httpRow) error {
	var sum wrkResult
	var cpu time.Duration
	dbCPU, serverP99 := time.Duration(-1), time.Duration(-1)
	note := ""
	defer func() {
		row.wrkResult, row.serverCPU, row.dbCPU, row.serverP99, row.note = sum, cpu, dbCPU, serverP99, note
	}()
	n := len(servers)
	conns := max(1, o.connections/n)
	args := func(i int) ([]string, error) {
		a := []string{"-t", "1", "-c", strconv.Itoa(conns), "-d", o.duration.String(), "--latency", "--timeout", "10s",
			"-H", "Cookie: vecinos_session=" + token}
		if c.bookings {
			script := filepath.Join(dir, fmt.Sprintf("case-%d.lua", i))
			if err := os.WriteFile(script, bookingScript(booking, seed.ResidentTokens, n, i), 0o600); err != nil {
				return nil, err
			}
			a = append(a, "-s", script)
		}
		return a, nil
	}
	if !c.bookings && o.warmup > 0 {
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i, s := range servers {
			a, _ := args(i)
			wg.Go(func() { errs[i] = warmUp(ctx, o.httpOptions, c, a, "http://"+s.addr+c.path) })
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
	}
	for _, s := range servers {
		t, _ := readCPU(s.cmd.Process.Pid)
		cpu -= t
	}
	dbBefore := pg.cpu(ctx)
	latencies := measureLatencies(ctx, servers...)
	profiled := o.profile.cpuCase(ctx, engine, c.name, servers)
	outs := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i, s := range servers {
		a, err := args(i)
		if err != nil {
			return err
		}
		wg.Go(func() {
			out, err := exec.CommandContext(ctx, "wrk", append(a, "http://"+s.addr+c.path)...).CombinedOutput()
			outs[i] = string(out)
			if err != nil {
				errs[i] = fmt.Errorf("wrk: %v\n%s", err, out)
			}
		})
	}
	wg.Wait()
	for _, s := range servers {
		t, _ := readCPU(s.cmd.Process.Pid)
		cpu += t
	}
	dbCPU, serverP99 = used(dbBefore, pg.cpu(ctx)), latencies()
	if err := profiled(); err != nil {
		return err
	}
	var created, refused int
	for i := range n {
		if errs[i] != nil {
			return errs[i]
		}
		r, err := parseWrk(outs[i])
		if err != nil {
			return err
		}
		sum.requests += r.requests
		sum.perSecond += r.perSecond
		sum.p50, sum.p99, sum.max = max(sum.p50, r.p50), max(sum.p99, r.p99), max(sum.max, r.max)
		sum.errors += r.errors
		if c.bookings {
			cr, rf, unexpected, err := bookingCounts(outs[i])
			if err != nil {
				return err
			}
			if unexpected > 0 {
				return fmt.Errorf("%d answers neither 201 nor a taken or full slot; wrk printed:\n%s", unexpected, outs[i])
			}
			created, refused = created+cr, refused+rf
		}
	}
	if c.bookings {
		sum.errors -= refused
		check, err := openCheck(engine, db)
		if err != nil {
			return err
		}
		defer check.Close()
		active, err := checkReservations(ctx, check, seed.Community)
		if err != nil {
			return fmt.Errorf("after the bookings: %w", err)
		}
		note = fmt.Sprintf("%d booked (%.0f/s), %d refused as taken, full or over the month's quota; afterwards %d active reservations in the community, "+
			"no overlap in an exclusive facility, no shared one over its capacity", created, float64(created)/o.duration.Seconds(), refused, active)
	}
	if sum.errors > 0 {
		return fmt.Errorf("%d of %d requests failed; wrk printed:\n%s", sum.errors, sum.requests, strings.Join(outs, "\n"))
	}
	return nil
}

// seedBookable has the first community's admin add the facilities the bookings case books (those of the
// http workload: 10 exclusive courts and 10 pools shared by 2, 06:00–24:00 in slots of 15 minutes) and
// picks the days: the day after tomorrow and the bookingDays after it. Every resident has a unit already.
func seedBookable(ctx context.Context, base, adminToken string) (*reservationsSeed, error) {
	admin := &author{base: base, token: adminToken}
	var tz struct{ TimeZone string }
	if err := admin.do(ctx, http.MethodGet, "/api/v1/reservations/time-zone", nil, http.StatusOK, &tz); err != nil {
		return nil, err
	}
	loc, err := time.LoadLocation(tz.TimeZone)
	if err != nil {
		return nil, err
	}
	hours := make([]map[string]any, 7)
	for i := range hours {
		hours[i] = map[string]any{"closed": false, "open": clock(bookingOpen), "close": "24:00"}
	}
	s := &reservationsSeed{}
	for i := range bookingExclusive + bookingShared {
		name, capacity := fmt.Sprintf("Pista de pádel %d", i+1), 1
		if i >= bookingExclusive {
			name, capacity = fmt.Sprintf("Piscina %d", i+1-bookingExclusive), bookingCapacity
		}
		var f struct{ ID string }
		if err := admin.do(ctx, http.MethodPost, "/api/v1/facilities", map[string]any{"name": name, "capacity": capacity, "hours": hours,
			"slotMinutes": 15, "maxPerMonth": 100}, http.StatusCreated, &f); err != nil {
			return nil, err
		}
		s.facilities = append(s.facilities, f.ID)
	}
	today := time.Now().In(loc)
	for d := range bookingDays {
		s.dates = append(s.dates, today.AddDate(0, 0, 2+d).Format("2006-01-02"))
	}
	return s, nil
}

// databaseSize is the size of the seeded database, for the note.
func databaseSize(ctx context.Context, engine store.Engine, db *database) string {
	if engine == store.SQLite {
		var total int64
		for _, suffix := range []string{"", "-wal"} {
			if fi, err := os.Stat(filepath.Join(db.dataDir, store.SQLiteFile+suffix)); err == nil {
				total += fi.Size()
			}
		}
		return fmt.Sprintf("%d MB", total>>20)
	}
	check, err := openCheck(engine, db)
	if err != nil {
		return "?"
	}
	defer check.Close()
	var size string
	if err := check.QueryRowContext(ctx, "SELECT pg_size_pretty(pg_database_size(current_database()))").Scan(&size); err != nil {
		return "?"
	}
	return size
}
