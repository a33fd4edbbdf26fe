package httpapi_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func (c *client) obID(t *testing.T) string {
	t.Helper()
	return c.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string)
}

func TestRoleChangesFollowTheRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		code := e.communityCode(t, admin)
		var members []*client
		for i := range 4 {
			members = append(members, e.obMember(t, fmt.Sprintf("m%d@example.es", i), code))
		}
		outsider := e.obAdmin(t, "fuera@example.es", "Otra")
		adminID, m0 := admin.obID(t), members[0].obID(t)

		roles := admin.must(t, "GET", "/api/v1/community/roles", nil, 200)
		if ms := obItems(t, roles, "members"); len(ms) != 5 || roles["adminCount"] != 1.0 || roles["maxAdmins"] != 3.0 {
			t.Fatalf("roles: %v", roles)
		}
		obDetail(t, admin, "PUT", "/api/v1/community/members/"+adminID+"/role", map[string]any{"role": "user"}, 403, "forbidden", "No puedes modificar tu propio rol")
		obDetail(t, admin, "PUT", "/api/v1/community/members/"+outsider.obID(t)+"/role", map[string]any{"role": "user"}, 403, "forbidden",
			"No puedes modificar usuarios de otras comunidades")
		obDetail(t, admin, "PUT", "/api/v1/community/members/nobody/role", map[string]any{"role": "user"}, 403, "forbidden",
			"No puedes modificar usuarios de otras comunidades")
		obDetail(t, members[1], "PUT", "/api/v1/community/members/"+m0+"/role", map[string]any{"role": "admin"}, 403, "forbidden",
			"Solo los administradores pueden acceder a esta sección")
		obDetail(t, members[1], "GET", "/api/v1/community/roles", nil, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		admin.must(t, "PUT", "/api/v1/community/members/"+m0+"/role", map[string]any{"role": "superuser"}, 422)

		if m := admin.must(t, "PUT", "/api/v1/community/members/"+m0+"/role", map[string]any{"role": "moderator"}, 200); m["role"] != "moderator" || m["email"] != "m0@example.es" {
			t.Fatalf("set moderator: %v", m)
		}
		admin.must(t, "PUT", "/api/v1/community/members/"+m0+"/role", map[string]any{"role": "admin"}, 200)
		admin.must(t, "PUT", "/api/v1/community/members/"+members[1].obID(t)+"/role", map[string]any{"role": "admin"}, 200)
		obDetail(t, admin, "PUT", "/api/v1/community/members/"+members[2].obID(t)+"/role", map[string]any{"role": "admin"}, 409, "conflict",
			"No puede haber más de 3 administradores en la comunidad")
		// Re-saving an admin as admin is not a fourth admin.
		admin.must(t, "PUT", "/api/v1/community/members/"+m0+"/role", map[string]any{"role": "admin"}, 200)
		// A promoted member has admin rights at once; a demoted one loses them at once.
		members[0].must(t, "GET", "/api/v1/community/roles", nil, 200)
		members[1].must(t, "PUT", "/api/v1/community/members/"+m0+"/role", map[string]any{"role": "user"}, 200)
		members[0].must(t, "GET", "/api/v1/community/roles", nil, 403)
		// The admins card lists them with their units.
		admin.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "1A"}, 200)
		admins := obItems(t, members[3].must(t, "GET", "/api/v1/community/admins", nil, 200), "admins")
		if len(admins) != 2 {
			t.Fatalf("admins: %v", admins)
		}
		units := map[any]any{}
		for _, a := range admins {
			units[a["id"]] = a["unitNumber"]
		}
		if units[adminID] != "1A" || units[members[1].obID(t)] != nil {
			t.Fatalf("admins: %v", admins)
		}
	})
}

// Five admins promote five members at once in a community with 1 admin: exactly two promotions may win.
func TestConcurrentPromotionsNeverExceedThreeAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		code := e.communityCode(t, admin)
		ids := make([]string, 5)
		for i := range ids {
			ids[i] = e.obMember(t, fmt.Sprintf("m%d@example.es", i), code).obID(t)
		}
		for round := range 3 {
			if round > 0 { // back to one admin
				for _, id := range ids {
					admin.must(t, "PUT", "/api/v1/community/members/"+id+"/role", map[string]any{"role": "user"}, 200)
				}
			}
			var wg sync.WaitGroup
			statuses := make(chan int, len(ids))
			start := make(chan struct{})
			for _, id := range ids {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					statuses <- admin.status(t, "PUT", "/api/v1/community/members/"+id+"/role", map[string]any{"role": "admin"})
				}()
			}
			close(start)
			wg.Wait()
			close(statuses)
			counts := map[int]int{}
			for s := range statuses {
				counts[s]++
			}
			if counts[http.StatusOK] != 2 || counts[http.StatusConflict] != 3 {
				t.Fatalf("round %d: statuses %v, want 2×200 and 3×409", round, counts)
			}
			if n := admin.must(t, "GET", "/api/v1/community/roles", nil, 200)["adminCount"]; n != 3.0 {
				t.Fatalf("round %d: %v admins", round, n)
			}
		}
	})
}

func TestCommunityEditIsForAdminsAndNormalisesValues(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		member := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		obDetail(t, member, "PATCH", "/api/v1/community", map[string]any{"name": "Mía"}, 403, "forbidden", "Solo los administradores pueden acceder a esta sección")
		c := admin.must(t, "PATCH", "/api/v1/community", map[string]any{"name": "  Alcalá 12 bis ", "address": " Calle  de Alcalá   12 ",
			"city": " Madrid ", "postalCode": " 28014 ", "country": " ", "catastralReference": " 4410205wj0641s 0001jh "}, 200)
		if c["name"] != "Alcalá 12 bis" || c["address"] != "Calle de Alcalá 12" || c["city"] != "Madrid" || c["postalCode"] != "28014" ||
			c["country"] != "España" || c["catastralReference"] != "4410205WJ0641S0001JH" {
			t.Fatalf("community: %v", c)
		}
		obDetail(t, admin, "PATCH", "/api/v1/community", map[string]any{"catastralReference": "4410205WJ0641S0001JJ"}, 422, "invalid", "La referencia catastral no es válida")
		obDetail(t, admin, "PATCH", "/api/v1/community", map[string]any{"name": " "}, 422, "invalid", "El nombre de la comunidad es obligatorio")
		if c := admin.must(t, "PATCH", "/api/v1/community", map[string]any{"catastralReference": "  "}, 200); c["catastralReference"] != nil || c["name"] != "Alcalá 12 bis" {
			t.Fatalf("clearing the reference: %v", c)
		}
		if c := member.must(t, "GET", "/api/v1/community", nil, 200); c["name"] != "Alcalá 12 bis" {
			t.Fatalf("members see the change: %v", c)
		}
		// Another community cannot take the same reference.
		admin.must(t, "PATCH", "/api/v1/community", map[string]any{"catastralReference": "4410205WJ0641S0001JH"}, 200)
		other := e.obAdmin(t, "otro@example.es", "Otra")
		obDetail(t, other, "PATCH", "/api/v1/community", map[string]any{"catastralReference": "4410205WJ0641S0001JH"}, 409, "conflict",
			"Ya existe una comunidad con esta referencia catastral")
	})
}

func TestMyUnitRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		if u := admin.must(t, "GET", "/api/v1/unit", nil, 200); u["unit"] != nil {
			t.Fatalf("no unit yet: %v", u)
		}
		obDetail(t, admin, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "  ", "floor": "2"}, 422, "invalid", "El número de vivienda es obligatorio")
		u := admin.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": " 2B ", "floor": "2", "building": "Portal 1"}, 200)["unit"].(map[string]any)
		if u["unitNumber"] != "2B" || u["floor"] != "2" || u["building"] != "Portal 1" || u["isOwner"] != true || u["ownerName"] != "Ana López" {
			t.Fatalf("unit: %v", u)
		}
		u2 := admin.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "2C", "floor": "", "building": " "}, 200)["unit"].(map[string]any)
		if u2["id"] != u["id"] || u2["floor"] != nil || u2["building"] != nil || u2["unitNumber"] != "2C" {
			t.Fatalf("edited unit: %v", u2)
		}
		// Another member's unit is theirs alone.
		luis := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		if u := luis.must(t, "GET", "/api/v1/unit", nil, 200); u["unit"] != nil {
			t.Fatalf("luis has no unit: %v", u)
		}
		l := luis.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "3A"}, 200)["unit"].(map[string]any)
		if l["id"] == u["id"] {
			t.Fatal("luis edited the admin's unit")
		}
	})
}
