package httpapi_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/loadseed"
	"vecinos/internal/messages"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// The realtime workload of BENCHMARK.md: N open streams of members of one community, one community-chat
// message posted, delivery latency measured at each client. Run it with
//
//	go test -run XXX -bench Stream -benchtime 1x -timeout 30m ./internal/httpapi
//
// (add -bench 'Stream/sqlite/1000' to pick one case). The load generator runs in the same process and on
// the same cores as the server, so RSS counts both sides. Nothing is asserted about timings.
func BenchmarkStream(b *testing.B) {
	limit := raiseFileLimit(b)
	for _, n := range []int{1000, 10000} {
		if most := (limit - 400) / 2; n > most {
			// Client and server share the process: each stream costs two descriptors.
			b.Logf("open-file limit %d: %d streams instead of %d", limit, most, n)
			n = most
		}
		b.Run(fmt.Sprintf("sqlite/%d", n), func(b *testing.B) {
			db := storetest.OpenSQLite(b)
			e, msg := newRealtimeEnv(b, db)
			benchFanOut(b, db, []string{e.srv.URL}, []*messages.Service{msg}, n)
		})
		b.Run(fmt.Sprintf("postgres-2-instances/%d", n), func(b *testing.B) {
			url := storetest.PostgresURL(b)
			var urls []string
			var svcs []*messages.Service
			var first *store.DB
			for range 2 {
				db, err := store.Open(context.Background(), url, "")
				if err != nil {
					b.Fatal(err)
				}
				b.Cleanup(func() { db.Close() })
				if _, err := db.Migrate(context.Background()); err != nil {
					b.Fatal(err)
				}
				if first == nil {
					first = db
				}
				e, msg := newRealtimeEnv(b, db)
				urls, svcs = append(urls, e.srv.URL), append(svcs, msg)
			}
			benchFanOut(b, first, urls, svcs, n)
		})
	}
}

func raiseFileLimit(b *testing.B) int {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err == nil && l.Cur < l.Max {
		l.Cur = l.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
	syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l)
	return int(l.Cur)
}

// benchFanOut seeds n members with sessions, opens one stream each (spread over the instances at urls),
// then posts b.N messages through the first instance, one at a time, each waiting for every delivery.
func benchFanOut(b *testing.B, db *store.DB, urls []string, svcs []*messages.Service, n int) {
	ctx := context.Background()
	seeded, err := loadseed.Members(ctx, db, n)
	if err != nil {
		b.Fatal(err)
	}
	communityID, ids, tokens := seeded.ID, seeded.UserIDs, seeded.Tokens
	rssBefore := rssKB()

	tr := &http.Transport{MaxIdleConnsPerHost: -1, DisableCompression: true, DialContext: (&net.Dialer{}).DialContext}
	client := &http.Client{Transport: tr}
	type recv struct {
		at  time.Time
		seq int
	}
	got := make(chan recv, n*4)
	ready := make(chan error, n)
	sctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	b.Cleanup(func() { cancel(); wg.Wait(); tr.CloseIdleConnections() })
	for i := range n {
		wg.Go(func() {
			req, _ := http.NewRequestWithContext(sctx, "GET", urls[i%len(urls)]+"/api/v1/stream", nil)
			req.Header.Set("Cookie", "vecinos_session="+tokens[i])
			res, err := client.Do(req)
			if err != nil {
				ready <- err
				return
			}
			defer res.Body.Close()
			r := bufio.NewReaderSize(res.Body, 4096)
			sentHello := false
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					if !sentHello {
						ready <- err
					}
					return
				}
				switch {
				case strings.HasPrefix(line, "event: unread") && !sentHello:
					sentHello = true
					ready <- nil
				case strings.HasPrefix(line, "data: {\"id\"") && strings.Contains(line, `"content":"bench `):
					at := time.Now()
					var seq int
					fmt.Sscanf(line[strings.Index(line, `"content":"bench `)+len(`"content":"bench `):], "%d", &seq)
					got <- recv{at: at, seq: seq}
				}
			}
		})
	}
	start := time.Now()
	for range n {
		if err := <-ready; err != nil {
			b.Fatalf("open stream: %v", err)
		}
	}
	b.Logf("%d streams open in %v", n, time.Since(start).Round(time.Millisecond))
	runtime.GC()
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	rssOpen := rssKB()

	ch, err := db.CommunityChannel(ctx, communityID)
	if err != nil {
		b.Fatal(err)
	}
	author := &domain.Actor{UserID: ids[0], CommunityID: communityID, EmailConfirmed: true}
	var lat []time.Duration
	var post time.Duration
	b.ResetTimer()
	for i := range b.N {
		t0 := time.Now()
		if _, _, err := svcs[0].PostChannel(ctx, author, ch.ID, messages.Outgoing{Content: fmt.Sprintf("bench %d", i)}); err != nil {
			b.Fatal(err)
		}
		post += time.Since(t0)
		deadline := time.After(2 * time.Minute)
		for k := 0; k < n; k++ {
			select {
			case r := <-got:
				if r.seq != i {
					k--
					continue
				}
				lat = append(lat, r.at.Sub(t0))
			case <-deadline:
				b.Fatalf("message %d reached %d of %d streams in 2 min", i, k, n)
			}
		}
	}
	b.StopTimer()
	var during runtime.MemStats
	runtime.ReadMemStats(&during)
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(float64(len(lat))*p))] }
	b.ReportMetric(float64(pct(0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(pct(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(rssOpen)/1024, "rss-MB")
	b.Logf("streams=%d instances=%d deliveries=%d post(avg)=%v p50=%v p99=%v max=%v heap-inuse=%dMB sys=%dMB rss: before=%dMB with-streams=%dMB dropped=%d",
		n, len(urls), len(lat), (post / time.Duration(b.N)).Round(time.Microsecond), pct(0.5).Round(time.Microsecond), pct(0.99).Round(time.Microsecond),
		lat[len(lat)-1].Round(time.Microsecond), mem.HeapInuse>>20, during.Sys>>20, rssBefore/1024, rssOpen/1024, svcs[0].Broker().Stats().Dropped)
}

// rssKB is this process's resident set size (Linux), 0 elsewhere.
func rssKB() int64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(line[6:]), "%d", &kb)
			return kb
		}
	}
	return 0
}
