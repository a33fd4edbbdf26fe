package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Issue #12: the holes an attacker found in accounts (docs/adr/0009-trust-model.md).

func login(email, password string) map[string]any {
	return map[string]any{"email": email, "password": password}
}

func TestGoogleSignInTakesOverAnUnconfirmedAccountCleanly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		// Someone registers Ana's address with a password of their choosing and a community of theirs;
		// Ana never confirms it.
		e.from("203.0.113.9").must(t, "POST", "/api/v1/auth/signup", signUpBody("ana@example.es", "Presidente",
			obCommunityMeta("Trampa", "Calle Falsa 1", "Madrid", nil)), 201)
		planted := e.lastLink(t, "ana@example.es", "/confirm-email")

		e.withGoogle(newFakeProvider(t, map[string]any{"sub": "g-ana", "email": "ana@example.es", "email_verified": true, "name": "Ana Real"}))
		ana := e.client()
		ana.signInWithGoogle(t)
		me := ana.must(t, "GET", "/api/v1/me", nil, 200)
		if me["email"] != "ana@example.es" || me["emailConfirmed"] != true || me["fullName"] != "Ana Real" || me["communityId"] != nil {
			t.Fatalf("Ana after signing in with Google: %v", me)
		}
		// The password chosen at registration no longer opens the account, and its link is void.
		e.from("203.0.113.9").must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Secreto123"), 401)
		e.client().must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": planted}, 400)
		if p := ana.must(t, "GET", "/api/v1/profile", nil, 200); p["hasPassword"] != false {
			t.Fatalf("profile: %v", p)
		}
		logs := e.logs.String()
		if !strings.Contains(logs, "unconfirmed account taken over") || !strings.Contains(logs, "user_id="+me["id"].(string)) ||
			!strings.Contains(logs, "provider=google") || strings.Contains(logs, "Secreto123") {
			t.Fatalf("the take-over is not logged as it should be:\n%s", logs)
		}
	})
}

func TestClientAddressComesFromTheTrustedProxy(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db) // the test server's loopback peer is a trusted proxy
		check := map[string]any{"email": "a@example.es"}
		a := e.from("203.0.113.9")
		for range 10 {
			a.must(t, "POST", "/api/v1/auth/check-email", check, 200)
		}
		a.must(t, "POST", "/api/v1/auth/check-email", check, 429)
		// Another neighbour behind the same proxy has their own limit...
		e.from("198.51.100.4").must(t, "POST", "/api/v1/auth/check-email", check, 200)
		// ...and a client cannot pick an address by prepending it: the proxy appends the real one.
		e.from("198.51.100.77, 203.0.113.9").must(t, "POST", "/api/v1/auth/check-email", check, 429)
	})
}

func TestNobodyCanLockTheOwnerOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.confirmedUser(t, "ana@example.es", nil)
		e.waits()
		attacker := e.from("203.0.113.9")
		for range 10 {
			attacker.must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Adivina123"), 401)
		}
		attacker.must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Adivina123"), 429)
		if w := e.waits(); len(w) != 0 {
			t.Fatalf("the first ten attempts waited %v", w)
		}
		// Ana, at home, signs in with her password.
		e.from("198.51.100.4").must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Secreto123"), 200)
		e.waits()

		// From many addresses, attempts on her email are slowed down more and more, never refused.
		for i := range 6 {
			e.from(fmt.Sprintf("192.0.2.%d", i+1)).must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Adivina123"), 401)
		}
		w := e.waits()
		if len(w) != 6 || !slices.IsSorted(w) || w[0] <= 0 || w[5] <= w[0] {
			t.Fatalf("waits of the attempts from other addresses: %v, want growing ones", w)
		}
		e.from("198.51.100.4").must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Secreto123"), 200)
		e.waits()
		// Attempts on other emails are not slowed down by the attack on Ana's.
		e.from("192.0.2.200").must(t, "POST", "/api/v1/auth/login", login("luis@example.es", "Adivina123"), 401)
		if w := e.waits(); len(w) != 0 {
			t.Fatalf("a sign-in to another email waited %v", w)
		}
	})
}

func TestResendAnswersTheSameWhetherOrNotTheAccountExists(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.confirmedUser(t, "confirmada@example.es", nil)
		e.client().must(t, "POST", "/api/v1/auth/signup", signUpBody("pendiente@example.es", "Inquilino", nil), 201)
		e.advance(time.Minute)
		c := e.client()
		for _, addr := range []string{"nadie@example.es", "confirmada@example.es", "pendiente@example.es"} {
			if status, body := c.do(t, "POST", "/api/v1/auth/resend", map[string]any{"email": addr}); status != 204 || len(body) != 0 {
				t.Errorf("resend to %s: %d %v, want 204 like the others", addr, status, body)
			}
		}
		for _, addr := range []string{"nadie@example.es", "confirmada@example.es", "pendiente@example.es"} {
			if p := c.must(t, "POST", "/api/v1/auth/resend", map[string]any{"email": addr}, 429); p["code"] != "rate_limited" {
				t.Errorf("second resend to %s within the minute: %v", addr, p)
			}
		}
		mails, _ := db.ListMail(t.Context(), 10)
		sent := map[string]int{}
		for _, m := range mails {
			sent[m.To]++
		}
		if sent["nadie@example.es"] != 0 || sent["confirmada@example.es"] != 1 || sent["pendiente@example.es"] != 2 {
			t.Fatalf("emails sent: %v", sent)
		}
	})
}

func TestTwoInstancesOverOnePostgresShareTheLimits(t *testing.T) {
	db := storetest.OpenPostgres(t)
	one, two := newEnv(t, db), newEnv(t, db)
	check := map[string]any{"email": "a@example.es"}
	for i := range 10 {
		[]*env{one, two}[i%2].from("203.0.113.9").must(t, "POST", "/api/v1/auth/check-email", check, 200)
	}
	one.from("203.0.113.9").must(t, "POST", "/api/v1/auth/check-email", check, 429)
	two.from("203.0.113.9").must(t, "POST", "/api/v1/auth/check-email", check, 429)
	two.from("198.51.100.4").must(t, "POST", "/api/v1/auth/check-email", check, 200)
}

func TestEmailChangeNeedsThePasswordWarnsTheOldAddressAndEndsOtherSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		here := e.confirmedUser(t, "ana@example.es", nil)
		there, phone := e.client(), e.client()
		there.must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Secreto123"), 200)
		phone.must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Secreto123"), 200)
		change := map[string]any{"email": "ana.nueva@example.es"}
		obDetail(t, here, "PATCH", "/api/v1/profile", change, 422, "invalid", "Introduce tu contraseña actual para cambiar el email")
		change["password"] = "Adivina123"
		obDetail(t, here, "PATCH", "/api/v1/profile", change, 401, "wrong_password", "La contraseña actual no es correcta")
		change["password"] = "Secreto123"
		if p := here.must(t, "PATCH", "/api/v1/profile", change, 200); p["pendingEmail"] != "ana.nueva@example.es" {
			t.Fatalf("profile: %v", p)
		}
		subject, text := e.obMail(t, "ana@example.es")
		if subject != "Aviso: se ha pedido cambiar el email de tu cuenta" || !strings.Contains(text, "ana.nueva@example.es") ||
			!strings.Contains(text, "/cancel-email-change?token=") {
			t.Fatalf("notice to the old address: %q\n%s", subject, text)
		}
		// Ana confirms on her phone: the session that asked and the phone's stay, the others end.
		phone.must(t, "POST", "/api/v1/auth/confirm-email-change", map[string]any{"token": e.lastLink(t, "ana.nueva@example.es", "/confirm-email-change")}, 200)
		here.must(t, "GET", "/api/v1/me", nil, 200)
		phone.must(t, "GET", "/api/v1/me", nil, 200)
		there.must(t, "GET", "/api/v1/me", nil, 401)
		// The cancel link of the notice is void once the change is done.
		e.client().must(t, "POST", "/api/v1/auth/cancel-email-change", map[string]any{"token": e.lastLink(t, "ana@example.es", "/cancel-email-change")}, 400)
	})
}

func TestEmailChangeCanBeCancelledFromTheOldAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ana := e.confirmedUser(t, "ana@example.es", nil)
		ana.must(t, "PATCH", "/api/v1/profile", map[string]any{"email": "otra@example.es", "password": "Secreto123"}, 200)
		confirm := e.lastLink(t, "otra@example.es", "/confirm-email-change")
		cancel := map[string]any{"token": e.lastLink(t, "ana@example.es", "/cancel-email-change")}
		e.client().must(t, "POST", "/api/v1/auth/cancel-email-change", cancel, 204) // from any browser: it is the mailbox that counts
		if p := ana.must(t, "GET", "/api/v1/profile", nil, 200); p["email"] != "ana@example.es" || p["pendingEmail"] != nil {
			t.Fatalf("profile after cancelling: %v", p)
		}
		obDetail(t, e.client(), "POST", "/api/v1/auth/confirm-email-change", map[string]any{"token": confirm}, 400, "token_invalid", "El enlace no es válido o ya se ha usado.")
		obDetail(t, e.client(), "POST", "/api/v1/auth/cancel-email-change", cancel, 400, "token_invalid", "El enlace no es válido o ya se ha usado.")
		ana.must(t, "GET", "/api/v1/me", nil, 200)
	})
}

func TestEmailChangePasswordGuessesAreLimited(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	ana := e.confirmedUser(t, "ana@example.es", nil)
	for range 10 {
		ana.must(t, "PATCH", "/api/v1/profile", map[string]any{"email": "otra@example.es", "password": "Adivina123"}, 401)
	}
	if p := ana.must(t, "PATCH", "/api/v1/profile", map[string]any{"email": "otra@example.es", "password": "Secreto123"}, 429); p["code"] != "rate_limited" {
		t.Fatalf("11th attempt: %v", p)
	}
}
