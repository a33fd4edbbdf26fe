package httpapi_test

import (
	"fmt"
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

// The office's search finds the incidents, people and units of the communities it runs now, each with
// its community; an assistant with read rights searches too; a community that only invited it, or that
// revoked it, is not searched.
func TestTheOfficeSearchesTheCommunitiesItRuns(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		d := newDespacho(t, e)
		anaID := d.ana.must(t, "GET", "/api/v1/me", nil, 200)["id"]
		d.ana.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Gotera en el portal", "description": "x", "assignedTo": anaID}, 201)
		bea := e.confirmedUser(t, "bea@example.es", newCommunity("Calle Luna 3"))
		beaID := bea.must(t, "GET", "/api/v1/me", nil, 200)["id"]
		bea.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Gotera en el ático", "description": "x", "assignedTo": beaID}, 201)
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
