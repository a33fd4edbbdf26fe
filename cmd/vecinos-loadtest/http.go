package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"vecinos/internal/domain"
	"vecinos/internal/loadseed"
	"vecinos/internal/store"
)

// The HTTP workload of BENCHMARK.md: two communities of 200 members and n incidents each, one server
// instance, and wrk (the load generator the reference figures were taken with, a C program apart from the
// server) signed in as a member of the first community.

// httpOptions are the flags of the HTTP workload.
type httpOptions struct {
	engines     []store.Engine
	incidents   int           // per community
	duration    time.Duration // per case
	connections int
	threads     int
	bin         string
	adminURL    string
	only        []string      // run only the cases whose name contains one of these; empty: all
	warmup      time.Duration // wrk runs each read case this long, unmeasured, before measuring it
	profileDir  string        // where a CPU profile of the server during each measured case goes; "": none
	keep        bool          // leave the PostgreSQL database in place afterwards, for EXPLAIN ANALYZE by hand
}

// runs says whether the options run the case named name.
func (o httpOptions) runs(name string) bool {
	for _, w := range o.only {
		if strings.Contains(name, strings.TrimSpace(w)) {
			return true
		}
	}
	return len(o.only) == 0
}

// httpCase is one wrk run: a GET of path, or the requests of a Lua script of wrk's.
type httpCase struct {
	name     string
	path     string
	script   []byte
	bookings bool // the script books reservations: refusals of a taken or full slot are expected, not errors
}

// wrkResult is what wrk reported of one case.
type wrkResult struct {
	requests      int
	perSecond     float64
	p50, p99, max time.Duration
	errors        int // socket errors and answers that were not 2xx or 3xx
}

// httpRow is one line of the report.
type httpRow struct {
	engine store.Engine
	name   string
	wrkResult
	serverCPU time.Duration // the server's CPU time during the case
	dbCPU     time.Duration // PostgreSQL's backends' CPU time during the case; -1: not measured
	serverP99 time.Duration // the p99 the servers measured themselves (latency.go); -1: not known
	note      string        // what the case found besides wrk's figures
	err       error
}

func runHTTP(ctx context.Context, o httpOptions, stdout, stderr io.Writer) ([]httpRow, error) {
	if _, err := exec.LookPath("wrk"); err != nil {
		return nil, errors.New("wrk is not installed (Debian: apt-get install wrk)")
	}
	startLoad := loadAverage()
	var rows []httpRow
	var peaks []string
	for _, engine := range o.engines {
		r, peak, err := measureHTTP(ctx, engine, o, stderr)
		if err != nil {
			return rows, fmt.Errorf("%s: %w", engine, err)
		}
		rows = append(rows, r...)
		peaks = append(peaks, fmt.Sprintf("%s %d MB", engine, peak.peak/1024))
	}
	fmt.Fprintf(stdout, "wrk -t%d -c%d -d%s --latency --timeout 10s (each read case after %s unmeasured), signed in as a member of the first of 2 communities × %d members × %d incidents; "+
		"one server instance. CPU: the server's, per request; PG: its PostgreSQL backends', per request (when PostgreSQL runs on this machine).\n\n", o.threads, o.connections, o.duration, o.warmup, loadseed.WorkloadMembers, o.incidents)
	failed := printHTTPRows(stdout, rows)
	fmt.Fprintf(stdout, "\nserver peak RSS: %s; load average (1, 5, 15 min): %s at the start, %s at the end\n",
		strings.Join(peaks, ", "), startLoad, loadAverage())
	return rows, failed
}

// printHTTPRows writes the table of rows and their notes; it returns the failures of the failed rows.
func printHTTPRows(stdout io.Writer, rows []httpRow) error {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "engine\tcase\treq/s\tp50\tp99\tserver p99\tmax\trequests\terrors\tCPU µs/req\tPG µs/req\t")
	var failed []error
	for _, r := range rows {
		if r.err != nil {
			fmt.Fprintf(tw, "%s\t%s\tfailed: %v\t\n", r.engine, r.name, r.err)
			failed = append(failed, fmt.Errorf("%s %s: %w", r.engine, r.name, r.err))
			continue
		}
		perRequest := func(d time.Duration) string {
			if d < 0 {
				return "–"
			}
			return fmt.Sprintf("%.0f", float64(d.Microseconds())/float64(max(r.requests, 1)))
		}
		serverP99 := "–"
		if r.serverP99 >= 0 {
			serverP99 = ms(r.serverP99)
		}
		fmt.Fprintf(tw, "%s\t%s\t%.0f\t%s\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t\n", r.engine, r.name, r.perSecond, ms(r.p50), ms(r.p99), serverP99, ms(r.max),
			r.requests, r.errors, perRequest(r.serverCPU), perRequest(r.dbCPU))
	}
	tw.Flush()
	for _, r := range rows {
		if r.note != "" {
			fmt.Fprintf(stdout, "\n%s %s: %s", r.engine, r.name, r.note)
		}
	}
	fmt.Fprintln(stdout)
	return errors.Join(failed...)
}

// measureHTTP seeds a fresh database, starts one server on it and runs every case against it.
func measureHTTP(ctx context.Context, engine store.Engine, o httpOptions, progress io.Writer) ([]httpRow, memory, error) {
	dir, err := os.MkdirTemp("", "vecinos-http-")
	if err != nil {
		return nil, memory{}, err
	}
	defer os.RemoveAll(dir)
	db, err := createDatabase(ctx, engine, dir, o.adminURL)
	if err != nil {
		return nil, memory{}, err
	}
	defer db.dropUnlessKept(o.keep, engine, progress)
	fmt.Fprintf(progress, "%s: seeding 2 × %d members × %d incidents\n", engine, loadseed.WorkloadMembers, o.incidents)
	first, incidentID, err := db.seedIncidents(ctx, o.incidents)
	if err != nil {
		return nil, memory{}, err
	}
	var prof *profiler
	if o.profileDir != "" {
		if err := os.MkdirAll(o.profileDir, 0o755); err != nil {
			return nil, memory{}, err
		}
		prof = &profiler{dir: o.profileDir, seconds: max(1, int(o.duration.Seconds())-1)}
	}
	metrics, err := metricsSetting() // for its profiles and its own latencies
	if err != nil {
		return nil, memory{}, err
	}
	srv, err := startServer(ctx, o.bin, dir, db, metrics)
	if err != nil {
		return nil, memory{}, err
	}
	defer srv.stop()
	fmt.Fprintf(progress, "%s: units for the members, the facilities and a month of the community hall\n", engine)
	booking, err := seedReservations(ctx, "http://"+srv.addr, first)
	if err != nil {
		return nil, memory{}, fmt.Errorf("seeding reservations: %w", err)
	}

	member := seededMember{token: first.Tokens[1], userID: first.UserIDs[1]}
	fmt.Fprintf(progress, "%s: %d years of monthly receipts for every unit, the member's each paid\n", engine, moneyYears)
	flat, err := seedMoney(ctx, engine, db, first, member.userID)
	if err != nil {
		return nil, memory{}, fmt.Errorf("seeding money: %w", err)
	}
	var statement struct{ Entries []any }
	if err := (&author{base: "http://" + srv.addr, token: member.token}).do(ctx, http.MethodGet, "/api/v1/money/units/"+flat+"/statement", nil,
		http.StatusOK, &statement); err != nil || len(statement.Entries) != 12*moneyYears*2 {
		return nil, memory{}, fmt.Errorf("the member's statement: %d entries, %v", len(statement.Entries), err)
	}
	pg, err := db.backends(engine)
	if err != nil {
		return nil, memory{}, err
	}
	defer pg.close()
	var rows []httpRow
	for _, c := range []httpCase{
		{name: "a) list", path: "/api/v1/incidents?limit=20"},
		{name: "b) status open", path: "/api/v1/incidents?limit=20&status=open"},
		{name: "c) search agua", path: "/api/v1/incidents?limit=20&q=agua"},
		{name: "d) by id", path: "/api/v1/incidents/" + incidentID},
		{name: "e) dashboard", path: "/api/v1/dashboard"},
		{name: "inserts", path: "/api/v1/incidents", script: insertScript(member.userID)},
		{name: "f) month availability", path: "/api/v1/facilities/" + booking.hall + "/availability?month=" + booking.month},
		{name: "bookings", path: "/api/v1/reservations", script: bookingScript(booking, first.Tokens, o.threads, 0), bookings: true},
		{name: "g) statement 5 years", path: "/api/v1/money/units/" + flat + "/statement"},
		{name: "h) my receipts", path: "/api/v1/money/mine"},
	} {
		if !o.runs(c.name) {
			continue
		}
		fmt.Fprintf(progress, "%s: %s for %s\n", engine, c.name, o.duration)
		args := []string{"-t", strconv.Itoa(o.threads), "-c", strconv.Itoa(o.connections), "-d", o.duration.String(), "--latency", "--timeout", "10s",
			"-H", "Cookie: vecinos_session=" + member.token}
		if c.script != nil {
			script := filepath.Join(dir, "case.lua")
			if err := os.WriteFile(script, c.script, 0o600); err != nil {
				return nil, memory{}, err
			}
			args = append(args, "-s", script)
		}
		if err := warmUp(ctx, o, c, args, "http://"+srv.addr+c.path); err != nil {
			return nil, memory{}, err
		}
		cpu, _ := readCPU(srv.cmd.Process.Pid)
		dbBefore := pg.cpu(ctx)
		profiled := prof.during(ctx, srv, fmt.Sprintf("%s-http-%s-cpu.pprof", engine, fileName(c.name)))
		serverP99 := measureLatencies(ctx, srv)
		out, err := exec.CommandContext(ctx, "wrk", append(args, "http://"+srv.addr+c.path)...).CombinedOutput()
		row := httpRow{engine: engine, name: c.name, serverP99: serverP99()}
		if perr := profiled(); perr != nil && err == nil {
			err = perr
		}
		if err != nil {
			row.err = fmt.Errorf("wrk: %v\n%s", err, out)
		} else {
			row.wrkResult, row.err = parseWrk(string(out))
			if row.err == nil && c.bookings {
				row.note, row.err = checkBookings(ctx, engine, db, &row.wrkResult, string(out), o.duration)
			}
			if row.err == nil && row.errors > 0 {
				row.err = fmt.Errorf("%d of %d requests failed; wrk printed:\n%s", row.errors, row.requests, out)
			}
		}
		if after, err := readCPU(srv.cmd.Process.Pid); err == nil {
			row.serverCPU = after - cpu
		}
		row.dbCPU = used(dbBefore, pg.cpu(ctx))
		rows = append(rows, row)
	}
	peak, _ := readMemory(srv.cmd.Process.Pid)
	return rows, peak, nil
}

// fileName is a case's name as a file name: "g) statement 5 years" → "g-statement-5-years".
func fileName(name string) string {
	return strings.Join(strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }), "-")
}

// warmUp runs wrk on a read case (a GET without a script) for o.warmup, unmeasured: the first case after
// the seeding otherwise pays for what the seeding left (its pages not yet in the cache, the collector's
// work), and so swung most between runs (docs/adr/0036). Cases that write are not repeated.
func warmUp(ctx context.Context, o httpOptions, c httpCase, args []string, url string) error {
	if o.warmup <= 0 || c.script != nil {
		return nil
	}
	args = slices.Clone(args)
	for i := range args {
		if args[i] == "-d" {
			args[i+1] = fmt.Sprintf("%ds", max(1, int(o.warmup.Round(time.Second).Seconds()))) // wrk counts whole seconds
		}
	}
	if out, err := exec.CommandContext(ctx, "wrk", append(args, url)...).CombinedOutput(); err != nil {
		return fmt.Errorf("warm-up of %s: wrk: %v\n%s", c.name, err, out)
	}
	return nil
}

// checkBookings reads the counts of the bookings' script (the refusals of a taken or full slot are not
// errors: wrk counted them as non-2xx) and then checks the database for overlaps and excess.
func checkBookings(ctx context.Context, engine store.Engine, db *database, r *wrkResult, out string, d time.Duration) (string, error) {
	created, refused, unexpected, err := bookingCounts(out)
	if err != nil {
		return "", err
	}
	if unexpected > 0 {
		return "", fmt.Errorf("%d answers neither 201 nor a taken or full slot; wrk printed:\n%s", unexpected, out)
	}
	r.errors -= refused
	check, err := openCheck(engine, db)
	if err != nil {
		return "", err
	}
	defer check.Close()
	active, err := checkReservations(ctx, check, "")
	if err != nil {
		return "", fmt.Errorf("after the bookings: %w", err)
	}
	return fmt.Sprintf("%d booked (%.0f/s), %d refused as taken, full or over the month's quota; afterwards %d active reservations, "+
		"no overlap in an exclusive facility, no shared one over its capacity", created, float64(created)/d.Seconds(), refused, active), nil
}

// seededMember is the member the load is signed in as.
type seededMember struct{ token, userID string }

// seedIncidents migrates the database and fills it with the workload; it returns the first community
// (whose members the load signs in as) and the id of one of its incidents.
func (d *database) seedIncidents(ctx context.Context, n int) (first *loadseed.Community, incidentID string, err error) {
	db, err := store.Open(ctx, d.url, d.dataDir)
	if err != nil {
		return nil, "", err
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		return nil, "", fmt.Errorf("migrate: %w", err)
	}
	first, err = loadseed.Workload(ctx, db, n)
	if err != nil {
		return nil, "", err
	}
	newest, err := db.ListIncidents(ctx, first.ID, domain.IncidentFilter{Limit: 1})
	if err != nil || len(newest) == 0 {
		return nil, "", fmt.Errorf("no incident seeded: %v", err)
	}
	return first, newest[0].ID, nil
}

// insertScript is wrk's Lua script for the inserts: a POST of a new incident per request, as the app
// reports one (each wrk thread numbers its own, so titles repeat across threads, which nothing forbids).
// The first refused insert of each thread is printed, so that a failure says why.
func insertScript(assignee string) []byte {
	description, _ := json.Marshal(loadseed.Description)
	return fmt.Appendf(nil, `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  local title = "Fuga de agua #w" .. n
  if n %% 20 ~= 0 then title = "Puerta del garaje atascada #w" .. n end
  return wrk.format(nil, nil, nil, '{"title":"' .. title .. '","priority":"medium","assignedTo":"%s","description":' .. %q .. '}')
end
local told = false
response = function(status, headers, body)
  if status ~= 201 and not told then
    told = true
    print("first refused insert: " .. status .. " " .. body)
  end
end
`, assignee, string(description))
}

// parseWrk reads the summary wrk prints with --latency.
func parseWrk(out string) (wrkResult, error) {
	var r wrkResult
	var seen int
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		switch {
		case len(f) == 2 && f[0] == "Requests/sec:":
			r.perSecond, _ = strconv.ParseFloat(f[1], 64)
			seen++
		case len(f) >= 3 && f[1] == "requests" && f[2] == "in":
			r.requests, _ = strconv.Atoi(f[0])
		case len(f) == 2 && (f[0] == "50%" || f[0] == "99%"):
			d, err := parseWrkDuration(f[1])
			if err != nil {
				return r, err
			}
			if f[0] == "50%" {
				r.p50 = d
			} else {
				r.p99 = d
			}
			seen++
		case len(f) >= 4 && f[0] == "Latency":
			r.max, _ = parseWrkDuration(f[3])
		case strings.HasPrefix(strings.TrimSpace(line), "Non-2xx or 3xx responses:"):
			n, _ := strconv.Atoi(f[len(f)-1])
			r.errors += n
		case strings.HasPrefix(strings.TrimSpace(line), "Socket errors:"):
			// Socket errors: connect 0, read 0, write 0, timeout 0
			for _, v := range f[2:] {
				n, err := strconv.Atoi(strings.TrimSuffix(v, ","))
				if err == nil {
					r.errors += n
				}
			}
		}
	}
	if seen != 3 {
		return r, fmt.Errorf("wrk printed no summary with latencies:\n%s", out)
	}
	return r, nil
}

// parseWrkDuration reads wrk's durations: 512.00us, 1.20ms, 2.00s, 1.00m.
func parseWrkDuration(s string) (time.Duration, error) {
	for _, u := range []struct {
		suffix string
		unit   time.Duration
	}{{"us", time.Microsecond}, {"ms", time.Millisecond}, {"s", time.Second}, {"m", time.Minute}} {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				break
			}
			return time.Duration(math.Round(f * float64(u.unit))), nil
		}
	}
	return 0, fmt.Errorf("wrk duration %q", s)
}
