package httpapi_test

import (
	"net/url"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestAnOwnersProxyForAJuntaOverHTTP: an owner signs their representation in the app and withdraws it,
// then uploads a signed paper that an admin checks and opens; a tenant, another community and anonymous
// callers are refused at each step, the paper upload (a plain handler, outside the route table) included.
func TestAnOwnersProxyForAJuntaOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		first := c.e.clock().Add(48 * time.Hour).UTC().Format(time.RFC3339)
		j := c.admin.must(t, "POST", "/api/v1/juntas", map[string]any{"kind": "extraordinaria", "firstCall": first, "place": "Portal",
			"points": []any{map[string]any{"title": "Cambio del ascensor", "agreement": true}}}, 201)
		id := j["id"].(string)
		c.admin.must(t, "POST", "/api/v1/juntas/"+id+"/convene", nil, 200)
		tenantID, ownerID := c.tenant.userID(t), c.owner.userID(t)

		got := c.owner.must(t, "PUT", "/api/v1/juntas/"+id+"/proxy", map[string]any{"delegateUserId": tenantID}, 200)
		if p, _ := got["myProxy"].(map[string]any); p == nil || p["status"] != "signed" || got["canDelegate"] != true {
			t.Fatalf("the owner's proxy: %v", got)
		}
		c.tenant.must(t, "PUT", "/api/v1/juntas/"+id+"/proxy", map[string]any{"delegateUserId": ownerID}, 403)
		c.outsider.must(t, "PUT", "/api/v1/juntas/"+id+"/proxy", map[string]any{"delegateUserId": ownerID}, 404)
		c.anon.must(t, "PUT", "/api/v1/juntas/"+id+"/proxy", map[string]any{"delegateUserId": ownerID}, 401)
		c.owner.must(t, "PUT", "/api/v1/juntas/"+id+"/proxy", map[string]any{"name": "Luis Gil", "idNumber": "12345678A"}, 422)
		if got := c.owner.must(t, "DELETE", "/api/v1/juntas/"+id+"/proxy", nil, 200); got["myProxy"] != nil {
			t.Fatalf("withdrawn: %v", got["myProxy"])
		}

		paper := "/api/v1/juntas/" + id + "/proxies/" + ownerID + "/paper"
		form := url.Values{"name": {"Luis Gil"}, "idNumber": {"12345678Z"}, "fileName": {"delegacion.pdf"}}
		for _, refused := range []struct {
			who  *client
			want int
		}{{c.anon, 401}, {c.tenant, 403}, {c.outsider, 404}} {
			if status, out := refused.who.docUpload(t, paper, form, testPDF); status != refused.want {
				t.Fatalf("a paper uploaded for the owner: %d %v, want %d", status, out, refused.want)
			}
		}
		if status, _ := c.owner.docUpload(t, paper, form, []byte("not a pdf at all")); status != 415 {
			t.Fatalf("a paper that is not a PDF or an image: %d", status)
		}
		status, p := c.owner.docUpload(t, paper, form, testPDF)
		if status != 201 || p["status"] != "pending" || p["delegateIdNumber"] != "12345678Z" {
			t.Fatalf("the owner's paper: %d %v", status, p)
		}
		review := "/api/v1/juntas/" + id + "/proxies/" + ownerID + "/review"
		c.tenant.must(t, "POST", review, map[string]any{"accept": true}, 403)
		c.outsider.must(t, "POST", review, map[string]any{"accept": true}, 404)
		panel := c.admin.must(t, "POST", review, map[string]any{"accept": true}, 200)
		var checked map[string]any
		for _, at := range panel["attendees"].([]any) {
			if pr, _ := at.(map[string]any)["proxy"].(map[string]any); pr != nil {
				checked = pr
			}
		}
		if checked == nil || checked["status"] != "accepted" || checked["paperUrl"] == nil {
			t.Fatalf("the checked paper in the panel: %v", panel)
		}
		if res, _ := c.admin.get(t, checked["paperUrl"].(string)); res.StatusCode != 200 {
			t.Fatalf("the admin opens the paper: %d", res.StatusCode)
		}
		if res, _ := c.tenant.get(t, checked["paperUrl"].(string)); res.StatusCode == 200 {
			t.Fatal("a tenant opens the owner's signed paper")
		}
	})
}
