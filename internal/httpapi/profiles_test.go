package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestProfileSettingsRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ana := e.obAdmin(t, "ana@example.es", "Alcalá 12")
		p := ana.must(t, "GET", "/api/v1/profile", nil, 200)
		if p["fullName"] != "Ana López" || p["email"] != "ana@example.es" || p["contactVisible"] != false || p["role"] != "admin" ||
			p["phone"] != nil || p["pendingEmail"] != nil || p["hasPassword"] != true {
			t.Fatalf("profile: %v", p)
		}
		obDetail(t, ana, "PATCH", "/api/v1/profile", map[string]any{"fullName": "   "}, 422, "invalid", "El nombre es requerido")
		obDetail(t, ana, "PATCH", "/api/v1/profile", map[string]any{"fullName": strings.Repeat("a", 101)}, 422, "invalid", "El nombre es demasiado largo")
		for _, bad := range []string{"0612345678", "+0612345678", "1234567890123456", "+34abc", "++34600"} {
			obDetail(t, ana, "PATCH", "/api/v1/profile", map[string]any{"phone": bad}, 422, "invalid", "Número de teléfono inválido")
		}
		obDetail(t, ana, "PATCH", "/api/v1/profile", map[string]any{"email": "no-es-un-email"}, 422, "invalid", "Email inválido")
		obDetail(t, ana, "PATCH", "/api/v1/profile", map[string]any{"avatarUrl": "javascript:alert(1)"}, 422, "invalid", "La URL de la imagen no es válida")

		p = ana.must(t, "PATCH", "/api/v1/profile", map[string]any{"fullName": "  Ana María López  ", "phone": "+34 600 111 222",
			"avatarUrl": "/files/avatars/x.png", "contactVisible": true}, 200)
		if p["fullName"] != "Ana María López" || p["phone"] != "+34600111222" || p["avatarUrl"] != "/files/avatars/x.png" || p["contactVisible"] != true {
			t.Fatalf("after save: %v", p)
		}
		// Fields left out stay; an empty phone clears it.
		p = ana.must(t, "PATCH", "/api/v1/profile", map[string]any{"phone": ""}, 200)
		if p["phone"] != nil || p["fullName"] != "Ana María López" || p["contactVisible"] != true {
			t.Fatalf("after clearing the phone: %v", p)
		}
		if me := ana.must(t, "GET", "/api/v1/me", nil, 200); me["fullName"] != "Ana María López" {
			t.Fatalf("me: %v", me)
		}
	})
}

func TestEmailChangeAppliesOnlyAfterConfirmation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ana := e.obAdmin(t, "ana@example.es", "Alcalá 12")
		e.obLoner(t, "luis@example.es")

		obDetail(t, ana, "PATCH", "/api/v1/profile", map[string]any{"email": "LUIS@example.es", "password": "Secreto123"}, 409, "email_taken", "Email ya registrado")
		p := ana.must(t, "PATCH", "/api/v1/profile", map[string]any{"email": "Ana.Nueva@Example.es", "password": "Secreto123"}, 200)
		if p["email"] != "ana@example.es" || p["pendingEmail"] != "ana.nueva@example.es" {
			t.Fatalf("before confirming: %v", p)
		}
		// Until confirmed, the old address signs in and the new one does not.
		e.client().must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana.nueva@example.es", "password": "Secreto123"}, 401)
		e.client().must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana@example.es", "password": "Secreto123"}, 200)
		if subject, _ := e.obMail(t, "ana.nueva@example.es"); subject != "Confirma tu nuevo email" {
			t.Fatalf("subject %q", subject)
		}
		token := e.lastLink(t, "ana.nueva@example.es", "/confirm-email-change")
		obDetail(t, e.client(), "POST", "/api/v1/auth/confirm-email-change", map[string]any{"token": "nope"}, 400, "token_invalid", "El enlace no es válido o ya se ha usado.")

		// Confirming needs no session: the link may be opened anywhere.
		out := e.client().must(t, "POST", "/api/v1/auth/confirm-email-change", map[string]any{"token": token}, 200)
		if out["email"] != "ana.nueva@example.es" {
			t.Fatalf("confirm: %v", out)
		}
		if p := ana.must(t, "GET", "/api/v1/profile", nil, 200); p["email"] != "ana.nueva@example.es" || p["pendingEmail"] != nil {
			t.Fatalf("after confirming: %v", p)
		}
		e.client().must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana@example.es", "password": "Secreto123"}, 401)
		e.client().must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "ana.nueva@example.es", "password": "Secreto123"}, 200)
		e.client().must(t, "POST", "/api/v1/auth/confirm-email-change", map[string]any{"token": token}, 400)
	})
}

func TestEmailChangeRefusedWhenTheAddressWasTakenMeanwhile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ana := e.obAdmin(t, "ana@example.es", "Alcalá 12")
		ana.must(t, "PATCH", "/api/v1/profile", map[string]any{"email": "libre@example.es", "password": "Secreto123"}, 200)
		token := e.lastLink(t, "libre@example.es", "/confirm-email-change")
		e.obLoner(t, "libre@example.es")
		obDetail(t, e.client(), "POST", "/api/v1/auth/confirm-email-change", map[string]any{"token": token}, 409, "email_taken", "Email ya registrado")
		if p := ana.must(t, "GET", "/api/v1/profile", nil, 200); p["email"] != "ana@example.es" {
			t.Fatalf("profile: %v", p)
		}
	})
}

func TestEmailChangeLinkExpiresAfterADay(t *testing.T) {
	e := newEnv(t, storetest.OpenSQLite(t))
	ana := e.obAdmin(t, "ana@example.es", "Alcalá 12")
	ana.must(t, "PATCH", "/api/v1/profile", map[string]any{"email": "nueva@example.es", "password": "Secreto123"}, 200)
	token := e.lastLink(t, "nueva@example.es", "/confirm-email-change")
	e.advance(24*time.Hour + time.Second)
	e.client().must(t, "POST", "/api/v1/auth/confirm-email-change", map[string]any{"token": token}, 410)
}
