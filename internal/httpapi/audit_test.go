package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// auditEntries reads the community's audit as an admin, newest first, optionally filtered by action.
func auditEntries(t *testing.T, admin *client, action string) []map[string]any {
	t.Helper()
	path := "/api/v1/community/audit"
	if action != "" {
		path += "?action=" + action
	}
	return obItems(t, admin.must(t, "GET", path, nil, 200), "items")
}

// TestEveryAdminActionIsAudited does each kind of admin action once and finds its record: who, on what,
// and the values before and after.
func TestEveryAdminActionIsAudited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 2, "doors_per_floor": 2})
		adminID := admin.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string)
		code := e.communityCode(t, admin)
		luis := e.obMember(t, "luis@example.es", code)
		luisID := luis.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string)
		id := func(name string) string {
			_, units := regUnits(t, admin)
			return regFind(t, units, "", name)["id"].(string)
		}

		type check struct {
			action, label string
			before, after string // substrings of the JSON objects
		}
		var checks []check
		expect := func(c check) { checks = append(checks, c) }

		admin.must(t, "PUT", "/api/v1/community/members/"+luisID+"/role", map[string]any{"role": "moderator"}, 200)
		expect(check{"role.changed", "", `"role":"user"`, `"role":"moderator"`})

		admin.must(t, "PATCH", "/api/v1/community", map[string]any{"name": "Alcalá 12 bis"}, 200)
		expect(check{"community.edited", "Alcalá 12 bis", `"name":"Alcalá 12"`, `"name":"Alcalá 12 bis"`})

		admin.must(t, "POST", "/api/v1/community/units", map[string]any{"name": "Garaje 1", "kind": "garaje", "coefficient": "2"}, 201)
		expect(check{"unit.added", "Garaje 1", "", `"coefficient":"2"`})
		admin.must(t, "PATCH", "/api/v1/community/units/"+id("1º A"), map[string]any{"coefficient": "25"}, 200)
		expect(check{"unit.edited", "1º A", `"name":"1º A"`, `"coefficient":"25"`})
		admin.must(t, "POST", "/api/v1/community/units/"+id("2º B")+"/merge", map[string]any{"into": id("2º A")}, 200)
		expect(check{"unit.merged", "2º B → 2º A", `"from"`, `"name":"2º A"`})
		admin.must(t, "DELETE", "/api/v1/community/units/"+id("1º B"), nil, 200)
		expect(check{"unit.removed", "1º B", `"name":"1º B"`, ""})
		admin.must(t, "POST", "/api/v1/community/units/import", map[string]any{"csv": "portal;escalera;planta;nombre;tipo;coeficiente\n;;;Local 9;local;\n"}, 200)
		expect(check{"units.imported", "1 líneas", "", `"added":1`})

		// A member's claims, decided by the admin.
		luis.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": id("1º A"), "owner": true}, 200)
		claims := obItems(t, admin.must(t, "GET", "/api/v1/community/owner-claims?status=pending", nil, 200), "claims")
		obReview(t, admin, "owner-claims", claims[0]["id"].(string), "approved", "")
		expect(check{"owner_claim.decided", "", `"status":"pending"`, `"status":"approved"`})
		luis.must(t, "POST", "/api/v1/my-units", map[string]any{"unitId": id("Garaje 1")}, 200)
		admin.must(t, "POST", "/api/v1/community/resident-claims/"+id("Garaje 1")+"/"+luisID+"/review", map[string]any{"decision": "rejected"}, 204)
		expect(check{"resident_claim.decided", "", `"status":"pending"`, `"status":"rejected"`})

		// Content of a neighbour, deleted by the admin; the admin's own is not an admin action.
		inc := luis.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Gotera", "description": "En el garaje", "assignedTo": adminID}, 201)
		admin.must(t, "DELETE", "/api/v1/incidents/"+inc["id"].(string), nil, 204)
		expect(check{"content.deleted", "Gotera", `"title":"Gotera"`, ""})
		own := admin.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Mía", "description": "x", "assignedTo": luisID}, 201)
		admin.must(t, "DELETE", "/api/v1/incidents/"+own["id"].(string), nil, 204)

		all := auditEntries(t, admin, "")
		for _, c := range checks {
			found := false
			for _, r := range auditEntries(t, admin, c.action) {
				before, after := jsonText(r["before"]), jsonText(r["after"])
				if r["actorName"] != "Ana López" || r["actorId"] != adminID || (c.label != "" && r["targetLabel"] != c.label) ||
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
		for _, r := range all {
			if r["targetLabel"] == "Mía" {
				t.Errorf("an admin deleting their own incident was audited: %v", r)
			}
		}
		// Newest first, and a bad filter is a Spanish 422.
		if len(all) < len(checks) || all[0]["action"] != "content.deleted" || all[len(all)-1]["action"] != "role.changed" {
			t.Fatalf("order: %v", all)
		}
		obDetail(t, admin, "GET", "/api/v1/community/audit?action=nada", nil, 422, "invalid", "La acción no es válida")
	})
}

func jsonText(v any) string {
	if v == nil {
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestOnlyTheAdminsOfTheCommunityReadItsAudit: anonymous 401, a member 403, another community's admin
// sees only their own community's records.
func TestOnlyTheAdminsOfTheCommunityReadItsAudit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		n := newNeighbourhood(t, e)
		n.ana.must(t, "PUT", "/api/v1/community/members/"+n.luisID+"/role", map[string]any{"role": "moderator"}, 200)
		if got := auditEntries(t, n.ana, ""); len(got) != 1 {
			t.Fatalf("ana's audit: %v", got)
		}
		if s := e.client().status(t, "GET", "/api/v1/community/audit", nil); s != 401 {
			t.Fatalf("anonymous: %d", s)
		}
		if s := n.eva.status(t, "GET", "/api/v1/community/audit", nil); s != 403 {
			t.Fatalf("member: %d", s)
		}
		if got := auditEntries(t, n.pau, ""); len(got) != 0 {
			t.Fatalf("another community's admin reads %v", got)
		}
	})
}

// TestTheAuditIsAppendOnly: the database itself refuses to change or drop a record younger than 5 years.
func TestTheAuditIsAppendOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		n := newNeighbourhood(t, e)
		n.ana.must(t, "PUT", "/api/v1/community/members/"+n.luisID+"/role", map[string]any{"role": "moderator"}, 200)
		for _, q := range []string{"UPDATE audit_log SET actor_name = 'Nadie'", "DELETE FROM audit_log"} {
			if err := storetest.TryExec(t, db, q); err == nil {
				t.Errorf("%s: allowed", q)
			}
		}
		if got := auditEntries(t, n.ana, ""); len(got) != 1 || got[0]["actorName"] != "Ana López" {
			t.Fatalf("after the attempts: %v", got)
		}
		// Records past the retention go (the purge's statement), and only those.
		storetest.Exec(t, db, "DELETE FROM audit_log WHERE created_at < 1000")
	})
}
