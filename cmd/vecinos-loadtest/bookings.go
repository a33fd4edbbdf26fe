package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/loadseed"
)

// The reservations cases of the HTTP workload (issue #13), on the first community of the incidents seed:
// every member gets a unit of their own; the admin adds a community hall ('Sala comunitaria', 09:00–22:00
// in slots of an hour) with a reservation on each day of next month, whose availability the first case
// reads; and 20 bookable facilities open 06:00–24:00 in slots of 15 minutes (10 exclusive courts and 10
// pools shared by 2), which the second case books.

const (
	bookingExclusive = 10 // facilities of capacity 1
	bookingShared    = 10 // facilities of capacity bookingCapacity
	bookingCapacity  = 2
	bookingOpen      = 6 * 60
	bookingSlots     = (24*60 - bookingOpen) / 15
	bookingDays      = 60 // from the day after tomorrow: far from the clocks' spring change for most of the year
	// Of each 16 requests in a row (across the threads), the 2nd, 3rd and 4th ask for the slot of the
	// 1st, from other units: 4 concurrent requests for one slot, which an exclusive facility grants once
	// and a shared one twice. The others are refused as taken or full, and the check afterwards finds
	// no overlap and no facility over its capacity.
	bookingBlock   = 16
	bookingRepeats = 3
)

// reservationsSeed is what the reservations cases need from the running server.
type reservationsSeed struct {
	hall       string   // the facility whose month is read
	month      string   // YYYY-MM
	facilities []string // the facilities booked: the exclusive ones first
	dates      []string // the local dates booked
}

// seedReservations prepares the reservations cases through the API of the running server: members'
// units, the hall and its month, the facilities to book.
func seedReservations(ctx context.Context, base string, c *loadseed.Community) (*reservationsSeed, error) {
	admin := &author{base: base, token: c.Tokens[0]}
	for i, token := range c.Tokens {
		m := &author{base: base, token: token}
		if err := m.do(ctx, http.MethodPut, "/api/v1/unit", map[string]any{"unitNumber": fmt.Sprintf("Vivienda %d", i+1)}, http.StatusOK, nil); err != nil {
			return nil, fmt.Errorf("unit of member %d: %w", i, err)
		}
	}
	var tz struct{ TimeZone string }
	if err := admin.do(ctx, http.MethodGet, "/api/v1/reservations/time-zone", nil, http.StatusOK, &tz); err != nil {
		return nil, err
	}
	loc, err := time.LoadLocation(tz.TimeZone)
	if err != nil {
		return nil, err
	}
	create := func(body map[string]any) (string, error) {
		var f struct{ ID string }
		err := admin.do(ctx, http.MethodPost, "/api/v1/facilities", body, http.StatusCreated, &f)
		return f.ID, err
	}
	s := &reservationsSeed{}
	if s.hall, err = create(map[string]any{"name": "Sala comunitaria", "depositCents": 5000, "maxPerMonth": 100}); err != nil {
		return nil, err
	}
	today := time.Now().In(loc)
	first := time.Date(today.Year(), today.Month()+1, 1, 12, 0, 0, 0, loc)
	s.month = first.Format("2006-01")
	for d := first; d.Month() == first.Month(); d = d.AddDate(0, 0, 1) {
		m := &author{base: base, token: c.Tokens[d.Day()%len(c.Tokens)]}
		start := 9 + d.Day()%12
		body := map[string]any{"facilityId": s.hall, "date": d.Format("2006-01-02"), "start": fmt.Sprintf("%02d:00", start),
			"end": fmt.Sprintf("%02d:00", start+1)}
		if err := m.do(ctx, http.MethodPost, "/api/v1/reservations", body, http.StatusCreated, nil); err != nil {
			return nil, err
		}
	}
	hours := make([]map[string]any, 7)
	for i := range hours {
		hours[i] = map[string]any{"closed": false, "open": clock(bookingOpen), "close": "24:00"}
	}
	for i := range bookingExclusive + bookingShared {
		name, capacity := fmt.Sprintf("Pista de pádel %d", i+1), 1
		if i >= bookingExclusive {
			name, capacity = fmt.Sprintf("Piscina %d", i+1-bookingExclusive), bookingCapacity
		}
		id, err := create(map[string]any{"name": name, "capacity": capacity, "hours": hours, "slotMinutes": 15, "maxPerMonth": 100})
		if err != nil {
			return nil, err
		}
		s.facilities = append(s.facilities, id)
	}
	for d := range bookingDays {
		s.dates = append(s.dates, today.AddDate(0, 0, 2+d).Format("2006-01-02"))
	}
	return s, nil
}

func clock(minute int) string { return fmt.Sprintf("%02d:%02d", minute/60, minute%60) }

// luaList writes strings as a Lua table.
func luaList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return "{" + strings.Join(q, ", ") + "}"
}

// bookingScript is wrk's Lua script for the bookings: each request a POST of a reservation by one of the
// members (in turn, so that no unit reaches its monthly quota), request g of all threads for slot key g
// (or the key of the first of its block of bookingBlock, see above): facility key % F, then slot and day.
// Every answer must be 201 or a 409 that the slot is taken or full, or that the unit's bookings of the
// month are spent (at 4,000 bookings a second a unit reaches the 100 a facility allows, the most there is);
// done() prints the counts.
//
// threads is every thread of every wrk process running the script, of which this process's are
// firstThread on (several processes split the load over several instances).
func bookingScript(s *reservationsSeed, tokens []string, threads, firstThread int) []byte {
	var starts []string
	for m := bookingOpen; m <= 24*60; m += 15 {
		starts = append(starts, clock(m))
	}
	return fmt.Appendf(nil, `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local facilities = %s
local dates = %s
local clocks = %s
local tokens = %s
local T, F, S, D, U = %d, #facilities, %d, #dates, #tokens
local threads = {}
local next_id = %d
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end
created, refused, unexpected = 0, 0, 0
local n = 0
function request()
  local g = n * T + id
  n = n + 1
  local key, b = g, g %% %d
  if b >= 1 and b <= %d then key = g - b end
  local f = key %% F
  local rest = math.floor(key / F)
  local slot = rest %% S
  local day = math.floor(rest / S) %% D
  local member = (math.floor(g / F) + b) %% U
  wrk.headers["Cookie"] = "vecinos_session=" .. tokens[member + 1]
  return wrk.format(nil, "/api/v1/reservations", nil, '{"facilityId":"' .. facilities[f + 1] .. '","date":"' .. dates[day + 1] ..
    '","start":"' .. clocks[slot + 1] .. '","end":"' .. clocks[slot + 2] .. '"}')
end
function response(status, headers, body)
  if status == 201 then
    created = created + 1
  elseif status == 409 and (body:find("Ese horario ya est", 1, true) or body:find("Ya no quedan plazas", 1, true) or
      body:find("Has alcanzado el m", 1, true)) then
    refused = refused + 1
  else
    unexpected = unexpected + 1
    if unexpected == 1 then print("unexpected answer: " .. status .. " " .. body) end
  end
end
function done(summary, latency, requests)
  local c, r, u = 0, 0, 0
  for _, t in ipairs(threads) do
    c, r, u = c + t:get("created"), r + t:get("refused"), u + t:get("unexpected")
  end
  io.write(string.format("bookings: created %%d refused %%d unexpected %%d\n", c, r, u))
end
`, luaList(s.facilities), luaList(s.dates), luaList(starts), luaList(tokens), threads, bookingSlots, firstThread, bookingBlock, bookingRepeats)
}

// bookingCounts reads the line done() printed.
func bookingCounts(out string) (created, refused, unexpected int, err error) {
	for line := range strings.Lines(out) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "bookings: "); ok {
			_, err = fmt.Sscanf(rest, "created %d refused %d unexpected %d", &created, &refused, &unexpected)
			return created, refused, unexpected, err
		}
	}
	return 0, 0, 0, errors.New("wrk printed no booking counts")
}

// checkReservations looks in the database, not through the server, for what the bookings must never
// leave: two pending or confirmed reservations of an exclusive facility that overlap, or a shared facility
// with more of them at one instant than its capacity (the most at once is reached at some start). It
// returns how many active reservations there are. A community id (one the load generator made, never
// user input) limits the check to that community's reservations; "" checks them all.
func checkReservations(ctx context.Context, db *sql.DB, communityID string) (active int, err error) {
	live := func(alias string) string {
		w := alias + "status IN ('pending', 'confirmed')"
		if communityID != "" {
			w += " AND " + alias + "community_id = '" + strings.ReplaceAll(communityID, "'", "''") + "'"
		}
		return w
	}
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM reservations WHERE "+live("")).Scan(&active); err != nil {
		return 0, err
	}
	var overlaps, over int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM reservations a
		JOIN reservations b ON b.facility_id = a.facility_id AND b.id > a.id AND b.start_at < a.end_at AND b.end_at > a.start_at
		JOIN facilities f ON f.id = a.facility_id
		WHERE f.capacity = 1 AND `+live("a.")+` AND `+live("b.")).Scan(&overlaps); err != nil {
		return active, err
	}
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM (
		SELECT r.id FROM reservations r
		JOIN facilities f ON f.id = r.facility_id
		JOIN reservations o ON o.facility_id = r.facility_id AND o.start_at <= r.start_at AND o.end_at > r.start_at
		WHERE `+live("r.")+` AND `+live("o.")+`
		GROUP BY r.id, f.capacity HAVING COUNT(*) > f.capacity) x`).Scan(&over); err != nil {
		return active, err
	}
	if overlaps > 0 || over > 0 {
		return active, fmt.Errorf("%d overlapping pairs of reservations of exclusive facilities, %d instants over a facility's capacity", overlaps, over)
	}
	return active, nil
}
