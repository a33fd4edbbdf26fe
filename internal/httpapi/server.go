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

	"vecinos/internal/announcements"
	"vecinos/internal/audit"
	"vecinos/internal/auth"
	"vecinos/internal/config"
	"vecinos/internal/dashboard"
	"vecinos/internal/directory"
	"vecinos/internal/documents"
	"vecinos/internal/events"
	"vecinos/internal/files"
	"vecinos/internal/incidents"
	"vecinos/internal/invitations"
	"vecinos/internal/juntas"
	"vecinos/internal/mail"
	"vecinos/internal/memberships"
	"vecinos/internal/messages"
	"vecinos/internal/money"
	"vecinos/internal/oauth"
	"vecinos/internal/onboarding"
	"vecinos/internal/organisations"
	"vecinos/internal/privacy"
	"vecinos/internal/profiles"
	"vecinos/internal/providers"
	"vecinos/internal/push"
	"vecinos/internal/ratelimit"
	"vecinos/internal/reservations"
	"vecinos/internal/tasks"
	"vecinos/internal/units"
	"vecinos/internal/voting"
	"vecinos/internal/wall"
)

// APIVersion is the version of the contract, not of the binary: the generated document stays stable
// across builds.
const APIVersion = "1.0.0"

// Deps are what the handlers need: the services of one instance, wired by internal/app.
type Deps struct {
	Config        *config.Config
	Ready         func(context.Context) error // nil when the database answers
	Mailbox       *mail.Mailbox
	Bounces       *mail.Bounces
	Auth          *auth.Service
	Incidents     *incidents.Service
	Events        *events.Service
	Messages      *messages.Service
	Profiles      *profiles.Service
	Memberships   *memberships.Service
	Onboarding    *onboarding.Service
	Announcements *announcements.Service
	Directory     *directory.Service
	Invitations   *invitations.Service
	Dashboard     *dashboard.Service
	Units         *units.Service             // the units registry (issue #21)
	Audit         *audit.Service             // the record of admin actions
	Voting        *voting.Service            // polls and junta votes (issue #15)
	Reservations  *reservations.Service      // facilities and their bookings (issue #13)
	Documents     *documents.Service         // the community's archive (issue #14)
	Providers     *providers.Service         // the directory of service providers (issue #16)
	Tasks         *tasks.Service             // the staff's and providers' tasks (issue #16)
	Wall          *wall.Service              // the community wall (issue #16)
	Money         *money.Service             // fees, budgets, receipts and ledgers (issue #36)
	Juntas        *juntas.Service            // juntas de propietarios: convocatoria, attendance, acta (issue #38)
	Organisations *organisations.Service     // the administrador de fincas' office (issue #35, ADR 0045)
	Privacy       *privacy.Service           // the member's data export and consent (issue #17)
	Push          *push.Service              // web push: devices and the kinds of notification (issue #17)
	OAuth         map[string]*oauth.Provider // configured sign-in providers by name
	Files         files.Storage              // uploaded files
	Log           *slog.Logger
	Web           fs.FS // the built web app
	Version       string
	// Limiter counts the members' uploads per hour (shared by the instances on PostgreSQL).
	Limiter ratelimit.Limiter
	// Observe hears every answered request with the pattern of the route that served it (metrics); may be nil.
	Observe func(method, route string, status int, took time.Duration)
	// BodyReadTimeout bounds how long a request body may take to arrive, UploadReadTimeout the same for a
	// file upload (zero: defaultBodyReadTimeout, defaultUploadReadTimeout).
	BodyReadTimeout   time.Duration
	UploadReadTimeout time.Duration
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
