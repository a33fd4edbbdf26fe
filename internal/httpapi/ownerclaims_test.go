package httpapi_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"vecinos/internal/memberships"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// pendingOwnerClaims is the admins' list of pending owner claims of one member, by unit label.
func pendingOwnerClaims(t *testing.T, admin *client, email string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, c := range obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims") {
		if c["email"] == email {
			out[c["unitLabel"].(string)] = c
		}
	}
	return out
}

// claimOthers words a claim's "others" as "name:relation:confirmed" (confirmed yes/no), in their order.
func claimOthers(t *testing.T, claim map[string]any) []string {
	t.Helper()
	raw, ok := claim["others"].([]any)
	if !ok {
		t.Fatalf("the claim does not say who else is in the unit: %v", claim)
	}
	out := []string{}
	for _, x := range raw {
		o := x.(map[string]any)
		confirmed := "no"
		if o["confirmed"] == true {
			confirmed = "yes"
		}
		out = append(out, o["fullName"].(string)+":"+o["relation"].(string)+":"+confirmed)
	}
	return out
}

// Issue #33, finding 1: a tenant claims every ownerless unit and then redeems a verification code that
// an admin issued for somebody else, or has an unrelated document approved. Neither confirms a single
// claim: an owner claim is confirmed only by an admin's decision on it, or by a verification that names
// its unit; a code is for one person and one unit, once, until it expires; and the admins see who else
// lives in or owns the unit of each claim.
func TestATenantDoesNotBecomeTheOwnerOfEveryOwnerlessUnit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 2, "doors_per_floor": 4})
		_, units := regUnits(t, admin)
		id := func(name string) string { return regFind(t, units, "", name)["id"].(string) }
		code := e.communityCode(t, admin)
		named := func(email, name string) *client {
			c := e.obMember(t, email, code)
			c.must(t, "PATCH", "/api/v1/profile", map[string]any{"fullName": name}, 200)
			return c
		}
		olga, teo, ana, eva := named("olga@example.es", "Olga Ruiz"), named("teo@example.es", "Teo Gil"),
			named("ana@example.es", "Ana Sanz"), named("eva@example.es", "Eva Mora")
		teoID, anaID := teo.obID(t), ana.obID(t)

		// Olga owns 1º C (an admin confirmed it); Teo rents it from her; Ana lives in 2º A, which nobody owns.
		olga.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": id("1º C"), "owner": true}, 200)
		obReview(t, admin, "owner-claims", pendingOwnerClaims(t, admin, "olga@example.es")["1º C"]["id"].(string), "approved", "")
		teo.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": id("1º C")}, 200)
		ana.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": id("2º A")}, 200)
		if role, _ := dirCard(t, admin, "teo@example.es"); role != "tenant" {
			t.Fatalf("teo is %s", role)
		}

		// Teo says he owns each of the seven units that have no owner; Eva claims 2º D too.
		ownerless := []string{"1º A", "1º B", "1º D", "2º A", "2º B", "2º C", "2º D"}
		for _, u := range ownerless {
			teo.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id(u), "relation": "owner"}, 200)
		}
		eva.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("2º D"), "relation": "owner"}, 200)
		stillPending := func(want ...string) {
			t.Helper()
			claims := pendingOwnerClaims(t, admin, "teo@example.es")
			var got []string
			for u := range claims {
				got = append(got, u)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("teo's pending claims: %v, want %v", got, want)
			}
		}
		stillPending(ownerless...)

		// A code the admin issued for Ana and her flat: Teo cannot redeem it, and nothing of his is confirmed.
		issue := func(userID, unit string) string {
			t.Helper()
			return admin.must(t, "POST", "/api/v1/community/verification-codes", map[string]any{"userId": userID, "unitId": id(unit)}, 201)["code"].(string)
		}
		anas := issue(anaID, "2º A")
		obDetail(t, teo, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": anas}, 422, "invalid", "El código no es válido o ha caducado")
		stillPending(ownerless...)
		ana.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": anas}, 200)

		// An approved document of his own names his home, 1º C: none of his claims is confirmed by it.
		key, _ := teo.mustUpload(t, "verification-documents", testPDF, "contrato.pdf", "application/pdf")
		teo.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document", "documentKey": key}, 200)
		rs := obItems(t, admin.must(t, "GET", "/api/v1/community/verifications?status=pending", nil, 200), "requests")
		if len(rs) != 1 || rs[0]["unitNumber"] != "1º C" {
			t.Fatalf("verification queue: %v", rs)
		}
		obReview(t, admin, "verifications", rs[0]["id"].(string), "approved", "")
		if v := teo.must(t, "GET", "/api/v1/verification", nil, 200); v["level"] != 2.0 {
			t.Fatalf("teo's verification: %v", v)
		}
		stillPending(ownerless...)
		// He owns nothing: still a tenant, with none of the owners' rights.
		if role, us := dirCard(t, admin, "teo@example.es"); role != "tenant" || us != "1º C" {
			t.Fatalf("teo is %s of %q in the directory", role, us)
		}
		if got := strings.Join(myUnits(t, teo), ","); strings.Contains(got, "|owner|yes|") {
			t.Fatalf("teo's units: %s", got)
		}

		// The admins see, with each claim, who else lives in or owns its unit.
		claims := pendingOwnerClaims(t, admin, "teo@example.es")
		if got := claimOthers(t, claims["2º A"]); !slices.Equal(got, []string{"Ana Sanz:resident:yes"}) {
			t.Fatalf("others in 2º A: %v", got)
		}
		if got := claimOthers(t, claims["2º D"]); !slices.Equal(got, []string{"Eva Mora:owner:no"}) {
			t.Fatalf("others in 2º D: %v", got)
		}
		if got := claimOthers(t, claims["1º B"]); len(got) != 0 {
			t.Fatalf("others in 1º B: %v", got)
		}
		// A claim to live in a unit lists its owner and residents as well.
		eva.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("1º C"), "relation": "family"}, 200)
		rc := obItems(t, admin.must(t, "GET", "/api/v1/community/resident-claims", nil, 200), "claims")
		if len(rc) != 1 {
			t.Fatalf("resident claims: %v", rc)
		}
		if got := claimOthers(t, rc[0]); !slices.Equal(got, []string{"Olga Ruiz:owner:yes", "Teo Gil:tenant:yes"}) {
			t.Fatalf("others in 1º C: %v", got)
		}

		// A code for Teo and 2º B: not Eva's to use, it confirms his claim to 2º B only, and only once.
		teos := issue(teoID, "2º B")
		obDetail(t, eva, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": teos}, 422, "invalid", "El código no es válido o ha caducado")
		teo.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": teos}, 200)
		stillPending("1º A", "1º B", "1º D", "2º A", "2º C", "2º D")
		if got := strings.Join(myUnits(t, teo), ","); !strings.Contains(got, "2º B|owner|yes|no") || !strings.Contains(got, "2º C|owner|no|no") {
			t.Fatalf("teo's units: %s", got)
		}
		obDetail(t, teo, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": teos}, 422, "invalid", "El código no es válido o ha caducado")

		// A code for Teo and 2º C, redeemed after it expired: refused, the claim stays pending.
		late := issue(teoID, "2º C")
		e.advance(memberships.VerificationCodeTTL + time.Minute)
		teo, admin = e.ivLogin(t, "teo@example.es"), e.ivLogin(t, "presi@example.es") // sessions end after a month too
		obDetail(t, teo, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": late}, 422, "invalid", "El código no es válido o ha caducado")
		stillPending("1º A", "1º B", "1º D", "2º A", "2º C", "2º D")

		// An admin's approval of one claim confirms that claim only; the admins' list shows nothing as
		// approved that nobody decided.
		obReview(t, admin, "owner-claims", pendingOwnerClaims(t, admin, "teo@example.es")["2º C"]["id"].(string), "approved", "")
		stillPending("1º A", "1º B", "1º D", "2º A", "2º D")
		approved := 0
		for _, c := range obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=approved", nil, 200), "claims") {
			if c["email"] == "teo@example.es" {
				approved++
			}
		}
		if approved != 2 {
			t.Fatalf("teo's approved claims: %d, want 2 (2º B by its code, 2º C by the admin)", approved)
		}

		// A document names the sender's home: approved, it confirms her claim to own that unit, and only hers.
		eva = e.ivLogin(t, "eva@example.es")
		eva.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": id("1º D"), "owner": true}, 200)
		evaKey, _ := eva.mustUpload(t, "verification-documents", testPDF, "escritura.pdf", "application/pdf")
		eva.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document", "documentKey": evaKey}, 200)
		rs = obItems(t, admin.must(t, "GET", "/api/v1/community/verifications?status=pending", nil, 200), "requests")
		if len(rs) != 1 || rs[0]["unitNumber"] != "1º D" {
			t.Fatalf("verification queue: %v", rs)
		}
		obReview(t, admin, "verifications", rs[0]["id"].(string), "approved", "")
		if u := eva.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any); u["isOwner"] != true || u["ownerClaimPending"] != false {
			t.Fatalf("eva's home after her document: %v", u)
		}
		if got := pendingOwnerClaims(t, admin, "eva@example.es"); len(got) != 1 || got["2º D"] == nil {
			t.Fatalf("eva's other claim: %v", got)
		}
		stillPending("1º A", "1º B", "1º D", "2º A", "2º D")

		// The code is issued only by an admin, for a member and a unit of the community.
		obDetail(t, teo, "POST", "/api/v1/community/verification-codes", map[string]any{"userId": teoID, "unitId": id("1º A")}, 403, "forbidden",
			"Solo los administradores pueden acceder a esta sección")
		outsider := e.regAdmin(t, "otro@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 1})
		obDetail(t, outsider, "POST", "/api/v1/community/verification-codes", map[string]any{"userId": teoID, "unitId": id("1º A")}, 404, "not_found",
			"No se encontró el vecino")
		_, theirs := regUnits(t, outsider)
		obDetail(t, admin, "POST", "/api/v1/community/verification-codes", map[string]any{"userId": teoID, "unitId": theirs[0]["id"]}, 404, "not_found",
			"No se encontró la vivienda")
	})
}
