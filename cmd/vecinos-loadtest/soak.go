package main

// The soak (-workload soak, `make soak`): an hour of mixed load on SQLite — the crash test's writes (sign-ups,
// incidents, direct and channel messages, critical announcements and their receipts) and the reads of the
// screens — against one real server, sampling its resident memory (from /proc) and its goroutines (from
// its /metrics) every -sample. What matters is the curve after warm-up: a leak makes it climb.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"vecinos/internal/store"
)

type soakOptions struct {
	duration, sample time.Duration
	workers          int
	bin              string
}

type soakSample struct {
	at         time.Duration
	rssKiB     int64
	goroutines int
	requests   int64
}

func runSoak(ctx context.Context, o soakOptions, stdout, progress io.Writer) error {
	dir, err := os.MkdirTemp("", "vecinos-soak-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	db, err := createDatabase(ctx, store.SQLite, dir, "")
	if err != nil {
		return err
	}
	c, err := db.seed(ctx, 50)
	if err != nil {
		return err
	}
	catcher, err := startCatcher()
	if err != nil {
		return err
	}
	defer catcher.close()
	metricsAddr, err := freeAddr()
	if err != nil {
		return err
	}
	srv, err := startServer(ctx, o.bin, dir, db)
	if err != nil {
		return err
	}
	srv.stop()
	srv, err = startServerAt(ctx, o.bin, dir, db, srv.addr, "VECINOS_SMTP_URL=smtp://"+catcher.addr,
		"VECINOS_MAIL_FROM=Vecinos <no-reply@vecinos.test>", "VECINOS_TRUSTED_PROXIES=127.0.0.1/32", "VECINOS_METRICS_ADDR="+metricsAddr)
	if err != nil {
		return err
	}
	defer srv.stop()
	base := "http://" + srv.addr
	admin := &author{base: base, token: c.Tokens[0]}
	channel, err := admin.communityChannel(ctx)
	if err != nil {
		return err
	}
	var community struct{ PublicID string }
	if err := admin.do(ctx, http.MethodGet, "/api/v1/community", nil, http.StatusOK, &community); err != nil {
		return err
	}

	var requests, failures atomic.Int64
	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	var wg sync.WaitGroup
	reads := []string{"/api/v1/incidents", "/api/v1/dashboard", "/api/v1/announcements", "/api/v1/conversations", "/api/v1/directory"}
	for w := range o.workers {
		wg.Go(func() {
			client := &http.Client{Timeout: 10 * time.Second}
			for i := 0; ctx.Err() == nil; i++ {
				if i%2 == 0 {
					if _, ok := writeOnce(ctx, client, base, c.Tokens, c.UserIDs, channel, community.PublicID, w, i); !ok && ctx.Err() == nil {
						failures.Add(1)
					}
				} else {
					reader := &author{base: base, token: c.Tokens[(w+i)%len(c.Tokens)], client: client}
					if reader.do(ctx, http.MethodGet, reads[i/2%len(reads)], nil, http.StatusOK, nil) != nil && ctx.Err() == nil {
						failures.Add(1)
					}
				}
				requests.Add(1)
			}
		})
	}

	start := time.Now()
	var samples []soakSample
	tick := time.NewTicker(o.sample)
	defer tick.Stop()
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
		}
		m, err := readMemory(srv.cmd.Process.Pid)
		if err != nil {
			return err
		}
		g, err := goroutines("http://" + metricsAddr + "/metrics")
		if err != nil {
			return err
		}
		s := soakSample{at: time.Since(start).Round(time.Second), rssKiB: m.rss, goroutines: g, requests: requests.Load()}
		samples = append(samples, s)
		fmt.Fprintf(progress, "soak %v: RSS %d MB, %d goroutines, %d requests\n", s.at, s.rssKiB/1024, s.goroutines, s.requests)
	}
	wg.Wait()

	fmt.Fprintf(stdout, "| time | RSS | goroutines | requests so far |\n|---|---|---|---|\n")
	for _, s := range samples {
		fmt.Fprintf(stdout, "| %v | %d MB | %d | %d |\n", s.at, s.rssKiB/1024, s.goroutines, s.requests)
	}
	// Warm-up: the first fifth of the run (caches, pools, the SQLite page cache fill up).
	warm := samples[len(samples)/5]
	last := samples[len(samples)-1]
	growth := float64(last.rssKiB-warm.rssKiB) / float64(warm.rssKiB) * 100
	fmt.Fprintf(stdout, "\nRSS after warm-up (%v): %d MB; at the end: %d MB; growth %.1f %% (target < 10 %%). Goroutines %d → %d. "+
		"%d requests, %d failed.\n", warm.at, warm.rssKiB/1024, last.rssKiB/1024, growth, warm.goroutines, last.goroutines,
		requests.Load(), failures.Load())
	if growth >= 10 {
		return fmt.Errorf("RSS grew %.1f %% after warm-up", growth)
	}
	return nil
}

// goroutines reads go_goroutines from a Prometheus page.
func goroutines(url string) (int, error) {
	res, err := http.Get(url)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: %s", url, res.Status)
	}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "go_goroutines "); ok {
			return strconv.Atoi(strings.TrimSpace(v))
		}
	}
	return 0, fmt.Errorf("%s: no go_goroutines", url)
}
