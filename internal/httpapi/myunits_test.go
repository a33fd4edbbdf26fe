package httpapi_test

import (
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// myUnits lists the caller's units as "label|relation|confirmed|primary".
func myUnits(t *testing.T, c *client) []string {
	t.Helper()
	var out []string
	for _, u := range obItems(t, c.must(t, "GET", "/api/v1/my-units", nil, 200), "units") {
		s := func(k string) string {
			switch v := u[k].(type) {
			case string:
				return v
			case bool:
				if v {
					return "yes"
				}
				return "no"
			}
			return "?"
		}
		out = append(out, s("label")+"|"+s("relation")+"|"+s("confirmed")+"|"+s("primary"))
	}
	return out
}

// dirCard is a member's directory card: their derived role and every unit shown.
func dirCard(t *testing.T, c *client, email string) (role, units string) {
	t.Helper()
	role, us := dirUnits(t, c, email)
	for i, u := range us {
		us[i], _, _ = strings.Cut(u, ":")
	}
	return role, strings.Join(us, " · ")
}

// dirUnits is a member's directory card: their derived role and every unit shown as "label:relation".
func dirUnits(t *testing.T, c *client, email string) (string, []string) {
	t.Helper()
	for _, r := range obItems(t, c.must(t, "GET", "/api/v1/directory", nil, 200), "residents") {
		if r["email"] == email {
			var us []string
			for _, u := range r["units"].([]any) {
				m := u.(map[string]any)
				us = append(us, m["label"].(string)+":"+m["relation"].(string))
			}
			return r["role"].(string), us
		}
	}
	t.Fatalf("%s not in the directory", email)
	return "", nil
}

// Issue #21: a member belongs to more than one unit; an owner claim on a further unit gives no owner
// rights until an admin (or level-2 verification) confirms it, and the directory shows every confirmed unit.
func TestAMemberBelongsToFurtherUnitsConfirmedByAnAdmin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 2, "doors_per_floor": 2})
		admin.must(t, "POST", "/api/v1/community/units", map[string]any{"name": "Garaje 3", "kind": "garaje"}, 201)
		_, units := regUnits(t, admin)
		id := func(name string) string { return regFind(t, units, "", name)["id"].(string) }
		code := e.communityCode(t, admin)
		luis := e.obMember(t, "luis@example.es", code)
		luisID := luis.must(t, "GET", "/api/v1/profile", nil, 200)["id"].(string)
		luis.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": id("2º B")}, 200)
		if got := strings.Join(myUnits(t, luis), ","); got != "2º B|resident|yes|yes" {
			t.Fatalf("primary only: %s", got)
		}

		// A further unit claimed as owner: pending, no owner rights, not in the directory yet.
		r := luis.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("Garaje 3"), "relation": "owner"}, 200)
		if len(obItems(t, r, "units")) != 2 {
			t.Fatalf("added: %v", r)
		}
		if got := strings.Join(myUnits(t, luis), ","); got != "2º B|resident|yes|yes,Garaje 3|owner|no|no" {
			t.Fatalf("pending garage: %s", got)
		}
		if role, us := dirCard(t, admin, "luis@example.es"); role == "owner" || us != "2º B" {
			t.Fatalf("before confirmation luis is %s with %q", role, us)
		}
		// Already theirs: the primary or the same further unit again.
		obDetail(t, luis, "POST", "/api/v1/my-units", map[string]any{"unitId": id("Garaje 3")}, 409, "conflict", "Esa vivienda ya figura entre las tuyas")
		obDetail(t, luis, "POST", "/api/v1/my-units", map[string]any{"unitId": id("2º B"), "relation": "owner"}, 409, "conflict", "Esa vivienda ya figura entre las tuyas")

		// Eva claims the garage too; the claims are in the admins' 'Propietarios por confirmar' list.
		eva := e.obMember(t, "eva@example.es", code)
		eva.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("Garaje 3"), "relation": "owner"}, 200)
		claims := obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims")
		if len(claims) != 2 || claims[0]["unitLabel"] != "Garaje 3" {
			t.Fatalf("claims: %v", claims)
		}
		claimOf := func(email string) string {
			for _, c := range claims {
				if c["email"] == email {
					return c["id"].(string)
				}
			}
			t.Fatalf("no claim of %s", email)
			return ""
		}
		// Only an admin of this community confirms.
		obDetail(t, luis, "POST", "/api/v1/community/owner-claims/"+claimOf("luis@example.es")+"/review", map[string]any{"decision": "approved"}, 403, "forbidden",
			"Solo los administradores pueden acceder a esta sección")
		outsider := e.regAdmin(t, "otro@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 1})
		outsider.must(t, "POST", "/api/v1/community/owner-claims/"+claimOf("luis@example.es")+"/review", map[string]any{"decision": "approved"}, 404)

		obReview(t, admin, "owner-claims", claimOf("luis@example.es"), "approved", "")
		if got := strings.Join(myUnits(t, luis), ","); got != "2º B|resident|yes|yes,Garaje 3|owner|yes|no" {
			t.Fatalf("confirmed garage: %s", got)
		}
		if role, us := dirCard(t, admin, "luis@example.es"); role != "owner" || us != "2º B · Garaje 3" {
			t.Fatalf("after confirmation luis is %s with %q", role, us)
		}
		// The garage has its owner now: Eva's claim cannot be confirmed, and a new one is refused.
		obDetail(t, admin, "POST", "/api/v1/community/owner-claims/"+claimOf("eva@example.es")+"/review", map[string]any{"decision": "approved"}, 409, "conflict",
			"La vivienda ya tiene propietario")
		obReview(t, admin, "owner-claims", claimOf("eva@example.es"), "rejected", "")
		if got := myUnits(t, eva); len(got) != 0 {
			t.Fatalf("rejected claim stays: %v", got)
		}
		obDetail(t, eva, "POST", "/api/v1/my-units", map[string]any{"unitId": id("Garaje 3"), "relation": "owner"}, 409, "conflict",
			"La vivienda ya tiene propietario; si es un error, habla con un administrador")

		// Level-2 verification confirms an owner claim on a further unit too.
		eva.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("1º A"), "relation": "owner"}, 200)
		// (A code is for one member and one unit: the admin issues it for Eva and 1º A.)
		secret := admin.must(t, "POST", "/api/v1/community/verification-codes", map[string]any{"userId": eva.obID(t), "unitId": id("1º A")}, 201)["code"]
		eva.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": secret}, 200)
		// Without a unit she lives in, the unit she owns is her primary one (as in 'Mi vivienda').
		if got := strings.Join(myUnits(t, eva), ","); got != "1º A|owner|yes|yes" {
			t.Fatalf("verified owner: %s", got)
		}
		if role, us := dirCard(t, admin, "eva@example.es"); role != "owner" || us != "1º A" {
			t.Fatalf("verified eva is %s with %q", role, us)
		}

		// A resident relation is unconfirmed; removing a further unit drops it (and its ownership), not the primary.
		luis.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("1º B")}, 200)
		if got := strings.Join(myUnits(t, luis), ","); !strings.Contains(got, ",1º B|resident|no|no") {
			t.Fatalf("resident unit: %s", got)
		}
		// Only an admin confirms it; then it is in the directory.
		path := "/api/v1/community/resident-claims/" + id("1º B") + "/" + luisID + "/review"
		obDetail(t, luis, "GET", "/api/v1/community/resident-claims", nil, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		obDetail(t, luis, "POST", path, map[string]any{"decision": "approved"}, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		obDetail(t, outsider, "POST", path, map[string]any{"decision": "approved"}, 404, "not_found", "No se encontró la solicitud")
		if rc := obItems(t, admin.must(t, "GET", "/api/v1/community/resident-claims", nil, 200), "claims"); len(rc) != 1 || rc[0]["unitLabel"] != "1º B" || rc[0]["email"] != "luis@example.es" {
			t.Fatalf("resident claims: %v", rc)
		}
		if _, us := dirCard(t, admin, "luis@example.es"); us != "2º B · Garaje 3" {
			t.Fatalf("an unconfirmed resident unit is shown: %q", us)
		}
		admin.must(t, "POST", path, map[string]any{"decision": "approved"}, 204)
		obDetail(t, admin, "POST", path, map[string]any{"decision": "approved"}, 404, "not_found", "No se encontró la solicitud")
		if _, us := dirCard(t, admin, "luis@example.es"); !strings.Contains(us, "1º B") || !strings.HasPrefix(us, "2º B · ") {
			t.Fatalf("a confirmed resident unit is not shown: %q", us)
		}
		if role, _ := dirCard(t, admin, "luis@example.es"); role != "owner" {
			t.Fatalf("luis is %s", role)
		}
		luis.must(t, "DELETE", "/api/v1/my-units/"+id("1º B"), nil, 200)
		obDetail(t, luis, "DELETE", "/api/v1/my-units/"+id("2º B"), nil, 404, "not_found", "Esa vivienda no está entre tus otras viviendas")
		luis.must(t, "DELETE", "/api/v1/my-units/"+id("Garaje 3"), nil, 200)
		if role, us := dirCard(t, admin, "luis@example.es"); role == "owner" || us != "2º B" {
			t.Fatalf("after removing the garage luis is %s with %q", role, us)
		}
	})
}

func TestOnlyMembersOfTheCommunityClaimItsUnits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 2})
		outsider := e.regAdmin(t, "otro@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 1})
		_, units := regUnits(t, admin)
		_, theirs := regUnits(t, outsider)
		mine, other := units[0]["id"].(string), theirs[0]["id"].(string)
		luis := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		loner, anon := e.obLoner(t, "solo@example.es"), e.client()

		// Another community's unit: 404, and nothing is recorded.
		obDetail(t, luis, "POST", "/api/v1/my-units", map[string]any{"unitId": other, "relation": "owner"}, 404, "not_found", "No se encontró la vivienda")
		outsider.must(t, "DELETE", "/api/v1/my-units/"+mine, nil, 404)
		if got := myUnits(t, luis); len(got) != 0 {
			t.Fatalf("luis's units: %v", got)
		}
		if n := len(obItems(t, outsider.must(t, "GET", "/api/v1/community/owner-claims", nil, 200), "claims")); n != 0 {
			t.Fatalf("outsider's claims: %d", n)
		}
		for _, ep := range []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/v1/my-units", nil},
			{"POST", "/api/v1/my-units", map[string]any{"unitId": mine}},
			{"DELETE", "/api/v1/my-units/" + mine, nil},
			{"GET", "/api/v1/community/resident-claims", nil},
			{"POST", "/api/v1/community/resident-claims/" + mine + "/x/review", map[string]any{"decision": "approved"}},
		} {
			obDetail(t, anon, ep.method, ep.path, ep.body, 401, "unauthorized", anonDetail(t, anon, ep.method, ep.path, ep.body))
			obDetail(t, loner, ep.method, ep.path, ep.body, 403, "forbidden", "No perteneces a ninguna comunidad")
		}
	})
}
