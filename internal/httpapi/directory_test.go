package httpapi_test

import (
	"slices"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func anDirectory(t *testing.T, cl *client, query string) (map[string]any, map[string]map[string]any) {
	t.Helper()
	body := cl.must(t, "GET", "/api/v1/directory"+query, nil, 200)
	byName := map[string]map[string]any{}
	for _, r := range obItems(t, body, "residents") {
		byName[r["name"].(string)] = r
	}
	return body, byName
}

// The role is derived once, on the server, case by case; phone and email reach neighbours only with the
// resident's consent (RGPD), while admins and the resident themself always see them.
func TestDirectory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newAnCast(t, db)
		c.olga.must(t, "PATCH", "/api/v1/profile", map[string]any{"phone": "+34600111222", "contactVisible": true}, 200)
		c.pablo.must(t, "PATCH", "/api/v1/profile", map[string]any{"phone": "+34600333444"}, 200)

		body, dir := anDirectory(t, c.uxue, "")
		if len(dir) != 6 || body["residentesActivos"] != float64(6) || body["propietarios"] != float64(2) || body["total"] != float64(6) {
			t.Fatalf("directory: %v", body)
		}
		for name, want := range map[string]string{"Adela Admin": "admin", "Pepa Presidenta": "president", "Olga Núñez": "owner",
			"Pablo Pérez": "owner", "Teo Inquilino": "tenant", "Uxue Sin Piso": "user"} {
			if got := dir[name]["role"]; got != want {
				t.Errorf("%s: role %v, want %s", name, got, want)
			}
		}
		if o := dir["Olga Núñez"]; o["unit"] != "1A" || o["floor"] != "1" || o["door"] != nil || o["isActive"] != true || o["id"] != c.olgaID {
			t.Errorf("Olga's card: %v", o)
		}
		if tt := dir["Teo Inquilino"]; tt["unit"] != "1A" {
			t.Errorf("Teo's card: %v", tt)
		}
		if u := dir["Uxue Sin Piso"]; u["unit"] != nil || u["floor"] != nil {
			t.Errorf("Uxue's card: %v", u)
		}

		// Privacy: a neighbour sees Olga's (opted in) contact, not Pablo's.
		if o := dir["Olga Núñez"]; o["phone"] != "+34600111222" || o["email"] != "olga@example.es" {
			t.Errorf("opted-in contact hidden: %v", o)
		}
		if p := dir["Pablo Pérez"]; p["phone"] != nil || p["email"] != nil {
			t.Errorf("neighbour sees Pablo's contact: %v", p)
		}
		if _, d := anDirectory(t, c.admin, ""); d["Pablo Pérez"]["phone"] != "+34600333444" || d["Pablo Pérez"]["email"] != "pablo@example.es" {
			t.Errorf("admin does not see Pablo's contact: %v", d["Pablo Pérez"])
		}
		if _, d := anDirectory(t, c.pablo, ""); d["Pablo Pérez"]["phone"] != "+34600333444" || d["Teo Inquilino"]["email"] != nil {
			t.Errorf("Pablo's own view: %v / %v", d["Pablo Pérez"], d["Teo Inquilino"])
		}
		if _, d := anDirectory(t, c.pepa, ""); d["Pablo Pérez"]["email"] != nil {
			t.Errorf("the president is a neighbour for privacy: %v", d["Pablo Pérez"])
		}

		// Search by name or unit, accents ignored; role filter. Counters stay those of the community.
		names := func(d map[string]map[string]any) []string {
			var out []string
			for n := range d {
				out = append(out, n)
			}
			slices.Sort(out)
			return out
		}
		if body, d := anDirectory(t, c.uxue, "?q=NUNEZ"); !slices.Equal(names(d), []string{"Olga Núñez"}) || body["residentesActivos"] != float64(6) {
			t.Errorf("search by name: %v %v", names(d), body["residentesActivos"])
		}
		if _, d := anDirectory(t, c.uxue, "?q=1a"); !slices.Equal(names(d), []string{"Olga Núñez", "Teo Inquilino"}) {
			t.Errorf("search by unit: %v", names(d))
		}
		if _, d := anDirectory(t, c.uxue, "?role=tenant"); !slices.Equal(names(d), []string{"Teo Inquilino"}) {
			t.Errorf("role filter: %v", names(d))
		}
		if _, d := anDirectory(t, c.uxue, "?role=owner&q=pablo"); !slices.Equal(names(d), []string{"Pablo Pérez"}) {
			t.Errorf("role + search: %v", names(d))
		}
		c.uxue.must(t, "GET", "/api/v1/directory?role=vecino", nil, 422)
		// Another community's directory is its own.
		if _, d := anDirectory(t, c.outsider, ""); len(d) != 1 {
			t.Errorf("outsider's directory: %v", names(d))
		}
	})
}
