package httpapi_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"vecinos/internal/onboarding"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Issue #12, finding 1: searching gives a stranger nothing that lets them in; only an admin's approval does.
func TestSearchingACommunityGivesNoWayIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		ref := "4410205WJ0641S0001JH"
		admin.must(t, "PATCH", "/api/v1/community", map[string]any{"catastralReference": ref}, 200)
		id, code := e.obCommunityID(t, admin), e.communityCode(t, admin)
		mallory := e.obLoner(t, "mallory@example.es")

		// What a search answers: the name, the address, the city and an opaque choice — no id, no code.
		byRef := obItems(t, mallory.must(t, "GET", "/api/v1/onboarding/communities/by-reference?reference="+url.QueryEscape(obReference(t, "4410205WJ0641S0007")), nil, 200), "communities")
		found := []map[string]any{obFind(t, mallory, "Mayor 1"), byRef[0]}
		for _, m := range found {
			if len(m) != 4 || m["name"] != "Mayor 1" || m["address"] != "Calle Mayor 1" || m["city"] != "Madrid" {
				t.Fatalf("result: %v", m)
			}
			if c := m["choice"].(string); strings.Contains(c, id) || strings.Contains(c, code) {
				t.Fatalf("the choice gives the community away: %v", m)
			}
		}
		// The attack as it was: the community id and an owner claim to choose-unit.
		if st := mallory.status(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"communityId": id, "floor": "1", "door": "A", "owner": true}); st == 200 {
			t.Fatal("choose-unit with a community id was accepted")
		}
		// The id does not list the units either, and another user's choice is worth nothing.
		obDetail(t, mallory, "GET", "/api/v1/onboarding/communities/"+id+"/units", nil, 404, "not_found", "La búsqueda ha caducado. Vuelve a buscar tu comunidad.")
		eve := e.obLoner(t, "eve@example.es")
		obDetail(t, eve, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"choice": found[1]["choice"], "floor": "1", "door": "A"}, 404, "not_found",
			"La búsqueda ha caducado. Vuelve a buscar tu comunidad.")
		// A choice only sends a request: still no access.
		obRequestJoin(t, mallory, "Mayor 1", map[string]any{"floor": "1", "door": "A", "owner": true})
		for _, path := range []string{"/api/v1/incidents", "/api/v1/directory", "/api/v1/community", "/api/v1/channels"} {
			obDetail(t, mallory, "GET", path, nil, 403, "forbidden", "No perteneces a ninguna comunidad")
		}
		if p := mallory.must(t, "GET", "/api/v1/profile", nil, 200); p["communityId"] != nil {
			t.Fatalf("a request must not join: %v", p)
		}
		// A choice expires.
		units := "/api/v1/onboarding/communities/" + obFind(t, eve, "Mayor 1")["choice"].(string) + "/units"
		eve.must(t, "GET", units, nil, 200)
		e.advance(onboarding.PickTTL + time.Minute)
		obDetail(t, eve, "GET", units, nil, 404, "not_found", "La búsqueda ha caducado. Vuelve a buscar tu comunidad.")
	})
}

// A join request reaches that community's admins only; approving makes the requester a member (a
// resident of the unit asked for) and emails them; rejecting emails the reason.
func TestJoinRequestsAreReviewedByThatCommunitysAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		other := e.obAdmin(t, "otra@example.es", "Otra")
		neighbour := e.obMember(t, "vecino@example.es", e.communityCode(t, admin))
		eva, leo := e.obLoner(t, "eva@example.es"), e.obLoner(t, "leo@example.es")
		req := obRequestJoin(t, eva, "Mayor 1", map[string]any{"floor": "3", "door": "C"})
		id := req["id"].(string)

		list := obItems(t, admin.must(t, "GET", "/api/v1/community/join-requests?status=pending", nil, 200), "requests")
		if len(list) != 1 || list[0]["id"] != id || list[0]["email"] != "eva@example.es" || list[0]["unitLabel"] != "3 · C" {
			t.Fatalf("admin's queue: %v", list)
		}
		if list := obItems(t, other.must(t, "GET", "/api/v1/community/join-requests", nil, 200), "requests"); len(list) != 0 {
			t.Fatalf("another community's admin sees: %v", list)
		}
		obDetail(t, other, "POST", "/api/v1/community/join-requests/"+id+"/review", map[string]any{"decision": "approved"}, 404, "not_found", "No se encontró la solicitud")
		obDetail(t, neighbour, "GET", "/api/v1/community/join-requests", nil, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		obDetail(t, neighbour, "POST", "/api/v1/community/join-requests/"+id+"/review", map[string]any{"decision": "approved"}, 403, "forbidden",
			"Solo los administradores pueden acceder a esta sección")
		obDetail(t, eva, "POST", "/api/v1/community/join-requests/"+id+"/review", map[string]any{"decision": "approved"}, 403, "forbidden", "No perteneces a ninguna comunidad")

		// Approved: Eva is a member living in 3 · C, and is told so.
		if r := obReview(t, admin, "join-requests", id, "approved", ""); r["status"] != "approved" {
			t.Fatalf("approved: %v", r)
		}
		if subject, text := e.obMail(t, "eva@example.es"); subject != "Ya formas parte de tu comunidad en Vecinos" || !strings.Contains(text, "«Mayor 1»") ||
			!strings.Contains(text, "http://localhost:8080/verify") {
			t.Fatalf("approval email: %s\n%s", subject, text)
		}
		eva.must(t, "GET", "/api/v1/incidents", nil, 200)
		eva.must(t, "GET", "/api/v1/directory", nil, 200)
		if u := eva.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["unitNumber"] != "C" || u["floor"] != "3" || u["isOwner"] != false {
			t.Fatalf("eva's unit: %v", u)
		}
		if me := eva.must(t, "GET", "/api/v1/me", nil, 200); me["role"] != "user" {
			t.Fatalf("eva: %v", me)
		}
		obDetail(t, admin, "POST", "/api/v1/community/join-requests/"+id+"/review", map[string]any{"decision": "rejected"}, 409, "conflict", "Esta solicitud ya se ha revisado")

		// Rejected: Leo is told why, by email and in the app, and stays out.
		id = obRequestJoin(t, leo, "Mayor 1", map[string]any{"floor": "1", "door": "A"})["id"].(string)
		obReview(t, admin, "join-requests", id, "rejected", "No vive nadie con ese nombre en el 1º A")
		if subject, text := e.obMail(t, "leo@example.es"); subject != "Tu solicitud para unirte a la comunidad no se ha aprobado" ||
			!strings.Contains(text, "Motivo: No vive nadie con ese nombre en el 1º A") {
			t.Fatalf("rejection email: %s\n%s", subject, text)
		}
		mine := leo.must(t, "GET", "/api/v1/onboarding/join-request", nil, 200)["request"].(map[string]any)
		if mine["status"] != "rejected" || mine["note"] != "No vive nadie con ese nombre en el 1º A" || mine["communityName"] != "Mayor 1" {
			t.Fatalf("leo's request: %v", mine)
		}
		obDetail(t, leo, "GET", "/api/v1/incidents", nil, 403, "forbidden", "No perteneces a ninguna comunidad")
	})
}

// Saying one owns a unit gives no owner rights (the directory's Propietario, owners' announcements)
// until an admin confirms it, or until level-2 verification does.
func TestAnOwnerClaimGivesNoOwnerRightsUntilConfirmed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		code := e.communityCode(t, admin)
		luis, eva := e.obMember(t, "luis@example.es", code), e.obMember(t, "eva@example.es", code)
		role := func(email string) string {
			t.Helper()
			for _, r := range obItems(t, admin.must(t, "GET", "/api/v1/directory", nil, 200), "residents") {
				if r["email"] == email {
					return r["role"].(string)
				}
			}
			t.Fatalf("%s not in the directory", email)
			return ""
		}
		for _, c := range []*client{luis, eva} {
			c.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A", "owner": true}, 200)
		}
		// Both claim 1 · A, which nobody owns: residents until an admin confirms one of them.
		if u := luis.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["isOwner"] != false || u["ownerClaimPending"] != true || u["ownerId"] != nil {
			t.Fatalf("claimed unit: %v", u)
		}
		if r := role("luis@example.es"); r != "user" && r != "tenant" {
			t.Fatalf("luis is %s before confirmation", r)
		}
		claims := obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims")
		if len(claims) != 2 {
			t.Fatalf("claims: %v", claims)
		}
		for _, c := range claims {
			if c["email"] == "luis@example.es" {
				obReview(t, admin, "owner-claims", c["id"].(string), "approved", "")
			}
		}
		if r := role("luis@example.es"); r != "owner" {
			t.Fatalf("luis is %s once confirmed", r)
		}
		// The unit is owned now: Eva's claim cannot be confirmed.
		for _, c := range claims {
			if c["email"] == "eva@example.es" {
				obDetail(t, admin, "POST", "/api/v1/community/owner-claims/"+c["id"].(string)+"/review", map[string]any{"decision": "approved"}, 409, "conflict",
					"La vivienda ya tiene propietario")
			}
		}

		// Level-2 verification (an admin's code) confirms a claim.
		ana := e.obMember(t, "ana@example.es", code)
		ana.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "2", "door": "B", "owner": true}, 200)
		if r := role("ana@example.es"); r == "owner" {
			t.Fatal("ana is an owner before confirmation")
		}
		anaUnit := ana.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)["id"]
		secret := admin.must(t, "POST", "/api/v1/community/verification-codes", map[string]any{"userId": ana.obID(t), "unitId": anaUnit}, 201)["code"]
		ana.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": secret}, 200)
		if u := ana.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["isOwner"] != true || u["ownerClaimPending"] != false {
			t.Fatalf("verified owner's unit: %v", u)
		}
	})
}

// Issue #12, finding 10: only a unit's confirmed owner or an admin may change its number, floor or
// portal (the portal decides who gets portal announcements).
func TestOnlyTheOwnerOrAnAdminEditsAUnit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Mayor 1")
		code := e.communityCode(t, admin)
		owner, tenant := e.obMember(t, "olga@example.es", code), e.obMember(t, "teo@example.es", code)
		owner.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A", "owner": true}, 200)
		claim := obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims")[0]
		obReview(t, admin, "owner-claims", claim["id"].(string), "approved", "")
		tenant.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A"}, 200)
		unitID := tenant.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)["id"].(string)
		admin.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": unitID}, 200)
		edit := map[string]any{"unitNumber": "A", "floor": "1", "building": "Portal 2"}

		if u := tenant.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["canEdit"] != false {
			t.Fatalf("tenant's view: %v", u)
		}
		obDetail(t, tenant, "PUT", "/api/v1/unit", edit, 403, "forbidden", "Solo el propietario de la vivienda o un administrador pueden modificarla")
		if u := tenant.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["building"] != nil {
			t.Fatalf("the tenant changed the unit: %v", u)
		}
		if u := owner.must(t, "PUT", "/api/v1/unit", edit, 200)["unit"].(map[string]any); u["building"] != "Portal 2" || u["canEdit"] != true {
			t.Fatalf("owner's edit: %v", u)
		}
		edit["building"] = "Portal 3"
		if u := admin.must(t, "PUT", "/api/v1/unit", edit, 200)["unit"].(map[string]any); u["building"] != "Portal 3" || u["isOwner"] != false {
			t.Fatalf("admin's edit: %v", u)
		}
	})
}
