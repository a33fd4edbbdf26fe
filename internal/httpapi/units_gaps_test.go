package httpapi_test

import (
	"slices"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// importMissing imports csv and returns what it removed and the units not in the file still there.
func importMissing(t *testing.T, admin *client, csv string, remove bool) (added, removed float64, missing []string) {
	t.Helper()
	r := admin.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": csv, "removeMissing": remove}, 200)
	for _, m := range r["missing"].([]any) {
		missing = append(missing, m.(string))
	}
	return r["added"].(float64), r["removed"].(float64), missing
}

// Issue #21: an import lists the units of the registry its file does not have; asked to, it removes the
// empty ones, and never one somebody lives in (as primary or further unit) or owns; still all or nothing.
func TestCSVImportListsTheUnitsMissingFromTheFileAndRemovesOnlyEmptyOnes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 2, "portals_count": 2})
		_, units := regUnits(t, admin)
		code := e.communityCode(t, admin)
		luis := e.obMember(t, "luis@example.es", code)
		luis.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": regFind(t, units, "Portal 1", "1º B")["id"]}, 200)
		// Eva has no home of her own here, only a further unit she claims to live in.
		eva := e.obMember(t, "eva@example.es", code)
		p2a := regFind(t, units, "Portal 2", "1º A")["id"].(string)
		eva.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": p2a}, 200)
		// A further member makes a unit occupied: removing it by hand is refused too.
		obDetail(t, admin, "DELETE", "/api/v1/community/units/"+p2a, nil, 409, "conflict",
			"No se puede eliminar «Portal 2 · 1º A»: tiene vecinos o propietario. Fusiónala con otra unidad para trasladarlos")
		if u := regFind(t, obItems(t, admin.must(t, "GET", "/api/v1/community/units", nil, 200), "units"), "Portal 2", "1º A"); u["residents"] != 1.0 {
			t.Fatalf("further member not counted: %v", u)
		}

		file := "portal;nombre\nPortal 1;1º A\nPortal 3;Local 1\n"
		added, removed, missing := importMissing(t, admin, file, false)
		if added != 1 || removed != 0 || !slices.Equal(missing, []string{"Portal 1 · 1º B", "Portal 2 · 1º A", "Portal 2 · 1º B"}) {
			t.Fatalf("import: added %v removed %v missing %v", added, removed, missing)
		}
		if _, units = regUnits(t, admin); len(units) != 5 {
			t.Fatalf("an import without removeMissing removed units: %v", regLabels(units))
		}
		// A faulty file removes nothing either.
		p := admin.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": file + "Portal 3;;;x;abc\n", "removeMissing": true}, 422)
		if p["detail"] != "El CSV tiene un error; no se ha importado nada" {
			t.Fatalf("faulty import: %v", p)
		}
		if _, units = regUnits(t, admin); len(units) != 5 {
			t.Fatalf("a refused import removed units: %v", regLabels(units))
		}
		// Asked to, it removes the empty unit only; the occupied ones stay, listed.
		added, removed, missing = importMissing(t, admin, file, true)
		if added != 0 || removed != 1 || !slices.Equal(missing, []string{"Portal 1 · 1º B", "Portal 2 · 1º A"}) {
			t.Fatalf("import removing: added %v removed %v missing %v", added, removed, missing)
		}
		_, units = regUnits(t, admin)
		if got := regLabels(units); !slices.Equal(got, []string{"Portal 1||1º A", "Portal 1||1º B", "Portal 2||1º A", "Portal 3||Local 1"}) {
			t.Fatalf("after removing: %v", got)
		}
	})
}

// Issue #21: a unit a member (not an admin) gives in 'Mi vivienda' that the registry does not list waits
// for an admin to accept it, as in /choose-unit; one the registry lists becomes their home as it is.
func TestAUnitGivenInMyUnitWaitsForAnAdminUnlessListed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 1})
		_, units := regUnits(t, admin)
		listed := regFind(t, units, "", "1º A")
		code := e.communityCode(t, admin)
		luis, eva := e.obMember(t, "luis@example.es", code), e.obMember(t, "eva@example.es", code)

		luis.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "Ático", "floor": "5"}, 200)
		news := obItems(t, admin.must(t, "GET", "/api/v1/community/new-units", nil, 200), "units")
		if len(news) != 1 || news[0]["unitLabel"] != "5 · Ático" || news[0]["email"] != "luis@example.es" {
			t.Fatalf("new units: %v", news)
		}
		claims := obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims")
		if len(claims) != 1 || claims[0]["newUnit"] != true {
			t.Fatalf("claims: %v", claims)
		}

		// The registry's '1º A', typed in another case: her home is that unit, nothing new to accept.
		u := eva.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "1º a", "floor": "1º"}, 200)["unit"].(map[string]any)
		if u["id"] != listed["id"] || u["ownerClaimPending"] != true {
			t.Fatalf("eva's unit: %v, want the registry's %v", u, listed["id"])
		}
		if news := obItems(t, admin.must(t, "GET", "/api/v1/community/new-units", nil, 200), "units"); len(news) != 1 {
			t.Fatalf("a listed unit became a new one: %v", news)
		}

		// An admin's own unit is in the registry at once.
		admin.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "Portería", "floor": "Bajo"}, 200)
		if news := obItems(t, admin.must(t, "GET", "/api/v1/community/new-units", nil, 200), "units"); len(news) != 1 {
			t.Fatalf("the admin's unit waits: %v", news)
		}
		admin.must(t, "POST", "/api/v1/community/new-units/"+news[0]["id"].(string)+"/review", map[string]any{"decision": "approved"}, 200)
		if news := obItems(t, admin.must(t, "GET", "/api/v1/community/new-units", nil, 200), "units"); len(news) != 0 {
			t.Fatalf("accepted unit still waits: %v", news)
		}
	})
}

// Issue #21: registry edits, claims and their review, and invitations reach the open screens of the
// community at once, as a 'change' of area 'units' (ADR 0006 addendum), and no other community's.
func TestRegistryClaimAndInvitationChangesGoLive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 2})
		outsider := e.regAdmin(t, "otro@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 1})
		luis := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		luisID := luis.must(t, "GET", "/api/v1/profile", nil, 200)["id"].(string)
		mine, theirs := openStream(t, e.srv.URL, admin.cookie(), ""), openStream(t, e.srv.URL, outsider.cookie(), "")
		mine.next(t, "unread")
		theirs.next(t, "unread")
		changed := func(what, id string) {
			t.Helper()
			ev := mine.next(t, "change")
			if ev.Data["area"] != "units" || (id != "" && ev.Data["id"] != id) {
				t.Fatalf("%s: change %v", what, ev.Data)
			}
		}

		r := admin.must(t, "POST", "/api/v1/community/units", map[string]any{"name": "Garaje 1", "kind": "garaje"}, 201)
		garage := regFind(t, obItems(t, r, "units"), "", "Garaje 1")["id"].(string)
		changed("a unit added", garage)
		luis.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": garage, "relation": "tenant"}, 200)
		changed("a claim", garage)
		admin.must(t, "POST", "/api/v1/community/resident-claims/"+garage+"/"+luisID+"/review", map[string]any{"decision": "approved"}, 204)
		changed("a claim confirmed", garage)
		inv := ivInvite(t, admin, "vecina@example.es", nil)
		changed("an invitation", inv["id"].(string))
		admin.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": "nombre\nLocal 1\n"}, 200)
		changed("an import", "")
		theirs.quiet(t, 300*time.Millisecond)
	})
}
