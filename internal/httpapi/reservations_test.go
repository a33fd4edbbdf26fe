package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// reservationCast is the permission cast with a unit for the creator and the neighbour, a facility made
// by the admin and a reservation of the creator's three days ahead (Madrid time).
type reservationCast struct {
	*cast
	facility, reservation, date string
}

func newReservationCast(t *testing.T, db *store.DB) *reservationCast {
	t.Helper()
	c := &reservationCast{cast: newCast(t, db)}
	c.creator.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "1º A"}, 200)
	c.neighbour.must(t, "PUT", "/api/v1/unit", map[string]any{"unitNumber": "2º B"}, 200)
	f := c.admin.must(t, "POST", "/api/v1/facilities", map[string]any{"name": "Sala comunitaria", "depositCents": 5000,
		"rules": "Dejar la sala limpia"}, 201)
	c.facility = f["id"].(string)
	madrid, _ := time.LoadLocation("Europe/Madrid")
	c.date = c.e.clock().In(madrid).AddDate(0, 0, 3).Format("2006-01-02")
	c.reservation = c.creator.must(t, "POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": c.date,
		"start": "18:00", "end": "19:00"}, 201)["id"].(string)
	return c
}

func TestReservationPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newReservationCast(t, db)
		fac, res := "/api/v1/facilities/"+c.facility, "/api/v1/reservations/"+c.reservation
		type call struct {
			method, path string
			body         map[string]any
		}
		facilityBody := map[string]any{"name": "Otra"}
		reason := map[string]any{"reason": "Motivo"}
		review, deposit := map[string]any{"approve": true}, map[string]any{"status": "received"}
		slot := map[string]any{"date": c.date, "start": "20:00", "end": "21:00", "reason": "Motivo"}
		all := []call{
			{"GET", "/api/v1/facilities", nil}, {"POST", "/api/v1/facilities", facilityBody}, {"GET", fac, nil},
			{"PATCH", fac, facilityBody}, {"PUT", fac + "/closures/" + c.date, reason}, {"DELETE", fac + "/closures/" + c.date, nil},
			{"GET", fac + "/availability", nil}, {"GET", "/api/v1/reservations/time-zone", nil},
			{"PUT", "/api/v1/reservations/time-zone", map[string]any{"timeZone": "Atlantic/Canary"}},
			{"GET", "/api/v1/reservations", nil}, {"POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": c.date, "start": "20:00", "end": "21:00"}},
			{"GET", "/api/v1/reservations/next", nil}, {"GET", res, nil}, {"PATCH", res, slot}, {"POST", res + "/cancel", reason},
			{"POST", res + "/review", review}, {"POST", res + "/deposit", deposit},
		}
		// Anonymous callers and users without a community: refused by the route (route_access_test.go).
		// Another community never learns that the facility or the reservation exist.
		for _, k := range all {
			if k.path == fac || k.path == res || len(k.path) > len(fac) && k.path[:len(fac)] == fac || len(k.path) > len(res) && k.path[:len(res)] == res {
				if p := c.outsider.must(t, k.method, k.path, k.body, 404); p["code"] != "not_found" {
					t.Errorf("outsider %s %s: %v", k.method, k.path, p)
				}
			}
		}
		if got := c.outsider.must(t, "GET", "/api/v1/facilities", nil, 200)["items"].([]any); len(got) != 0 {
			t.Errorf("outsider lists %v", got)
		}
		// A neighbour cannot manage facilities, approve, record deposits or see everyone's reservations.
		for _, k := range []call{{"POST", "/api/v1/facilities", facilityBody}, {"PATCH", fac, facilityBody},
			{"PUT", fac + "/closures/" + c.date, reason}, {"DELETE", fac + "/closures/" + c.date, nil},
			{"PUT", "/api/v1/reservations/time-zone", map[string]any{"timeZone": "Atlantic/Canary"}},
			{"GET", "/api/v1/reservations?all=true", nil}, {"POST", res + "/review", review}, {"POST", res + "/deposit", deposit}} {
			if p := c.neighbour.must(t, k.method, k.path, k.body, 403); p["code"] != "forbidden" {
				t.Errorf("neighbour %s %s: %v", k.method, k.path, p)
			}
		}
		// Someone else's booking does not exist for a neighbour: not read, cancelled or moved (issue #33).
		for _, k := range []call{{"GET", res, nil}, {"POST", res + "/cancel", reason}, {"PATCH", res, slot}} {
			if p := c.neighbour.must(t, k.method, k.path, k.body, 404); p["code"] != "not_found" {
				t.Errorf("neighbour %s %s: %v", k.method, k.path, p)
			}
		}
		// What members may do.
		if got := c.creator.must(t, "GET", res, nil, 200); got["mine"] != true || got["canCancel"] != true || got["depositStatus"] != "pending" {
			t.Errorf("creator reads: %v", got)
		}
		if got := c.creator.must(t, "GET", "/api/v1/reservations/next", nil, 200)["reservation"].(map[string]any); got["id"] != c.reservation {
			t.Errorf("next: %v", got)
		}
		// The admin records the deposit and cancels with a reason; the creator is told by email.
		c.admin.must(t, "POST", res+"/deposit", map[string]any{"status": "received"}, 200)
		if got := c.admin.must(t, "POST", res+"/cancel", map[string]any{}, 422); got["detail"] != "Indica el motivo" {
			t.Errorf("admin cancels without a reason: %v", got)
		}
		if got := c.admin.must(t, "POST", res+"/cancel", map[string]any{"reason": "Obras en la sala"}, 200); got["status"] != "cancelled" ||
			got["reason"] != "Obras en la sala" || got["depositStatus"] != "received" {
			t.Errorf("admin cancels: %v", got)
		}
		if got := c.e.lastSubject(t, "creador@example.es"); got != "Reserva cancelada: Sala comunitaria" {
			t.Errorf("last email to the creator: %q", got)
		}
		if all := c.admin.must(t, "GET", "/api/v1/reservations?all=true&past=true", nil, 200)["items"].([]any); len(all) != 1 {
			t.Errorf("admin lists %d", len(all))
		}
		// The admin sets the community's time zone; its members read it, another community keeps its own.
		zone := func(cl *client) any { return cl.must(t, "GET", "/api/v1/reservations/time-zone", nil, 200)["timeZone"] }
		if got := zone(c.neighbour); got != "Europe/Madrid" {
			t.Errorf("default time zone: %v", got)
		}
		c.admin.must(t, "PUT", "/api/v1/reservations/time-zone", map[string]any{"timeZone": "Atlantic/Canary"}, 200)
		if got := c.admin.must(t, "PUT", "/api/v1/reservations/time-zone", map[string]any{"timeZone": "Marte/Olympus"}, 422); got["detail"] != "La zona horaria no es válida" {
			t.Errorf("unknown zone: %v", got)
		}
		if a, b := zone(c.neighbour), zone(c.outsider); a != "Atlantic/Canary" || b != "Europe/Madrid" {
			t.Errorf("after the change: neighbour %v, outsider %v", a, b)
		}
	})
}

func TestReservationOverHTTPShowsTheSlotTaken(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newReservationCast(t, db)
		month := c.date[:7]
		taken := func(who *client) map[string]any {
			t.Helper()
			days := who.must(t, "GET", fmt.Sprintf("/api/v1/facilities/%s/availability?month=%s", c.facility, month), nil, 200)["days"].([]any)
			for _, d := range days {
				day := d.(map[string]any)
				if day["date"] != c.date {
					continue
				}
				for _, s := range day["slots"].([]any) {
					if sl := s.(map[string]any); sl["start"] == "18:00" {
						return sl
					}
				}
			}
			t.Fatalf("no 18:00 slot on %s", c.date)
			return nil
		}
		if sl := taken(c.neighbour); sl["free"] != 0.0 || sl["mine"] != false {
			t.Errorf("neighbour sees %v", sl)
		}
		if sl := taken(c.creator); sl["free"] != 0.0 || sl["mine"] != true {
			t.Errorf("creator sees %v", sl)
		}
		p := c.neighbour.must(t, "POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": c.date, "start": "18:00", "end": "19:00"}, 409)
		if p["detail"] != "Ese horario ya está reservado" {
			t.Errorf("double booking: %v", p)
		}
		c.creator.must(t, "POST", "/api/v1/reservations/"+c.reservation+"/cancel", map[string]any{}, 200)
		if sl := taken(c.neighbour); sl["free"] != 1.0 {
			t.Errorf("after the cancellation the neighbour sees %v", sl)
		}
		c.neighbour.must(t, "POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": c.date, "start": "18:00", "end": "19:00"}, 201)
		list := c.admin.must(t, "GET", "/api/v1/facilities", nil, 200)
		if list["timeZone"] != "Europe/Madrid" || len(list["items"].([]any)) != 1 {
			t.Errorf("facilities: %v", list)
		}
	})
}

// A member's calendar feed carries their own reservations (not the neighbours'), and names the zone.
func TestReservationsInTheCalendarFeed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newReservationCast(t, db)
		other := c.neighbour.must(t, "POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": c.date,
			"start": "10:00", "end": "11:00"}, 201)
		feed := c.creator.must(t, "POST", "/api/v1/calendar/feed-url", nil, 201)["url"].(string)
		res, body := c.anon.raw(t, strings.TrimPrefix(feed, "http://localhost:8080"))
		if res.StatusCode != 200 {
			t.Fatalf("feed: %d", res.StatusCode)
		}
		mine := c.creator.must(t, "GET", "/api/v1/reservations/"+c.reservation, nil, 200)
		start, _ := time.Parse(time.RFC3339, mine["startAt"].(string))
		unfolded := strings.ReplaceAll(body, "\r\n ", "")
		for _, want := range []string{"X-WR-TIMEZONE:Europe/Madrid\r\n", "UID:" + c.reservation + "@vecinos\r\n",
			"SUMMARY:Reserva: Sala comunitaria\r\n", "DTSTART:" + start.UTC().Format("20060102T150405Z") + "\r\n"} {
			if !strings.Contains(unfolded, want) {
				t.Errorf("feed lacks %q:\n%s", want, body)
			}
		}
		if strings.Contains(unfolded, other["id"].(string)) {
			t.Error("the feed shows a neighbour's reservation")
		}
		// Cancelled, it leaves the feed.
		c.creator.must(t, "POST", "/api/v1/reservations/"+c.reservation+"/cancel", map[string]any{}, 200)
		if _, body := c.anon.raw(t, strings.TrimPrefix(feed, "http://localhost:8080")); strings.Contains(body, c.reservation) {
			t.Error("a cancelled reservation stays in the feed")
		}
	})
}

// lastSubject is the subject of the newest email queued for addr: the highest id, since ids follow the
// real time and the env's clock stands still (emails queued at its time tie, or sort before those still
// queued at the real time).
func (e *env) lastSubject(t *testing.T, addr string) string {
	t.Helper()
	mails, err := e.db.ListMail(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	last := domain.MailRecord{}
	for _, m := range mails {
		if m.To == addr && m.ID > last.ID {
			last = m
		}
	}
	return last.Subject
}

// TestFacilityManagementIsAudited: creating, editing, closing a day of and archiving a facility, and
// approving or rejecting a reservation, each leave a record with the values before and after; a resident's
// own booking and cancellation leave none.
func TestFacilityManagementIsAudited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newReservationCast(t, db) // the admin creates 'Sala comunitaria'; the creator books it
		adminName := c.admin.must(t, "GET", "/api/v1/me", nil, 200)["fullName"].(string)
		fac := "/api/v1/facilities/" + c.facility
		c.creator.must(t, "POST", "/api/v1/reservations/"+c.reservation+"/cancel", map[string]any{}, 200)

		type check struct {
			action, label string
			before, after string // substrings of the JSON objects; "" when there is none
		}
		checks := []check{{"facility.created", "Sala comunitaria", "", `"depositCents":5000`}}
		sunday := map[string]any{"closed": true, "open": "09:00", "close": "22:00"}
		weekday := map[string]any{"closed": false, "open": "10:00", "close": "20:00"}
		c.admin.must(t, "PATCH", fac, map[string]any{"name": "Sala de reuniones", "needsApproval": true,
			"hours": []any{sunday, weekday, weekday, weekday, weekday, weekday, weekday}}, 200)
		checks = append(checks, check{"facility.edited", "Sala de reuniones", `"name":"Sala comunitaria"`,
			`"hours":"lun 10:00–20:00, mar 10:00–20:00, mié 10:00–20:00, jue 10:00–20:00, vie 10:00–20:00, sáb 10:00–20:00, dom cerrado"`})
		c.admin.must(t, "PUT", fac+"/closures/"+c.date, map[string]any{"reason": "Pintura"}, 200)
		checks = append(checks, check{"facility.edited", "Sala de reuniones", `"closures":""`, `"closures":"` + c.date + ` (Pintura)"`})

		// Two bookings that wait for approval: one approved, one rejected with a reason.
		// A weekday (the facility now closes on Sundays) after the closed date.
		madrid, _ := time.LoadLocation("Europe/Madrid")
		when := c.e.clock().In(madrid).AddDate(0, 0, 5)
		if when.Weekday() == time.Sunday {
			when = when.AddDate(0, 0, 1)
		}
		day := when.Format("2006-01-02")
		var pending []string
		for i, booker := range []*client{c.creator, c.neighbour} {
			r := booker.must(t, "POST", "/api/v1/reservations", map[string]any{"facilityId": c.facility, "date": day,
				"start": fmt.Sprintf("%d:00", 10+i), "end": fmt.Sprintf("%d:00", 11+i)}, 201)
			pending = append(pending, r["id"].(string))
			if r["status"] != "pending" {
				t.Fatalf("booking: %v", r)
			}
		}
		c.admin.must(t, "POST", "/api/v1/reservations/"+pending[0]+"/review", map[string]any{"approve": true}, 200)
		checks = append(checks, check{"reservation.decided", "Sala de reuniones, " + day + " 10:00–11:00", `"status":"pending"`,
			`"status":"confirmed"`})
		c.admin.must(t, "POST", "/api/v1/reservations/"+pending[1]+"/review", map[string]any{"approve": false, "reason": "Ya está ocupada"}, 200)
		checks = append(checks, check{"reservation.decided", "", `"status":"pending"`, `"reason":"Ya está ocupada","status":"rejected"`})

		c.admin.must(t, "PATCH", fac, map[string]any{"archived": true}, 200)
		checks = append(checks, check{"facility.archived", "Sala de reuniones", `"archived":false`, `"archived":true`})

		all := auditEntries(t, c.admin, "")
		if len(all) != len(checks) {
			t.Errorf("%d records, want %d: %v", len(all), len(checks), all)
		}
		for _, ch := range checks {
			found := false
			for _, r := range auditEntries(t, c.admin, ch.action) {
				before, after := jsonText(r["before"]), jsonText(r["after"])
				if r["actorName"] != adminName || r["actorId"] != c.adminID || (ch.label != "" && r["targetLabel"] != ch.label) ||
					(ch.before != "" && !strings.Contains(before, ch.before)) || (ch.after != "" && !strings.Contains(after, ch.after)) ||
					(ch.before == "" && r["before"] != nil) || (ch.after == "" && r["after"] != nil) {
					continue
				}
				found = true
			}
			if !found {
				t.Errorf("no record of %s %q (before %s, after %s) in %v", ch.action, ch.label, ch.before, ch.after, all)
			}
		}
		if all[0]["action"] != "facility.archived" || all[len(all)-1]["action"] != "facility.created" {
			t.Errorf("order: %v", all)
		}
	})
}
