package httpapi_test

import (
	"fmt"
	"sync"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func plumber(name string) map[string]any {
	return map[string]any{"name": name, "category": "plumbing", "description": "Atascos y fugas", "phone": "+34 600 123 456",
		"email": "info@fontaneria.example", "address": "Calle Mayor 3", "emergency": true}
}

// providerIDs are the ids c lists in /services.
func providerIDs(t *testing.T, c *client, query string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, p := range items(c.must(t, "GET", "/api/v1/providers"+query, nil, 200)) {
		out[p["id"].(string)] = p
	}
	return out
}

func TestProvidersPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		listed := c.admin.must(t, "POST", "/api/v1/providers", plumber("Fontanería Rápida"), 201)
		if listed["status"] != "approved" || listed["emergency"] != true || listed["verified"] != false {
			t.Fatalf("admin adds: %v", listed)
		}
		id := listed["id"].(string)
		path := "/api/v1/providers/" + id

		// Anonymous callers and users without a community: refused by the route (route_access_test.go).
		// Another community never learns it exists, even as the admin of their own.
		for _, r := range []struct {
			method, path string
			body         map[string]any
		}{{"PATCH", path, map[string]any{"name": "x"}}, {"DELETE", path, nil}, {"POST", path + "/review", map[string]any{"decision": "approved"}},
			{"PUT", path + "/rating", map[string]any{"stars": 5}}, {"GET", path + "/ratings", nil}} {
			if p := c.outsider.must(t, r.method, r.path, r.body, 404); p["code"] != "not_found" {
				t.Errorf("outsider %v: %v", r, p)
			}
		}
		if _, ok := providerIDs(t, c.outsider, "")[id]; ok {
			t.Error("outsider lists it")
		}
		// A member suggests: pending, seen by themselves and the admins only; they cannot approve it.
		sug := c.creator.must(t, "POST", "/api/v1/providers", map[string]any{"name": "Fontanero Pepe", "category": "plumbing",
			"phone": "600111222", "verified": true}, 201)
		if sug["status"] != "pending" || sug["verified"] != false {
			t.Fatalf("suggestion %v", sug)
		}
		sugPath := "/api/v1/providers/" + sug["id"].(string)
		if _, ok := providerIDs(t, c.creator, "")[sug["id"].(string)]; !ok {
			t.Error("the suggester does not see their suggestion")
		}
		if _, ok := providerIDs(t, c.neighbour, "")[sug["id"].(string)]; ok {
			t.Error("a neighbour sees a pending suggestion")
		}
		if _, ok := providerIDs(t, c.admin, "")[sug["id"].(string)]; !ok {
			t.Error("the admin does not see the suggestion to review")
		}
		obDetail(t, c.creator, "POST", sugPath+"/review", map[string]any{"decision": "approved"}, 403, "forbidden",
			"Solo un administrador puede gestionar los proveedores")
		obDetail(t, c.neighbour, "PATCH", path, map[string]any{"verified": true}, 403, "forbidden",
			"Solo un administrador puede gestionar los proveedores")
		c.neighbour.must(t, "DELETE", path, nil, 403)
		obDetail(t, c.neighbour, "PUT", sugPath+"/rating", map[string]any{"stars": 4}, 409, "conflict",
			"Solo se pueden valorar los proveedores aprobados")
		// The admin rejects with a reason (required); the suggester sees it.
		obDetail(t, c.admin, "POST", sugPath+"/review", map[string]any{"decision": "rejected"}, 422, "invalid", "Indica el motivo del rechazo")
		rej := c.admin.must(t, "POST", sugPath+"/review", map[string]any{"decision": "rejected", "reason": "Ya tenemos uno"}, 200)
		if rej["status"] != "rejected" || rej["rejectionReason"] != "Ya tenemos uno" {
			t.Fatalf("rejected %v", rej)
		}
		if p := providerIDs(t, c.creator, "")[sug["id"].(string)]; p == nil || p["rejectionReason"] != "Ya tenemos uno" {
			t.Errorf("the suggester sees %v", p)
		}
		obDetail(t, c.admin, "POST", sugPath+"/review", map[string]any{"decision": "approved"}, 409, "conflict", "Esta sugerencia ya se revisó")
		// Another suggestion approved: listed for everyone.
		sug2 := c.neighbour.must(t, "POST", "/api/v1/providers", map[string]any{"name": "Electricidad Luz", "category": "electricity",
			"email": "luz@example.es"}, 201)
		c.admin.must(t, "POST", "/api/v1/providers/"+sug2["id"].(string)+"/review", map[string]any{"decision": "approved"}, 200)
		if p := providerIDs(t, c.creator, "?category=electricity")[sug2["id"].(string)]; p == nil || p["status"] != "approved" {
			t.Errorf("approved one not listed: %v", p)
		}
		if got := providerIDs(t, c.creator, "?category=electricity"); got[id] != nil {
			t.Error("the category filter lets a plumber through")
		}
		if got := providerIDs(t, c.creator, "?q=RAPIDA"); got[id] == nil || len(got) != 1 {
			t.Errorf("search: %v", got)
		}
		// Admins edit, verify and archive.
		if p := c.admin.must(t, "PATCH", path, map[string]any{"verified": true, "address": ""}, 200); p["verified"] != true || p["address"] != nil {
			t.Errorf("edited %v", p)
		}
		c.admin.must(t, "DELETE", path, nil, 204)
		if _, ok := providerIDs(t, c.admin, "")[id]; ok {
			t.Error("archived one still listed")
		}
	})
}

func TestProvidersValidationIsSpanish(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		for _, tc := range []struct {
			body map[string]any
			want string
		}{
			{map[string]any{"name": " ", "category": "plumbing", "phone": "600111222"}, "El nombre es obligatorio"},
			{map[string]any{"name": "Pepe", "category": "plumbing"}, "Indica un teléfono o un email de contacto"},
			{map[string]any{"name": "Pepe", "category": "plumbing", "phone": "llámame"}, "El teléfono no es válido"},
			{map[string]any{"name": "Pepe", "category": "plumbing", "email": "pepe@"}, "El email no es válido"},
		} {
			obDetail(t, c.creator, "POST", "/api/v1/providers", tc.body, 422, "invalid", tc.want)
		}
		id := c.admin.must(t, "POST", "/api/v1/providers", plumber("Fontanería Rápida"), 201)["id"].(string)
		for _, stars := range []int{0, 6} {
			obDetail(t, c.creator, "PUT", "/api/v1/providers/"+id+"/rating", map[string]any{"stars": stars}, 422, "invalid",
				"La valoración debe ser de 1 a 5 estrellas")
		}
	})
}

func TestProviderRatingsOnePerMemberUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		id := c.admin.must(t, "POST", "/api/v1/providers", plumber("Fontanería Rápida"), 201)["id"].(string)
		path := "/api/v1/providers/" + id
		// The same member rates ten times at once, and two others once each, all at the same time.
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Go(func() {
				c.creator.must(t, "PUT", path+"/rating", map[string]any{"stars": i%5 + 1, "comment": fmt.Sprintf("vez %d", i)}, 200)
			})
		}
		wg.Go(func() { c.neighbour.must(t, "PUT", path+"/rating", map[string]any{"stars": 4}, 200) })
		wg.Go(func() { c.admin.must(t, "PUT", path+"/rating", map[string]any{"stars": 2}, 200) })
		wg.Wait()
		p := providerIDs(t, c.neighbour, "")[id]
		if p["ratingCount"] != float64(3) || p["myStars"] != float64(4) {
			t.Fatalf("after the burst: %v", p)
		}
		ratings := items(c.neighbour.must(t, "GET", path+"/ratings", nil, 200))
		if len(ratings) != 3 {
			t.Fatalf("ratings %v", ratings)
		}
		// Editing replaces the member's rating: still three, the average follows.
		c.creator.must(t, "PUT", path+"/rating", map[string]any{"stars": 3, "comment": "Correcto"}, 200)
		got := c.creator.must(t, "PUT", path+"/rating", map[string]any{"stars": 3}, 200)
		if got["ratingCount"] != float64(3) || got["ratingAverage"] != 3.0 || got["myStars"] != float64(3) || got["myComment"] != nil {
			t.Fatalf("after editing: %v", got)
		}
	})
}
