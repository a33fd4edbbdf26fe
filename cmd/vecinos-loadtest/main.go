// Command vecinos-loadtest measures the workloads of BENCHMARK.md against the real server.
//
// The realtime fan-out (-workload realtime, the default): for each case it seeds a fresh database with
// one community of N signed-in members, starts the vecinos binary as child processes (one instance on SQLite, or several on one PostgreSQL database), opens the N
// members' SSE streams spread over the instances, posts chat messages into the community channel through
// the first instance and reports the delivery latency at every client and each server's memory. Unlike
// the in-process benchmark, the servers' memory is their own. See docs/adr/0007-realtime-load-command.md.
//
//	go run ./cmd/vecinos-loadtest -engine sqlite,postgres -streams 1000,10000
//
// The incidents and reservations over HTTP (-workload http): two communities of 200 members and 20,000
// incidents each, one instance, and wrk reading the list, a filter, a search, one incident and the
// dashboard, then creating incidents, then reading a facility's month of availability and booking
// reservations over many slots and units (see http.go and bookings.go), each for -duration at
// -connections concurrent requests. After the bookings the database must hold no overlap of an exclusive
// facility and no shared one over its capacity.
//
//	go run ./cmd/vecinos-loadtest -workload http -engine sqlite,postgres
//
// The comparison with PocketBase (-workload pocketbase, see pocketbase.go): the http workload's list,
// status, search and by id on Vecinos, then the same on PocketBase v0.39.11 (bench/pocketbase, built
// from its own module) seeded with the same data, and the ratios.
//
//	go run ./cmd/vecinos-loadtest -workload pocketbase -engine sqlite
//
// The scale workload (-workload scale, see scale.go): 10,000 communities × -scale, 800,000 accounts × -scale,
// 2 million incidents and 5 million chat messages × -scale seeded with COPY (batched inserts on SQLite),
// then two instances (one on SQLite) and wrk on a resident's dashboard, incidents, chat and bookings and
// an office's overview of its 200 communities and its search across them.
//
//	go run ./cmd/vecinos-loadtest -workload scale -engine postgres -scale 1
//
// The crash test (-workload crash, see crash.go): writes while the server is SIGKILLed -kills times. The
// soak (-workload soak, see soak.go): mixed load for -duration, sampling the server's RSS and goroutines.
//
//	go run ./cmd/vecinos-loadtest -workload crash -engine sqlite,postgres -kills 20
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"vecinos/internal/store"
)

const defaultPostgresURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if _, err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "vecinos-loadtest:", err)
		}
		os.Exit(1)
	}
}

// run measures every combination of the engines and stream counts asked for and prints the table on
// stdout (progress goes to stderr). It fails when a case failed or lost deliveries.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) ([]*result, error) {
	fs := flag.NewFlagSet("vecinos-loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	workload := fs.String("workload", "realtime", "realtime (streams and chat messages), http (incidents through wrk), pocketbase (http's list, status, search and by id, then the same on PocketBase "+pocketBaseVersion+", side by side), crash (writes while the server is SIGKILLed), soak (mixed load for -duration, sampling RSS) or scale (10,000 communities × -scale seeded with COPY, then a resident's and an office's cases through wrk)")
	engines := fs.String("engine", "sqlite", "comma-separated: sqlite, postgres")
	streamCounts := fs.String("streams", "1000", "comma-separated numbers of streams (members of the community)")
	instances := fs.Int("instances", 0, "server instances; 0 = 1 on SQLite, 2 on PostgreSQL")
	messages := fs.Int("messages", 10, "chat messages posted, each once the previous one reached every stream")
	wait := fs.Duration("wait", time.Minute, "how long to wait for one message's deliveries")
	bin := fs.String("bin", "", "vecinos binary; empty = go build ./cmd/vecinos into a temp dir")
	adminURL := fs.String("postgres", defaultPostgresURL, "PostgreSQL server on which each case creates (and then drops) a database")
	incidents := fs.Int("incidents", 20000, "http: incidents per community")
	duration := fs.Duration("duration", 20*time.Second, "http: how long wrk runs each case; soak: how long the load lasts")
	connections := fs.Int("connections", 50, "http: wrk's concurrent connections")
	warmup := fs.Duration("warmup", 3*time.Second, "http, pocketbase: how long wrk runs each read case, unmeasured, before measuring it, in whole seconds (0: no warm-up)")
	only := fs.String("cases", "", "http: run only the cases whose name contains one of these comma-separated words (e.g. statement,receipts); empty: all")
	kills := fs.Int("kills", 20, "crash: how often the server is SIGKILLed and restarted")
	profileDir := fs.String("profile", "", "realtime: a directory for each server's heap and goroutine profiles with the streams open and a CPU profile while the messages go out (through its metrics listener), and a CPU profile of this process meanwhile; http: a CPU profile of the server during each measured case; scale: a CPU profile of each server and of this process while each case is measured")
	profileSeconds := fs.Int("profile-seconds", 20, "realtime: length of the CPU profile; size -messages to fill it (scale: -duration's)")
	sample := fs.Duration("sample", time.Minute, "soak: how often RSS and goroutines are sampled")
	keep := fs.Bool("keep", false, "http, scale: leave the PostgreSQL database in place afterwards (its URL is printed), to look at plans by hand")
	reuse := fs.String("reuse", "", "scale: measure again on a PostgreSQL database that an earlier run kept (-keep; its URL), without seeding")
	scale := fs.Float64("scale", 1, "scale: the fraction of the full size seeded (1: 10,000 communities, 800,000 accounts; 0.01: 1/100)")
	autogroup := fs.String("autogroup", "off", "off: turn the kernel's scheduler autogroups off for the run when they are on, and back on after it "+
		"(each PostgreSQL backend is a session, so a group, of its own; see autogroup.go); keep: leave them as they are")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if *autogroup != "off" && *autogroup != "keep" {
		return nil, fmt.Errorf("-autogroup: %q is neither off nor keep", *autogroup)
	}
	if !slices.Contains([]string{"realtime", "http", "pocketbase", "crash", "soak", "scale"}, *workload) {
		return nil, fmt.Errorf("-workload: %q is not realtime, http, pocketbase, crash, soak or scale", *workload)
	}
	if *workload == "scale" && (*scale <= 0 || *scale > 1) {
		return nil, fmt.Errorf("-scale: %v is not in (0, 1]", *scale)
	}
	cases, err := scenarios(*engines, *streamCounts, *instances)
	if err != nil {
		return nil, err
	}
	if (*workload == "http" || *workload == "pocketbase" || *workload == "scale") && (*incidents < 1 || *connections < 2 || *duration < time.Second) {
		return nil, errors.New("-incidents must be at least 1, -connections 2 and -duration 1s")
	}
	if *messages < 1 {
		return nil, errors.New("-messages must be at least 1")
	}
	if err := checkFileLimit(cases); err != nil {
		return nil, err
	}
	if *autogroup == "off" {
		restore, note, err := autogroupsOff(autogroupSetting)
		if err != nil {
			return nil, err
		}
		defer func() {
			if err := restore(); err != nil {
				fmt.Fprintln(stderr, "restoring the kernel's autogroups:", err)
			}
		}()
		if note != "" {
			fmt.Fprintf(stdout, "Note: %s.\n", note)
		}
	}
	if *bin == "" {
		dir, err := os.MkdirTemp("", "vecinos-loadtest-bin-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		fmt.Fprintln(stderr, "building ./cmd/vecinos")
		if *bin, err = buildServer(ctx, dir); err != nil {
			return nil, err
		}
	}

	if *workload == "soak" {
		return nil, runSoak(ctx, soakOptions{duration: *duration, sample: *sample, workers: 4, bin: *bin}, stdout, stderr)
	}
	if *workload == "crash" {
		o := crashOptions{kills: *kills, workers: 8, bin: *bin, adminURL: *adminURL}
		for _, sc := range cases {
			if !slices.Contains(o.engines, sc.engine) {
				o.engines = append(o.engines, sc.engine)
			}
		}
		return nil, runCrash(ctx, o, stdout, stderr)
	}
	var prof *profiler
	if *profileDir != "" {
		if *profileSeconds < 1 {
			return nil, errors.New("-profile-seconds must be at least 1")
		}
		if err := os.MkdirAll(*profileDir, 0o755); err != nil {
			return nil, err
		}
		prof = &profiler{dir: *profileDir, seconds: *profileSeconds}
	}
	if *workload == "http" || *workload == "pocketbase" || *workload == "scale" {
		o := httpOptions{incidents: *incidents, duration: *duration, connections: *connections, threads: 2, bin: *bin, adminURL: *adminURL, warmup: *warmup,
			profileDir: *profileDir, keep: *keep}
		if *only != "" {
			o.only = strings.Split(*only, ",")
		}
		for _, sc := range cases {
			if !slices.Contains(o.engines, sc.engine) {
				o.engines = append(o.engines, sc.engine)
			}
		}
		if *workload == "pocketbase" {
			return nil, runPocketBase(ctx, o, stdout, stderr)
		}
		if *workload == "scale" {
			if prof != nil {
				prof.seconds = int(duration.Seconds())
			}
			return nil, runScale(ctx, scaleOptions{httpOptions: o, scale: *scale, instances: *instances, profile: prof, reuse: *reuse}, stdout, stderr)
		}
		_, err := runHTTP(ctx, o, stdout, stderr)
		return nil, err
	}

	startLoad := loadAverage()
	var results []*result
	var failed []error
	for _, sc := range cases {
		r, err := measure(ctx, sc, *bin, *adminURL, *messages, *wait, prof, stderr)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if r == nil {
			r = &result{scenario: sc}
		}
		switch {
		case err != nil:
			r.err = err
			failed = append(failed, fmt.Errorf("%v: failed", sc))
		case len(r.latencies) < r.expected || r.ended > 0:
			failed = append(failed, fmt.Errorf("%v: %d of %d deliveries, %d streams ended by the server", sc, len(r.latencies), r.expected, r.ended))
		}
		results = append(results, r)
	}
	self, _ := readMemory(os.Getpid())
	fmt.Fprintf(stdout, "%d messages per case. Latency: from the start of the POST to the event read by each client. "+
		"RSS after: after the messages; peak: VmHWM. Send: wall time of the messages; CPU: what the vecinos processes "+
		"and this one used meanwhile (PostgreSQL not counted).\n\n", *messages)
	report(stdout, results)
	fmt.Fprintf(stdout, "\nload average (1, 5, 15 min): %s at the start, %s at the end; %d CPUs; load generator peak RSS %d MB\n",
		startLoad, loadAverage(), runtime.NumCPU(), self.peak/1024)
	return results, errors.Join(failed...)
}

// scenarios are the cases asked for, engine by engine.
func scenarios(engines, streamCounts string, instances int) ([]scenario, error) {
	if instances < 0 {
		return nil, errors.New("-instances must not be negative")
	}
	var out []scenario
	for _, e := range strings.Split(engines, ",") {
		sc := scenario{engine: store.Engine(strings.TrimSpace(e)), instances: instances}
		switch sc.engine {
		case store.SQLite:
			if instances > 1 {
				return nil, errors.New("SQLite runs one instance: several need PostgreSQL, whose LISTEN/NOTIFY carries events between them")
			}
			sc.instances = 1
		case store.Postgres:
			if instances == 0 {
				sc.instances = 2
			}
		default:
			return nil, fmt.Errorf("-engine: %q is neither sqlite nor postgres", e)
		}
		for _, s := range strings.Split(streamCounts, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 1 {
				return nil, fmt.Errorf("-streams: %q is not a positive number", s)
			}
			sc.streams = n
			out = append(out, sc)
		}
	}
	return out, nil
}
