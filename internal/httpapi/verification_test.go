package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestVerificationByDocumentIsReviewedByTheCommunityAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		luis := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		stranger := e.obAdmin(t, "fuera@example.es", "Otra")
		luisID := luis.obID(t)

		if v := luis.must(t, "GET", "/api/v1/verification", nil, 200); v["level"] != 1.0 || v["latest"] != nil {
			t.Fatalf("before: %v", v)
		}
		obDetail(t, luis, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document"}, 422, "invalid", "Necesitas adjuntar un documento para verificar")
		for _, bad := range []string{"verification-documents/" + admin.obID(t) + "/1.pdf", "avatars/" + luisID + "/1.png", "../etc/passwd"} {
			obDetail(t, luis, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document", "documentKey": bad}, 422, "invalid",
				"El documento no es válido. Vuelve a adjuntarlo.")
		}
		key, _ := luis.mustUpload(t, "verification-documents", testPDF, "escritura.pdf", "application/pdf")
		v := luis.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document", "documentKey": "/files/" + key}, 200)
		latest := v["latest"].(map[string]any)
		if v["level"] != 1.0 || latest["status"] != "pending" || latest["statusText"] != "Pendiente de revisión" || latest["documentUrl"] != "/files/"+key {
			t.Fatalf("submitted: %v", v)
		}
		// Only the community's admins see and decide it.
		obDetail(t, luis, "GET", "/api/v1/community/verifications?status=pending", nil, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		if rs := obItems(t, stranger.must(t, "GET", "/api/v1/community/verifications?status=pending", nil, 200), "requests"); len(rs) != 0 {
			t.Fatalf("another community's admin sees: %v", rs)
		}
		rs := obItems(t, admin.must(t, "GET", "/api/v1/community/verifications?status=pending", nil, 200), "requests")
		if len(rs) != 1 || rs[0]["email"] != "luis@example.es" || rs[0]["method"] != "document" {
			t.Fatalf("queue: %v", rs)
		}
		id := rs[0]["id"].(string)
		review := "/api/v1/community/verifications/" + id + "/review"
		obDetail(t, stranger, "POST", review, map[string]any{"decision": "approved"}, 404, "not_found", "No se encontró la solicitud de verificación")
		obDetail(t, luis, "POST", review, map[string]any{"decision": "approved"}, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		r := admin.must(t, "POST", review, map[string]any{"decision": "rejected", "note": "El documento no se lee"}, 200)
		if r["status"] != "rejected" || r["note"] != "El documento no se lee" {
			t.Fatalf("review: %v", r)
		}
		obDetail(t, admin, "POST", review, map[string]any{"decision": "approved"}, 409, "conflict", "Esta solicitud ya se ha revisado")
		v = luis.must(t, "GET", "/api/v1/verification", nil, 200)
		if latest := v["latest"].(map[string]any); v["level"] != 1.0 || latest["status"] != "rejected" || latest["statusText"] != "Rechazado" {
			t.Fatalf("after rejection: %v", v)
		}
		// A new document; approved this time.
		second, _ := luis.mustUpload(t, "verification-documents", testPNG, "recibo.png", "image/png")
		luis.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document", "documentKey": second}, 200)
		id = obItems(t, admin.must(t, "GET", "/api/v1/community/verifications?status=pending", nil, 200), "requests")[0]["id"].(string)
		admin.must(t, "POST", "/api/v1/community/verifications/"+id+"/review", map[string]any{"decision": "approved"}, 200)
		if v := luis.must(t, "GET", "/api/v1/verification", nil, 200); v["level"] != 2.0 || v["latest"].(map[string]any)["statusText"] != "Verificado" {
			t.Fatalf("after approval: %v", v)
		}
		// Luis is told each outcome by email, with the reason of the rejection.
		mails, err := db.ListMail(context.Background(), 100)
		if err != nil {
			t.Fatal(err)
		}
		told := map[string]string{}
		for _, m := range mails {
			if m.To == "luis@example.es" {
				told[m.Subject] = m.Text
			}
		}
		if text, ok := told["No hemos podido verificar tu vivienda"]; !ok || !strings.Contains(text, "Motivo: El documento no se lee") ||
			!strings.Contains(text, "http://localhost:8080/settings/my-community") {
			t.Errorf("rejection email: %q (all: %v)", text, told)
		}
		if _, ok := told["Tu vivienda ya está verificada en Vecinos"]; !ok {
			t.Errorf("no approval email (all: %v)", told)
		}
		if all := obItems(t, admin.must(t, "GET", "/api/v1/community/verifications", nil, 200), "requests"); len(all) != 2 {
			t.Fatalf("all requests: %v", all)
		}
	})
}

func TestVerificationByAdminCode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		code := e.communityCode(t, admin)
		luis := e.obMember(t, "luis@example.es", code)
		eva := e.obMember(t, "eva@example.es", code)
		stranger := e.obAdmin(t, "fuera@example.es", "Otra")

		luis.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"floor": "1", "door": "A"}, 200)
		unitID := luis.must(t, "GET", "/api/v1/unit", nil, 200)["unit"].(map[string]any)["id"]
		// A code is for one member and one unit.
		forLuis := map[string]any{"userId": luis.obID(t), "unitId": unitID}
		obDetail(t, luis, "POST", "/api/v1/community/verification-codes", forLuis, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		admin.must(t, "POST", "/api/v1/community/verification-codes", nil, 400)
		issued := admin.must(t, "POST", "/api/v1/community/verification-codes", forLuis, 201)
		secret := issued["code"].(string)
		if len(secret) < 6 || issued["expiresAt"] == nil {
			t.Fatalf("code: %v", issued)
		}
		obDetail(t, luis, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": "ABC12"}, 422, "invalid", "El código debe tener al menos 6 caracteres")
		obDetail(t, stranger, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": secret}, 422, "invalid", "El código no es válido o ha caducado")
		// Not Eva's: another member of the community cannot use it either.
		obDetail(t, eva, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": secret}, 422, "invalid", "El código no es válido o ha caducado")
		v := luis.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": " " + secret + " "}, 200)
		if v["level"] != 2.0 || v["latest"].(map[string]any)["method"] != "code" {
			t.Fatalf("verified by code: %v", v)
		}
		// Single use.
		obDetail(t, luis, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "code", "code": secret}, 422, "invalid", "El código no es válido o ha caducado")
	})
}
