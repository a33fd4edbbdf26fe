package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// twoHomes is luis, a member of two communities: ana's (Calle Mayor 1, where he signed up) and pau's (Plaza
// Nueva 2, joined later by its code); carla administers a third that luis is no member of.
type twoHomes struct {
	ana, pau, carla, luis *client
	a, b, c               string // the communities' ids
}

func newTwoHomes(t *testing.T, e *env) *twoHomes {
	t.Helper()
	h := &twoHomes{}
	h.ana = e.confirmedUser(t, "ana@example.es", newCommunity("Calle Mayor 1"))
	h.pau = e.confirmedUser(t, "pau@example.es", newCommunity("Plaza Nueva 2"))
	h.carla = e.confirmedUser(t, "carla@example.es", newCommunity("Ronda Sur 3"))
	h.luis = e.confirmedUser(t, "luis@example.es", map[string]any{"invite_token": e.communityCode(t, h.ana)})
	community := func(c *client) string { return c.must(t, "GET", "/api/v1/me", nil, 200)["communityId"].(string) }
	h.a, h.b, h.c = community(h.ana), community(h.pau), community(h.carla)
	// A member of another community joins this one by its code: no longer refused.
	if me := h.luis.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": e.communityCode(t, h.pau)}, 200); me["communityId"] != h.b {
		t.Fatalf("joining a second community answers %v", me)
	}
	return h
}

func titles(t *testing.T, c *client, path string) string {
	t.Helper()
	var out []string
	for _, it := range obItems(t, c.must(t, "GET", path, nil, 200), "items") {
		out = append(out, it["title"].(string))
	}
	return strings.Join(out, ",")
}

func TestAMemberOfTwoCommunitiesSeesEachOnlyInItsOwnRequests(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		h := newTwoHomes(t, e)
		obDetail(t, h.luis, "POST", "/api/v1/communities/join", map[string]any{"code": e.communityCode(t, h.ana.in(h.a))}, 409, "conflict",
			"Ya perteneces a esta comunidad")

		for c, title := range map[*client]string{h.ana: "Gotera en Mayor", h.pau: "Ascensor de Plaza", h.carla: "Portal de Ronda"} {
			self := c.must(t, "GET", "/api/v1/me", nil, 200)["id"]
			c.must(t, "POST", "/api/v1/incidents", map[string]any{"title": title, "description": "x", "assignedTo": self}, 201)
		}

		_, list := h.luis.in(h.a).rawAny(t, "GET", "/api/v1/memberships")
		if got := fmt.Sprint(list); !strings.Contains(got, "Calle Mayor 1") || !strings.Contains(got, "Plaza Nueva 2") || strings.Contains(got, "Ronda Sur 3") {
			t.Errorf("luis's memberships: %s", got)
		}
		a, b := h.luis.in(h.a), h.luis.in(h.b)
		if got := titles(t, a, "/api/v1/incidents"); got != "Gotera en Mayor" {
			t.Errorf("luis's incidents in Calle Mayor: %q", got)
		}
		if got := titles(t, b, "/api/v1/incidents"); got != "Ascensor de Plaza" {
			t.Errorf("luis's incidents in Plaza Nueva: %q", got)
		}
		for c, want := range map[*client]string{a: "Calle Mayor 1", b: "Plaza Nueva 2"} {
			if got := c.must(t, "GET", "/api/v1/community", nil, 200)["name"]; got != want {
				t.Errorf("the community of a request naming %s: %v", want, got)
			}
			if me := c.must(t, "GET", "/api/v1/me", nil, 200); me["communityId"] != c.community || me["role"] != "user" {
				t.Errorf("/me naming %s: %v", want, me)
			}
		}
		// A download link cannot carry the header: a GET names its community with ?community=, as the stream does.
		if got := titles(t, h.luis, "/api/v1/incidents?community="+h.a); got != "Gotera en Mayor" {
			t.Errorf("luis's incidents with ?community= naming Calle Mayor: %q", got)
		}
		obDetail(t, h.luis, "GET", "/api/v1/incidents?community="+h.c, nil, 403, "not_member", "No perteneces a esta comunidad")
		// Without a header: the last community he joined.
		if got := titles(t, h.luis, "/api/v1/incidents"); got != "Ascensor de Plaza" {
			t.Errorf("luis's incidents naming no community: %q", got)
		}
		// A community he is not a member of: refused before any handler, whatever the route.
		for _, path := range []string{"/api/v1/incidents", "/api/v1/me", "/api/v1/community", "/api/v1/directory"} {
			obDetail(t, h.luis.in(h.c), "GET", path, nil, 403, "not_member", "No perteneces a esta comunidad")
		}
		obDetail(t, h.luis.in(h.c), "POST", "/api/v1/incidents", map[string]any{"title": "Intruso", "description": "x", "assignedTo": "x"}, 403, "not_member",
			"No perteneces a esta comunidad")
		if got := titles(t, h.carla, "/api/v1/incidents"); got != "Portal de Ronda" {
			t.Errorf("carla's incidents after luis's attempt: %q", got)
		}
		// An admin of one community is a plain member in another: the access check runs on the named membership.
		h.ana.must(t, "GET", "/api/v1/community/roles", nil, 200)
		h.pau.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": e.communityCode(t, h.ana)}, 200)
		obDetail(t, h.pau.in(h.a), "GET", "/api/v1/community/roles", nil, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		h.pau.in(h.b).must(t, "GET", "/api/v1/community/roles", nil, 200)

		// The directory consent is per membership.
		a.must(t, "PATCH", "/api/v1/profile", map[string]any{"contactVisible": true}, 200)
		if a.must(t, "GET", "/api/v1/profile", nil, 200)["contactVisible"] != true || b.must(t, "GET", "/api/v1/profile", nil, 200)["contactVisible"] != false {
			t.Error("the directory consent given in Calle Mayor also changed Plaza Nueva's")
		}

		// Leaving Plaza Nueva keeps the account and Calle Mayor.
		obDetail(t, b, "POST", "/api/v1/community/leave", map[string]any{"communityId": h.a}, 409, "conflict",
			"Solo puedes salir de la comunidad que tienes abierta")
		b.must(t, "POST", "/api/v1/community/leave", map[string]any{"communityId": h.b}, 204)
		obDetail(t, b, "GET", "/api/v1/incidents", nil, 403, "not_member", "No perteneces a esta comunidad")
		if got := titles(t, h.luis, "/api/v1/incidents"); got != "Gotera en Mayor" {
			t.Errorf("after leaving, luis naming no community sees %q", got)
		}
		if got := titles(t, a, "/api/v1/incidents"); got != "Gotera en Mayor" {
			t.Errorf("after leaving Plaza Nueva, luis in Calle Mayor sees %q", got)
		}
		if audit := h.pau.in(h.b).must(t, "GET", "/api/v1/community/audit", nil, 200); !strings.Contains(fmt.Sprint(audit), "member.left") {
			t.Error("leaving is not in Plaza Nueva's audit log")
		}
		// He may join again; the last admin of a community with other members must name another admin first.
		h.luis.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": e.communityCode(t, h.pau.in(h.b))}, 200)
		obDetail(t, h.ana, "POST", "/api/v1/community/leave", map[string]any{"communityId": h.a}, 409, "conflict",
			"Eres el último administrador: nombra a otro administrador antes de salir de la comunidad")
		h.carla.must(t, "POST", "/api/v1/community/leave", map[string]any{"communityId": h.c}, 204) // alone there: she may
		if me := h.carla.must(t, "GET", "/api/v1/me", nil, 200); me["communityId"] != nil {
			t.Errorf("carla after leaving her only community: %v", me)
		}
	})
}

func TestTheStreamOfOneMembershipCarriesItsCommunityOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		h := newTwoHomes(t, e)
		cookie := h.luis.cookie()
		inA := openStreamAt(t, e.srv.URL+"/api/v1/stream?community="+h.a, cookie, "")
		inB := openStreamAt(t, e.srv.URL+"/api/v1/stream?community="+h.b, cookie, "")
		inA.next(t, "unread")
		inB.next(t, "unread")

		e.realtime.Changed(h.a, "reservations", "ra")
		if ev := inA.next(t, "change"); ev.Data["id"] != "ra" {
			t.Fatalf("Calle Mayor's stream got %+v", ev)
		}
		inB.quiet(t, 200*time.Millisecond)
		e.realtime.Changed(h.b, "reservations", "rb")
		if ev := inB.next(t, "change"); ev.Data["id"] != "rb" {
			t.Fatalf("Plaza Nueva's stream got %+v", ev)
		}
		inA.quiet(t, 200*time.Millisecond)

		// A chat message of Plaza Nueva reaches that stream only.
		ch := h.pau.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
		h.pau.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": "Hola, Plaza"}, 201)
		if ev := inB.next(t, "channel_message"); ev.Data["content"] != "Hola, Plaza" {
			t.Fatalf("Plaza Nueva's chat on its stream: %+v", ev)
		}
		inA.quiet(t, 200*time.Millisecond)

		// A direct message in Plaza Nueva: that stream carries it and its badge; Calle Mayor's carries only
		// the count, named for Plaza Nueva, for the switcher.
		luis := h.luis.must(t, "GET", "/api/v1/me", nil, 200)["id"]
		conv := h.pau.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": luis}, 200)["id"].(string)
		h.pau.must(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"content": "¿Bajas a la junta?"}, 201)
		if ev := inB.next(t, "dm"); ev.Data["content"] != "¿Bajas a la junta?" {
			t.Fatalf("Plaza Nueva's direct message on its stream: %+v", ev)
		}
		if ev := inB.next(t, "unread"); ev.Data["count"] != 1.0 || ev.Data["communityId"] != h.b {
			t.Fatalf("Plaza Nueva's badge on its stream: %+v", ev)
		}
		if ev := inA.next(t, "unread"); ev.Data["count"] != 1.0 || ev.Data["communityId"] != h.b {
			t.Fatalf("Plaza Nueva's count on Calle Mayor's stream: %+v", ev)
		}
		inA.quiet(t, 200*time.Millisecond)

		// A community he is not a member of opens no stream.
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/stream?community="+h.c, nil)
		req.Header.Set("Cookie", "vecinos_session="+cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 403 {
			t.Fatalf("a stream of another community: %d", res.StatusCode)
		}
	})
}

// Notification choices belong to a membership (issue #35): an owner of two homes silences the incident
// pushes and the actas emails of one building and still gets the other's; leaving a community drops its
// choices, so joining again starts with everything on.
func TestNotificationOptOutsHoldForOneMembership(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		h := newTwoHomes(t, e)
		a, b := h.luis.in(h.a), h.luis.in(h.b)
		a.must(t, "POST", "/api/v1/push/subscriptions", pushDevice(t, "https://push.example.es/luis"), 200)
		a.must(t, "PUT", "/api/v1/push/kinds/criticalAnnouncement", map[string]any{"on": false}, 204)
		b.must(t, "PUT", "/api/v1/documents/email-notices", map[string]any{"on": false}, 200)
		kinds := func(c *client) map[string]any {
			return c.must(t, "GET", "/api/v1/push", nil, 200)["kinds"].(map[string]any)
		}
		if ka, kb := kinds(a), kinds(b); ka["criticalAnnouncement"] != false || kb["criticalAnnouncement"] != true || ka["poll"] != true {
			t.Errorf("critical announcement pushes turned off in Calle Mayor: there %v, in Plaza Nueva %v", ka, kb)
		}
		emails := func(c *client) any { return c.must(t, "GET", "/api/v1/documents/email-notices", nil, 200)["on"] }
		if ea, eb := emails(a), emails(b); ea != true || eb != false {
			t.Errorf("actas emails turned off in Plaza Nueva: Calle Mayor %v, Plaza Nueva %v", ea, eb)
		}

		// Each admin publishes a critical announcement: only Plaza Nueva's reaches his device, and it opens there.
		for admin, title := range map[*client]string{h.ana: "Corte de agua en Mayor", h.pau: "Corte de luz en Plaza"} {
			admin.must(t, "POST", "/api/v1/announcements", map[string]any{"title": title, "description": "Mañana de 9 a 12.", "priority": "critico"}, 201)
		}
		pushes := storetest.Rows(t, db, `SELECT m.text_body FROM mail_outbox m JOIN push_subscriptions s ON s.id = m.to_addr
			WHERE m.kind = 'push' AND m.subject = 'criticalAnnouncement'`)
		if len(pushes) != 1 || !strings.Contains(pushes[0][0], "Corte de luz en Plaza") || !strings.Contains(pushes[0][0], "c="+h.b) {
			t.Errorf("critical announcement pushes to luis: %v", pushes)
		}

		// Leaving Plaza Nueva drops its choices; joining again starts with the emails on.
		b.must(t, "POST", "/api/v1/community/leave", map[string]any{"communityId": h.b}, 204)
		if rows := storetest.Rows(t, db, "SELECT user_id FROM document_mail_optouts WHERE community_id = '"+h.b+"'"); len(rows) != 0 {
			t.Errorf("opt-outs left behind in a community he left: %v", rows)
		}
		h.luis.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": e.communityCode(t, h.pau.in(h.b))}, 200)
		if eb := emails(b); eb != true {
			t.Errorf("actas emails after joining Plaza Nueva again: %v", eb)
		}
		if ka := kinds(a); ka["criticalAnnouncement"] != false {
			t.Errorf("Calle Mayor's choice changed by leaving Plaza Nueva: %v", ka)
		}
	})
}
