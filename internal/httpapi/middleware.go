package httpapi

import (
	"context"
	"crypto/rand"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// contentSecurityPolicy allows no inline script but those of the app's own index.html, named by their
// hashes (scriptHashes: 'sha256-…' sources). Inline styles stay allowed: the UI primitives position
// popovers and toasts with style attributes.
func contentSecurityPolicy(scriptHashes []string) string {
	scripts := strings.Join(append([]string{"'self'"}, scriptHashes...), " ")
	return "default-src 'self'; script-src " + scripts + "; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; worker-src 'self'; " +
		"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
}

func securityHeaders(hsts bool, csp string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if hsts {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

var errCrossOrigin = domain.Errorf(domain.CodeForbidden, "Petición de otro origen rechazada")

// crossOriginProtection refuses state-changing requests that a browser marks as coming from another site
// (Sec-Fetch-Site, or else Origin against Host). Together with SameSite cookies this is the CSRF defence;
// see docs/adr/0004-sessions-and-csrf.md.
func crossOriginProtection(publicURL string, next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	// The public URL may differ from the Host a proxy forwards; the app's own origin is always fine.
	_ = cop.AddTrustedOrigin(publicURL)
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, problemFor(r.Context(), errCrossOrigin))
	}))
	return cop.Handler(next)
}

type ctxKey int

const (
	requestIDKey ctxKey = iota
	routeKey            // *string: the route pattern, filled in once the mux has routed
)

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// statusRecorder remembers the status for the access log; Unwrap keeps http.ResponseController working
// (flushing streams, deadlines).
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// accessLog logs one line per request and hands it to observe (when set) with its route pattern. It logs
// the path only: query strings can carry tokens.
func accessLog(log *slog.Logger, observe func(method, route string, status int, took time.Duration), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := rand.Text()[:16]
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w}
		route := new(string)
		ctx := context.WithValue(context.WithValue(r.Context(), requestIDKey, id), routeKey, route)
		next.ServeHTTP(rec, r.WithContext(ctx))
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		took := time.Since(start)
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		log.LogAttrs(r.Context(), level, "http", slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.String("route", *route), slog.Int("status", rec.status), slog.Duration("took", took), slog.String("request_id", id))
		if observe != nil {
			observe(r.Method, *route, rec.status, took)
		}
	})
}

// notePattern wraps the mux: once it has routed a request, the pattern that matched ("GET /api/v1/incidents/{id}")
// is written where accessLog reads it (the middlewares between them copy the request, so r.Pattern does not
// travel back on its own).
func notePattern(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r)
		if route, ok := r.Context().Value(routeKey).(*string); ok {
			*route = r.Pattern
		}
	})
}

// recoverPanics turns a panic into a 500 problem and a logged stack instead of a dropped connection.
func recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				slog.ErrorContext(r.Context(), "panic", "request_id", requestID(r.Context()), "value", v, "stack", string(debug.Stack()))
				writeProblem(w, newProblem(r.Context(), http.StatusInternalServerError, domain.CodeInternal, nil))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// Defaults of Deps.BodyReadTimeout and Deps.UploadReadTimeout. The server's ReadHeaderTimeout bounds the
// headers; these bound the body, so a client that declares a body and sends it drop by drop is cut off.
// An upload may take longer: 10 MB over a slow mobile link.
const (
	defaultBodyReadTimeout   = 15 * time.Second
	defaultUploadReadTimeout = 3 * time.Minute
)

// bodyReadDeadline gives a request that carries a body d to send it (the upload handler moves the
// deadline with extendBodyDeadline). Only requests with a body: net/http watches a connection for a
// hang-up with a read of its own once the body is over (at once when there is none), and lifts the read
// deadline when it starts that read; a deadline set after that, on a request without a body such as the
// SSE stream, would fire during the watch and cancel the request.
func bodyReadDeadline(d time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		extendBodyDeadline(w, r, d)
		next.ServeHTTP(w, r)
	})
}

// extendBodyDeadline gives the rest of r's body d from now to arrive; nothing when r has no body.
// Recorders of handler tests do not support deadlines; then there is none.
func extendBodyDeadline(w http.ResponseWriter, r *http.Request, d time.Duration) {
	if r.Body != nil && r.Body != http.NoBody {
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(d))
	}
}
