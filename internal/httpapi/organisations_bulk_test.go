package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func bulkSummary(t *testing.T, got map[string]any) string {
	t.Helper()
	var out []string
	for _, r := range got["results"].([]any) {
		m := r.(map[string]any)
		if m["error"] != nil {
			out = append(out, fmt.Sprintf("%s: %s", m["communityName"], m["error"]))
		} else if id, _ := m["id"].(string); id != "" {
			out = append(out, fmt.Sprintf("%s: ok", m["communityName"]))
		}
	}
	return strings.Join(out, "; ")
}

// The office publishes one announcement in several of its communities and adds one provider to them,
// each through the feature's own service, and reads for each community whether it was done; a community
// it does not run fails alone; an assistant with read rights is refused.
func TestTheOfficesBulkAnnouncementAndProvider(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		d := newDespacho(t, e)
		bea := e.confirmedUser(t, "bea@example.es", newCommunity("Calle Luna 3"))
		luna := bea.must(t, "GET", "/api/v1/me", nil, 200)["communityId"].(string)
		bea.must(t, "POST", "/api/v1/community/processor", map[string]any{"code": d.code}, 200)
		d.marta.must(t, "POST", "/api/v1/organisation/communities/"+luna+"/accept", nil, 204)
		carl := e.confirmedUser(t, "carl@example.es", newCommunity("Plaza Sol 5"))
		sol := carl.must(t, "GET", "/api/v1/me", nil, 200)["communityId"].(string)

		got := d.jon.must(t, "POST", "/api/v1/organisation/announcements", map[string]any{"communityIds": []string{d.community, luna, sol, luna},
			"title": "Corte de agua el lunes", "description": "De 9 a 12", "priority": "critico"}, 200)
		if s := bulkSummary(t, got); s != "Calle Mayor 1: ok; Calle Luna 3: ok; : Tu despacho no administra esta comunidad" {
			t.Fatalf("the bulk announcement: %s", s)
		}
		for _, c := range []*client{d.ana, bea} {
			if s := fmt.Sprint(c.must(t, "GET", "/api/v1/announcements", nil, 200)); !strings.Contains(s, "Corte de agua el lunes") {
				t.Errorf("the announcement is not in the community: %s", s)
			}
		}
		if s := fmt.Sprint(carl.must(t, "GET", "/api/v1/announcements", nil, 200)); strings.Contains(s, "Corte de agua") {
			t.Errorf("the announcement reached a community the office does not run: %s", s)
		}
		// A critical one is emailed to each community's residents, as the announcements service does.
		if subject, _ := e.obMail(t, "bea@example.es"); !strings.Contains(subject, "Corte de agua el lunes") {
			t.Errorf("bea's email: %q", subject)
		}

		// The same provider in both; a rule of the providers service fails in each community, alone.
		got = d.marta.must(t, "POST", "/api/v1/organisation/providers", map[string]any{"communityIds": []string{d.community, luna},
			"name": "Fontanería Ruiz", "category": "plumbing", "phone": "600 111 222"}, 200)
		if s := bulkSummary(t, got); s != "Calle Mayor 1: ok; Calle Luna 3: ok" {
			t.Fatalf("the bulk provider: %s", s)
		}
		if s := fmt.Sprint(bea.must(t, "GET", "/api/v1/providers", nil, 200)); !strings.Contains(s, "Fontanería Ruiz") || !strings.Contains(s, "approved") {
			t.Errorf("the provider in Calle Luna 3: %s", s)
		}
		got = d.marta.must(t, "POST", "/api/v1/organisation/providers", map[string]any{"communityIds": []string{d.community},
			"name": "Sin contacto", "category": "plumbing"}, 200)
		if s := bulkSummary(t, got); s != "Calle Mayor 1: Indica un teléfono o un email de contacto" {
			t.Fatalf("the provider without contact: %s", s)
		}

		// Read rights are refused; so is an empty choice.
		obDetail(t, d.iris, "POST", "/api/v1/organisation/announcements", map[string]any{"communityIds": []string{d.community}, "title": "x"},
			403, "forbidden", "Tu acceso al despacho es de solo lectura")
		obDetail(t, d.iris, "POST", "/api/v1/organisation/providers", map[string]any{"communityIds": []string{d.community}, "name": "x",
			"category": "other", "phone": "600111222"}, 403, "forbidden", "Tu acceso al despacho es de solo lectura")
		obDetail(t, d.marta, "POST", "/api/v1/organisation/announcements", map[string]any{"communityIds": []string{""}, "title": "x"},
			422, "invalid", "Elige al menos una comunidad")
	})
}
