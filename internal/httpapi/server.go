// Package httpapi is Vecinos' HTTP surface: the JSON API under /api/v1 (described by the OpenAPI document
// at /api/openapi.json), health probes, and the embedded web app.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"vecinos/internal/config"
	"vecinos/internal/files"
	"vecinos/internal/oauth"
	"vecinos/internal/ratelimit"
)

// APIVersion is the version of the contract, not of the binary: the generated document stays stable
// across builds.
const APIVersion = "1.0.0"

// Deps are what the handlers need, wired by internal/app: the services of one instance, and its settings.
type Deps struct {
	Services // the features' services (routes.go)
	Config   *config.Config
	Ready    func(context.Context) error // nil when the database answers
	OAuth    map[string]*oauth.Provider  // configured sign-in providers by name
	Files    files.Storage               // uploaded files
	Log      *slog.Logger
	Web      fs.FS // the built web app
	Version  string
	// Limiter counts the members' uploads per hour (shared by the instances on PostgreSQL).
	Limiter ratelimit.Limiter
	// Observe hears every answered request with the pattern of the route that served it (metrics); may be nil.
	Observe func(method, route string, status int, took time.Duration)
	// BodyReadTimeout bounds how long a request body may take to arrive, UploadReadTimeout the same for a
	// file upload (zero: defaultBodyReadTimeout, defaultUploadReadTimeout).
	BodyReadTimeout   time.Duration
	UploadReadTimeout time.Duration
	// Admission gives a request of the JSON API its turn for the database: it returns the request's
	// context, whose first query waits for that turn, and end, which gives the turn back (store.DB's
	// Admission; docs/adr/0049). nil: requests do not take turns.
	Admission func(ctx context.Context) (_ context.Context, end func())
	// Streams counts the realtime streams that left net/http (http.Server.Shutdown does not wait for
	// them): whoever closes the database closes the broker and waits for it first. nil: one of its own.
	Streams *sync.WaitGroup
}

// server is what every handler method hangs on.
type server struct {
	Deps
	uploads uploadQuota
}

// New returns the whole HTTP handler of an instance.
func New(d Deps) (http.Handler, error) {
	mux := http.NewServeMux()
	if d.BodyReadTimeout <= 0 {
		d.BodyReadTimeout = defaultBodyReadTimeout
	}
	if d.UploadReadTimeout <= 0 {
		d.UploadReadTimeout = defaultUploadReadTimeout
	}
	if d.Streams == nil {
		d.Streams = new(sync.WaitGroup)
	}
	s := &server{Deps: d, uploads: uploadQuota{d.Limiter}}
	registerAPI(newAPI(mux), s)
	s.mountHandlers(mux)
	s.logMailDelivery()
	app, err := newSPA(d.Web)
	if err != nil {
		return nil, err
	}
	mux.Handle("/", app)

	var h http.Handler = notePattern(mux)
	h = refuseNUL(h)
	h = bodyReadDeadline(d.BodyReadTimeout, h)
	h = crossOriginProtection(d.Config.PublicURL, h)
	h = withClient(d.Config.TrustedProxies, h)
	h = securityHeaders(d.Config.SecureCookies(), contentSecurityPolicy(app.scriptHashes), h)
	h = recoverPanics(h)
	h = withLanguage(h)
	h = accessLog(d.Log, d.Observe, h)
	return h, nil
}

func (s *server) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte("ok\n"))
}

func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.Ready(ctx); err != nil {
		s.Log.WarnContext(ctx, "not ready: database unreachable", "err", err)
		http.Error(w, "database unreachable", http.StatusServiceUnavailable)
		return
	}
	w.Write([]byte("ready\n"))
}

// newAPI creates the huma API on mux: JSON only, errors as problem+json, no docs UI (it would load
// scripts from a CDN, which the CSP forbids).
func newAPI(mux *http.ServeMux) huma.API {
	useProblems()
	cfg := huma.DefaultConfig("Vecinos API", APIVersion)
	cfg.Info.Description = "API de Vecinos: la gestión diaria de una comunidad de propietarios."
	cfg.OpenAPIPath = "/api/openapi"
	cfg.DocsPath = ""
	cfg.SchemasPath = ""
	cfg.CreateHooks = nil // no $schema links in responses
	cfg.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"session": {Type: "apiKey", In: "cookie", Name: sessionCookieName, Description: "Sesión iniciada (cookie HttpOnly)"},
	}
	return humago.New(nulGuardedMux{mux}, cfg)
}

// OpenAPI returns the API contract, for `vecinos openapi` (which writes api/openapi.json).
func OpenAPI() *huma.OpenAPI {
	api := newAPI(http.NewServeMux())
	registerAPI(api, &server{})
	return api.OpenAPI()
}
