package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func officeHits(t *testing.T, c *client, q string, kind string) string {
	t.Helper()
	got := c.must(t, "GET", "/api/v1/organisation/search?"+url.Values{"q": {q}}.Encode(), nil, 200)
	var out []string
	for _, h := range got[kind].([]any) {
		m := h.(map[string]any)
		out = append(out, fmt.Sprintf("%s@%s", m["title"], m["communityName"]))
	}
	return fmt.Sprint(out)
}

// reportsIncident has c report an incident titled title in their community, assigned to themselves; it
// returns c's /me.
func reportsIncident(t *testing.T, c *client, title string) map[string]any {
	t.Helper()
	me := c.must(t, "GET", "/api/v1/me", nil, 200)
	c.must(t, "POST", "/api/v1/incidents", map[string]any{"title": title, "description": "x", "assignedTo": me["id"]}, 201)
	return me
}

// The office's search finds the incidents, people and units of the communities it runs now, each with
// its community; an assistant with read rights searches too; a community that only invited it, or that
// revoked it, is not searched.
func TestTheOfficeSearchesTheCommunitiesItRuns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		d := newDespacho(t, e)
		reportsIncident(t, d.ana, "Gotera en el portal")
		bea := e.confirmedUser(t, "bea@example.es", newCommunity("Calle Luna 3"))
		reportsIncident(t, bea, "Gotera en el ático")
		bea.must(t, "POST", "/api/v1/community/processor", map[string]any{"code": d.code}, 200)

		if got := officeHits(t, d.marta, "GOTERA", "incidents"); got != "[Gotera en el portal@Calle Mayor 1]" {
			t.Fatalf("marta's search: %s", got)
		}
		if got := officeHits(t, d.iris, "gotera", "incidents"); got != "[Gotera en el portal@Calle Mayor 1]" {
			t.Fatalf("iris's search: %s", got)
		}
		name := d.ana.must(t, "GET", "/api/v1/me", nil, 200)["fullName"].(string)
		if got := officeHits(t, d.jon, name, "people"); got != fmt.Sprintf("[%s@Calle Mayor 1]", name) {
			t.Fatalf("jon's search for %q: %s", name, got)
		}
		obDetail(t, d.marta, "GET", "/api/v1/organisation/search?q=a", nil, 422, "invalid", "Escribe entre 2 y 100 caracteres para buscar")
		obDetail(t, d.ana, "GET", "/api/v1/organisation/search?q=gotera", nil, 404, "not_found", "No formas parte de ningún despacho")

		// Once the second community's invitation is accepted it is searched; once the first revokes, not.
		d.marta.must(t, "POST", "/api/v1/organisation/communities/"+bea.must(t, "GET", "/api/v1/me", nil, 200)["communityId"].(string)+"/accept", nil, 204)
		d.ana.must(t, "DELETE", "/api/v1/community/processor", nil, 204)
		if got := officeHits(t, d.marta, "gotera", "incidents"); got != "[Gotera en el ático@Calle Luna 3]" {
			t.Fatalf("the search after accepting one and losing the other: %s", got)
		}
	})
}

// The office's list and search answer for the caller's office alone: an assistant with read rights lists
// and finds what its office runs, another office (which runs a community of its own) neither lists nor
// finds any of it, and someone on no office's staff is refused both; once the community revokes the office,
// the office lists and finds nothing of it.
func TestTheOfficesListAndSearchAreItsOwn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		d := newDespacho(t, e)
		reportsIncident(t, d.ana, "Gotera en el portal")
		pablo := e.obLoner(t, "pablo@fincassur.es")
		other := pablo.must(t, "POST", "/api/v1/organisation", map[string]any{"name": "Fincas Sur S.L.", "nif": "B76543214"}, 201)
		luis := e.confirmedUser(t, "luis@example.es", newCommunity("Calle Sol 2"))
		me := reportsIncident(t, luis, "Gotera en el garaje")
		luis.must(t, "POST", "/api/v1/community/processor", map[string]any{"code": other["code"]}, 200)
		pablo.must(t, "POST", "/api/v1/organisation/communities/"+me["communityId"].(string)+"/accept", nil, 204)

		listed := func(c *client) string {
			t.Helper()
			status, list := c.rawAny(t, "GET", "/api/v1/organisation/communities")
			var names []string
			for _, p := range list.([]any) {
				names = append(names, p.(map[string]any)["communityName"].(string))
			}
			if status != 200 {
				t.Fatalf("the office's list: %d %v", status, list)
			}
			return fmt.Sprint(names)
		}
		for _, c := range []struct {
			who          *client
			list, search string
		}{{d.iris, "[Calle Mayor 1]", "[Gotera en el portal@Calle Mayor 1]"}, {pablo, "[Calle Sol 2]", "[Gotera en el garaje@Calle Sol 2]"}} {
			if got := listed(c.who); got != c.list {
				t.Errorf("the list: %s, want %s", got, c.list)
			}
			if got := officeHits(t, c.who, "gotera", "incidents"); got != c.search {
				t.Errorf("the search: %s, want %s", got, c.search)
			}
		}
		obDetail(t, d.ana, "GET", "/api/v1/organisation/communities", nil, 404, "not_found", "No formas parte de ningún despacho")
		d.ana.must(t, "DELETE", "/api/v1/community/processor", nil, 204)
		if got, found := listed(d.marta), officeHits(t, d.marta, "gotera", "incidents"); got != "[]" || found != "[]" {
			t.Errorf("the office after the revocation lists %s and finds %s", got, found)
		}
	})
}

// The header's switcher lists the communities the office runs with the member ones: marta (no member
// anywhere) sees Calle Mayor 1 as staff, current when her tab acts in it; ana sees only her own.
func TestTheSwitcherListsTheOfficesCommunities(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		d := newDespacho(t, e)
		_, list := rawIn(t, d.marta, d.community, "/api/v1/memberships")
		rows, _ := list.([]any)
		if len(rows) != 1 {
			t.Fatalf("marta's switcher: %v", list)
		}
		m := rows[0].(map[string]any)
		if m["communityName"] != "Calle Mayor 1" || m["staff"] != true || m["current"] != true || m["role"] != "admin" {
			t.Fatalf("marta's switcher row: %v", m)
		}
		_, list = d.ana.rawAny(t, "GET", "/api/v1/memberships")
		if rows, _ := list.([]any); len(rows) != 1 || rows[0].(map[string]any)["staff"] != false {
			t.Fatalf("ana's switcher: %v", list)
		}
		d.ana.must(t, "DELETE", "/api/v1/community/processor", nil, 204)
		if _, list = d.jon.rawAny(t, "GET", "/api/v1/memberships"); fmt.Sprint(list) != "[]" {
			t.Fatalf("jon's switcher after the revocation: %v", list)
		}
	})
}

// rawIn is a GET of path by c in a tab acting in community, its JSON whatever its shape.
func rawIn(t *testing.T, c *client, community, path string) (int, any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.e.srv.URL+path, nil)
	req.Header.Set("X-Vecinos-Community", community)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, v
}
