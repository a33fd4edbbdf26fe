package httpapi_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"vecinos/internal/oauth"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// fakeProvider is an OAuth 2 provider on loopback: it approves every sign-in as `user` and checks PKCE
// the way a real provider does.
type fakeProvider struct {
	srv        *httptest.Server
	mu         sync.Mutex
	challenges map[string]string // code → code_challenge
	user       map[string]any
}

func newFakeProvider(t *testing.T, user map[string]any) *fakeProvider {
	f := &fakeProvider{challenges: map[string]string{}, user: user}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /auth", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
			http.Error(w, "PKCE required", http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.challenges["code-1"] = q.Get("code_challenge")
		f.mu.Unlock()
		back, _ := url.Parse(q.Get("redirect_uri"))
		back.RawQuery = url.Values{"code": {"code-1"}, "state": {q.Get("state")}}.Encode()
		http.Redirect(w, r, back.String(), http.StatusFound)
	})
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		sum := sha256.Sum256([]byte(r.Form.Get("code_verifier")))
		f.mu.Lock()
		want := f.challenges[r.Form.Get("code")]
		f.mu.Unlock()
		if want == "" || base64.RawURLEncoding.EncodeToString(sum[:]) != want {
			http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"access_token":"at-1","token_type":"Bearer","expires_in":3600}`))
	})
	mux.HandleFunc("GET /userinfo", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer at-1" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		json.NewEncoder(w).Encode(f.user)
	})
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (e *env) withGoogle(f *fakeProvider) {
	p := oauth.Google("client-id", "secret", e.srv.URL+"/api/v1/auth/oauth/google/callback").
		WithEndpoints(f.srv.URL+"/auth", f.srv.URL+"/token", f.srv.URL+"/userinfo")
	e.oauth["google"] = p
}

// signInWithGoogle follows the browser's redirects and returns where it ended up.
func (c *client) signInWithGoogle(t *testing.T) string {
	t.Helper()
	res, err := c.http.Get(c.e.srv.URL + "/api/v1/auth/oauth/google/start")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.Request.URL.Path + "?" + res.Request.URL.RawQuery
}

func TestGoogleSignInCreatesAConfirmedAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.withGoogle(newFakeProvider(t, map[string]any{"sub": "g-123", "email": "Marta@Example.es", "email_verified": true, "name": "Marta Ruiz"}))
		c := e.client()
		if landed := c.signInWithGoogle(t); !strings.HasPrefix(landed, "/dashboard") {
			t.Fatalf("landed on %s, want /dashboard", landed)
		}
		me := c.must(t, "GET", "/api/v1/me", nil, 200)
		if me["email"] != "marta@example.es" || me["emailConfirmed"] != true || me["fullName"] != "Marta Ruiz" {
			t.Fatalf("me: %v", me)
		}
		again := e.client()
		again.signInWithGoogle(t)
		if again.must(t, "GET", "/api/v1/me", nil, 200)["id"] != me["id"] {
			t.Fatal("second Google sign-in made another account")
		}
	})
}

func TestGoogleSignInLinksTheAccountWithTheSameVerifiedEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		existing := e.confirmedUser(t, "ana@example.es", nil).must(t, "GET", "/api/v1/me", nil, 200)
		e.withGoogle(newFakeProvider(t, map[string]any{"sub": "g-9", "email": "ana@example.es", "email_verified": true, "name": "Ana"}))
		c := e.client()
		c.signInWithGoogle(t)
		if got := c.must(t, "GET", "/api/v1/me", nil, 200); got["id"] != existing["id"] {
			t.Fatalf("signed in as %v, want the existing account %v", got["id"], existing["id"])
		}
	})
}

func TestGoogleSignInRefusesAnUnverifiedEmail(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	e.confirmedUser(t, "ana@example.es", nil)
	e.withGoogle(newFakeProvider(t, map[string]any{"sub": "g-evil", "email": "ana@example.es", "email_verified": false}))
	c := e.client()
	if landed := c.signInWithGoogle(t); !strings.HasPrefix(landed, "/login?oauth=error") {
		t.Fatalf("landed on %s, want the login page with an error", landed)
	}
	c.must(t, "GET", "/api/v1/me", nil, 401)
}

func TestOAuthCallbackRefusesAForgedState(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	e.withGoogle(newFakeProvider(t, map[string]any{"sub": "g-1", "email": "a@example.es", "email_verified": true}))
	c := e.client()
	res, err := c.http.Get(e.srv.URL + "/api/v1/auth/oauth/google/callback?code=code-1&state=forged")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.Request.URL.Path != "/login" || c.cookie() != "" {
		t.Fatalf("forged callback ended at %s with a session %q", res.Request.URL, c.cookie())
	}
}

func TestUnconfiguredProviderIsOff(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	e.client().must(t, "GET", "/api/v1/auth/oauth/facebook/start", nil, 404)
	info := e.client().must(t, "GET", "/api/v1/app-info", nil, 200)
	if got := info["oauthProviders"]; len(got.([]any)) != 0 {
		t.Fatalf("app-info lists %v", got)
	}
	if info["supportEmail"] != "ayuda@vecinos.example" {
		t.Fatalf("app-info support address %v", info["supportEmail"])
	}
}
