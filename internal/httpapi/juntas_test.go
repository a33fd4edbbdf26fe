package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestAJuntasConvocatoriaCarriesTheDebtorsOnlyInOwnersCopies: over HTTP, with money's real debt report,
// the owner's copy of a convened junta lists the units in debt (art. 16.2 LPH), a tenant's does not; a
// tenant cannot take the attendance nor sign; another community and anonymous callers get nothing;
// attendance is refused before the junta's hour.
func TestAJuntasConvocatoriaCarriesTheDebtorsOnlyInOwnersCopies(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		c.quarterIssued(t)
		if len(debtUnits(t, c.admin.must(t, "GET", "/api/v1/money/debts", nil, 200))) == 0 {
			t.Skip("the first quarter is not yet overdue on 1 January")
		}
		first := c.e.clock().Add(48 * time.Hour).UTC().Format(time.RFC3339)
		j := c.admin.must(t, "POST", "/api/v1/juntas", map[string]any{"kind": "extraordinaria", "firstCall": first, "place": "Portal",
			"points": []any{map[string]any{"title": "Cambio del ascensor", "agreement": true}}}, 201)
		id := j["id"].(string)
		if j["status"] != "borrador" || c.owner.status(t, "GET", "/api/v1/juntas/"+id, nil) != 404 {
			t.Fatalf("a draft is the admins': %v", j)
		}
		c.admin.must(t, "POST", "/api/v1/juntas/"+id+"/convene", nil, 200)

		const heading = "Propietarios que no están al corriente"
		owner := c.owner.must(t, "GET", "/api/v1/juntas/"+id, nil, 200)
		if owner["isOwner"] != true || len(owner["debtors"].([]any)) != 4 || !strings.Contains(owner["convocatoria"].(string), heading) {
			t.Fatalf("the owner's copy: %v", owner)
		}
		tenant := c.tenant.must(t, "GET", "/api/v1/juntas/"+id, nil, 200)
		if tenant["isOwner"] != false || len(tenant["debtors"].([]any)) != 0 || strings.Contains(tenant["convocatoria"].(string), heading) {
			t.Fatalf("the tenant's copy names debtors: %v", tenant)
		}
		if got := items(c.tenant.must(t, "GET", "/api/v1/juntas", nil, 200)); len(got) != 1 {
			t.Fatalf("the tenant's list: %v", got)
		}
		c.anon.must(t, "GET", "/api/v1/juntas/"+id, nil, 401)
		c.outsider.must(t, "GET", "/api/v1/juntas/"+id, nil, 404)
		c.tenant.must(t, "PUT", "/api/v1/juntas/"+id+"/attendance/"+c.owner.userID(t), map[string]any{"status": "present"}, 403)
		c.tenant.must(t, "POST", "/api/v1/juntas/"+id+"/acta/sign", nil, 403)
		c.tenant.must(t, "GET", "/api/v1/juntas/"+id+"/notices", nil, 403)

		// Attendance waits for the junta's hour.
		c.admin.must(t, "PUT", "/api/v1/juntas/"+id+"/attendance/"+c.owner.userID(t), map[string]any{"status": "present"}, 409)
		c.e.advance(48 * time.Hour)
		panel := c.admin.must(t, "PUT", "/api/v1/juntas/"+id+"/attendance/"+c.owner.userID(t), map[string]any{"status": "present"}, 200)
		if q := panel["quorum"].(map[string]any); q["ownersIn"] != float64(1) || q["cuotaIn"] != "25" {
			t.Fatalf("the panel: %v", panel)
		}
		// The proof of notice records the owner's opening of the convocatoria in the app.
		proof := c.admin.must(t, "GET", "/api/v1/juntas/"+id+"/notices", nil, 200)
		notices := proof["notices"].([]any)
		if len(notices) != 1 || notices[0].(map[string]any)["openedAt"] == nil || notices[0].(map[string]any)["queuedAt"] == nil {
			t.Fatalf("proof of notice: %v", proof)
		}
	})
}
