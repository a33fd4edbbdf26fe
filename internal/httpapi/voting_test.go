package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// A poll is of its community: a member of another one finds none of its endpoints (404); a draft is
// invisible to members. Who may call each route (anonymous, members, admins) is checked for every route by
// TestEveryRouteChecksItsDeclaredAccess.
func TestPollsAreOfTheirCommunityAndDraftsOfItsAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		form := map[string]any{"title": "¿Pintamos el portal?", "options": []string{"Sí", "No"},
			"closesAt": time.Now().Add(48 * time.Hour).Format(time.RFC3339)}
		draft := c.admin.must(t, "POST", "/api/v1/polls", form, 201)
		id := draft["id"].(string)
		if draft["status"] != "draft" || draft["canEdit"] != true || draft["quorum"] != float64(25) {
			t.Fatalf("draft: %v", draft)
		}
		c.neighbour.must(t, "GET", "/api/v1/polls/"+id, nil, 404)
		if got := items(c.neighbour.must(t, "GET", "/api/v1/polls", nil, 200)); len(got) != 0 {
			t.Fatalf("member lists a draft: %v", got)
		}
		base := "/api/v1/polls/" + id
		calls := []struct{ method, path string }{
			{"GET", base}, {"PUT", base}, {"POST", base + "/publish"}, {"POST", base + "/close"}, {"POST", base + "/vote"},
			{"PUT", base + "/delegation"}, {"PUT", base + "/units/x/deprivation"},
			{"GET", base + "/record"}, {"GET", base + "/record.csv"}, {"DELETE", base},
		}
		bodies := map[string]any{"PUT": form, "POST": map[string]any{"optionId": "x"}}
		for _, call := range calls {
			body := bodies[call.method]
			if strings.HasSuffix(call.path, "/delegation") {
				body = map[string]any{"delegateId": ""}
			}
			if strings.HasSuffix(call.path, "/deprivation") {
				body = map[string]any{"reason": "Deuda"}
			}
			if got := c.outsider.status(t, call.method, call.path, body); got != 404 {
				t.Errorf("outsider %s %s: %d", call.method, call.path, got)
			}
		}
		// Published: members see it, vote once, and the outsider still finds nothing.
		open := c.admin.must(t, "POST", base+"/publish", nil, 200)
		yes := open["options"].([]any)[0].(map[string]any)["id"].(string)
		seen := c.neighbour.must(t, "GET", base, nil, 200)
		if seen["canVote"] != true || seen["showCounts"] != false || seen["options"].([]any)[0].(map[string]any)["votes"] != nil {
			t.Fatalf("before voting: %v", seen)
		}
		voted := c.neighbour.must(t, "POST", base+"/vote", map[string]any{"optionId": yes}, 200)
		poll := voted["poll"].(map[string]any)
		if voted["receipt"] == "" || poll["myVote"].(map[string]any)["optionId"] != yes || poll["totalVotes"] != float64(1) ||
			poll["participation"] != float64(4) {
			t.Fatalf("vote: %v", voted)
		}
		if p := c.neighbour.must(t, "POST", base+"/vote", map[string]any{"optionId": yes}, 409); p["detail"] != "Ya has votado en esta votación" {
			t.Fatalf("second vote: %v", p)
		}
		c.outsider.must(t, "POST", base+"/vote", map[string]any{"optionId": yes}, 404)
		c.neighbour.must(t, "GET", base+"/record", nil, 403)
		c.admin.must(t, "POST", base+"/close", nil, 200)
		// Only a draft is deleted: a poll that opened is part of the record.
		if p := c.admin.must(t, "DELETE", base, nil, 409); p["detail"] != "Solo se puede eliminar una votación en borrador" {
			t.Fatalf("delete a closed poll: %v", p)
		}
		other := c.admin.must(t, "POST", "/api/v1/polls", form, 201)["id"].(string)
		if got := c.admin.status(t, "DELETE", "/api/v1/polls/"+other, nil); got != 204 {
			t.Fatalf("delete a draft: %d", got)
		}
		c.admin.must(t, "GET", "/api/v1/polls/"+other, nil, 404)
		res, text := c.neighbour.raw(t, base+"/record.csv")
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(text, "Votación;¿Pintamos el portal?") || !strings.Contains(text, "Sí;1;100 %") {
			t.Fatalf("csv %d: %s", res.StatusCode, text)
		}
	})
}

// TestEveryPollActionIsAudited: creating, editing, publishing, closing and deleting a poll, and depriving
// a unit of its vote, each leave one record with the values before and after; a member's vote leaves none.
func TestEveryPollActionIsAudited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 1, "doors_per_floor": 2})
		adminID := admin.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string)
		luis := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		closes := time.Now().Add(48 * time.Hour).Format(time.RFC3339)
		form := map[string]any{"title": "¿Pintamos el portal?", "options": []string{"Sí", "No"}, "closesAt": closes}

		poll := admin.must(t, "POST", "/api/v1/polls", form, 201)
		base := "/api/v1/polls/" + poll["id"].(string)
		form["title"] = "¿Pintamos la fachada?"
		admin.must(t, "PUT", base, form, 200)
		open := admin.must(t, "POST", base+"/publish", nil, 200)
		luis.must(t, "POST", base+"/vote", map[string]any{"optionId": open["options"].([]any)[0].(map[string]any)["id"]}, 200)
		admin.must(t, "POST", base+"/close", nil, 200)

		junta := admin.must(t, "POST", "/api/v1/polls", map[string]any{"kind": "junta", "title": "Derrama", "closesAt": closes, "juntaDate": closes}, 201)
		juntaBase := "/api/v1/polls/" + junta["id"].(string)
		unit := junta["units"].([]any)[0].(map[string]any)
		admin.must(t, "PUT", juntaBase+"/units/"+unit["unitId"].(string)+"/deprivation", map[string]any{"reason": "Deuda"}, 200)
		if got := admin.status(t, "DELETE", juntaBase, nil); got != 204 {
			t.Fatalf("delete: %d", got)
		}

		checks := []struct{ action, label, before, after string }{
			{"poll.created", "¿Pintamos el portal?", "", `"status":"draft"`},
			{"poll.edited", "¿Pintamos la fachada?", `"title":"¿Pintamos el portal?"`, `"title":"¿Pintamos la fachada?"`},
			{"poll.published", "¿Pintamos la fachada?", `"status":"draft"`, `"status":"open"`},
			{"poll.closed", "¿Pintamos la fachada?", `"status":"open"`, `"status":"closed"`},
			{"poll.created", "Derrama", "", `"options":["A favor (favour)","En contra (against)","Abstención (abstain)"]`},
			{"poll.edited", "Derrama", `"deprivedReason":null`, `"deprivedReason":"Deuda"`},
			{"poll.deleted", "Derrama", `"title":"Derrama"`, ""},
		}
		all := auditEntries(t, admin, "")
		if len(all) != len(checks) {
			t.Fatalf("%d records for %d admin actions: %v", len(all), len(checks), all)
		}
		for _, c := range checks {
			found := false
			for _, r := range auditEntries(t, admin, c.action) {
				before, after := jsonText(r["before"]), jsonText(r["after"])
				if r["actorId"] != adminID || r["targetKind"] != "poll" || r["targetLabel"] != c.label ||
					(c.before != "" && !strings.Contains(before, c.before)) || (c.after != "" && !strings.Contains(after, c.after)) ||
					(c.before == "" && r["before"] != nil) || (c.after == "" && r["after"] != nil) {
					continue
				}
				found = true
			}
			if !found {
				t.Errorf("no record of %s %q (before %s, after %s) in %v", c.action, c.label, c.before, c.after, all)
			}
		}
	})
}

// Issue 33 over HTTP: an open secret poll sends no count per option to anyone, the admin included; the
// record dates each vote by its day; a secret vote changes with the key its vote was given, never with
// the receipt; the close publishes the counts.
func TestASecretPollShowsNoCountsUntilItCloses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		form := map[string]any{"title": "¿Cambiamos de administrador?", "options": []string{"Sí", "No"}, "secret": true, "allowChange": true,
			"closesAt": time.Now().Add(48 * time.Hour).Format(time.RFC3339)}
		id := c.admin.must(t, "POST", "/api/v1/polls", form, 201)["id"].(string)
		base := "/api/v1/polls/" + id
		options := c.admin.must(t, "POST", base+"/publish", nil, 200)["options"].([]any)
		yes, no := options[0].(map[string]any)["id"], options[1].(map[string]any)["id"]
		voted := c.neighbour.must(t, "POST", base+"/vote", map[string]any{"optionId": yes}, 200)
		c.creator.must(t, "POST", base+"/vote", map[string]any{"optionId": no}, 200)
		key, _ := voted["changeKey"].(string)
		if key == "" || key == voted["receipt"] {
			t.Fatalf("vote: %v", voted)
		}
		for _, who := range []*client{c.neighbour, c.creator, c.admin} {
			p := who.must(t, "GET", base, nil, 200)
			if p["showCounts"] != false || p["totalVotes"] != float64(2) || p["decision"] != nil {
				t.Fatalf("open secret poll: %v", p)
			}
			for _, o := range p["options"].([]any) {
				if o := o.(map[string]any); o["votes"] != nil || o["percent"] != nil {
					t.Fatalf("a count while open: %v", o)
				}
			}
		}
		madrid, _ := time.LoadLocation("Europe/Madrid")
		for _, v := range c.admin.must(t, "GET", base+"/record", nil, 200)["voters"].([]any) {
			at, err := time.Parse(time.RFC3339, v.(map[string]any)["votedAt"].(string))
			if at = at.In(madrid); err != nil || at.Hour() != 0 || at.Minute() != 0 || at.Second() != 0 {
				t.Fatalf("the record times a secret vote: %v (%v)", v, err)
			}
		}
		// The receipt is no key; the key is.
		if p := c.neighbour.must(t, "POST", base+"/vote", map[string]any{"optionId": no, "changeKey": voted["receipt"]}, 422); p["detail"] != "Para cambiar un voto secreto indica el justificante que recibiste al votar" {
			t.Fatalf("change with the receipt: %v", p)
		}
		c.creator.must(t, "POST", base+"/vote", map[string]any{"optionId": no, "changeKey": key}, 422)
		if changed := c.neighbour.must(t, "POST", base+"/vote", map[string]any{"optionId": no, "changeKey": key}, 200); changed["changed"] != true || changed["receipt"] != voted["receipt"] {
			t.Fatalf("change: %v", changed)
		}
		closed := c.admin.must(t, "POST", base+"/close", nil, 200)
		if o := closed["options"].([]any)[1].(map[string]any); closed["showCounts"] != true || o["votes"] != float64(2) {
			t.Fatalf("closed: %v", closed)
		}
	})
}
