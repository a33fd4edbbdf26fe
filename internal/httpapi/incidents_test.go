package httpapi_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// cast is the people of the permission matrix: an admin and two members of one community, a member
// of another community, a user with no community, and an anonymous browser.
type cast struct {
	e                                       *env
	admin, creator, neighbour, outsider     *client
	homeless, anon                          *client
	adminID, creatorID, neighbourID, outsID string
}

func newCast(t *testing.T, db *store.DB) *cast {
	t.Helper()
	e := newEnv(t, db)
	create := func(name string) map[string]any {
		return map[string]any{"community_intent": "create", "community_name": name, "community_address": "Calle Mayor 1",
			"community_city": "Madrid", "community_postal_code": "28013"}
	}
	c := &cast{e: e, anon: e.client()}
	c.admin = e.confirmedUser(t, "admin@example.es", create("Mayor 1"))
	code := e.communityCode(t, c.admin)
	c.creator = e.confirmedUser(t, "creador@example.es", map[string]any{"invite_token": code})
	c.neighbour = e.confirmedUser(t, "vecina@example.es", map[string]any{"invite_token": code})
	c.outsider = e.confirmedUser(t, "fuera@example.es", create("Otra"))
	c.homeless = e.confirmedUser(t, "sin@example.es", nil)
	id := func(cl *client) string { return cl.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string) }
	c.adminID, c.creatorID, c.neighbourID, c.outsID = id(c.admin), id(c.creator), id(c.neighbour), id(c.outsider)
	return c
}

// getJSON does a GET and decodes any JSON body (arrays included).
func (c *client) getJSON(t *testing.T, path string, want int) any {
	t.Helper()
	res, err := c.http.Get(c.e.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		t.Fatalf("GET %s: %d, want %d: %s", path, res.StatusCode, want, raw)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("GET %s: %v: %s", path, err, raw)
	}
	return out
}

func items(body map[string]any) []map[string]any {
	var out []map[string]any
	for _, v := range body["items"].([]any) {
		out = append(out, v.(map[string]any))
	}
	return out
}

// matrix checks read, edit and delete of one resource for every member of the cast: the rules of the
// object (its creator, its community).
func (c *cast) matrix(t *testing.T, base string, body func(who string) map[string]any, forbidden string) {
	t.Helper()
	mk := func() string {
		return c.creator.must(t, "POST", base, body("creator"), 201)["id"].(string)
	}
	id := mk()
	path := base + "/" + id
	// Anonymous callers and users without a community are refused by the route (route_access_test.go).
	// Another community: never learns it exists.
	for _, m := range []string{"GET", "PATCH", "DELETE"} {
		if p := c.outsider.must(t, m, path, map[string]any{"title": "Mía"}, 404); p["code"] != "not_found" {
			t.Errorf("outsider %s: %v", m, p)
		}
	}
	for _, it := range items(c.outsider.must(t, "GET", base+"?includeDeleted=true", nil, 200)) {
		if it["id"] == id {
			t.Error("outsider lists it")
		}
	}
	// A neighbour reads but cannot edit or delete.
	if got := c.neighbour.must(t, "GET", path, nil, 200); got["canEdit"] != false || got["id"] != id {
		t.Errorf("neighbour reads: %v", got)
	}
	listed := false
	for _, it := range items(c.neighbour.must(t, "GET", base, nil, 200)) {
		listed = listed || it["id"] == id
	}
	if !listed {
		t.Error("neighbour does not list it")
	}
	if p := c.neighbour.must(t, "PATCH", path, map[string]any{"title": "Mía"}, 403); p["detail"] != forbidden {
		t.Errorf("neighbour edits: %v", p)
	}
	c.neighbour.must(t, "DELETE", path, nil, 403)
	// The creator and an admin may.
	if got := c.creator.must(t, "GET", path, nil, 200); got["canEdit"] != true {
		t.Errorf("creator reads: %v", got)
	}
	if got := c.admin.must(t, "GET", path, nil, 200); got["canEdit"] != true {
		t.Errorf("admin reads: %v", got)
	}
	if got := c.creator.must(t, "PATCH", path, map[string]any{"title": "Editado por su autor"}, 200); got["title"] != "Editado por su autor" {
		t.Errorf("creator edits: %v", got)
	}
	if got := c.admin.must(t, "PATCH", path, map[string]any{"title": "Editado por el admin"}, 200); got["title"] != "Editado por el admin" {
		t.Errorf("admin edits: %v", got)
	}
	c.creator.must(t, "DELETE", path, nil, 204)
	c.creator.must(t, "PATCH", path, map[string]any{"title": "x"}, 404)
	if got := c.neighbour.must(t, "GET", path, nil, 200); got["deletedAt"] == nil || got["canEdit"] != false {
		t.Errorf("deleted one read: %v", got)
	}
	id2 := mk()
	c.admin.must(t, "DELETE", base+"/"+id2, nil, 204)
	// Soft-deleted: hidden from the list unless asked for.
	for _, it := range items(c.neighbour.must(t, "GET", base, nil, 200)) {
		if it["id"] == id || it["id"] == id2 {
			t.Error("deleted one listed")
		}
	}
	n := 0
	for _, it := range items(c.neighbour.must(t, "GET", base+"?includeDeleted=true", nil, 200)) {
		if it["id"] == id || it["id"] == id2 {
			n++
		}
	}
	if n != 2 {
		t.Errorf("includeDeleted lists %d of the 2 deleted", n)
	}
}

func TestIncidentsAreEditedByTheirCreatorOrAnAdmin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		c.matrix(t, "/api/v1/incidents", func(string) map[string]any {
			return map[string]any{"title": "Fuga de agua", "description": "En el garaje", "assignedTo": c.neighbourID}
		}, "Solo el creador o un administrador puede editar esta incidencia")
	})
}

func TestEventsAreEditedByTheirCreatorOrAnAdmin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		c.matrix(t, "/api/v1/events", func(string) map[string]any {
			return map[string]any{"title": "Junta", "startAt": time.Now().Add(time.Hour).Format(time.RFC3339)}
		}, "Solo el creador o un administrador puede editar este evento")
		p := c.homeless.must(t, "POST", "/api/v1/events", map[string]any{"title": "Junta", "startAt": time.Now().Format(time.RFC3339)}, 403)
		if p["detail"] != "No tienes una comunidad asignada" {
			t.Fatalf("event without community: %v", p)
		}
	})
}

func TestIncidentsAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		for body, msg := range map[string]string{
			`{"title":"","description":"d","assignedTo":"` + c.neighbourID + `"}`:    "El título es obligatorio",
			`{"title":"t","description":" ","assignedTo":"` + c.neighbourID + `"}`:   "La descripción es obligatoria",
			`{"title":"t","description":"d","assignedTo":""}`:                        "Debes asignar la incidencia a un miembro",
			`{"title":"t","description":"d","assignedTo":"` + c.outsID + `"}`:        "El miembro asignado no pertenece a tu comunidad",
			`{"title":"t","description":"d","assignedTo":"` + c.adminID + `","x":1}`: "",
		} {
			var m map[string]any
			json.Unmarshal([]byte(body), &m)
			p := c.creator.must(t, "POST", "/api/v1/incidents", m, 422)
			if msg != "" && p["detail"] != msg {
				t.Errorf("%s: %v, want %q", body, p, msg)
			}
		}
		in := c.creator.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Fuga de AGUA", "description": "Garaje",
			"assignedTo": c.neighbourID, "location": "Sótano -1"}, 201)
		if in["status"] != "open" || in["priority"] != "medium" || in["assignedTo"] != c.neighbourID || in["location"] != "Sótano -1" ||
			in["imageUrl"] != nil || in["createdBy"] != c.creatorID {
			t.Fatalf("created %v", in)
		}
		path := "/api/v1/incidents/" + in["id"].(string)
		c.creator.must(t, "PATCH", path, map[string]any{"status": "in_progress"}, 200)
		c.admin.must(t, "PATCH", path, map[string]any{"status": "resolved", "priority": "high"}, 200)
		c.creator.must(t, "PATCH", path, map[string]any{"assignedTo": c.outsID}, 422)
		c.creator.must(t, "PATCH", path, map[string]any{"status": "closed"}, 422)
		d := c.neighbour.must(t, "GET", path, nil, 200)
		h := d["statusHistory"].([]any)
		var steps []string
		for _, s := range h {
			m := s.(map[string]any)
			from, _ := m["fromStatus"].(string)
			steps = append(steps, from+">"+m["toStatus"].(string))
			if m["changedByName"] != "Ana López" || m["changedAt"] == "" {
				t.Errorf("history step %v", m)
			}
		}
		if strings.Join(steps, ",") != ">open,open>in_progress,in_progress>resolved" {
			t.Fatalf("history %v", steps)
		}
		if h[2].(map[string]any)["changedBy"] != c.adminID {
			t.Errorf("last change by %v, want the admin", h[2])
		}
		c.creator.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Ruido del camión", "description": "Por la noche",
			"assignedTo": c.adminID, "priority": "low"}, 201)
		c.neighbour.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Puerta rota", "description": "Fuga de água no",
			"assignedTo": c.adminID, "status": "in_progress"}, 201)
		list := func(cl *client, q url.Values) []string {
			t.Helper()
			var out []string
			for _, it := range items(cl.must(t, "GET", "/api/v1/incidents?"+q.Encode(), nil, 200)) {
				out = append(out, it["title"].(string))
				if it["createdByName"] != "Ana López" {
					t.Errorf("createdByName %v", it)
				}
			}
			return out
		}
		for name, cs := range map[string]struct {
			who  *client
			q    url.Values
			want string
		}{
			"newest first": {c.neighbour, url.Values{}, "Puerta rota,Ruido del camión,Fuga de AGUA"},
			"agua":         {c.neighbour, url.Values{"q": {"agua"}}, "Puerta rota,Fuga de AGUA"},
			"camion":       {c.neighbour, url.Values{"q": {"CAMION"}}, "Ruido del camión"},
			"status":       {c.neighbour, url.Values{"status": {"in_progress"}}, "Puerta rota"},
			"priority":     {c.neighbour, url.Values{"priority": {"high"}}, "Fuga de AGUA"},
			"assignedTo":   {c.neighbour, url.Values{"assignedTo": {c.adminID}}, "Puerta rota,Ruido del camión"},
			"createdBy":    {c.neighbour, url.Values{"createdBy": {c.creatorID}}, "Ruido del camión,Fuga de AGUA"},
			"mine":         {c.neighbour, url.Values{"mine": {"true"}}, "Puerta rota,Fuga de AGUA"},
			"outsider":     {c.outsider, url.Values{"q": {"agua"}}, ""},
		} {
			if got := strings.Join(list(cs.who, cs.q), ","); got != cs.want {
				t.Errorf("%s: %q, want %q", name, got, cs.want)
			}
		}
		// Pagination through the API: the cursor is opaque and every item comes once.
		p1 := c.neighbour.must(t, "GET", "/api/v1/incidents?limit=2", nil, 200)
		cur, ok := p1["nextCursor"].(string)
		if !ok || len(items(p1)) != 2 {
			t.Fatalf("page 1: %v", p1)
		}
		p2 := c.neighbour.must(t, "GET", "/api/v1/incidents?limit=2&cursor="+url.QueryEscape(cur), nil, 200)
		if p2["nextCursor"] != nil || len(items(p2)) != 1 || items(p2)[0]["title"] != "Fuga de AGUA" {
			t.Fatalf("page 2: %v", p2)
		}
		c.neighbour.must(t, "GET", "/api/v1/incidents?cursor=%25%25", nil, 422)
		c.neighbour.must(t, "GET", "/api/v1/incidents?status=closed", nil, 422)
	})
}

func TestCommunityMembers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		got := c.neighbour.getJSON(t, "/api/v1/community/members", 200).([]any)
		ids := map[string]string{}
		for _, m := range got {
			m := m.(map[string]any)
			ids[m["id"].(string)] = m["role"].(string)
			if m["fullName"] != "Ana López" || m["avatarUrl"] != nil {
				t.Errorf("member %v", m)
			}
		}
		if len(ids) != 3 || ids[c.adminID] != "admin" || ids[c.creatorID] != "user" || ids[c.neighbourID] != "user" {
			t.Fatalf("members %v", got)
		}
		c.anon.must(t, "GET", "/api/v1/community/members", nil, 401)
		c.homeless.must(t, "GET", "/api/v1/community/members", nil, 403)
	})
}

func TestDashboardSummary(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		inc := func(cl *client, assignee, status string) string {
			return cl.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "I", "description": "d", "assignedTo": assignee, "status": status}, 201)["id"].(string)
		}
		inc(c.creator, c.neighbourID, "open")
		inc(c.neighbour, c.adminID, "open")
		inc(c.admin, c.adminID, "resolved")
		gone := inc(c.creator, c.adminID, "open")
		c.creator.must(t, "DELETE", "/api/v1/incidents/"+gone, nil, 204)
		inc(c.outsider, c.outsID, "open")
		ev := func(cl *client, start time.Time) {
			cl.must(t, "POST", "/api/v1/events", map[string]any{"title": "E", "startAt": start.Format(time.RFC3339)}, 201)
		}
		ev(c.admin, time.Now().Add(time.Hour))
		ev(c.creator, time.Now().Add(72*time.Hour))
		ev(c.creator, time.Now().Add(-72*time.Hour))
		ev(c.outsider, time.Now().Add(time.Hour))
		got := c.neighbour.must(t, "GET", "/api/v1/dashboard", nil, 200)
		want := map[string]any{"openIncidents": 2.0, "upcomingEvents": 2.0, "unreadAnnouncements": 0.0, "recentMessages": 0.0,
			"activity": map[string]any{"newIncidents": 3.0, "newEvents": 3.0, "communityMessages": 0.0}}
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if string(gj) != string(wj) {
			t.Fatalf("dashboard %s, want %s", gj, wj)
		}
		c.anon.must(t, "GET", "/api/v1/dashboard", nil, 401)
		c.homeless.must(t, "GET", "/api/v1/dashboard", nil, 403)
	})
}

func (c *client) raw(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	res, err := c.http.Get(c.e.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func TestCalendarFeed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		start := time.Date(2031, 6, 23, 21, 0, 0, 0, time.UTC)
		c.admin.must(t, "POST", "/api/v1/events", map[string]any{"title": "Verbena, San Juan; jardín", "description": "Traed comida\ny bebida",
			"location": "Jardín", "startAt": start.Format(time.RFC3339), "endAt": start.Add(3 * time.Hour).Format(time.RFC3339)}, 201)
		gone := c.admin.must(t, "POST", "/api/v1/events", map[string]any{"title": "Cancelada", "startAt": start.Format(time.RFC3339)}, 201)
		c.admin.must(t, "DELETE", "/api/v1/events/"+gone["id"].(string), nil, 204)
		c.outsider.must(t, "POST", "/api/v1/events", map[string]any{"title": "De otra comunidad", "startAt": start.Format(time.RFC3339)}, 201)

		c.anon.must(t, "POST", "/api/v1/calendar/feed-url", nil, 401)
		c.homeless.must(t, "POST", "/api/v1/calendar/feed-url", nil, 403)
		if st := c.neighbour.must(t, "GET", "/api/v1/calendar/feed-url", nil, 200); st["exists"] != false || st["createdAt"] != nil {
			t.Fatalf("status before: %v", st)
		}
		feed := c.neighbour.must(t, "POST", "/api/v1/calendar/feed-url", nil, 201)["url"].(string)
		if st := c.neighbour.must(t, "GET", "/api/v1/calendar/feed-url", nil, 200); st["exists"] != true {
			t.Fatalf("status after: %v", st)
		}
		if !strings.HasPrefix(feed, "http://localhost:8080/calendar/feed.ics?token=") {
			t.Fatalf("feed url %q", feed)
		}
		path := strings.TrimPrefix(feed, "http://localhost:8080")
		res, body := c.anon.raw(t, path) // calendar apps have no session
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/calendar; charset=utf-8" {
			t.Fatalf("feed: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		for _, want := range []string{"BEGIN:VCALENDAR\r\n", "X-WR-CALNAME:Mayor 1\r\n", "SUMMARY:Verbena\\, San Juan\\; jardín\r\n",
			"DESCRIPTION:Traed comida\\ny bebida\r\n", "LOCATION:Jardín\r\n", "DTSTART:20310623T210000Z\r\n", "DTEND:20310624T000000Z\r\n"} {
			if !strings.Contains(body, want) {
				t.Errorf("feed lacks %q:\n%s", want, body)
			}
		}
		if strings.Contains(body, "Cancelada") || strings.Contains(body, "De otra comunidad") || strings.Count(body, "BEGIN:VEVENT") != 1 {
			t.Errorf("feed shows deleted or foreign events:\n%s", body)
		}
		if res, _ := c.anon.raw(t, "/calendar/feed.ics?token=wrong"); res.StatusCode != 404 {
			t.Errorf("wrong token: %d", res.StatusCode)
		}
		if res, _ := c.anon.raw(t, "/calendar/feed.ics"); res.StatusCode != 404 {
			t.Errorf("no token: %d", res.StatusCode)
		}
		// Rotating revokes the old URL at once.
		rotated := c.neighbour.must(t, "POST", "/api/v1/calendar/feed-url", nil, 201)["url"].(string)
		if res, _ := c.anon.raw(t, path); res.StatusCode != 404 {
			t.Errorf("old URL after rotation: %d", res.StatusCode)
		}
		if res, _ := c.anon.raw(t, strings.TrimPrefix(rotated, "http://localhost:8080")); res.StatusCode != 200 {
			t.Errorf("rotated URL: %d", res.StatusCode)
		}
		// Another member's URL is theirs: revoking mine leaves it working.
		admins := c.admin.must(t, "POST", "/api/v1/calendar/feed-url", nil, 201)["url"].(string)
		c.neighbour.must(t, "DELETE", "/api/v1/calendar/feed-url", nil, 204)
		if res, _ := c.anon.raw(t, strings.TrimPrefix(rotated, "http://localhost:8080")); res.StatusCode != 404 {
			t.Errorf("revoked URL: %d", res.StatusCode)
		}
		if res, _ := c.anon.raw(t, strings.TrimPrefix(admins, "http://localhost:8080")); res.StatusCode != 200 {
			t.Errorf("admin's URL after the neighbour revoked theirs: %d", res.StatusCode)
		}
	})
}
