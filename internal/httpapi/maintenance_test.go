package httpapi_test

import (
	"testing"
	"time"

	"vecinos/internal/httpapi"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestMaintenancePermissionsAndStatus(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		today := c.e.clock().UTC()
		lift := map[string]any{"name": "Revisión del ascensor", "kind": "inspection", "provider": "Ascensores Sur",
			"periodMonths": 24, "lastDone": today.AddDate(0, -25, 0).Format(time.DateOnly)}
		it := c.admin.must(t, "POST", "/api/v1/maintenance", lift, 201)
		if it["status"] != "overdue" || it["nextDue"] != today.AddDate(0, -25, 0).AddDate(0, 24, 0).Format(time.DateOnly) {
			t.Fatalf("created %v", it)
		}
		path := "/api/v1/maintenance/" + it["id"].(string)
		// Anyone below a member, or of another community: refused by the route or never found.
		c.anon.must(t, "GET", "/api/v1/maintenance", nil, 401)
		c.homeless.must(t, "GET", "/api/v1/maintenance", nil, 403)
		if len(items(c.outsider.must(t, "GET", "/api/v1/maintenance", nil, 200))) != 0 {
			t.Error("another community lists it")
		}
		done := map[string]any{"doneOn": today.Format(time.DateOnly)}
		c.outsider.must(t, "PUT", path, lift, 404)
		c.outsider.must(t, "POST", path+"/done", done, 404)
		c.outsider.must(t, "DELETE", path, nil, 404)
		// A resident reads, and writes nothing.
		if got := items(c.neighbour.must(t, "GET", "/api/v1/maintenance", nil, 200)); len(got) != 1 || got[0]["status"] != "overdue" {
			t.Fatalf("the resident's list %v", got)
		}
		const refused = "Solo los administradores pueden acceder a esta sección"
		obDetail(t, c.neighbour, "POST", "/api/v1/maintenance", lift, 403, "forbidden", refused)
		obDetail(t, c.neighbour, "PUT", path, lift, 403, "forbidden", refused)
		obDetail(t, c.neighbour, "POST", path+"/done", done, 403, "forbidden", refused)
		obDetail(t, c.neighbour, "DELETE", path, nil, 403, "forbidden", refused)
		// Done today: up to date, due again in 24 months, with the history.
		got := c.admin.must(t, "POST", path+"/done", map[string]any{"doneOn": today.Format(time.DateOnly), "note": "Sin incidencias"}, 200)
		if got["status"] != "ok" || got["nextDue"] != today.AddDate(0, 24, 0).Format(time.DateOnly) || len(got["history"].([]any)) != 1 {
			t.Fatalf("done %v", got)
		}
		c.admin.must(t, "DELETE", path, nil, 204)
		c.admin.must(t, "DELETE", path, nil, 404)
	})
}

func TestMaintenanceValidationIsWorded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		tomorrow := c.e.clock().UTC().AddDate(0, 0, 2).Format(time.DateOnly)
		form := func(edit func(map[string]any)) map[string]any {
			f := map[string]any{"name": "Extintores", "kind": "contract", "periodMonths": 12, "lastDone": "2026-01-10"}
			edit(f)
			return f
		}
		for _, tc := range []struct {
			body map[string]any
			want string
		}{
			{form(func(f map[string]any) { f["name"] = " " }), "El nombre es obligatorio"},
			{form(func(f map[string]any) { f["periodMonths"] = 241 }), "La periodicidad debe estar entre 1 y 240 meses"},
			{form(func(f map[string]any) { f["lastDone"] = tomorrow }), "La fecha de la última realización no puede ser futura"},
		} {
			obDetail(t, c.admin, "POST", "/api/v1/maintenance", tc.body, 422, "invalid", tc.want)
		}
		// The contract's lengths are the service's.
		schema := httpapi.OpenAPI().Components.Schemas.Map()["MaintenanceForm"]
		for field, max := range map[string]int{"name": 120, "provider": 120, "notes": 1000} {
			if p := schema.Properties[field]; p == nil || p.MaxLength == nil || *p.MaxLength != max {
				t.Errorf("MaintenanceForm.%s: the contract's maxLength is not the service's %d", field, max)
			}
		}
		c.admin.lang = "ca"
		obDetail(t, c.admin, "POST", "/api/v1/maintenance", form(func(f map[string]any) { f["periodMonths"] = 0 }), 422, "invalid",
			"La periodicitat ha de ser d'entre 1 i 240 mesos")
	})
}
