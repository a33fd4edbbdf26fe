package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"vecinos/internal/store"
)

// scenario is one case: the engine, how many instances and how many streams.
type scenario struct {
	engine    store.Engine
	instances int
	streams   int
}

func (s scenario) String() string { return fmt.Sprintf("%s %d×%d", s.engine, s.instances, s.streams) }

// result is what one case measured.
type result struct {
	scenario
	openTook          time.Duration   // until every stream had its first event
	sendTook          time.Duration   // from the first POST to the last message's last delivery
	cpuServers        time.Duration   // CPU time the servers used meanwhile, all together
	cpuClient         time.Duration   // and this process
	postMax           time.Duration   // the slowest POST of a message (posting never waits for delivery)
	latencies         []time.Duration // from the start of the POST to the event read at a client, sorted
	expected          int             // deliveries: streams × messages
	ended             int64           // streams the server closed during the case
	idle, open, after []memory        // per instance: before the streams, with them, after the messages
	load              string          // /proc/loadavg while the messages went out
	err               error           // the case could not be measured
}

// prefix starts the content of every message this command posts: the streams look for it.
const prefix = "carga"

// measure runs one case on a fresh database with fresh servers and tears everything down afterwards.
func measure(ctx context.Context, sc scenario, bin, adminURL string, messages int, wait time.Duration, prof *profiler, progress io.Writer) (r *result, err error) {
	r = &result{scenario: sc, expected: sc.streams * messages}
	dir, err := os.MkdirTemp("", "vecinos-load-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	db, err := createDatabase(ctx, sc.engine, dir, adminURL)
	if err != nil {
		return nil, err
	}
	if db.drop != nil {
		defer func() { err = errors.Join(err, db.drop()) }()
	}

	step := func(format string, args ...any) {
		fmt.Fprintf(progress, "%v: "+format+"\n", append([]any{sc}, args...)...)
	}
	start := time.Now()
	seeded, err := db.seed(ctx, sc.streams)
	if err != nil {
		return nil, fmt.Errorf("seed: %w", err)
	}
	step("seeded %d members in %v", sc.streams, time.Since(start).Round(time.Millisecond))

	var servers []*server
	defer func() {
		for _, s := range servers {
			err = errors.Join(err, s.stop())
		}
	}()
	addrs := make([]string, sc.instances)
	for i := range sc.instances {
		settings, err := prof.settings()
		if err != nil {
			return nil, err
		}
		s, err := startServer(ctx, bin, dir, db, settings...)
		if err != nil {
			return nil, err
		}
		servers, addrs[i] = append(servers, s), s.addr
	}
	if r.idle, err = memories(servers); err != nil {
		return nil, err
	}

	a := &author{base: "http://" + addrs[0], token: seeded.Tokens[0]}
	channel, err := a.communityChannel(ctx)
	if err != nil {
		return nil, err
	}
	// Room for every delivery, so that a stream never blocks on a message the loop below gave up on.
	got := make(chan delivery, r.expected)
	start = time.Now()
	st, err := openStreams(ctx, addrs, seeded.Tokens, prefix, got)
	if err != nil {
		return nil, fmt.Errorf("open streams: %w", err)
	}
	defer st.close() // before the servers stop
	r.openTook = time.Since(start)
	step("opened %d streams in %v", sc.streams, r.openTook.Round(time.Millisecond))
	if r.open, err = memories(servers); err != nil {
		return nil, err
	}
	if err := prof.snapshot(ctx, sc, servers, "open"); err != nil {
		return nil, err
	}
	cpuProfiled := prof.cpu(ctx, sc, servers)

	r.load = loadAverage()
	cpuBefore, err := cpuTimes(servers)
	if err != nil {
		return nil, err
	}
	sending := time.Now()
	for seq := range messages {
		start := time.Now()
		if err := a.post(ctx, channel, fmt.Sprintf("%s %d", prefix, seq)); err != nil {
			return nil, err
		}
		r.postMax = max(r.postMax, time.Since(start))
		err := collect(ctx, got, seq, sc.streams, start, wait, &r.latencies)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			step("%v", err)
		}
	}
	r.sendTook = time.Since(sending)
	cpuAfter, err := cpuTimes(servers)
	if err != nil {
		return nil, err
	}
	r.cpuServers, r.cpuClient = cpuAfter[0]-cpuBefore[0], cpuAfter[1]-cpuBefore[1]
	if err := cpuProfiled(); err != nil {
		return nil, err
	}
	slices.Sort(r.latencies)
	r.ended = st.ended.Load()
	if r.after, err = memories(servers); err != nil {
		return nil, err
	}
	step("%d of %d deliveries", len(r.latencies), r.expected)
	return r, nil
}

// collect waits until message seq has reached n streams, or for wait at most, appending each latency.
func collect(ctx context.Context, got <-chan delivery, seq, n int, sent time.Time, wait time.Duration, latencies *[]time.Duration) error {
	timeout := time.NewTimer(wait)
	defer timeout.Stop()
	for k := 0; k < n; {
		select {
		case d := <-got:
			// An earlier message's straggler (after its wait ran out) counts as lost.
			if d.seq == seq {
				*latencies = append(*latencies, d.at.Sub(sent))
				k++
			}
		case <-timeout.C:
			return fmt.Errorf("message %d reached %d of %d streams in %v", seq, k, n, wait)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// memories is each server's memory now.
func memories(servers []*server) ([]memory, error) {
	out := make([]memory, len(servers))
	for i, s := range servers {
		m, err := readMemory(s.cmd.Process.Pid)
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}

// cpuTimes is the CPU time used so far by the servers, all together, and by this process.
func cpuTimes(servers []*server) ([2]time.Duration, error) {
	var out [2]time.Duration
	for _, s := range servers {
		d, err := readCPU(s.cmd.Process.Pid)
		if err != nil {
			return out, err
		}
		out[0] += d
	}
	d, err := readCPU(os.Getpid())
	out[1] = d
	return out, err
}

// loadAverage is the 1, 5 and 15 minute load of /proc/loadavg: other work on the machine skews the figures.
func loadAverage() string {
	raw, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(raw))
	return strings.Join(f[:min(3, len(f))], " ")
}
