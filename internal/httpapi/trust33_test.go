package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/httpapi"
	"vecinos/internal/memberships"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Issue #33, findings 8 and 9: what an attacker found in bookings, text, sign-up and field lengths.

// A booking is read only by its booker and the admins: another member gets not found, as if it did not
// exist, though its id went out on the stream; the stream names no booking; the calendar shows the slot
// taken without who or why.
func TestABookingIsReadOnlyByItsBookerAndTheAdmins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newReservationCast(t, db) // the creator booked 18:00–19:00 of c.date
		c.admin.must(t, "PATCH", "/api/v1/facilities/"+c.facility, map[string]any{"needsApproval": true}, 200)
		watch := openStream(t, c.e.srv.URL, c.creator.cookie(), "")
		watch.next(t, "unread")
		booked := c.neighbour.must(t, "POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": c.date,
			"start": "10:00", "end": "11:00"}, 201)
		id := booked["id"].(string)
		if ev := watch.nextChange(t, "reservations"); ev.Data["id"] != nil {
			t.Errorf("the stream tells the creator %v", ev.Data)
		}
		c.admin.must(t, "POST", "/api/v1/reservations/"+id+"/review", map[string]any{"approve": false, "reason": "Moroso: debe 3 cuotas"}, 200)
		if ev := watch.nextChange(t, "reservations"); ev.Data["id"] != nil {
			t.Errorf("the stream tells the creator %v", ev.Data)
		}

		res := "/api/v1/reservations/" + id
		for _, k := range []struct {
			method, path string
			body         map[string]any
		}{{"GET", res, nil}, {"POST", res + "/cancel", map[string]any{"reason": "x"}},
			{"PATCH", res, map[string]any{"date": c.date, "start": "12:00", "end": "13:00"}}} {
			if p := c.creator.must(t, k.method, k.path, k.body, 404); p["detail"] != "La reserva no existe" {
				t.Errorf("another member %s %s: %v", k.method, k.path, p)
			}
		}
		if got := c.neighbour.must(t, "GET", res, nil, 200); got["reason"] != "Moroso: debe 3 cuotas" || got["mine"] != true {
			t.Errorf("the booker reads %v", got)
		}
		if got := c.admin.must(t, "GET", res, nil, 200); got["userName"] == "" || got["status"] != "rejected" {
			t.Errorf("the admin reads %v", got)
		}

		// A fresh booking of 10:00 by the neighbour shows to the creator as taken, and nothing more.
		again := c.neighbour.must(t, "POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": c.date,
			"start": "10:00", "end": "11:00"}, 201)
		if again["status"] != "pending" {
			t.Fatalf("booking: %v", again)
		}
		days := c.creator.must(t, "GET", fmt.Sprintf("/api/v1/facilities/%s/availability?month=%s", c.facility, c.date[:7]), nil, 200)["days"].([]any)
		seen := false
		for _, d := range days {
			day := d.(map[string]any)
			if day["date"] != c.date {
				continue
			}
			for _, s := range day["slots"].([]any) {
				sl := s.(map[string]any)
				if sl["start"] != "10:00" {
					continue
				}
				seen = true
				if sl["free"] != 0.0 || sl["mine"] != false || len(sl) != 5 {
					t.Errorf("the creator sees the neighbour's slot as %v", sl)
				}
			}
		}
		if !seen {
			t.Errorf("no 10:00 slot on %s", c.date)
		}
	})
}

// A NUL character in any text, in a body, a path or a query, is refused with a 422 in Spanish on both
// engines (PostgreSQL cannot store it: it answered 500); the six characters \u0000 typed as text pass.
func TestANULCharacterInAnyTextIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		const refused = "El texto contiene un carácter no válido"
		check := func(who *client, method, path string, body any) {
			t.Helper()
			if p := who.must(t, method, path, body, 422); p["detail"] != refused || p["code"] != "invalid" {
				t.Errorf("%s %s: %v", method, path, p)
			}
		}
		check(c.creator, "POST", "/api/v1/incidents", map[string]any{"title": "Fuga\x00", "description": "Garaje"})
		check(c.creator, "POST", "/api/v1/incidents", map[string]any{"title": "Fuga", "description": "Gara\x00je"})
		check(c.creator, "POST", "/api/v1/incidents", []byte("{\"title\":\"Fuga\x00\",\"description\":\"Garaje\"}"))
		check(c.creator, "PATCH", "/api/v1/profile", map[string]any{"fullName": "Ana\x00"})
		check(c.anon, "POST", "/api/v1/auth/signup", signUpBody("nul@example.es", "Propietario\x00", nil))
		check(c.creator, "GET", "/api/v1/incidents?assignedTo=%00", nil)
		check(c.creator, "GET", "/api/v1/incidents/%00", nil)
		check(c.creator, "GET", "/api/v1/incidents?createdBy=%FF", nil)

		// A backslash before u0000 is text, and an escaped backslash does not escape what follows.
		for _, title := range []string{`Fuga \u0000`, `Fuga \\`} {
			in := c.creator.must(t, "POST", "/api/v1/incidents", map[string]any{"title": title, "description": "Garaje", "assignedTo": c.neighbourID}, 201)
			if in["title"] != title {
				t.Errorf("stored %q, want %q", in["title"], title)
			}
		}
		check(c.creator, "POST", "/api/v1/incidents", []byte(`{"title":"Fuga \\\u0000","description":"Garaje"}`))
	})
}

// A booking may start at most the facility's horizon ahead: 90 days unless an admin changes it; 9999-12-31
// was accepted.
func TestABookingBeyondTheFacilitysHorizonIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newReservationCast(t, db)
		fac := "/api/v1/facilities/" + c.facility
		if f := c.neighbour.must(t, "GET", fac, nil, 200); f["horizonDays"] != 90.0 {
			t.Fatalf("a new facility's horizon: %v", f["horizonDays"])
		}
		madrid, _ := time.LoadLocation("Europe/Madrid")
		today := c.e.clock().In(madrid)
		book := func(date string, want int) map[string]any {
			t.Helper()
			return c.neighbour.must(t, "POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": date,
				"start": "10:00", "end": "11:00"}, want)
		}
		last := today.AddDate(0, 0, 90)
		for _, date := range []string{"9999-12-31", today.AddDate(0, 0, 91).Format("2006-01-02")} {
			if p := book(date, 422); p["detail"] != "Solo se puede reservar con hasta 90 días de antelación (hasta el "+last.Format("02/01/2006")+")" {
				t.Errorf("booking %s: %v", date, p)
			}
		}
		r := book(last.Format("2006-01-02"), 201)
		// Moving a booking beyond it is refused too.
		if p := c.neighbour.must(t, "PATCH", "/api/v1/reservations/"+r["id"].(string), map[string]any{"date": "9999-12-31",
			"start": "10:00", "end": "11:00"}, 422); p["code"] != "invalid" {
			t.Errorf("moving beyond the horizon: %v", p)
		}

		// The admin shortens it to a week; a neighbour may not change it.
		c.neighbour.must(t, "PATCH", fac, map[string]any{"horizonDays": 365}, 403)
		if p := c.admin.must(t, "PATCH", fac, map[string]any{"horizonDays": 0}, 422); p["code"] != "invalid" {
			t.Errorf("horizon 0: %v", p)
		}
		if f := c.admin.must(t, "PATCH", fac, map[string]any{"horizonDays": 7}, 200); f["horizonDays"] != 7.0 {
			t.Fatalf("after the edit: %v", f["horizonDays"])
		}
		book(today.AddDate(0, 0, 8).Format("2006-01-02"), 422)
		book(today.AddDate(0, 0, 7).Format("2006-01-02"), 201)
	})
}

// The field lengths the contract declares (api/openapi.json, which the web forms read through
// web/src/lib/api/limits.ts) are the ones the services enforce: a unit takes 40 characters on /unit as in
// the registry (the /unit service stopped at 20), and the community's fields 200/300/100/10/100 (the
// contract said 300/400/200/20/200).
func TestFieldLengthsOfTheContractAreTheServices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		long := strings.Repeat("x", domain.UnitNameMax)
		got := c.creator.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": long, "floor": long, "building": long}, 200)
		if got["unit"].(map[string]any)["unitNumber"] != long {
			t.Errorf("saved %v", got)
		}
		if p := c.neighbour.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": long + "x"}, 422); p["code"] != "invalid" {
			t.Errorf("one more: %v", p)
		}
		for field, max := range map[string]int{"name": memberships.CommunityNameMax, "address": memberships.CommunityAddressMax,
			"city": memberships.CommunityCityMax, "postalCode": memberships.CommunityPostalCodeMax, "country": memberships.CommunityCountryMax} {
			c.admin.must(t, "PATCH", "/api/v1/community", map[string]any{field: strings.Repeat("1", max)}, 200)
			c.admin.must(t, "PATCH", "/api/v1/community", map[string]any{field: strings.Repeat("1", max+1)}, 422)
		}
	})

	bodies := httpapi.OpenAPI().Components.Schemas.Map()
	for schema, want := range map[string]map[string]int{
		"UpdateCommunityInputBody": {"name": memberships.CommunityNameMax, "address": memberships.CommunityAddressMax,
			"city": memberships.CommunityCityMax, "postalCode": memberships.CommunityPostalCodeMax, "country": memberships.CommunityCountryMax},
		"SaveUnitInputBody": {"unitNumber": domain.UnitNameMax, "floor": domain.UnitNameMax, "building": domain.UnitNameMax},
		"UnitBody":          {"name": domain.UnitNameMax, "floor": domain.UnitNameMax, "building": domain.UnitNameMax, "staircase": domain.UnitNameMax},
	} {
		for field, max := range want {
			if p := bodies[schema].Properties[field]; p == nil || p.MaxLength == nil || *p.MaxLength != max {
				t.Errorf("%s.%s: the contract's maxLength is not the service's %d", schema, field, max)
			}
		}
	}
}
