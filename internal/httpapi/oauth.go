package httpapi

import (
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strings"

	"golang.org/x/oauth2"

	"vecinos/internal/auth"
	"vecinos/internal/credentials"
	"vecinos/internal/domain"
)

// oauthCookie carries the state and the PKCE verifier from the start of a provider sign-in to its
// callback. It is HttpOnly and scoped to the OAuth paths; SameSite=Lax still sends it on the provider's
// top-level redirect back to us.
const oauthCookie = "vecinos_oauth"

const oauthPath = "/api/v1/auth/oauth/"

var errNoProvider = domain.Errorf(domain.CodeNotFound, "Este proveedor de inicio de sesión no está configurado")

func (s *server) oauthStart(w http.ResponseWriter, r *http.Request) {
	p, ok := s.OAuth[r.PathValue("provider")]
	if !ok {
		writeProblem(w, problemFor(r.Context(), errNoProvider))
		return
	}
	state, verifier := credentials.NewToken(), oauth2.GenerateVerifier()
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Value: state + "." + verifier, Path: oauthPath, MaxAge: 600,
		HttpOnly: true, Secure: s.Config.SecureCookies(), SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, p.AuthCodeURL(state, verifier), http.StatusFound)
}

func (s *server) oauthCallback(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("provider")
	p, ok := s.OAuth[name]
	if !ok {
		writeProblem(w, problemFor(r.Context(), errNoProvider))
		return
	}
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Value: "", Path: oauthPath, MaxAge: -1, HttpOnly: true, Secure: s.Config.SecureCookies(), SameSite: http.SameSiteLaxMode})
	fail := func(reason string, err error) {
		s.Log.WarnContext(r.Context(), "oauth sign-in failed", "provider", name, "reason", reason, "err", err, "request_id", requestID(r.Context()))
		http.Redirect(w, r, "/login?oauth=error&provider="+name, http.StatusFound)
	}
	c, err := r.Cookie(oauthCookie)
	if err != nil {
		fail("no state cookie", err)
		return
	}
	state, verifier, _ := strings.Cut(c.Value, ".")
	q := r.URL.Query()
	if state == "" || subtle.ConstantTimeCompare([]byte(state), []byte(q.Get("state"))) != 1 {
		fail("state mismatch", nil)
		return
	}
	if q.Get("error") != "" || q.Get("code") == "" {
		fail("provider refused: "+q.Get("error"), nil)
		return
	}
	id, err := p.Identify(r.Context(), q.Get("code"), verifier)
	if err != nil {
		fail("identify", err)
		return
	}
	token, err := s.Auth.OAuthSignIn(r.Context(), clientOf(r.Context()), auth.ExternalIdentity{
		Provider: id.Provider, Subject: id.Subject, Email: id.Email, Name: id.Name, EmailVerified: id.EmailVerified})
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeInternal {
			slog.ErrorContext(r.Context(), "oauth sign-in", "err", err)
		}
		fail(string(domain.ErrorCode(err)), nil)
		return
	}
	cookie := s.sessionCookie(token)
	http.SetCookie(w, &cookie)
	http.Redirect(w, r, "/dashboard", http.StatusFound)
}
