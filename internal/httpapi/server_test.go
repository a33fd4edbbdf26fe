package httpapi_test

import (
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/httpapi"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

var testWeb = fstest.MapFS{
	"index.html":          {Data: []byte("<!doctype html><head><title>Gestión de Comunidades</title><script>document.documentElement.lang = 'es'</script></head>")},
	"assets/app-3f2a1.js": {Data: []byte(strings.Repeat("console.log('vecinos');\n", 100))},
	// The build's brotli copy; the server passes it on as it is, so any bytes do here.
	"assets/app-3f2a1.js.br": {Data: []byte("brotli bytes")},
	".vite/manifest.json":    {Data: []byte(`{"index.html":{"file":"assets/app-3f2a1.js"}}`)},
	"manifest.webmanifest":   {Data: []byte(`{"name":"Vecinos"}`)},
	// What web/vite.config.ts writes: the scripts a signed-in page preloads.
	"start-chunks.json": {Data: []byte(`["/assets/app-shell-9c1d.js","/assets/app-layout-77ab.js"]`)},
	// What web/scripts/prerender.mjs writes: index.html with a screen's markup in #root.
	"prerendered/login.html": {Data: []byte(`<!doctype html><head><title>Gestión de Comunidades</title></head><div id="root" data-prerendered="/login"><h1>Iniciar Sesión</h1></div>`)},
}

// newApp builds an instance over db as the binary does (internal/app), with the test web app and a data dir
// of its own; o may set the clock, the file storage and the OAuth providers.
func newApp(t testing.TB, db *store.DB, cfg *config.Config, o app.Options) *app.App {
	t.Helper()
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	if cfg.MailFrom == "" {
		cfg.MailFrom = "Vecinos <no-reply@localhost>"
	}
	o.DB, o.Web, o.Version = db, testWeb, "test"
	a, err := app.New(context.Background(), cfg, o)
	if err != nil {
		t.Fatal(err)
	}
	// After the test's server closes (registered later, so run earlier) and before its database does:
	// streams that left net/http end and their goroutines are gone.
	t.Cleanup(a.EndStreams)
	return a
}

func newServer(t *testing.T, db *store.DB) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(newApp(t, db, &config.Config{PublicURL: "http://localhost:8080"}, app.Options{}).Handler)
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string, header ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultTransport.RoundTrip(req) // no transparent gzip: we check encodings ourselves
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// Every page forbids scripts from elsewhere and inline ones, but for index.html's own inline script (which
// applies the device's theme before the first paint), allowed by its hash.
func TestEveryResponseCarriesSecurityHeaders(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	sum := sha256.Sum256([]byte("document.documentElement.lang = 'es'"))
	inlineHash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, path := range []string{"/", "/login", "/api/v1/app-info", "/api/v1/no-such", "/healthz", "/api/openapi.json", "/assets/app-3f2a1.js"} {
		res, _ := get(t, srv.URL+path)
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "; script-src 'self' "+inlineHash+";") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Referrer-Policy") == "" {
			t.Errorf("%s: missing nosniff or Referrer-Policy", path)
		}
	}
}

func TestUnknownAPIPathIsAProblem(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	res, body := get(t, srv.URL+"/api/v1/no-such")
	if res.StatusCode != 404 || res.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var p httpapi.Problem
	if err := json.Unmarshal([]byte(body), &p); err != nil || p.Code != "not_found" || p.Status != 404 || p.Detail == "" {
		t.Fatalf("problem %s (err %v)", body, err)
	}
}

func TestSPAHistoryFallbackAndCaching(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	res, body := get(t, srv.URL+"/no-such-page")
	if res.StatusCode != 200 || !strings.Contains(body, "Gestión de Comunidades") || res.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("fallback: %d %q %q", res.StatusCode, res.Header.Get("Cache-Control"), body)
	}
	res, _ = get(t, srv.URL+"/assets/app-3f2a1.js", "Accept-Encoding", "gzip")
	if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") || res.Header.Get("Content-Encoding") != "gzip" ||
		!strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("asset headers: %v", res.Header)
	}
	res, _ = get(t, srv.URL+"/assets/missing-123.js")
	if res.StatusCode != 404 {
		t.Fatalf("missing asset: status %d, want 404 (not the app page)", res.StatusCode)
	}
	res, _ = get(t, srv.URL+"/manifest.webmanifest")
	if res.Header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("manifest type %q", res.Header.Get("Content-Type"))
	}
}

// A route's page says whether the request carried a session cookie: without one the client shows /login at
// once, with one the browser fetches /api/v1/me and the signed-in screens' chunks along with the scripts
// (and, on /dashboard, the dashboard's answers).
// /index.html itself (the service worker's offline copy) says neither.
func TestRoutePageHintsAtTheSession(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	const signedOut, preload = `<meta name="vecinos-session" content="none">`, `<link rel="preload" href="/api/v1/me"`
	const chunks = `<link rel="modulepreload" href="/assets/app-shell-9c1d.js" fetchpriority="low">` +
		`<link rel="modulepreload" href="/assets/app-layout-77ab.js" fetchpriority="low">`
	res, body := get(t, srv.URL+"/login")
	if !strings.Contains(body, signedOut+"</head>") || strings.Contains(body, preload) || strings.Contains(body, "modulepreload") ||
		!strings.Contains(res.Header.Get("Vary"), "Cookie") || res.Header.Get("Last-Modified") != "" {
		t.Errorf("signed out: %q, headers %v", body, res.Header)
	}
	// The dashboard's page also has its API answers fetched with it; another screen's only /me.
	const dashboardData = `<link rel="preload" href="/api/v1/profile" as="fetch" crossorigin>`
	_, body = get(t, srv.URL+"/dashboard", "Cookie", "vecinos_session=any")
	if !strings.Contains(body, preload) || !strings.Contains(body, dashboardData) || !strings.Contains(body, chunks+"</head>") ||
		strings.Contains(body, signedOut) || !strings.Contains(body, "Gestión") {
		t.Errorf("/dashboard with a session cookie: %q", body)
	}
	if _, body := get(t, srv.URL+"/messages", "Cookie", "vecinos_session=any"); !strings.Contains(body, preload) ||
		strings.Contains(body, dashboardData) || !strings.Contains(body, chunks+"</head>") {
		t.Errorf("/messages with a session cookie: %q", body)
	}
	if res, _ := get(t, srv.URL+"/start-chunks.json"); res.Header.Get("Content-Type") == "application/json" {
		t.Errorf("the list of start chunks is served as a file")
	}
	// Gzipped as well, for the browsers that ask for it.
	if got := getGzipped(t, srv.URL+"/register", "gzip, br"); !strings.Contains(got, signedOut) {
		t.Errorf("gzipped page %q", got)
	}
	if _, body := get(t, srv.URL+"/index.html", "Cookie", "vecinos_session=any"); strings.Contains(body, signedOut) ||
		strings.Contains(body, preload) || strings.Contains(body, "modulepreload") {
		t.Errorf("/index.html has a hint: %q", body)
	}
}

// A visitor without a session gets /login with its form already in the page; with a session cookie the
// same path is the plain app page (the gate sends a signed-in user on), and a path the build did not
// prerender is the plain page too.
func TestPrerenderedPageGoesToVisitorsWithoutASession(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	const form, signedOut = `<h1>Iniciar Sesión</h1>`, `<meta name="vecinos-session" content="none">`
	if _, body := get(t, srv.URL+"/login?next=1"); !strings.Contains(body, form) || !strings.Contains(body, signedOut+"</head>") {
		t.Errorf("signed out /login: %q", body)
	}
	if got := getGzipped(t, srv.URL+"/login", "gzip"); !strings.Contains(got, form) {
		t.Errorf("gzipped /login: %q", got)
	}
	if _, body := get(t, srv.URL+"/login", "Cookie", "vecinos_session=any"); strings.Contains(body, form) {
		t.Errorf("/login with a session cookie is prerendered: %q", body)
	}
	for _, path := range []string{"/register", "/prerendered/login.html", "/dashboard"} {
		if _, body := get(t, srv.URL+path); strings.Contains(body, form) || !strings.Contains(body, signedOut) {
			t.Errorf("%s: %q", path, body)
		}
	}
}

func TestGzippedAssetDecodesToTheOriginal(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	if getGzipped(t, srv.URL+"/assets/app-3f2a1.js", "gzip") != string(testWeb["assets/app-3f2a1.js"].Data) {
		t.Fatal("gzipped asset differs from the original")
	}
}

// getGzipped fetches url accepting the encodings of accept, and reads the body as gzip.
func getGzipped(t *testing.T, url, accept string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept-Encoding", accept)
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatalf("Content-Encoding %q: %v", res.Header.Get("Content-Encoding"), err)
	}
	got, _ := io.ReadAll(zr)
	return string(got)
}

func TestBrotliCopyGoesToBrowsersThatAcceptIt(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	for _, c := range []struct{ accept, encoding string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip, br;q=0", "gzip"},
		{"gzip", "gzip"},
		{"", ""},
	} {
		req, _ := http.NewRequest("GET", srv.URL+"/assets/app-3f2a1.js", nil)
		req.Header.Set("Accept-Encoding", c.accept)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if got := res.Header.Get("Content-Encoding"); got != c.encoding {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", c.accept, got, c.encoding)
		}
		if c.encoding == "br" && string(body) != "brotli bytes" {
			t.Errorf("br body %q", body)
		}
	}
	if res, _ := get(t, srv.URL+"/assets/app-3f2a1.js.br"); res.StatusCode != http.StatusNotFound {
		t.Errorf("the .br copy is served on its own: status %d", res.StatusCode)
	}
	// The build manifest (for the size budget) is not served: the path falls back to the app page.
	if _, body := get(t, srv.URL+"/.vite/manifest.json"); strings.Contains(body, "app-3f2a1") {
		t.Errorf("the build manifest is served: %q", body)
	}
}

func TestCrossSiteWritesAreRefused(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	for _, site := range []string{"cross-site", "same-site"} {
		req, _ := http.NewRequest("POST", srv.URL+"/api/v1/app-info", strings.NewReader("{}"))
		req.Header.Set("Sec-Fetch-Site", site)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden || res.Header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("Sec-Fetch-Site %s: status %d, want 403 problem", site, res.StatusCode)
		}
	}
	req, _ := http.NewRequest("POST", srv.URL+"/api/v1/app-info", strings.NewReader("{}"))
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode == http.StatusForbidden {
		t.Error("a same-origin POST was refused as cross-origin")
	}
}

func TestReadinessFollowsTheDatabase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := newServer(t, db)
		if res, _ := get(t, srv.URL+"/readyz"); res.StatusCode != 200 {
			t.Fatalf("readyz %d with a working database", res.StatusCode)
		}
		db.Close()
		if res, _ := get(t, srv.URL+"/readyz"); res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("readyz %d with a closed database, want 503", res.StatusCode)
		}
		if res, _ := get(t, srv.URL+"/healthz"); res.StatusCode != 200 {
			t.Fatalf("healthz %d: the process is still up", res.StatusCode)
		}
	})
}

func TestContractIsServed(t *testing.T) {
	srv := newServer(t, storetest.OpenSQLite(t))
	_, body := get(t, srv.URL+"/api/openapi.json")
	var doc struct {
		OpenAPI string                     `json:"openapi"`
		Paths   map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal([]byte(body), &doc); err != nil || !strings.HasPrefix(doc.OpenAPI, "3.1") {
		t.Fatalf("openapi %q (err %v)", doc.OpenAPI, err)
	}
	if _, ok := doc.Paths["/api/v1/app-info"]; !ok {
		t.Fatalf("contract lacks /api/v1/app-info: %v", doc.Paths)
	}
}
