package main

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// wrk measures a request from the moment it writes it to the moment it reads the whole answer, in a
// process that shares the two cores with the servers and PostgreSQL. To tell a slow server from a client
// that waited for a core, every server measured gets a metrics listener, and each case also reports the
// p99 of the servers' own vecinos_http_request_duration_seconds over the case (from the histogram's
// buckets, interpolated within one as Prometheus' histogram_quantile does: an estimate, its bucket exact).

// latencyMetric is the servers' histogram of the time to answer a request, summed over routes.
const latencyMetric = "vecinos_http_request_duration_seconds_bucket"

// latencies is a cumulative histogram: upper bound in seconds → requests answered within it.
type latencies map[float64]float64

// metricsSetting is the setting that gives a server a metrics listener on a free port.
func metricsSetting() (string, error) {
	addr, err := freeAddr()
	if err != nil {
		return "", err
	}
	return "VECINOS_METRICS_ADDR=" + addr, nil
}

// scrapeLatencies sums the servers' request-duration histograms (every route, every instance).
func scrapeLatencies(ctx context.Context, servers ...*server) (latencies, error) {
	h := latencies{}
	for _, s := range servers {
		if s.metricsAddr == "" {
			return nil, fmt.Errorf("server %s has no metrics listener", s.addr)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+s.metricsAddr+"/metrics", nil)
		if err != nil {
			return nil, err
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		err = h.add(bufio.NewScanner(res.Body))
		res.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("%s/metrics: %w", s.metricsAddr, err)
		}
	}
	return h, nil
}

// add reads the text exposition format's bucket lines of latencyMetric:
//
//	vecinos_http_request_duration_seconds_bucket{method="GET",route="/api/v1/dashboard",le="0.05"} 1234
func (h latencies) add(sc *bufio.Scanner) error {
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, latencyMetric+"{") {
			continue
		}
		_, rest, _ := strings.Cut(line, `le="`)
		le, count, ok := strings.Cut(rest, `"} `)
		if !ok {
			return fmt.Errorf("unexpected line %q", line)
		}
		bound, err := strconv.ParseFloat(le, 64) // "+Inf" parses as +Inf
		if err != nil {
			return fmt.Errorf("bucket %q: %w", le, err)
		}
		n, err := strconv.ParseFloat(count, 64)
		if err != nil {
			return fmt.Errorf("count %q: %w", count, err)
		}
		h[bound] += n
	}
	return sc.Err()
}

// since is the histogram of the requests answered after before was scraped.
func (h latencies) since(before latencies) latencies {
	d := latencies{}
	for le, n := range h {
		d[le] = n - before[le]
	}
	return d
}

// quantile estimates the q-quantile (0.99: p99) as histogram_quantile does: linearly within the bucket
// that holds it. ok is false when no request was counted, or the quantile lies beyond the last finite
// bound (then only "more than that" is known).
func (h latencies) quantile(q float64) (d time.Duration, ok bool) {
	bounds := make([]float64, 0, len(h))
	for le := range h {
		bounds = append(bounds, le)
	}
	slices.Sort(bounds)
	if len(bounds) == 0 || h[bounds[len(bounds)-1]] <= 0 {
		return 0, false
	}
	rank := q * h[bounds[len(bounds)-1]]
	lower, below := 0.0, 0.0
	for _, le := range bounds {
		if h[le] >= rank {
			if math.IsInf(le, 1) {
				return 0, false
			}
			v := lower + (le-lower)*(rank-below)/max(h[le]-below, 1)
			return time.Duration(v * float64(time.Second)), true
		}
		lower, below = le, h[le]
	}
	return 0, false
}

// measureLatencies scrapes servers now and returns a function that gives their p99 since then
// (-1 when it cannot be told; the case's figures do not depend on it).
func measureLatencies(ctx context.Context, servers ...*server) func() time.Duration {
	before, err := scrapeLatencies(ctx, servers...)
	return func() time.Duration {
		if err != nil {
			return -1
		}
		after, err := scrapeLatencies(ctx, servers...)
		if err != nil {
			return -1
		}
		p99, ok := after.since(before).quantile(0.99)
		if !ok {
			return -1
		}
		return p99
	}
}
