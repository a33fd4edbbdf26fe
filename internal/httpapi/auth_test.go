package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/auth"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

var linkRE = regexp.MustCompile(`https?://[^\s"<>]+\?token=([A-Za-z0-9]+)`)

// lastLink returns the token of the newest email sent to addr, read from the outbox as a user would
// read their inbox.
func (e *env) lastLink(t testing.TB, addr, path string) string {
	t.Helper()
	mails, err := e.db.ListMail(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.To == addr {
			if match := linkRE.FindStringSubmatch(m.Text); match != nil && strings.Contains(match[0], path) {
				return match[1]
			}
		}
	}
	t.Fatalf("no email with a %s link to %s", path, addr)
	return ""
}

func signUpBody(email, role string, meta map[string]any) map[string]any {
	m := map[string]any{"community_role": role}
	for k, v := range meta {
		m[k] = v
	}
	return map[string]any{"email": email, "password": "Secreto123", "fullName": "Ana López", "language": "es", "metadata": m, "acceptTerms": true}
}

// confirmedUser signs up, confirms through the emailed link and returns a signed-in client.
func (e *env) confirmedUser(t testing.TB, email string, meta map[string]any) *client {
	t.Helper()
	c := e.client()
	c.must(t, "POST", "/api/v1/auth/signup", signUpBody(email, "Propietario", meta), 201)
	me := c.must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": e.lastLink(t, email, "/confirm-email")}, 200)
	if meta["community_intent"] == "create" && me["role"] == "admin" {
		e.letInByCode(t, me["communityId"].(string))
	}
	return c
}

// letInByCode turns 'approval required' off for a community, as it is for the communities that existed
// before approval did: the tests of other features have their neighbours join with the code. (Directly
// in the database, so that no admin action is audited.)
func (e *env) letInByCode(t testing.TB, communityID string) {
	t.Helper()
	ctx := context.Background()
	c, err := e.db.CommunityByID(ctx, communityID)
	if err != nil {
		t.Fatal(err)
	}
	c.JoinApproval = false
	if ok, err := e.db.UpdateCommunity(ctx, c, e.clock(), errors.New("reference taken")); err != nil || !ok {
		t.Fatal(ok, err)
	}
}

func TestSignUpConfirmAndSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		c := e.client()
		body := signUpBody("ana@example.es", "Presidente", map[string]any{"community_intent": "create", "community_name": "Alcalá 12",
			"community_address": "Calle de Alcalá 12", "community_city": "Madrid", "community_postal_code": "28014"})
		c.must(t, "POST", "/api/v1/auth/signup", body, 201)
		if p := c.must(t, "POST", "/api/v1/auth/signup", body, 409); p["code"] != "email_taken" || p["detail"] != "Usuario ya registrado" {
			t.Fatalf("second sign-up: %v", p)
		}
		if r := c.must(t, "POST", "/api/v1/auth/check-email", map[string]any{"email": "ANA@example.es"}, 200); r["exists"] != true {
			t.Fatalf("check-email: %v", r)
		}
		p := c.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana@example.es", "password": "Secreto123"}, 403)
		if p["code"] != "email_not_confirmed" || p["detail"] != "Por favor, confirma tu email antes de iniciar sesión." {
			t.Fatalf("unconfirmed login: %v", p)
		}
		token := e.lastLink(t, "ana@example.es", "/confirm-email")
		me := c.must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": token}, 200)
		if me["emailConfirmed"] != true || me["role"] != "admin" || me["communityId"] == "" || me["fullName"] != "Ana López" {
			t.Fatalf("after confirmation: %v", me)
		}
		if c.cookie() == "" {
			t.Fatal("confirmation did not sign in")
		}
		c.must(t, "GET", "/api/v1/me", nil, 200)
		if p := e.client().must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": token}, 409); p["detail"] != "Tu email ya ha sido confirmado. Puedes iniciar sesión." {
			t.Fatalf("second confirmation: %v", p)
		}
		c.must(t, "POST", "/api/v1/auth/logout", nil, 204)
		c.must(t, "GET", "/api/v1/me", nil, 401)
		c.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana@example.es", "password": "mal"}, 401)
		c.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana@example.es", "password": "Secreto123"}, 200)
		c.must(t, "GET", "/api/v1/me", nil, 200)
	})
}

func TestInvitationCodeJoinsOnConfirmation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.confirmedUser(t, "presi@example.es", map[string]any{"community_intent": "create", "community_name": "Mayor 5",
			"community_address": "Calle Mayor 5", "community_city": "Madrid", "community_postal_code": "28013"})
		code := e.communityCode(t, admin)
		if got := e.client().must(t, "GET", "/api/v1/communities/lookup/"+strings.ToLower(code), nil, 200); got["name"] != "Mayor 5" || got["city"] != "Madrid" {
			t.Fatalf("lookup: %v", got)
		}
		if p := e.client().must(t, "GET", "/api/v1/communities/lookup/ZZZZZZZZ", nil, 404); p["detail"] != "No se encontró ninguna comunidad con este código" {
			t.Fatalf("unknown code: %v", p)
		}
		e.client().must(t, "POST", "/api/v1/auth/signup", signUpBody("x@example.es", "Inquilino", map[string]any{"invite_token": "ZZZZZZZZ"}), 404)
		vecina := e.confirmedUser(t, "vecina@example.es", map[string]any{"invite_token": code, "community_intent": "join"})
		if mails, _ := db.ListMail(context.Background(), 10); len(mails) == 0 || mails[0].To != "vecina@example.es" || !strings.Contains(mails[0].Text, "Mayor 5") {
			t.Errorf("the confirmation email does not name the community being joined")
		}
		me := vecina.must(t, "GET", "/api/v1/me", nil, 200)
		adminMe := admin.must(t, "GET", "/api/v1/me", nil, 200)
		if me["communityId"] != adminMe["communityId"] || me["role"] != "user" {
			t.Fatalf("joined as %v, admin %v", me, adminMe)
		}
		vecina.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": code}, 409)
	})
}

func TestLinksExpireAndNewerLinksVoidOlderOnes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		c := e.client()
		c.must(t, "POST", "/api/v1/auth/signup", signUpBody("luis@example.es", "Propietario", nil), 201)
		first := e.lastLink(t, "luis@example.es", "/confirm-email")
		c.must(t, "POST", "/api/v1/auth/resend", map[string]any{"email": "luis@example.es"}, 429) // one email a minute
		e.advance(61 * time.Second)
		c.must(t, "POST", "/api/v1/auth/resend", map[string]any{"email": "luis@example.es"}, 204)
		second := e.lastLink(t, "luis@example.es", "/confirm-email")
		if first == second {
			t.Fatal("resend reused the token")
		}
		if p := c.must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": first}, 400); p["code"] != "token_invalid" {
			t.Fatalf("superseded token: %v", p)
		}
		e.advance(25 * time.Hour)
		if p := c.must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": second}, 410); p["code"] != "token_expired" {
			t.Fatalf("expired token: %v", p)
		}
	})
}

func TestPasswordRecoveryEndsEverySession(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ana := e.confirmedUser(t, "ana@example.es", nil)
		anon := e.client()
		anon.must(t, "POST", "/api/v1/auth/forgot-password", map[string]any{"email": "nadie@example.es"}, 202)
		// Right after the confirmation email: a reset is another purpose, so it is not held back.
		anon.must(t, "POST", "/api/v1/auth/forgot-password", map[string]any{"email": "ana@example.es"}, 202)
		token := e.lastLink(t, "ana@example.es", "/reset-password")
		anon.must(t, "POST", "/api/v1/auth/reset-password/check", map[string]any{"token": token}, 204)
		anon.must(t, "POST", "/api/v1/auth/reset-password/check", map[string]any{"token": "nope"}, 400)
		if p := anon.must(t, "POST", "/api/v1/auth/reset-password", map[string]any{"token": token, "password": "corta"}, 422); p["detail"] != "La contraseña debe tener al menos 6 caracteres" {
			t.Fatalf("short password: %v", p)
		}
		anon.must(t, "POST", "/api/v1/auth/reset-password", map[string]any{"token": token, "password": "Nueva2026"}, 204)
		if p := anon.must(t, "POST", "/api/v1/auth/reset-password", map[string]any{"token": token, "password": "Otra2026"}, 400); p["detail"] != "El enlace de recuperación no es válido o ha expirado." {
			t.Fatalf("reused reset link: %v", p)
		}
		ana.must(t, "GET", "/api/v1/me", nil, 401) // the session from before the reset is gone
		e.client().must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana@example.es", "password": "Secreto123"}, 401)
		e.client().must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana@example.es", "password": "Nueva2026"}, 200)
	})
}

func TestChangePasswordKeepsThisSessionOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		here := e.confirmedUser(t, "ana@example.es", nil)
		there := e.client()
		there.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana@example.es", "password": "Secreto123"}, 200)
		here.must(t, "POST", "/api/v1/auth/change-password", map[string]any{"currentPassword": "mal", "newPassword": "Nueva2026"}, 401)
		here.must(t, "POST", "/api/v1/auth/change-password", map[string]any{"currentPassword": "Secreto123", "newPassword": "nueva"}, 422)
		here.must(t, "POST", "/api/v1/auth/change-password", map[string]any{"currentPassword": "Secreto123", "newPassword": "Nueva2026"}, 204)
		here.must(t, "GET", "/api/v1/me", nil, 200)
		there.must(t, "GET", "/api/v1/me", nil, 401)
		e.client().must(t, "POST", "/api/v1/auth/change-password", map[string]any{"currentPassword": "x", "newPassword": "Nueva2026!"}, 401)
	})
}

func TestSessionsExpireWhenIdle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		c := e.confirmedUser(t, "ana@example.es", nil)
		e.advance(6 * 24 * time.Hour)
		c.must(t, "GET", "/api/v1/me", nil, 200) // use keeps it alive
		e.advance(6 * 24 * time.Hour)
		c.must(t, "GET", "/api/v1/me", nil, 200)
		e.advance(auth.SessionIdle)
		c.must(t, "GET", "/api/v1/me", nil, 401)
	})
}

func TestSignUpRulesAreEnforcedByTheServer(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	c := e.client()
	for _, tc := range []struct {
		body   map[string]any
		detail string
	}{
		{map[string]any{"email": "no-es-email", "password": "Secreto123", "fullName": "Ana", "metadata": map[string]any{"community_role": "Inquilino"}}, "Email inválido"},
		{map[string]any{"email": "a@example.es", "password": "secreto123", "fullName": "Ana", "metadata": map[string]any{"community_role": "Inquilino"}}, "La contraseña debe tener entre 8 y 72 caracteres, con mayúsculas, minúsculas y números"},
		{map[string]any{"email": "a@example.es", "password": "Secreto123", "fullName": "  ", "metadata": map[string]any{"community_role": "Inquilino"}}, "Campos incompletos"},
		{map[string]any{"email": "a@example.es", "password": "Secreto123", "fullName": "Ana", "metadata": map[string]any{}}, "Selecciona tu rol en la comunidad"},
		{map[string]any{"email": "a@example.es", "password": "Secreto123", "fullName": "Ana", "metadata": map[string]any{"community_role": "Otros"}}, "Indica tu relación con la comunidad en los comentarios"},
		{map[string]any{"email": "a@example.es", "password": "Secreto123", "fullName": "Ana", "metadata": map[string]any{"community_role": "Inquilino", "catastral_reference": "4410205WJ0641S0001JX"}}, "La referencia catastral no es válida"},
		{map[string]any{"email": "a@example.es", "password": "Secreto123", "fullName": "Ana", "metadata": map[string]any{"community_role": "Inquilino"}}, "Debes aceptar los términos y condiciones para continuar"},
		{map[string]any{"email": "a@example.es", "password": "Secreto123", "fullName": "Ana", "metadata": map[string]any{"community_role": "Inquilino"}, "acceptTerms": false}, "Debes aceptar los términos y condiciones para continuar"},
	} {
		if p := c.must(t, "POST", "/api/v1/auth/signup", tc.body, 422); p["detail"] != tc.detail {
			t.Errorf("sign-up %v: detail %q, want %q", tc.body, p["detail"], tc.detail)
		}
	}
}

func TestRateLimitsSpeakSpanish(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	c := e.client()
	for range 10 {
		c.must(t, "POST", "/api/v1/auth/check-email", map[string]any{"email": "a@example.es"}, 200)
	}
	p := c.must(t, "POST", "/api/v1/auth/check-email", map[string]any{"email": "a@example.es"}, 429)
	if p["code"] != "rate_limited" || !strings.HasPrefix(p["detail"].(string), "Demasiados intentos.") {
		t.Fatalf("11th attempt: %v", p)
	}
}

func TestConcurrentConfirmationsSpendTheTokenOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.client().must(t, "POST", "/api/v1/auth/signup", signUpBody("ana@example.es", "Presidente", map[string]any{"community_intent": "create",
			"community_name": "Alcalá 12", "community_address": "Calle de Alcalá 12", "community_city": "Madrid", "community_postal_code": "28014"}), 201)
		token := e.lastLink(t, "ana@example.es", "/confirm-email")
		var wg sync.WaitGroup
		statuses := make(chan int, 4)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- e.client().status(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": token})
			}()
		}
		wg.Wait()
		close(statuses)
		ok := 0
		for s := range statuses {
			if s == http.StatusOK {
				ok++
			}
		}
		if ok != 1 {
			t.Fatalf("%d confirmations succeeded, want exactly 1", ok)
		}
	})
}
