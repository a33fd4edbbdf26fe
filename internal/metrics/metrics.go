// Package metrics is what an operator watches, in Prometheus' text format: requests by route, open
// realtime streams, the outbox's backlog, the database pools, failed emails and pushes, and the Go runtime. It is
// served on a listener of its own (VECINOS_METRICS_ADDR), never on the public one.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// Sources are read at each scrape, so a metric is never staler than the scrape itself.
type Sources struct {
	Streams func() int                                     // open realtime streams of this instance
	Outbox  func(context.Context) (int, *time.Time, error) // emails waiting, and when the oldest was queued
	Pools   func() map[string]sql.DBStats                  // database pools by name
	// Admission is the database gate's state: requests admitted and waiting for their turn (nil: none).
	Admission func() (admitted, waiting int)
	Now       func() time.Time // nil: time.Now
}

// Metrics holds one instance's registry.
type Metrics struct {
	reg          *prometheus.Registry
	requests     *prometheus.CounterVec
	duration     *prometheus.HistogramVec
	turnWait     prometheus.Histogram
	mailFailures prometheus.Counter
	pushFailures prometheus.Counter
}

// New registers the metrics of one instance.
func New(src Sources) *Metrics {
	src.Now = clock.Or(src.Now)
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "vecinos_http_requests_total",
			Help: "HTTP requests by route pattern, method and status."}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "vecinos_http_request_duration_seconds",
			Help: "Time to answer an HTTP request, by route pattern and method (realtime streams excluded: they last).",
			// .05 and .3 are the targets of the load tests (issue #35): a request within them is told exactly.
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .075, .1, .15, .2, .3, .5, 1, 2.5, 5, 10}}, []string{"route", "method"}),
		turnWait: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "vecinos_db_admission_wait_seconds",
			Help:    "How long an API request waited for its turn for the database (docs/adr/0049); 0 when it was admitted at once.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5}}),
		mailFailures: prometheus.NewCounter(prometheus.CounterOpts{Name: "vecinos_mail_failures_total",
			Help: "Email deliveries that failed (each is retried, up to its last attempt)."}),
		pushFailures: prometheus.NewCounter(prometheus.CounterOpts{Name: "vecinos_push_failures_total",
			Help: "Web push deliveries that failed (retried like emails; a device that is gone is removed, not counted)."}),
	}
	m.reg.MustRegister(m.requests, m.duration, m.turnWait, m.mailFailures, m.pushFailures,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vecinos_realtime_streams",
			Help: "Realtime (SSE) streams open on this instance."}, func() float64 { return float64(src.Streams()) }),
		&scraped{src: src})
	if src.Admission != nil {
		m.reg.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vecinos_db_admission_admitted",
				Help: "API requests holding their turn for the database now."}, func() float64 { n, _ := src.Admission(); return float64(n) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vecinos_db_admission_waiting",
				Help: "API requests waiting for their turn for the database now."}, func() float64 { _, n := src.Admission(); return float64(n) }))
	}
	return m
}

// TimeAdmissionWait times a request's wait for its turn for the database: call the function it returns
// once the request has its turn (store.DB.ObserveAdmission).
func (m *Metrics) TimeAdmissionWait() (admitted func()) {
	t := prometheus.NewTimer(m.turnWait)
	return func() { t.ObserveDuration() }
}

// ObserveRequest counts one answered request; route is the pattern that served it ("GET /api/v1/incidents/{id}"),
// so the labels stay few whatever the paths.
func (m *Metrics) ObserveRequest(method, route string, status int, took time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	if route != "GET /api/v1/stream" {
		m.duration.WithLabelValues(route, method).Observe(took.Seconds())
	}
}

// Handler serves the registry for Prometheus.
func (m *Metrics) Handler() http.Handler {
	// A source that fails (the database busy or away) leaves its metrics out; the rest are still served.
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg, ErrorHandling: promhttp.ContinueOnError})
}

// CountFailures wraps an email sender so its failures are counted.
func (m *Metrics) CountFailures(s mail.Sender) mail.Sender { return failureCounter{s, m.mailFailures} }

// CountPushFailures wraps the web push sender so its failures are counted.
func (m *Metrics) CountPushFailures(s mail.Sender) mail.Sender {
	return failureCounter{s, m.pushFailures}
}

type failureCounter struct {
	mail.Sender
	failures prometheus.Counter
}

func (f failureCounter) Send(ctx context.Context, msg domain.Mail) error {
	err := f.Sender.Send(ctx, msg)
	if err != nil {
		f.failures.Inc()
	}
	return err
}

// scraped collects what is read from the database at scrape time: the outbox and the pools.
type scraped struct{ src Sources }

var (
	outboxDepth = prometheus.NewDesc("vecinos_outbox_depth", "Emails and web pushes waiting in the outbox (not sent, not given up).", nil, nil)
	outboxAge   = prometheus.NewDesc("vecinos_outbox_oldest_age_seconds", "How long the oldest waiting email or push has waited (0 when none).", nil, nil)
	poolOpen    = prometheus.NewDesc("vecinos_db_pool_open_connections", "Open connections of a database pool.", []string{"pool"}, nil)
	poolInUse   = prometheus.NewDesc("vecinos_db_pool_in_use_connections", "Connections of a pool in use.", []string{"pool"}, nil)
	poolMax     = prometheus.NewDesc("vecinos_db_pool_max_open_connections", "The most connections a pool may open.", []string{"pool"}, nil)
	poolWaits   = prometheus.NewDesc("vecinos_db_pool_wait_seconds_total", "Time spent waiting for a connection of a pool.", []string{"pool"}, nil)
)

func (s *scraped) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{outboxDepth, outboxAge, poolOpen, poolInUse, poolMax, poolWaits} {
		ch <- d
	}
}

func (s *scraped) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if n, oldest, err := s.src.Outbox(ctx); err == nil {
		age := 0.0
		if oldest != nil {
			age = max(s.src.Now().Sub(*oldest).Seconds(), 0)
		}
		ch <- prometheus.MustNewConstMetric(outboxDepth, prometheus.GaugeValue, float64(n))
		ch <- prometheus.MustNewConstMetric(outboxAge, prometheus.GaugeValue, age)
	} else {
		ch <- prometheus.NewInvalidMetric(outboxDepth, err)
	}
	for name, st := range s.src.Pools() {
		ch <- prometheus.MustNewConstMetric(poolOpen, prometheus.GaugeValue, float64(st.OpenConnections), name)
		ch <- prometheus.MustNewConstMetric(poolInUse, prometheus.GaugeValue, float64(st.InUse), name)
		ch <- prometheus.MustNewConstMetric(poolMax, prometheus.GaugeValue, float64(st.MaxOpenConnections), name)
		ch <- prometheus.MustNewConstMetric(poolWaits, prometheus.CounterValue, st.WaitDuration.Seconds(), name)
	}
}
