package httpapi_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// despacho is an administrador de fincas' office: marta owns 'Fincas Pérez S.L.', with jon (write) and
// iris (read) on its staff; ana's community (Calle Mayor 1) named it its processor.
type despacho struct {
	ana, marta, jon, iris *client
	community, code       string
}

var staffToken = regexp.MustCompile(`/despacho/unirse\?token=([A-Za-z0-9_-]+)`)

func newDespacho(t *testing.T, e *env) *despacho {
	t.Helper()
	d := &despacho{}
	d.ana = e.confirmedUser(t, "ana@example.es", newCommunity("Calle Mayor 1"))
	d.community = d.ana.must(t, "GET", "/api/v1/me", nil, 200)["communityId"].(string)
	d.marta = e.obLoner(t, "marta@fincasperez.es")
	obDetail(t, d.marta, "POST", "/api/v1/organisation", map[string]any{"name": "Fincas Pérez S.L.", "nif": "B1234567J"}, 422, "invalid",
		"El NIF no es válido")
	org := d.marta.must(t, "POST", "/api/v1/organisation", map[string]any{"name": "Fincas Pérez S.L.", "nif": "b-12345674",
		"colegiado": "MAD-1234"}, 201)
	if org["nif"] != "B12345674" || org["rights"] != "owner" {
		t.Fatalf("the new organisation: %v", org)
	}
	d.code = org["code"].(string)
	for email, rights := range map[string]string{"jon@fincasperez.es": "write", "iris@fincasperez.es": "read"} {
		d.marta.must(t, "POST", "/api/v1/organisation/staff", map[string]any{"email": email, "rights": rights}, 201)
		_, text := e.obMail(t, email)
		m := staffToken.FindStringSubmatch(text)
		if m == nil || !strings.Contains(text, "Fincas Pérez S.L.") {
			t.Fatalf("the invitation to %s: %s", email, text)
		}
		c := e.obLoner(t, email)
		if got := c.must(t, "POST", "/api/v1/organisation/join", map[string]any{"token": m[1]}, 200); got["rights"] != rights {
			t.Fatalf("%s joined with %v", email, got)
		}
		if rights == "write" {
			d.jon = c
		} else {
			d.iris = c
		}
	}
	// The community invites the office by its NIF; until it accepts, its staff have no access.
	p := d.ana.must(t, "POST", "/api/v1/community/processor", map[string]any{"code": "B12345674"}, 200)["processor"].(map[string]any)
	if p["status"] != "invited" || p["organisationName"] != "Fincas Pérez S.L." {
		t.Fatalf("the invited processor: %v", p)
	}
	obDetail(t, d.jon.in(d.community), "GET", "/api/v1/incidents", nil, 403, "not_member", "No perteneces a esta comunidad")
	obDetail(t, d.iris, "POST", "/api/v1/organisation/communities/"+d.community+"/accept", nil, 403, "forbidden",
		"Tu acceso al despacho es de solo lectura")
	d.marta.must(t, "POST", "/api/v1/organisation/communities/"+d.community+"/accept", nil, 204)
	return d
}

func TestAnOrganisationsAssistantWithReadRightsReadsButCannotWrite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		d := newDespacho(t, e)
		anaID := d.ana.must(t, "GET", "/api/v1/me", nil, 200)["id"]
		inc := d.ana.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Gotera en el portal", "description": "x", "assignedTo": anaID}, 201)
		id := inc["id"].(string)

		// The community's settings show the processor and when its access began.
		p := d.ana.must(t, "GET", "/api/v1/community/processor", nil, 200)["processor"].(map[string]any)
		if p["status"] != "active" || p["acceptedAt"] == nil || p["nif"] != "B12345674" || p["colegiado"] != "MAD-1234" {
			t.Fatalf("the community's processor: %v", p)
		}
		_, list := d.marta.rawAny(t, "GET", "/api/v1/organisation/communities")
		if fmt.Sprint(list) == "" || !strings.Contains(fmt.Sprint(list), "Calle Mayor 1") || !strings.Contains(fmt.Sprint(list), "pendingBookings:0") {
			t.Fatalf("the office's communities: %v", list)
		}

		// Staff act as the administrador: admin routes open, not an owner, not among the 3 admins.
		jon, iris := d.jon.in(d.community), d.iris.in(d.community)
		if me := jon.must(t, "GET", "/api/v1/me", nil, 200); me["communityId"] != d.community || me["role"] != "admin" {
			t.Fatalf("jon's /me in the community: %v", me)
		}
		if got := titles(t, jon, "/api/v1/incidents"); got != "Gotera en el portal" {
			t.Fatalf("jon's incidents: %q", got)
		}
		jon.must(t, "GET", "/api/v1/community/audit", nil, 200)
		jon.must(t, "PATCH", "/api/v1/incidents/"+id, map[string]any{"status": "in_progress"}, 200)
		roles := fmt.Sprint(d.ana.must(t, "GET", "/api/v1/community/roles", nil, 200))
		if strings.Contains(roles, "Jon") || strings.Contains(roles, "jon@") {
			t.Errorf("the office's staff are listed among the community's roles: %s", roles)
		}
		obDetail(t, jon, "POST", "/api/v1/community/processor", map[string]any{"code": d.code}, 403, "forbidden",
			"Solo los administradores que son vecinos de la comunidad pueden elegir su despacho")

		// iris reads everything jon reads, and every write is refused at the access check.
		if got := titles(t, iris, "/api/v1/incidents"); got != "Gotera en el portal" {
			t.Fatalf("iris's incidents: %q", got)
		}
		iris.must(t, "GET", "/api/v1/incidents/"+id, nil, 200)
		iris.must(t, "GET", "/api/v1/community/audit", nil, 200)
		for _, w := range []struct {
			method, path string
			body         any
		}{
			{"PATCH", "/api/v1/incidents/" + id, map[string]any{"status": "resolved"}},
			{"POST", "/api/v1/incidents", map[string]any{"title": "x", "description": "x", "assignedTo": anaID}},
			{"DELETE", "/api/v1/incidents/" + id, nil},
			{"POST", "/api/v1/announcements", map[string]any{"title": "x", "content": "x"}},
		} {
			obDetail(t, iris, w.method, w.path, w.body, 403, "forbidden", "Tu acceso a esta comunidad es de solo lectura")
		}
		if got := d.ana.must(t, "GET", "/api/v1/incidents/"+id, nil, 200)["status"]; got != "in_progress" {
			t.Errorf("the incident after iris's refused write: %v", got)
		}
		// Her own account stays hers: the office's routes are not the community's.
		d.iris.must(t, "GET", "/api/v1/organisation", nil, 200)

		// The audit log names the staff member who acted, with the office.
		audit := fmt.Sprint(d.ana.must(t, "GET", "/api/v1/community/audit", nil, 200))
		if !strings.Contains(audit, "processor.accepted") || !strings.Contains(audit, "(Fincas Pérez S.L.)") {
			t.Errorf("the audit log does not name the office's staff: %s", audit)
		}
	})
}

func TestRevokingTheOrganisationEndsItsAccessAtOnceStreamsIncluded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		d := newDespacho(t, e)
		jon := d.jon.in(d.community)
		jon.must(t, "GET", "/api/v1/incidents", nil, 200)
		cookie := d.jon.cookie()
		s := openStreamAt(t, e.srv.URL+"/api/v1/stream?community="+d.community, cookie, "")
		s.next(t, "unread")

		d.ana.must(t, "DELETE", "/api/v1/community/processor", nil, 204)
		s.ended(t, e.srv.URL, cookie)
		obDetail(t, jon, "GET", "/api/v1/incidents", nil, 403, "not_member", "No perteneces a esta comunidad")
		if got := d.ana.must(t, "GET", "/api/v1/community/processor", nil, 200)["processor"]; got != nil {
			t.Errorf("the processor after the revocation: %v", got)
		}
		if _, list := d.marta.rawAny(t, "GET", "/api/v1/organisation/communities"); strings.Contains(fmt.Sprint(list), "Calle Mayor 1") {
			t.Errorf("the office still lists the community: %v", list)
		}
		if audit := fmt.Sprint(d.ana.must(t, "GET", "/api/v1/community/audit", nil, 200)); !strings.Contains(audit, "processor.revoked") {
			t.Errorf("the revocation is not in the audit log: %s", audit)
		}
		// It may be invited again; removing an assistant from the staff ends theirs at once too.
		d.ana.must(t, "POST", "/api/v1/community/processor", map[string]any{"code": d.code}, 200)
		d.marta.must(t, "POST", "/api/v1/organisation/communities/"+d.community+"/accept", nil, 204)
		jon.must(t, "GET", "/api/v1/incidents", nil, 200)
		jonID := d.jon.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string)
		s = openStreamAt(t, e.srv.URL+"/api/v1/stream?community="+d.community, cookie, "")
		s.next(t, "unread")
		d.marta.must(t, "DELETE", "/api/v1/organisation/staff/"+jonID, nil, 204)
		s.ended(t, e.srv.URL, cookie)
		obDetail(t, jon, "GET", "/api/v1/incidents", nil, 403, "not_member", "No perteneces a esta comunidad")
	})
}
