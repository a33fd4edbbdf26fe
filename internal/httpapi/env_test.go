package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"vecinos/internal/accounts"
	"vecinos/internal/auth"
	"vecinos/internal/config"
	"vecinos/internal/events"
	"vecinos/internal/httpapi"
	"vecinos/internal/incidents"
	"vecinos/internal/oauth"
	"vecinos/internal/profiles"
	"vecinos/internal/store"
)

// env is a whole instance over a real database, with a clock the test moves.
type env struct {
	srv   *httptest.Server
	db    *store.DB
	oauth map[string]*oauth.Provider // add providers before the first request
	mu    sync.Mutex
	now   time.Time
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	e := &env{db: db, now: time.Now(), oauth: map[string]*oauth.Provider{}}
	cfg := &config.Config{PublicURL: "http://localhost:8080", Dev: true, SupportEmail: "ayuda@vecinos.example"}
	svc := accounts.New(db, auth.NewHasher(), accounts.Options{PublicURL: cfg.PublicURL, Now: e.clock})
	h, err := httpapi.New(httpapi.Deps{Config: cfg, Store: db, Accounts: svc,
		Profiles:  profiles.New(db, svc, profiles.Options{PublicURL: cfg.PublicURL, Now: e.clock}),
		Incidents: incidents.New(db, incidents.Options{Now: e.clock}), Events: events.New(db, events.Options{PublicURL: cfg.PublicURL, Now: e.clock}),
		OAuth: e.oauth, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Web: testWeb, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	e.srv = httptest.NewServer(h)
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

// client is one browser: it keeps cookies.
type client struct {
	e    *env
	http *http.Client
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

func (c *client) do(t *testing.T, method, path string, body any) (int, map[string]any) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.e.srv.URL+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
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
func (c *client) must(t *testing.T, method, path string, body any, want int) map[string]any {
	t.Helper()
	status, out := c.do(t, method, path, body)
	if status != want {
		t.Fatalf("%s %s: status %d, want %d; body %v", method, path, status, want, out)
	}
	return out
}

func (c *client) status(t *testing.T, method, path string, body any) int {
	t.Helper()
	status, _ := c.do(t, method, path, body)
	return status
}

// communityCode is the code of the client's community, as its members see it.
func (e *env) communityCode(t *testing.T, c *client) string {
	t.Helper()
	return c.must(t, "GET", "/api/v1/community", nil, 200)["publicId"].(string)
}
