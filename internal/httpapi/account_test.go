package httpapi_test

import (
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestAccountDeletionErasesTheUserButKeepsWhatOthersShare(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		code := e.communityCode(t, admin)
		luis := e.obMember(t, "luis@example.es", code)
		luis.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "3B", "floor": "3"}, 200)
		other := e.client() // a second session of Luis
		other.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "luis@example.es", "password": "Secreto123"}, 200)

		obDetail(t, luis, "POST", "/api/v1/account/delete", map[string]any{"password": "Incorrecta1"}, 401, "wrong_password", "La contraseña no es correcta")
		obDetail(t, luis, "POST", "/api/v1/account/delete", map[string]any{}, 422, "invalid", "Introduce tu contraseña para eliminar la cuenta")
		luis.must(t, "GET", "/api/v1/me", nil, 200) // a refused deletion does not sign out
		luis.must(t, "POST", "/api/v1/account/delete", map[string]any{"password": "Secreto123"}, 204)
		if luis.cookie() != "" {
			t.Fatal("the session cookie was not cleared")
		}
		other.must(t, "GET", "/api/v1/me", nil, 401) // every session ended
		e.client().must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "luis@example.es", "password": "Secreto123"}, 401)
		subject, text := e.obMail(t, "luis@example.es")
		if subject != "Tu cuenta de Vecinos ha sido eliminada" || !strings.Contains(text, "Alcalá 12") {
			t.Fatalf("goodbye email: %q %q", subject, text)
		}
		// The unit stays in the community, without owner; the member list no longer has Luis.
		units := obItems(t, admin.must(t, "GET", "/api/v1/onboarding/communities/"+e.obCommunityID(t, admin)+"/units", nil, 200), "units")
		if len(units) != 1 || units[0]["unitNumber"] != "3B" || units[0]["hasOwner"] != false {
			t.Fatalf("units: %v", units)
		}
		if ms := obItems(t, admin.must(t, "GET", "/api/v1/community/roles", nil, 200), "members"); len(ms) != 1 {
			t.Fatalf("members: %v", ms)
		}
		// The address is free again.
		e.obLoner(t, "luis@example.es")
	})
}

func TestAdminDeletionKeepsTheCommunityAndTheirReviews(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		luis := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		luis.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A"}, 200)
		unitID := luis.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)["id"]
		code := admin.must(t, "POST", "/api/v1/community/verification-codes", map[string]any{"userId": luis.obID(t), "unitId": unitID}, 201)["code"].(string)
		luis.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": code}, 200)
		admin.must(t, "POST", "/api/v1/account/delete", map[string]any{"password": "Secreto123"}, 204)
		v := luis.must(t, "GET", "/api/v1/verification", nil, 200)
		if v["level"] != 2.0 {
			t.Fatalf("verification after the reviewer left: %v", v)
		}
		if c := luis.must(t, "GET", "/api/v1/community", nil, 200); c["name"] != "Alcalá 12" {
			t.Fatalf("community: %v", c)
		}
	})
}
