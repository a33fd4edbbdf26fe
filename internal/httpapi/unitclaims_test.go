package httpapi_test

import (
	"slices"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Issue #21: a member says how they live in a further unit (tenant, family, or just resident); the admin
// confirms it, correcting the kind if needed, never making an owner of them; the directory shows each
// unit with its relation; and the member is emailed the decision, on an owner claim too.
func TestFurtherUnitRelationsAndTheEmailsOfTheirDecision(t *testing.T) {
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

		obDetail(t, luis, "POST", "/api/v1/my-units", map[string]any{"unitId": id("1º A"), "relation": "okupa"}, 422, "invalid", "Los datos enviados no son válidos")
		luis.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("1º A"), "relation": "tenant"}, 200)
		luis.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("1º B"), "relation": "family"}, 200)
		luis.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("Garaje 3"), "relation": "owner"}, 200)
		if got := strings.Join(myUnits(t, luis), ","); got != "2º B|resident|yes|yes,1º A|tenant|no|no,1º B|family|no|no,Garaje 3|owner|no|no" {
			t.Fatalf("claimed: %s", got)
		}
		// The admins see the kind each claims; the owner claim is in 'Propietarios por confirmar'.
		var claimed []string
		for _, c := range obItems(t, admin.must(t, "GET", "/api/v1/community/resident-claims", nil, 200), "claims") {
			claimed = append(claimed, c["unitLabel"].(string)+":"+c["relation"].(string))
		}
		if !slices.Equal(claimed, []string{"1º A:tenant", "1º B:family"}) {
			t.Fatalf("resident claims: %v", claimed)
		}
		review := func(unit string) string {
			return "/api/v1/community/resident-claims/" + id(unit) + "/" + luisID + "/review"
		}
		// Confirming never makes an owner: that takes an owner claim.
		obDetail(t, admin, "POST", review("1º A"), map[string]any{"decision": "approved", "relation": "owner"}, 422, "invalid", "Los datos enviados no son válidos")
		// The admin corrects the kind while confirming: he lives in 1º A with his family, not as a tenant.
		admin.must(t, "POST", review("1º A"), map[string]any{"decision": "approved", "relation": "family"}, 204)
		if subject, text := e.obMail(t, "luis@example.es"); subject != "Confirmada: 1º A es una de tus viviendas" ||
			!strings.Contains(text, "ha confirmado tu solicitud sobre «1º A»") || !strings.Contains(text, "/settings/unit-info") {
			t.Fatalf("confirmation email: %q\n%s", subject, text)
		}
		admin.must(t, "POST", review("1º B"), map[string]any{"decision": "rejected"}, 204)
		if subject, text := e.obMail(t, "luis@example.es"); subject != "Tu solicitud sobre 1º B no se ha confirmado" || !strings.Contains(text, "no la ha confirmado") {
			t.Fatalf("rejection email: %q\n%s", subject, text)
		}
		if got := strings.Join(myUnits(t, luis), ","); got != "2º B|resident|yes|yes,1º A|family|yes|no,Garaje 3|owner|no|no" {
			t.Fatalf("reviewed: %s", got)
		}
		// Family is not a tenant: the directory's role stays Usuario, and each unit says how he is there.
		if role, us := dirUnits(t, admin, "luis@example.es"); role != "user" || !slices.Equal(us, []string{"2º B:resident", "1º A:family"}) {
			t.Fatalf("directory: %s %v", role, us)
		}

		// The owner claim's decision is emailed too.
		var claim string
		for _, c := range obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims") {
			if c["email"] == "luis@example.es" {
				claim = c["id"].(string)
			}
		}
		obReview(t, admin, "owner-claims", claim, "approved", "")
		if subject, _ := e.obMail(t, "luis@example.es"); subject != "Confirmada: Garaje 3 es una de tus viviendas" {
			t.Fatalf("owner confirmation email: %q", subject)
		}
		if role, us := dirUnits(t, admin, "luis@example.es"); role != "owner" || !slices.Equal(us, []string{"2º B:resident", "1º A:family", "Garaje 3:owner"}) {
			t.Fatalf("directory after the garage: %s %v", role, us)
		}

		// A confirmed tenant of a further unit is an Inquilino in the directory.
		eva := e.obMember(t, "eva@example.es", code)
		evaID := eva.must(t, "GET", "/api/v1/profile", nil, 200)["id"].(string)
		eva.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("1º B"), "relation": "tenant"}, 200)
		if role, _ := dirUnits(t, admin, "eva@example.es"); role != "user" {
			t.Fatalf("an unconfirmed tenant is %s", role)
		}
		admin.must(t, "POST", "/api/v1/community/resident-claims/"+id("1º B")+"/"+evaID+"/review", map[string]any{"decision": "approved"}, 204)
		if role, us := dirUnits(t, admin, "eva@example.es"); role != "tenant" || !slices.Equal(us, []string{"1º B:tenant"}) {
			t.Fatalf("confirmed tenant: %s %v", role, us)
		}
	})
}
