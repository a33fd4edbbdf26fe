package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Every voting endpoint refuses an anonymous caller (401), a member of another community (404) and, where
// only admins may, a member (403); a draft is invisible to members.
func TestVotingPermissionMatrix(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		form := map[string]any{"title": "¿Pintamos el portal?", "options": []string{"Sí", "No"},
			"closesAt": time.Now().Add(48 * time.Hour).Format(time.RFC3339)}
		const denied = "Solo los administradores pueden crear, editar, abrir o cerrar votaciones"
		if p := c.neighbour.must(t, "POST", "/api/v1/polls", form, 403); p["detail"] != denied {
			t.Fatalf("member creates: %v", p)
		}
		c.anon.must(t, "POST", "/api/v1/polls", form, 401)
		c.anon.must(t, "GET", "/api/v1/polls", nil, 401)
		c.homeless.must(t, "GET", "/api/v1/polls", nil, 403)
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
			{"PUT", base + "/delegation"}, {"POST", base + "/objection"}, {"PUT", base + "/units/x/deprivation"},
			{"GET", base + "/record"}, {"GET", base + "/record.csv"},
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
			if got := c.anon.status(t, call.method, call.path, body); got != 401 {
				t.Errorf("anonymous %s %s: %d", call.method, call.path, got)
			}
			if got := c.outsider.status(t, call.method, call.path, body); got != 404 {
				t.Errorf("outsider %s %s: %d", call.method, call.path, got)
			}
		}
		for _, call := range []struct{ method, path string }{{"PUT", base}, {"POST", base + "/publish"}, {"POST", base + "/close"},
			{"PUT", base + "/units/x/deprivation"}} {
			body := bodies[call.method]
			if strings.HasSuffix(call.path, "/deprivation") {
				body = map[string]any{"reason": "Deuda"}
			}
			if p := c.neighbour.must(t, call.method, call.path, body, 403); p["detail"] != denied {
				t.Errorf("member %s %s: %v", call.method, call.path, p)
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
		res, text := c.neighbour.raw(t, base+"/record.csv")
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(text, "Votación;¿Pintamos el portal?") || !strings.Contains(text, "Sí;1;100 %") {
			t.Fatalf("csv %d: %s", res.StatusCode, text)
		}
	})
}
