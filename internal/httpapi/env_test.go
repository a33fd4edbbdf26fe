package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"sync"
	"testing"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/oauth"
	"vecinos/internal/realtime"
	"vecinos/internal/store"
)

// env is a whole instance over a real database, with a clock the test moves.
type env struct {
	srv   *httptest.Server
	db    *store.DB
	oauth map[string]*oauth.Provider // add providers before the first request
	mu    sync.Mutex
	now   time.Time
	slept []time.Duration // the waits of the service (sign-in delays), which move the clock instead
	logs  lockedBuffer    // what the accounts service logs
	// realtime is the app's publisher (newRealtimeEnv): what the features announce their changes through.
	realtime *realtime.Publisher
}

// lockedBuffer is a log destination that requests may write to at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// newEnv wires an instance the way cmd/vecinos does: rate limits in the database on PostgreSQL (shared
// by every env over the same database), in memory on SQLite. The test server's own address is a trusted
// proxy, so a client made with from() comes from the address it names.
func newEnv(t testing.TB, db *store.DB) *env {
	t.Helper()
	e := &env{db: db, now: time.Now(), oauth: map[string]*oauth.Provider{}}
	cfg := &config.Config{PublicURL: "http://localhost:8080", Dev: true, SupportEmail: "ayuda@vecinos.example", BounceSecret: testBounceSecret,
		BounceAddress:  "bounces@vecinos.test",
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}}
	e.srv = httptest.NewServer(newApp(t, db, cfg, app.Options{Now: e.clock, Sleep: e.sleep, OAuth: e.oauth,
		Log: slog.New(slog.NewTextHandler(&e.logs, nil))}).Handler)
	t.Cleanup(e.srv.Close)
	return e
}

func (e *env) clock() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.now
}

func (e *env) advance(d time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.now = e.now.Add(d)
}

// sleep stands in for the service's waits: it records them and moves the clock as far.
func (e *env) sleep(_ context.Context, d time.Duration) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.slept = append(e.slept, d)
	e.now = e.now.Add(d)
	return nil
}

// waits returns the service's waits so far and forgets them.
func (e *env) waits() []time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := e.slept
	e.slept = nil
	return out
}

// client is one browser: it keeps cookies.
type client struct {
	e    *env
	http *http.Client
	ip   string // sent as X-Forwarded-For when set (see from)
	lang string // sent as Accept-Language when set

	community string // sent as X-Vecinos-Community when set (see in)
}

// in is the same browser (same cookies) in a tab that names community in every request (ADR 0040).
func (c *client) in(community string) *client {
	tab := *c
	tab.community = community
	return &tab
}

// from returns a new browser at the client address ip, as the trusted proxy in front of the app says.
func (e *env) from(ip string) *client {
	c := e.client()
	c.ip = ip
	return c
}

func (e *env) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, http: &http.Client{Jar: jar}}
}

func (c *client) cookie() string {
	req, _ := http.NewRequest("GET", c.e.srv.URL, nil)
	for _, k := range c.http.Jar.Cookies(req.URL) {
		if k.Name == "vecinos_session" {
			return k.Value
		}
	}
	return ""
}

func (c *client) do(t testing.TB, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var r io.Reader
	if raw, ok := body.([]byte); ok { // sent as it is (a fuzzer's bytes)
		r = bytes.NewReader(raw)
	} else if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.e.srv.URL+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.ip != "" {
		req.Header.Set("X-Forwarded-For", c.ip)
	}
	if c.lang != "" {
		req.Header.Set("Accept-Language", c.lang)
	}
	if c.community != "" {
		req.Header.Set("X-Vecinos-Community", c.community)
	}
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := map[string]any{}
	raw, _ := io.ReadAll(res.Body)
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatalf("%s %s: %d, body %q is not a JSON object", method, path, res.StatusCode, raw)
		}
	}
	return res.StatusCode, out
}

// must does a request and fails the test unless the status is want; it returns the JSON body.
func (c *client) must(t testing.TB, method, path string, body any, want int) map[string]any {
	t.Helper()
	status, out := c.do(t, method, path, body)
	if status != want {
		t.Fatalf("%s %s: status %d, want %d; body %v", method, path, status, want, out)
	}
	return out
}

func (c *client) status(t testing.TB, method, path string, body any) int {
	t.Helper()
	status, _ := c.do(t, method, path, body)
	return status
}

// communityCode is the code of the client's community, as its members see it.
func (e *env) communityCode(t testing.TB, c *client) string {
	t.Helper()
	return c.must(t, "GET", "/api/v1/community", nil, 200)["publicId"].(string)
}
