package httpapi_test

import (
	"testing"

	"vecinos/internal/store/storetest"
)

// FuzzWriteBodies sends any bytes as the JSON body of the main write endpoints, as the admin of a
// community (so every handler runs past its session check): huma decodes and validates them, the
// services check their rules, and the answer is never a server error and always a JSON object.
func FuzzWriteBodies(f *testing.F) {
	e := newEnv(f, storetest.OpenSQLite(f))
	admin := e.confirmedUser(f, "ana@example.es", newCommunity("Calle Mayor 1"))
	code := e.communityCode(f, admin)
	luis := e.confirmedUser(f, "luis@example.es", map[string]any{"invite_token": code})
	luisID := luis.must(f, "GET", "/api/v1/me", nil, 200)["id"].(string)
	conv := admin.must(f, "POST", "/api/v1/conversations", map[string]any{"userId": luisID}, 200)["id"].(string)
	channel := admin.must(f, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
	incident := admin.must(f, "POST", "/api/v1/incidents", map[string]any{"title": "Gotera", "description": "En el garaje",
		"assignedTo": luisID}, 201)["id"].(string)

	endpoints := []struct{ method, path string }{
		{"POST", "/api/v1/incidents"},
		{"PATCH", "/api/v1/incidents/" + incident},
		{"POST", "/api/v1/events"},
		{"POST", "/api/v1/announcements"},
		{"POST", "/api/v1/conversations/" + conv + "/messages"},
		{"POST", "/api/v1/channels/" + channel + "/messages"},
		{"PATCH", "/api/v1/profile"},
		{"PATCH", "/api/v1/community"},
		{"POST", "/api/v1/community/units"},
		{"POST", "/api/v1/community/invitations"},
		{"POST", "/api/v1/auth/check-email"},
	}
	seeds := []string{
		`{"title":"Ascensor parado","description":"Desde ayer","assignedTo":"` + luisID + `","priority":"alta"}`,
		`{"status":"resuelta","priority":"baja","location":""}`,
		`{"title":"Junta","startAt":"2026-12-01T18:00:00Z","endAt":"2026-12-01T17:00:00Z"}`,
		`{"title":"Corte de agua","content":"Mañana","priority":"critical","audience":{"kind":"unit","unitId":"x"}}`,
		`{"content":"Hola 👋","clientId":"c1"}`,
		`{"content":"","clientId":"` + string(make([]byte, 300)) + `"}`,
		`{"fullName":"Ana","phone":"+34 600 000 000","avatarUrl":"javascript:alert(1)"}`,
		`{"name":"","timezone":"Mars/Olympus"}`,
		`{"name":"1º A","kind":"trastero","coefficient":"101"}`,
		`{"email":"ana@example.es"}`,
		`null`, `[]`, `{"title":1e999}`, `{"title":"\ud800"}`, `{`, ``,
	}
	for i, s := range seeds {
		f.Add(uint8(i%len(endpoints)), []byte(s))
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		ep := endpoints[int(which)%len(endpoints)]
		status, out := admin.do(t, ep.method, ep.path, body)
		if status >= 500 {
			t.Fatalf("%s %s %q: %d %v", ep.method, ep.path, body, status, out)
		}
		if status >= 400 && (out["status"] == nil || out["detail"] == nil) {
			t.Fatalf("%s %s %q: %d without a problem body: %v", ep.method, ep.path, body, status, out)
		}
	})
}
