package httpapi_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

// scrape reads a Prometheus text page.
func scrape(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, b)
	}
	return string(b)
}

func TestMetricsShowRequestsStreamsOutboxAndPools(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newApp(t, db, &config.Config{PublicURL: "http://localhost:8080", Dev: true}, app.Options{})
		srv := httptest.NewServer(a.Handler)
		t.Cleanup(srv.Close)
		t.Cleanup(a.Messages.Broker().Close)
		e := &env{db: db, srv: srv, now: time.Now()}
		ana := e.client()
		ana.must(t, "POST", "/api/v1/auth/signup", signUpBody("ana@example.es", "Presidente", newCommunity("Calle Mayor 1")), 201)
		ana.must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": e.lastLink(t, "ana@example.es", "/confirm-email")}, 200)
		for range 3 {
			ana.must(t, "GET", "/api/v1/incidents", nil, 200)
		}
		stream := openStream(t, srv.URL, ana.cookie(), "")
		stream.next(t, "unread")

		metrics := httptest.NewServer(a.Metrics.Handler())
		t.Cleanup(metrics.Close)
		page := scrape(t, metrics.URL)
		for _, want := range []string{
			`vecinos_http_requests_total{method="GET",route="GET /api/v1/incidents",status="200"} 3`,
			`vecinos_http_requests_total{method="POST",route="POST /api/v1/auth/signup",status="201"} 1`,
			`vecinos_http_request_duration_seconds_count{method="GET",route="GET /api/v1/incidents"} 3`,
			"vecinos_realtime_streams 1",
			"vecinos_outbox_depth 1", // the confirmation email: nothing sends it in this test
			`vecinos_db_pool_open_connections{pool="write"}`,
			"vecinos_mail_failures_total 0",
			"vecinos_push_failures_total 0",
			"go_goroutines ",
		} {
			if !strings.Contains(page, want) {
				t.Errorf("the scrape lacks %q", want)
			}
		}
		if strings.Contains(page, "ana@example.es") || strings.Contains(page, ana.cookie()) {
			t.Fatal("the scrape shows personal data")
		}
		// The public listener does not serve them.
		if _, body := get(t, srv.URL+"/metrics"); strings.Contains(body, "vecinos_http_requests_total") {
			t.Fatal("/metrics is served on the public listener")
		}
		stream.close()
	})
}

// freeAddr is a local address nobody listens on (a moment ago).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestRunServesMetricsAndProfilesOnItsOwnListenerOnly(t *testing.T) {
	addr, metricsAddr := freeAddr(t), freeAddr(t)
	a := newApp(t, storetest.OpenSQLite(t), &config.Config{Addr: addr, MetricsAddr: metricsAddr, PublicURL: "http://" + addr}, app.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	testwait.Until(t, func() bool {
		res, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			res.Body.Close()
		}
		return err == nil
	}, "the server did not start")
	if page := scrape(t, "http://"+metricsAddr+"/metrics"); !strings.Contains(page, `route="GET /healthz",status="200"} 1`) {
		t.Fatalf("the scrape does not count the health check:\n%s", page)
	}
	// The profiler: on the metrics listener, and nowhere on the public one (the web app answers there).
	if page := scrape(t, "http://"+metricsAddr+"/debug/pprof/goroutine?debug=1"); !strings.Contains(page, "goroutine profile: total") {
		t.Fatalf("no goroutine profile on the metrics listener:\n%s", page)
	}
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/goroutine?debug=1", "/debug/pprof/heap", "/debug/pprof/cmdline", "/metrics"} {
		res, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if body := string(b); strings.Contains(body, "goroutine profile") || strings.Contains(body, "Types of profiles") ||
			strings.Contains(body, "vecinos_http_requests_total") || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("GET %s on the public listener: %d %s", path, res.StatusCode, body)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
