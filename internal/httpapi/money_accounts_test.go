package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testpdf"
)

// TestYearAccountsOverHTTP, on both engines: an admin reads last year's accounts, closes the year (its PDF
// filed in Documentos), downloads the PDF and approves the accounts; an expense dated in the closed year
// is refused; the owner then reads the approved accounts, the tenant only once the community opens them.
// The permission matrix: anonymous callers, users without a community, a tenant and an owner on the
// admins' routes, and another community get nothing of it.
func TestYearAccountsOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		last := c.year - 1
		y := fmt.Sprint(last)
		today := c.e.clock().Format("2006-01-02")
		base := "/api/v1/money/year-accounts/" + y
		c.admin.must(t, "POST", "/api/v1/money/accounts", map[string]any{"name": "Caja", "kind": "cash", "openingDate": y + "-01-01",
			"openingCents": 12345}, 201)
		acc := c.admin.must(t, "GET", base, nil, 200)
		if acc["year"] != float64(last) || acc["closed"] != nil || len(acc["accounts"].([]any)) != 1 {
			t.Fatalf("accounts %v", acc)
		}

		type call struct {
			method, path string
			body         map[string]any
		}
		adminRoutes := []call{{"GET", base, nil}, {"POST", base + "/close", nil}, {"POST", base + "/document", nil},
			{"POST", base + "/approve", map[string]any{"juntaDate": today}}, {"GET", base + "/pdf", nil},
			{"POST", base + "/corrections", map[string]any{"unitId": c.units["1º A"], "amountCents": 100, "note": "x"}},
			{"GET", "/api/v1/money/closed-years", nil}, {"GET", "/api/v1/money/closing-settings", nil},
			{"PUT", "/api/v1/money/closing-settings", map[string]any{"mode": "settle", "tenantsReadAccounts": true}}}
		memberRoutes := []call{{"GET", "/api/v1/money/approved-accounts", nil}, {"GET", "/api/v1/money/approved-accounts/" + y, nil}}
		for _, r := range append(adminRoutes, memberRoutes...) {
			if p := c.anon.must(t, r.method, r.path, r.body, 401); p["code"] != "unauthorized" {
				t.Errorf("anonymous %s %s: %v", r.method, r.path, p)
			}
			c.loner.must(t, r.method, r.path, r.body, 403)
		}
		const adminsOnly = "Solo los administradores pueden gestionar las cuentas de la comunidad"
		for _, r := range adminRoutes {
			obDetail(t, c.tenant, r.method, r.path, r.body, 403, "forbidden", adminsOnly)
			obDetail(t, c.owner, r.method, r.path, r.body, 403, "forbidden", adminsOnly)
		}

		closed := c.admin.must(t, "POST", base+"/close", nil, 200)
		info, _ := closed["closed"].(map[string]any)
		if info == nil || info["mode"] != "apply" || info["documentId"] == "" || info["documentId"] == nil {
			t.Fatalf("closed %v", closed)
		}
		obDetail(t, c.admin, "POST", base+"/close", nil, 409, "conflict", "El ejercicio ya está cerrado")
		// Filed in Documentos under 'Estado de cuentas', for the owners (as the acta), never the tenants.
		doc := c.admin.must(t, "GET", "/api/v1/documents/"+info["documentId"].(string), nil, 200)
		c.owner.must(t, "GET", "/api/v1/documents/"+info["documentId"].(string), nil, 200)
		c.tenant.must(t, "GET", "/api/v1/documents/"+info["documentId"].(string), nil, 404)
		if doc["visibility"] != "owners" || !strings.Contains(fmt.Sprint(doc["title"]), "Cuentas del ejercicio "+y) {
			t.Errorf("document %v", doc)
		}
		res, body := c.admin.get(t, base+"/pdf")
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		testpdf.Contains(t, body, "Cuentas del ejercicio "+y, "Conciliación bancaria al cierre", "Caja", "123,45 €")
		// Nothing dated in the closed year is written any more.
		obDetail(t, c.admin, "POST", "/api/v1/money/expenses", map[string]any{"date": y + "-06-01", "providerName": "Limpiezas Sol SL",
			"concept": "Limpieza", "groupId": "general", "baseCents": 1000}, 409, "conflict",
			fmt.Sprintf("El ejercicio %d está cerrado y no se puede cambiar: anota la corrección en %d con referencia al ejercicio cerrado", last, last+1))

		// Owners read the accounts once a junta approved them.
		obDetail(t, c.owner, "GET", "/api/v1/money/approved-accounts/"+y, nil, 404, "not_found", "Las cuentas de ese ejercicio no están aprobadas")
		c.admin.must(t, "POST", base+"/approve", map[string]any{"juntaDate": today}, 200)
		mine := c.owner.must(t, "GET", "/api/v1/money/approved-accounts/"+y, nil, 200)
		if mine["closed"].(map[string]any)["juntaDate"] != today || mine["closed"].(map[string]any)["documentId"] != nil {
			t.Errorf("the owner reads %v", mine["closed"])
		}
		if got := items(c.owner.must(t, "GET", "/api/v1/money/approved-accounts", nil, 200)); len(got) != 1 || got[0]["year"] != float64(last) {
			t.Errorf("approved years %v", got)
		}
		obDetail(t, c.tenant, "GET", "/api/v1/money/approved-accounts/"+y, nil, 403, "forbidden",
			"Solo los propietarios ven las cuentas aprobadas de la comunidad")
		c.admin.must(t, "PUT", "/api/v1/money/closing-settings", map[string]any{"mode": "apply", "tenantsReadAccounts": true}, 200)
		if theirs := c.tenant.must(t, "GET", "/api/v1/money/approved-accounts/"+y, nil, 200); len(theirs["units"].([]any)) != 0 {
			t.Errorf("the tenant reads the units %v", theirs["units"])
		}
		// Another community: its own years (none closed, none approved).
		c.outsider.must(t, "GET", "/api/v1/money/approved-accounts/"+y, nil, 404)
		if got := items(c.outsider.must(t, "GET", "/api/v1/money/closed-years", nil, 200)); len(got) != 0 {
			t.Errorf("outsider's closed years %v", got)
		}
		if a := c.outsider.must(t, "GET", base, nil, 200); len(a["accounts"].([]any)) != 0 || a["closed"] != nil {
			t.Errorf("outsider's accounts %v", a)
		}
		c.outsider.must(t, "POST", base+"/approve", map[string]any{"juntaDate": today}, 409)
	})
}
