package httpapi_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// anCast is the people of the board and directory tests: an admin; Olga, who owns 1A in Portal 1; Teo,
// her tenant; Pablo, who owns 2B in Portal 2; Pepa, the president (moderator); Uxue, with no unit; the
// admin of another community; a user with no community; and an anonymous browser.
type anCast struct {
	e                                               *env
	admin, olga, teo, pablo, pepa, uxue             *client
	outsider, homeless, anon                        *client
	adminID, olgaID, teoID, pabloID, pepaID, uxueID string
}

func newAnCast(t *testing.T, db *store.DB) *anCast {
	t.Helper()
	return newAnCastIn(t, newEnv(t, db))
}

// newAnCastIn signs the cast up in e (an env with its own file storage, say).
func newAnCastIn(t *testing.T, e *env) *anCast {
	t.Helper()
	c := &anCast{e: e, anon: e.client()}
	c.admin = e.obAdmin(t, "admin@example.es", "Mayor 1")
	code := e.communityCode(t, c.admin)
	c.olga = e.obMember(t, "olga@example.es", code)
	c.teo = e.obMember(t, "teo@example.es", code)
	c.pablo = e.obMember(t, "pablo@example.es", code)
	c.pepa = e.obMember(t, "pepa@example.es", code)
	c.uxue = e.obMember(t, "uxue@example.es", code)
	c.outsider = e.obAdmin(t, "fuera@example.es", "Otra")
	c.homeless = e.obLoner(t, "sin@example.es")
	id := func(cl *client, name string) string {
		return cl.must(t, "PATCH", "/api/v1/profile", map[string]any{"fullName": name}, 200)["id"].(string)
	}
	c.adminID, c.olgaID, c.teoID = id(c.admin, "Adela Admin"), id(c.olga, "Olga Núñez"), id(c.teo, "Teo Inquilino")
	c.pabloID, c.pepaID, c.uxueID = id(c.pablo, "Pablo Pérez"), id(c.pepa, "Pepa Presidenta"), id(c.uxue, "Uxue Sin Piso")
	unit := c.olga.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "1A", "floor": "1", "building": "Portal 1"}, 200)["unit"].(map[string]any)
	c.pablo.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "2B", "floor": "2", "building": "Portal 2"}, 200)
	obConfirmOwners(t, c.admin) // a unit one creates is only claimed until an admin confirms it
	c.teo.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": unit["id"]}, 200)
	c.admin.must(t, "PUT", "/api/v1/community/members/"+c.pepaID+"/role", map[string]any{"role": "moderator"}, 200)
	return c
}

func anTitles(t *testing.T, cl *client, query string) []string {
	t.Helper()
	var out []string
	for _, it := range items(cl.must(t, "GET", "/api/v1/announcements"+query, nil, 200)) {
		out = append(out, it["title"].(string))
	}
	return out
}

// Only admins create, edit and delete; members get 403 with the feature's words, the admin of another
// community 404 (it never learns the announcement exists).
func TestAnnouncementPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newAnCast(t, db)
		obDetail(t, c.admin, "POST", "/api/v1/announcements", map[string]any{"title": "  "}, 422, "invalid", "El título es obligatorio")
		created := c.admin.must(t, "POST", "/api/v1/announcements", map[string]any{"title": "Junta ordinaria", "description": "El jueves"}, 201)
		if created["status"] != "publicado" || created["priority"] != "normal" || created["type"] != "general" || created["isPinned"] != false ||
			created["canEdit"] != true || created["emailsQueued"] != float64(0) || created["audience"].(map[string]any)["kind"] != "all" ||
			created["author"].(map[string]any)["fullName"] != "Adela Admin" {
			t.Fatalf("created: %v", created)
		}
		id := created["id"].(string)
		path := "/api/v1/announcements/" + id

		// Anonymous callers and users without a community are refused by the route (route_access_test.go).
		const notAdmin = "Solo los administradores pueden publicar, editar o eliminar comunicados"
		for _, m := range []*client{c.olga, c.pepa} {
			obDetail(t, m, "POST", "/api/v1/announcements", map[string]any{"title": "Mío"}, 403, "forbidden", notAdmin)
			obDetail(t, m, "PATCH", path, map[string]any{"title": "Mío"}, 403, "forbidden", notAdmin)
			obDetail(t, m, "DELETE", path, nil, 403, "forbidden", notAdmin)
			if got := m.must(t, "GET", path, nil, 200); got["canEdit"] != false {
				t.Errorf("member reads: %v", got)
			}
		}
		for _, r := range []struct {
			method, path string
			body         map[string]any
		}{{"GET", path, nil}, {"PATCH", path, map[string]any{"title": "Mía"}}, {"DELETE", path, nil}, {"POST", path + "/read", nil},
			{"PUT", path + "/reaction", map[string]any{"emoji": "heart"}}} {
			if p := c.outsider.must(t, r.method, r.path, r.body, 404); p["code"] != "not_found" {
				t.Errorf("outsider %s %s: %v", r.method, r.path, p)
			}
		}
		if got := anTitles(t, c.outsider, "?includeArchived=true"); len(got) != 0 {
			t.Errorf("outsider lists %v", got)
		}

		// Edit: an admin chooses publicado, archivado or expirado; never eliminado.
		c.admin.must(t, "PATCH", path, map[string]any{"status": "eliminado"}, 422)
		edited := c.admin.must(t, "PATCH", path, map[string]any{"title": "Junta extraordinaria", "status": "archivado", "isPinned": true,
			"type": "normativa", "validUntil": "2099-01-01T00:00:00Z", "documentUrl": "/files/documents/acta.pdf"}, 200)
		if edited["title"] != "Junta extraordinaria" || edited["status"] != "archivado" || edited["isPinned"] != true || edited["type"] != "normativa" ||
			edited["validUntil"] != "2099-01-01T00:00:00Z" || edited["documentUrl"] != "/files/documents/acta.pdf" {
			t.Fatalf("edited: %v", edited)
		}
		if got := c.admin.must(t, "PATCH", path, map[string]any{"status": "publicado", "validUntil": "", "documentUrl": ""}, 200); got["validUntil"] != nil || got["documentUrl"] != nil {
			t.Fatalf("cleared: %v", got)
		}
		obDetail(t, c.admin, "PATCH", path, map[string]any{"imageUrl": "javascript:alert(1)"}, 422, "invalid", "La dirección de la imagen no es válida")
		// The document is an upload (/files/…) or an http(s) URL; nothing else.
		if got := c.admin.must(t, "PATCH", path, map[string]any{"documentUrl": "https://nube.example.es/acta.pdf"}, 200); got["documentUrl"] != "https://nube.example.es/acta.pdf" {
			t.Fatalf("https document: %v", got)
		}
		for _, bad := range []string{"javascript:alert(1)", "data:application/pdf;base64,JVBERi0=", "//evil.example/acta.pdf", "/api/v1/auth/logout", "/files/../dev/mailbox"} {
			obDetail(t, c.admin, "PATCH", path, map[string]any{"documentUrl": bad}, 422, "invalid", "La dirección del documento no es válida")
		}

		// Delete: status eliminado and deletedAt, for admins only and unless includeArchived; no further
		// edits. Members (the moderator too) never see a deleted one: 404 by ID, absent from every list.
		c.admin.must(t, "DELETE", path, nil, 204)
		if got := c.admin.must(t, "GET", path, nil, 200); got["status"] != "eliminado" || got["deletedAt"] == nil {
			t.Fatalf("deleted: %v", got)
		}
		if got := anTitles(t, c.admin, ""); slices.Contains(got, "Junta extraordinaria") {
			t.Error("deleted one listed")
		}
		if got := anTitles(t, c.admin, "?includeArchived=true&status=eliminado"); !slices.Equal(got, []string{"Junta extraordinaria"}) {
			t.Errorf("includeArchived + eliminado: %v", got)
		}
		for _, m := range []*client{c.olga, c.pepa} {
			if p := m.must(t, "GET", path, nil, 404); p["code"] != "not_found" {
				t.Errorf("member opens a deleted one: %v", p)
			}
			for _, q := range []string{"", "?includeArchived=true", "?includeArchived=true&status=eliminado"} {
				if got := anTitles(t, m, q); slices.Contains(got, "Junta extraordinaria") {
					t.Errorf("member lists a deleted one with %q: %v", q, got)
				}
			}
			m.must(t, "POST", path+"/read", nil, 404)
			m.must(t, "PUT", path+"/reaction", map[string]any{"emoji": "heart"}, 404)
		}
		c.admin.must(t, "PATCH", path, map[string]any{"title": "x"}, 404)
		c.admin.must(t, "DELETE", path, nil, 404)
	})
}

// The board over HTTP: targeting, pinned first, derived expiry, receipts, reactions, 'read by N of M',
// the dashboard's unread tally and the emails of a critical announcement.
func TestAnnouncementBoard(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newAnCast(t, db)
		aud := c.admin.must(t, "GET", "/api/v1/announcements/audiences", nil, 200)
		if fmt.Sprint(aud["buildings"]) != "[map[residents:2 value:Portal 1] map[residents:1 value:Portal 2]]" {
			t.Fatalf("audiences: %v", aud)
		}
		post := func(body map[string]any) map[string]any {
			t.Helper()
			return c.admin.must(t, "POST", "/api/v1/announcements", body, 201)
		}
		pinned := post(map[string]any{"title": "Normas de la piscina", "isPinned": true})
		post(map[string]any{"title": "Caducado", "validUntil": time.Now().Add(-time.Minute).UTC().Format(time.RFC3339)})
		owners := post(map[string]any{"title": "Derrama para propietarios", "audience": map[string]any{"kind": "owners"}})
		crit := post(map[string]any{"title": "Corte de agua en el Portal 1", "description": "Mañana de 9 a 12.", "priority": "critico",
			"type": "mantenimiento", "audience": map[string]any{"kind": "building", "value": "Portal 1"}})
		obDetail(t, c.admin, "POST", "/api/v1/announcements", map[string]any{"title": "X", "audience": map[string]any{"kind": "building", "value": "Portal 9"}},
			422, "invalid", "Ese portal no existe en tu comunidad")

		// The critical one is queued to exactly Portal 1's residents (Olga and her tenant Teo).
		if crit["emailsQueued"] != float64(2) || crit["total"] != float64(2) {
			t.Fatalf("critical: %v", crit)
		}
		mails, err := db.ListMail(context.Background(), 200)
		if err != nil {
			t.Fatal(err)
		}
		var to []string
		for _, m := range mails {
			if strings.Contains(m.Subject, "Corte de agua en el Portal 1") {
				to = append(to, m.To)
				if !strings.Contains(m.Text, "Mañana de 9 a 12.") {
					t.Errorf("mail text: %s", m.Text)
				}
			}
		}
		slices.Sort(to)
		if !slices.Equal(to, []string{"olga@example.es", "teo@example.es"}) {
			t.Fatalf("critical mail to %v", to)
		}

		for _, tc := range []struct {
			who  string
			cl   *client
			want []string
		}{
			{"admin", c.admin, []string{"Normas de la piscina", "Corte de agua en el Portal 1", "Derrama para propietarios", "Caducado"}},
			{"olga (owner, Portal 1)", c.olga, []string{"Normas de la piscina", "Corte de agua en el Portal 1", "Derrama para propietarios", "Caducado"}},
			{"teo (tenant, Portal 1)", c.teo, []string{"Normas de la piscina", "Corte de agua en el Portal 1", "Caducado"}},
			{"pablo (owner, Portal 2)", c.pablo, []string{"Normas de la piscina", "Derrama para propietarios", "Caducado"}},
			{"uxue (no unit)", c.uxue, []string{"Normas de la piscina", "Caducado"}},
		} {
			if got := anTitles(t, tc.cl, ""); !slices.Equal(got, tc.want) {
				t.Errorf("%s sees %v, want %v", tc.who, got, tc.want)
			}
		}
		c.uxue.must(t, "GET", "/api/v1/announcements/"+owners["id"].(string), nil, 404)
		c.uxue.must(t, "POST", "/api/v1/announcements/"+owners["id"].(string)+"/read", nil, 404)
		if got := anTitles(t, c.uxue, "?status=expirado"); !slices.Equal(got, []string{"Caducado"}) {
			t.Errorf("expired filter: %v", got)
		}
		if got := anTitles(t, c.uxue, "?q=PISCÍNA"); !slices.Equal(got, []string{"Normas de la piscina"}) {
			t.Errorf("search: %v", got)
		}

		// Dashboard: published, unexpired, targeted, unread. Olga: piscina, corte, derrama.
		dash := func(cl *client) float64 {
			return cl.must(t, "GET", "/api/v1/dashboard", nil, 200)["unreadAnnouncements"].(float64)
		}
		if n := dash(c.olga); n != 3 {
			t.Fatalf("Olga's unread: %v", n)
		}
		if n := dash(c.uxue); n != 1 {
			t.Fatalf("Uxue's unread: %v", n)
		}
		// Double clicks and two tabs: one receipt.
		readPath := "/api/v1/announcements/" + crit["id"].(string) + "/read"
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				if st := c.olga.status(t, "POST", readPath, nil); st != 200 {
					t.Errorf("read: %d", st)
				}
			})
		}
		wg.Wait()
		if got := c.teo.must(t, "POST", readPath, nil, 200); got["readCount"] != float64(2) || got["total"] != float64(2) {
			t.Fatalf("read by: %v", got)
		}
		if n := dash(c.olga); n != 2 {
			t.Fatalf("Olga's unread after reading: %v", n)
		}
		item := items(c.olga.must(t, "GET", "/api/v1/announcements?type=mantenimiento", nil, 200))[0]
		if item["isRead"] != true || item["readCount"] != float64(2) || item["total"] != float64(2) {
			t.Fatalf("list item: %v", item)
		}

		// Reactions: the same emoji again removes it, another replaces it.
		rx := "/api/v1/announcements/" + pinned["id"].(string) + "/reaction"
		c.teo.must(t, "PUT", rx, map[string]any{"emoji": "heart"}, 200)
		if got := c.olga.must(t, "PUT", rx, map[string]any{"emoji": "heart"}, 200); got["myReaction"] != "heart" || got["reactions"].(map[string]any)["heart"] != float64(2) {
			t.Fatalf("heart: %v", got)
		}
		if got := c.olga.must(t, "PUT", rx, map[string]any{"emoji": "bell"}, 200); got["myReaction"] != "bell" || got["reactions"].(map[string]any)["heart"] != float64(1) || got["reactions"].(map[string]any)["bell"] != float64(1) {
			t.Fatalf("bell replaces heart: %v", got)
		}
		if got := c.olga.must(t, "PUT", rx, map[string]any{"emoji": "bell"}, 200); got["myReaction"] != nil || got["reactions"].(map[string]any)["bell"] != float64(0) {
			t.Fatalf("bell again removes: %v", got)
		}
		c.olga.must(t, "PUT", rx, map[string]any{"emoji": "smile"}, 422)
		first := items(c.teo.must(t, "GET", "/api/v1/announcements", nil, 200))[0]
		if first["id"] != pinned["id"] || first["myReaction"] != "heart" || first["reactions"].(map[string]any)["heart"] != float64(1) || first["total"] != float64(6) {
			t.Fatalf("pinned item: %v", first)
		}

		// Pages: limit + cursor walk the same order.
		var paged []string
		next := "/api/v1/announcements?limit=1"
		for range 6 {
			page := c.admin.must(t, "GET", next, nil, 200)
			for _, it := range items(page) {
				paged = append(paged, it["title"].(string))
			}
			cur, ok := page["nextCursor"].(string)
			if !ok {
				break
			}
			next = "/api/v1/announcements?limit=1&cursor=" + cur
		}
		if !slices.Equal(paged, anTitles(t, c.admin, "")) {
			t.Fatalf("pages: %v", paged)
		}
	})
}
