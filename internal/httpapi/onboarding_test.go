package httpapi_test

import (
	"net/url"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestOnboardingWizardStoresProgressAndResumes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.confirmedUser(t, "presi@example.es", obCommunityMeta("Alcalá 12", "Calle de Alcalá 12", "Madrid",
			map[string]any{"street_type": "Calle", "street_name": "Alcalá", "street_number": "12"}))
		communityID := e.obCommunityID(t, admin)
		eva := e.obLoner(t, "eva@example.es")
		if p := eva.must(t, "GET", "/api/v1/profile", nil, 200); p["onboardingStep"] != nil || p["onboardingCompleted"] != false || p["communityId"] != nil {
			t.Fatalf("fresh profile: %v", p)
		}

		// /start
		obDetail(t, eva, "POST", "/api/v1/onboarding/start", map[string]any{"language": "ca", "privacyConsent": false}, 422, "invalid",
			"Debes aceptar la política de privacidad para continuar")
		p := eva.must(t, "POST", "/api/v1/onboarding/start", map[string]any{"language": "ca", "privacyConsent": true}, 200)
		if p["onboardingStep"] != "join" || p["language"] != "ca" || p["privacyAccepted"] != true {
			t.Fatalf("after start: %v", p)
		}
		// /join
		obDetail(t, eva, "POST", "/api/v1/onboarding/join", map[string]any{"relation": ""}, 422, "invalid", "Indica tu relación con la comunidad")
		obDetail(t, eva, "POST", "/api/v1/onboarding/join", map[string]any{"relation": "resident", "phone": "0034"}, 422, "invalid", "Número de teléfono inválido")
		p = eva.must(t, "POST", "/api/v1/onboarding/join", map[string]any{"relation": "resident", "phone": "+34600111222"}, 200)
		if p["onboardingStep"] != "find-community" || p["relation"] != "resident" || p["phone"] != "+34600111222" {
			t.Fatalf("after join: %v", p)
		}
		// Leaving and coming back (a new sign-in) resumes at the stored step.
		again := e.client()
		again.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "eva@example.es", "password": "Secreto123"}, 200)
		if p := again.must(t, "GET", "/api/v1/profile", nil, 200); p["onboardingStep"] != "find-community" {
			t.Fatalf("resume: %v", p)
		}
		// /find-community by address, ignoring case and accents: a visitor sees the name, the address and
		// the city, and a choice token, never the community's id.
		q := url.Values{"province": {"madrid"}, "municipality": {"MADRID"}, "streetType": {"calle"}, "streetName": {"ALCALA"}, "number": {"12"}}
		found := obItems(t, eva.must(t, "GET", "/api/v1/onboarding/communities/by-address?"+q.Encode(), nil, 200), "communities")
		if len(found) != 1 || found[0]["name"] != "Alcalá 12" || found[0]["city"] != "Madrid" || found[0]["address"] != "Calle de Alcalá 12" ||
			found[0]["choice"] == "" || found[0]["choice"] == communityID || len(found[0]) != 4 {
			t.Fatalf("by address: %v", found)
		}
		choice := found[0]["choice"]
		// /choose-unit asks to join
		obDetail(t, eva, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"choice": choice}, 422, "invalid", "Debes seleccionar tu vivienda")
		obDetail(t, eva, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"choice": choice, "floor": "2"}, 422, "invalid", "Indica planta y puerta")
		units := obItems(t, eva.must(t, "GET", "/api/v1/onboarding/communities/"+choice.(string)+"/units", nil, 200), "units")
		if len(units) != 0 {
			t.Fatalf("units: %v", units)
		}
		out := eva.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"choice": choice, "floor": "2", "door": "B", "owner": true}, 200)
		req := out["joinRequest"].(map[string]any)
		if out["unit"] != nil || req["status"] != "pending" || req["communityName"] != "Alcalá 12" || req["unitLabel"] != "2 · B" || req["ownerClaim"] != true ||
			out["me"].(map[string]any)["communityId"] != nil {
			t.Fatalf("choose unit: %v", out)
		}
		if mine := eva.must(t, "GET", "/api/v1/onboarding/join-request", nil, 200)["request"].(map[string]any); mine["id"] != req["id"] {
			t.Fatalf("my request: %v", mine)
		}
		obReview(t, admin, "join-requests", req["id"].(string), "approved", "")
		p = eva.must(t, "GET", "/api/v1/profile", nil, 200)
		if p["onboardingStep"] != "verify" || p["communityId"] != communityID || p["unitId"] == nil {
			t.Fatalf("after approval: %v", p)
		}
		// Saying one owns the unit is a claim: a resident until an admin confirms it.
		mine := eva.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)
		if mine["id"] != p["unitId"] || mine["isOwner"] != false || mine["ownerClaimPending"] != true || mine["ownerName"] != nil {
			t.Fatalf("my unit: %v", mine)
		}
		claims := obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims")
		if len(claims) != 1 || claims[0]["unitLabel"] != "2 · B" {
			t.Fatalf("claims: %v", claims)
		}
		obReview(t, admin, "owner-claims", claims[0]["id"].(string), "approved", "")
		mine = eva.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)
		if mine["isOwner"] != true || mine["ownerClaimPending"] != false || mine["ownerName"] != "Ana López" {
			t.Fatalf("my unit once confirmed: %v", mine)
		}
		// A second neighbour choosing the same floor and door lands in the same unit, which keeps its owner.
		leo := e.obLoner(t, "leo@example.es")
		found = obItems(t, leo.must(t, "GET", "/api/v1/onboarding/communities/by-address?"+q.Encode(), nil, 200), "communities")
		req = leo.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"choice": found[0]["choice"], "floor": "2", "door": "b", "owner": true}, 200)["joinRequest"].(map[string]any)
		obReview(t, admin, "join-requests", req["id"].(string), "approved", "")
		if u := leo.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["id"] != mine["id"] || u["isOwner"] != false || u["ownerClaimPending"] != false {
			t.Fatalf("leo's unit: %v", u)
		}
		// /verify (auto) then /done
		if v := eva.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "auto"}, 200); v["level"] != 1.0 || v["latest"] != nil {
			t.Fatalf("verify auto: %v", v)
		}
		if p := eva.must(t, "GET", "/api/v1/profile", nil, 200); p["onboardingStep"] != "done" {
			t.Fatalf("after verify: %v", p)
		}
		obDetail(t, eva, "POST", "/api/v1/onboarding/done", map[string]any{"displayName": " ", "rulesAccepted": true}, 422, "invalid", "El nombre es requerido")
		obDetail(t, eva, "POST", "/api/v1/onboarding/done", map[string]any{"displayName": "Eva", "rulesAccepted": false}, 422, "invalid",
			"Debes aceptar las normas de la comunidad para continuar")
		p = eva.must(t, "POST", "/api/v1/onboarding/done", map[string]any{"displayName": " Eva Ruiz ", "avatarUrl": "/files/avatars/a.png", "rulesAccepted": true}, 200)
		if p["onboardingCompleted"] != true || p["onboardingStep"] != nil || p["fullName"] != "Eva Ruiz" || p["avatarUrl"] != "/files/avatars/a.png" || p["rulesAccepted"] != true {
			t.Fatalf("after done: %v", p)
		}
		obDetail(t, eva, "PUT", "/api/v1/onboarding/step", map[string]any{"step": "join"}, 409, "conflict", "Ya has completado el registro")
	})
}

func TestFindCommunityByCatastralReferenceMatchesTheParcel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		e.obAdmin(t, "otro@example.es", "Otra finca")
		ref := "4410205WJ0641S0001JH" // unit 0001 of parcel 4410205WJ0641S
		admin.must(t, "PATCH", "/api/v1/community", map[string]any{"catastralReference": obSpaced(ref)}, 200)
		eva := e.obLoner(t, "eva@example.es")

		// Another unit of the same building finds the community; spaces and lower case do not matter.
		sibling := obReference(t, "4410205WJ0641S0007")
		found := obItems(t, eva.must(t, "GET", "/api/v1/onboarding/communities/by-reference?reference="+url.QueryEscape(obSpaced(sibling)), nil, 200), "communities")
		if len(found) != 1 || found[0]["name"] != "Alcalá 12" {
			t.Fatalf("by reference: %v", found)
		}
		// Wrong check letters are refused; another parcel finds nothing.
		obDetail(t, eva, "GET", "/api/v1/onboarding/communities/by-reference?reference=4410205WJ0641S0001AA", nil, 422, "invalid", "La referencia catastral no es válida")
		obDetail(t, eva, "GET", "/api/v1/onboarding/communities/by-reference?reference=4410205WJ0641", nil, 422, "invalid", "La referencia catastral no es válida")
		if found := obItems(t, eva.must(t, "GET", "/api/v1/onboarding/communities/by-reference?reference=2339507DG6023N0009FO", nil, 200), "communities"); len(found) != 0 {
			t.Fatalf("other parcel: %v", found)
		}
	})
}

func TestFindCommunityByAddressIgnoresAccentsAndNeedsTheTown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		// Structured address (registration knows street type, name and number)…
		e.confirmedUser(t, "a@example.es", obCommunityMeta("Ñandú 3", "Plaza del Ñandú 3", "Móstoles",
			map[string]any{"street_type": "Plaza", "street_name": "del Ñandú", "street_number": "3"}))
		// …and one created with a free-text address only.
		free := e.obLoner(t, "b@example.es")
		free.must(t, "POST", "/api/v1/communities", map[string]any{"name": "Real 7", "address": "Calle Real, 7", "city": "Ávila", "postalCode": "05001"}, 201)
		// …and one created from the wizard's address form.
		wiz := e.obLoner(t, "c@example.es")
		wiz.must(t, "POST", "/api/v1/communities", map[string]any{"name": "Mayor 70", "address": "Calle Mayor 70", "city": "Alcalá de Henares",
			"postalCode": "28801", "province": "Madrid", "streetType": "Calle", "streetName": "Mayor", "streetNumber": "70"}, 201)
		eva := e.obLoner(t, "eva@example.es")
		search := func(province, town, kind, street, number string) []map[string]any {
			q := url.Values{"province": {province}, "municipality": {town}, "streetType": {kind}, "streetName": {street}, "number": {number}}
			return obItems(t, eva.must(t, "GET", "/api/v1/onboarding/communities/by-address?"+q.Encode(), nil, 200), "communities")
		}
		for _, c := range []struct {
			province, town, kind, street, number, want string
		}{
			{"Madrid", "mostoles", "PLAZA", "nandu", "3", "Ñandú 3"},
			{"Madrid", "MÓSTOLES", "Plaza", "Ñandú", "3", "Ñandú 3"},
			{"Madrid", "Móstoles", "Plaza", "Ñandú", "4", ""},
			{"Madrid", "Getafe", "Plaza", "Ñandú", "3", ""},
			{"Ávila", "avila", "Calle", "real", "7", "Real 7"},
			{"Ávila", "avila", "Calle", "real", "77", ""},
			{"madrid", "alcala de henares", "calle", "mayor", "70", "Mayor 70"},
			{"Toledo", "alcala de henares", "calle", "mayor", "70", ""},
		} {
			found := search(c.province, c.town, c.kind, c.street, c.number)
			switch {
			case c.want == "" && len(found) != 0, c.want != "" && (len(found) != 1 || found[0]["name"] != c.want):
				t.Errorf("%v: found %v", c, found)
			}
		}
		q := url.Values{"province": {"Madrid"}, "municipality": {"Madrid"}, "streetType": {"Calle"}, "streetName": {"Mayor"}, "number": {""}}
		obDetail(t, eva, "GET", "/api/v1/onboarding/communities/by-address?"+q.Encode(), nil, 422, "invalid", "El número es obligatorio")
	})
}

func TestChooseUnitInAnotherCommunityIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a := e.obAdmin(t, "a@example.es", "A")
		b := e.obAdmin(t, "b@example.es", "B")
		bID := e.obCommunityID(t, b)
		choice := obFind(t, a, "B")["choice"]
		obDetail(t, a, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"choice": choice, "floor": "1", "door": "A"}, 409, "conflict", "Ya perteneces a una comunidad")
		obDetail(t, a, "GET", "/api/v1/onboarding/communities/"+bID+"/units", nil, 403, "forbidden", "Ya perteneces a otra comunidad")
		// Their own community needs no choice.
		a.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A"}, 200)
		eva := e.obLoner(t, "eva@example.es")
		obDetail(t, eva, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"choice": "nope", "floor": "1", "door": "A"}, 404, "not_found",
			"La búsqueda ha caducado. Vuelve a buscar tu comunidad.")
		obDetail(t, eva, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A"}, 422, "invalid", "Busca tu comunidad antes de elegir tu vivienda")
		choice = obFind(t, eva, "B")["choice"]
		obDetail(t, eva, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"choice": choice, "unitId": "nope"}, 404, "not_found", "No se encontró la vivienda")
		if p := eva.must(t, "GET", "/api/v1/profile", nil, 200); p["communityId"] != nil {
			t.Fatalf("a failed choice must not join: %v", p)
		}
	})
}
