package reservations_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/reservations"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func ptr[T any](v T) *T { return &v }

// fixture is a community whose members each live in a unit of their own (unless they share one), a
// service on a clock the test moves, and the facility under test.
type fixture struct {
	db      *store.DB
	svc     *reservations.Service
	members []*domain.Actor // members[0] is the admin
	mu      sync.Mutex
	now     time.Time
}

func (f *fixture) clock() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *fixture) set(t time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = t
}

// newFixture makes n members; units[i] is the unit number of member i ("" for none). Members with the
// same number share the unit.
func newFixture(t *testing.T, db *store.DB, now time.Time, units ...string) *fixture {
	t.Helper()
	names := make([]string, len(units))
	for i := range names {
		names[i] = fmt.Sprintf("Vecino %d", i)
	}
	f := &fixture{db: db, members: storetest.Community(t, db, names...), now: now}
	f.svc = reservations.New(db, reservations.Options{Now: f.clock})
	ids := map[string]string{}
	for i, u := range units {
		if u == "" {
			continue
		}
		if ids[u] == "" {
			ids[u] = domain.NewID()
			storetest.Exec(t, db, "INSERT INTO units (id, community_id, unit_number, created_at, updated_at) VALUES ($1, $2, $3, 0, 0)",
				ids[u], f.members[0].CommunityID, u)
		}
		storetest.Exec(t, db, "UPDATE memberships SET unit_id = $1 WHERE user_id = $2", ids[u], f.members[i].UserID)
	}
	return f
}

func (f *fixture) facility(t *testing.T, in reservations.FacilityInput) *domain.Facility {
	t.Helper()
	if in.Name == nil {
		in.Name = ptr("Sala comunitaria")
	}
	fac, err := f.svc.CreateFacility(context.Background(), f.members[0], in)
	if err != nil {
		t.Fatal(err)
	}
	return fac
}

func madrid(t *testing.T, s string) time.Time {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	v, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func wantError(t *testing.T, err error, msg string) {
	t.Helper()
	if err == nil || domain.ErrorMessage(err) != msg {
		t.Fatalf("error %v, want %q", err, msg)
	}
}

func allDay() *[7]*domain.DayHours {
	var h [7]*domain.DayHours
	for i := range h {
		h[i] = &domain.DayHours{Open: 0, Close: 24 * 60}
	}
	return &h
}

// book runs n bookings at once, booking(i) saying who and what, and returns how many succeeded and the
// errors of the others.
func book(n int, booking func(i int) error) (int, []error) {
	var ok atomic.Int32
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			if err := booking(i); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
				return
			}
			ok.Add(1)
		})
	}
	close(start)
	wg.Wait()
	return int(ok.Load()), errs
}

func TestTwentyConcurrentBookingsOfOneSlotConfirmOne(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		units := make([]string, 21)
		for i := range units {
			units[i] = fmt.Sprintf("%d", i+1)
		}
		f := newFixture(t, db, madrid(t, "2026-05-04 12:00"), units...)
		hall := f.facility(t, reservations.FacilityInput{})
		ok, errs := book(20, func(i int) error {
			_, _, err := f.svc.Book(context.Background(), f.members[i+1], hall.ID, reservations.Slot{Date: "2026-05-10", Start: "18:00", End: "19:00"})
			return err
		})
		if ok != 1 || len(errs) != 19 {
			t.Fatalf("%d confirmed, errors %v", ok, errs)
		}
		for _, err := range errs {
			wantError(t, err, "Ese horario ya está reservado")
		}
		m, err := f.svc.Availability(context.Background(), f.members[0], hall.ID, "2026-05")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range m.Days[9].Slots {
			if want := map[bool]int{true: 0, false: 1}[s.Start == "18:00"]; s.Free != want {
				t.Errorf("%s %s: %d free, want %d", m.Days[9].Date, s.Start, s.Free, want)
			}
		}
	})
}

// Bookings that arrive together share a transaction (a batch): each is still answered as if it ran alone,
// after those before it. Here a court (exclusive), a pool for two and a hall of one booking a month per
// unit are booked at once, with a facility that does not exist and a member without a unit, ten times
// over: each round gives exactly the answers that bookings one by one would.
func TestBookingsAtOnceAnswerAsIfAlone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, madrid(t, "2026-05-04 12:00"), "1", "2", "3", "4", "5", "6", "7", "")
		court := f.facility(t, reservations.FacilityInput{Name: ptr("Pista"), Hours: allDay(), MaxPerMonth: ptr(31)})
		pool := f.facility(t, reservations.FacilityInput{Name: ptr("Piscina"), Capacity: ptr(2), Hours: allDay(), MaxPerMonth: ptr(31)})
		hall := f.facility(t, reservations.FacilityInput{Hours: allDay(), MaxPerMonth: ptr(1)})
		for round := range 10 {
			date := fmt.Sprintf("2026-05-%02d", 10+round)
			type ask struct {
				member   int
				facility string
				start    string
			}
			asks := []ask{
				{0, court.ID, "10:00"}, {1, court.ID, "10:00"}, {2, court.ID, "10:00"}, {3, court.ID, "11:00"},
				{4, pool.ID, "10:00"}, {5, pool.ID, "10:00"}, {6, pool.ID, "10:00"},
				{round % 7, hall.ID, "12:00"}, {round % 7, hall.ID, "14:00"},
				{0, domain.NewID(), "10:00"}, {7, court.ID, "16:00"},
			}
			if round >= 7 { // the units' one hall booking of May is spent
				asks = asks[:7]
			}
			got := map[string]int{}
			var mu sync.Mutex
			book(len(asks), func(i int) error {
				k := asks[i]
				end := fmt.Sprintf("%02d:00", 1+int(k.start[1]-'0')+10*int(k.start[0]-'0'))
				_, _, err := f.svc.Book(context.Background(), f.members[k.member], k.facility, reservations.Slot{Date: date, Start: k.start, End: end})
				what := "ok"
				if err != nil {
					what = domain.ErrorMessage(err)
				}
				mu.Lock()
				got[what]++
				mu.Unlock()
				return err
			})
			want := map[string]int{"ok": 1 + 1 + 2 + 1, "Ese horario ya está reservado": 2, "Ya no quedan plazas en ese horario": 1,
				"Has alcanzado el máximo de 1 reservas este mes para tu vivienda": 1, "La instalación no existe": 1,
				"Necesitas una vivienda asignada para reservar": 1}
			if round >= 7 {
				want = map[string]int{"ok": 1 + 1 + 2, "Ese horario ya está reservado": 2, "Ya no quedan plazas en ese horario": 1}
			}
			if !maps.Equal(got, want) {
				t.Fatalf("round %d: %v, want %v", round, got, want)
			}
		}
		// What was confirmed is what the calendar shows: the court's 10:00 and 11:00 and two places of the pool a day.
		active, err := db.ActiveReservations(context.Background(), f.members[0].CommunityID, "", madrid(t, "2026-05-10 00:00"), madrid(t, "2026-05-20 00:00"))
		if err != nil {
			t.Fatal(err)
		}
		if len(active) != 10*(2+2)+7 {
			t.Fatalf("%d active reservations, want %d", len(active), 10*4+7)
		}
	})
}

// The database itself refuses an overlap of an exclusive facility on PostgreSQL, whatever path writes it.
func TestExclusionConstraintRefusesOverlap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		if db.Engine() != store.Postgres {
			t.Skip("SQLite has one writer: the booking's transaction is the guarantee")
		}
		f := newFixture(t, db, madrid(t, "2026-05-04 12:00"), "1", "2")
		hall := f.facility(t, reservations.FacilityInput{})
		r, _, err := f.svc.Book(context.Background(), f.members[0], hall.ID, reservations.Slot{Date: "2026-05-10", Start: "18:00", End: "19:00"})
		if err != nil {
			t.Fatal(err)
		}
		clash := *r
		clash.ID, clash.UnitID = domain.NewID(), r.UnitID
		clash.StartAt, clash.EndAt = r.StartAt.Add(30*time.Minute), r.EndAt.Add(30*time.Minute)
		// The database's refusal ends the transaction with the error of its caller (the service's errTaken).
		refused := errors.New("refused")
		insert := func(r *domain.Reservation) error {
			return db.InTx(context.Background(), func(ctx context.Context) error {
				return db.CreateReservations(ctx, []*domain.Reservation{r}, refused)
			})
		}
		if err := insert(&clash); err != refused {
			t.Fatalf("an overlap was not refused: %v", err)
		}
		// Touching ends do not overlap ([) bounds), and a cancelled one frees its time.
		clash.StartAt, clash.EndAt = r.EndAt, r.EndAt.Add(time.Hour)
		if err := insert(&clash); err != nil {
			t.Fatal(err)
		}
	})
}

// A whole day booked on the day the clocks go back lasts 25 hours: the searches for overlaps, which read
// the index only from domain.LongestReservation before their period, still find it in its last hour.
func TestOverlapSearchesReachOverTheLongestDay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, madrid(t, "2026-10-20 12:00"), "1")
		hall := f.facility(t, reservations.FacilityInput{})
		r, _, err := f.svc.Book(context.Background(), f.members[0], hall.ID, reservations.Slot{Date: "2026-10-24", Start: "18:00", End: "19:00"})
		if err != nil {
			t.Fatal(err)
		}
		r.StartAt, r.EndAt = madrid(t, "2026-10-25 00:00"), madrid(t, "2026-10-26 00:00")
		if got := r.EndAt.Sub(r.StartAt); got != 25*time.Hour {
			t.Fatalf("the day lasts %s", got)
		}
		if err := db.InTx(context.Background(), func(ctx context.Context) error { return db.SaveReservation(ctx, r, nil) }); err != nil {
			t.Fatal(err)
		}
		lastHour := madrid(t, "2026-10-25 23:30")
		active, err := db.ActiveReservations(context.Background(), r.CommunityID, hall.ID, lastHour, lastHour.Add(time.Hour))
		if err != nil || len(active) != 1 {
			t.Fatalf("active in the last hour: %v (err %v)", active, err)
		}
		err = db.InTx(context.Background(), func(ctx context.Context) error {
			held, err := db.HeldForUpdate(ctx, []domain.HeldAsk{{FacilityID: hall.ID, UnitID: r.UnitID, Month: r.Month, From: lastHour, To: lastHour.Add(time.Hour)}})
			if err == nil && len(held[0].Overlapping) != 1 {
				err = fmt.Errorf("overlapping in the last hour: %v", held[0].Overlapping)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

func TestUnitQuotaHoldsUnderConcurrentBookings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		// Three residents of one unit, each booking another slot at the same moment; the quota is 2.
		f := newFixture(t, db, madrid(t, "2026-05-04 12:00"), "1A", "1A", "1A", "2B")
		hall := f.facility(t, reservations.FacilityInput{MaxPerMonth: ptr(2)})
		ok, errs := book(3, func(i int) error {
			_, _, err := f.svc.Book(context.Background(), f.members[i], hall.ID,
				reservations.Slot{Date: fmt.Sprintf("2026-05-%02d", 10+i), Start: "18:00", End: "19:00"})
			return err
		})
		if ok != 2 || len(errs) != 1 {
			t.Fatalf("%d booked, errors %v", ok, errs)
		}
		wantError(t, errs[0], "Has alcanzado el máximo de 2 reservas este mes para tu vivienda")
		// Another unit still books; the full unit books again next month.
		if _, _, err := f.svc.Book(context.Background(), f.members[3], hall.ID, reservations.Slot{Date: "2026-05-20", Start: "10:00", End: "11:00"}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.svc.Book(context.Background(), f.members[1], hall.ID, reservations.Slot{Date: "2026-06-01", Start: "10:00", End: "11:00"}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestQuotaMonthIsTheCommunitysLocalMonth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, madrid(t, "2026-01-05 12:00"), "1A")
		pool := f.facility(t, reservations.FacilityInput{MaxPerMonth: ptr(1), Hours: allDay(), SlotMinutes: ptr(30)})
		ctx := context.Background()
		// 23:30 on 31 January in Madrid is 22:30 UTC: January, in either reading.
		late, _, err := f.svc.Book(ctx, f.members[0], pool.ID, reservations.Slot{Date: "2026-01-31", Start: "23:30", End: "24:00"})
		if err != nil {
			t.Fatal(err)
		}
		if late.Month != "2026-01" || !late.StartAt.Equal(time.Date(2026, 1, 31, 22, 30, 0, 0, time.UTC)) {
			t.Fatalf("late booking: month %s, start %s", late.Month, late.StartAt)
		}
		wantError(t, fail(f.svc.Book(ctx, f.members[0], pool.ID, reservations.Slot{Date: "2026-01-20", Start: "10:00", End: "10:30"})),
			"Has alcanzado el máximo de 1 reservas este mes para tu vivienda")
		// 00:00 on 1 February in Madrid is still 31 January in UTC: it counts in February.
		early, _, err := f.svc.Book(ctx, f.members[0], pool.ID, reservations.Slot{Date: "2026-02-01", Start: "00:00", End: "00:30"})
		if err != nil {
			t.Fatal(err)
		}
		if early.Month != "2026-02" || early.StartAt.UTC().Month() != time.January {
			t.Fatalf("early booking: month %s, start %s", early.Month, early.StartAt)
		}
	})
}

func fail(_ *domain.Reservation, _ *domain.Facility, err error) error { return err }

func TestDayTheClocksChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		// 29 March 2026: Madrid goes from 02:00 CET to 03:00 CEST.
		f := newFixture(t, db, madrid(t, "2026-03-20 12:00"), "1A", "2B")
		hall := f.facility(t, reservations.FacilityInput{})
		ctx := context.Background()
		m, err := f.svc.Availability(ctx, f.members[1], hall.ID, "2026-03")
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range m.Days[27:29] { // the 28th and the 29th
			if len(d.Slots) != 13 || d.Slots[0].Start != "09:00" || d.Slots[12].End != "22:00" {
				t.Fatalf("%s: %d slots, %+v", d.Date, len(d.Slots), d.Slots)
			}
		}
		if got := m.Days[28].Slots[1].StartAt; !got.Equal(time.Date(2026, 3, 29, 8, 0, 0, 0, time.UTC)) {
			t.Fatalf("10:00 on the 29th starts at %s, want 08:00 UTC", got)
		}
		if got := m.Days[27].Slots[1].StartAt; !got.Equal(time.Date(2026, 3, 28, 9, 0, 0, 0, time.UTC)) {
			t.Fatalf("10:00 on the 28th starts at %s, want 09:00 UTC", got)
		}
		r, _, err := f.svc.Book(ctx, f.members[1], hall.ID, reservations.Slot{Date: "2026-03-29", Start: "10:00", End: "11:00"})
		if err != nil {
			t.Fatal(err)
		}
		if !r.StartAt.Equal(time.Date(2026, 3, 29, 8, 0, 0, 0, time.UTC)) || r.EndAt.Sub(r.StartAt) != time.Hour {
			t.Fatalf("booked %s–%s", r.StartAt, r.EndAt)
		}
		if sl := reservations.LocalSlot(r, "Europe/Madrid"); sl != (reservations.Slot{Date: "2026-03-29", Start: "10:00", End: "11:00"}) {
			t.Fatalf("local slot %+v", sl)
		}
		// "24 h before" is 10:00 on the 28th, local time: 23 real hours before, not 24.
		f.set(madrid(t, "2026-03-28 09:30"))
		if rt := reservations.RightsOf(f.members[1], r, hall.CancelHours, "Europe/Madrid", f.clock()); !rt.Cancel ||
			!rt.Deadline.Equal(time.Date(2026, 3, 28, 9, 0, 0, 0, time.UTC)) {
			t.Fatalf("at 09:30 the day before: %+v", rt)
		}
		f.set(madrid(t, "2026-03-28 10:30"))
		wantError(t, fail(f.svc.Cancel(ctx, f.members[1], r.ID, "")), "La cancelación gratuita termina 24 h antes")
	})
}

func TestCancellationWindow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, madrid(t, "2026-05-04 12:00"), "", "1A", "2B")
		hall := f.facility(t, reservations.FacilityInput{DepositCents: ptr(5000)})
		admin, ana, bea := f.members[0], f.members[1], f.members[2]
		ctx := context.Background()
		slot := reservations.Slot{Date: "2026-05-10", Start: "18:00", End: "19:00"}
		r, _, err := f.svc.Book(ctx, ana, hall.ID, slot)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != domain.ReservationConfirmed || r.DepositStatus == nil || *r.DepositStatus != domain.DepositPending || r.DepositCents != 5000 {
			t.Fatalf("booked: %+v", r)
		}
		// Someone else's: not found for a neighbour, at any time (issue #33).
		wantError(t, fail(f.svc.Cancel(ctx, bea, r.ID, "")), "La reserva no existe")
		// 25 h before: its owner moves it.
		f.set(madrid(t, "2026-05-09 17:00"))
		moved, _, err := f.svc.Modify(ctx, ana, r.ID, reservations.Slot{Date: "2026-05-10", Start: "19:00", End: "20:00"}, "")
		if err != nil {
			t.Fatal(err)
		}
		if sl := reservations.LocalSlot(moved, "Europe/Madrid"); sl.Start != "19:00" {
			t.Fatalf("moved to %+v", sl)
		}
		// 23 h before: the window has closed for its owner.
		f.set(madrid(t, "2026-05-09 20:00"))
		wantError(t, fail(f.svc.Cancel(ctx, ana, r.ID, "")), "La cancelación gratuita termina 24 h antes")
		wantError(t, fail(f.svc.Modify(ctx, ana, r.ID, slot, "")), "La cancelación gratuita termina 24 h antes")
		if rt := reservations.RightsOf(ana, moved, hall.CancelHours, "Europe/Madrid", f.clock()); rt.Cancel || rt.Modify {
			t.Fatalf("rights past the window: %+v", rt)
		}
		// An admin still may, with a reason.
		wantError(t, fail(f.svc.Cancel(ctx, admin, r.ID, " ")), "Indica el motivo")
		done, _, err := f.svc.Cancel(ctx, admin, r.ID, "Avería en la sala")
		if err != nil {
			t.Fatal(err)
		}
		if done.Status != domain.ReservationCancelled || done.Reason == nil || *done.Reason != "Avería en la sala" {
			t.Fatalf("cancelled: %+v", done)
		}
		wantError(t, fail(f.svc.Cancel(ctx, admin, r.ID, "Otra vez")), "Esta reserva ya no está activa")
		// The slot is free again.
		if _, _, err := f.svc.Book(ctx, bea, hall.ID, reservations.Slot{Date: "2026-05-10", Start: "19:00", End: "20:00"}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestSharedFacilityCapacity(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, madrid(t, "2026-07-01 12:00"), "1", "2", "3", "4", "5", "6")
		pool := f.facility(t, reservations.FacilityInput{Name: ptr("Piscina"), Capacity: ptr(3), SlotMinutes: ptr(0),
			MinMinutes: ptr(60), MaxMinutes: ptr(180)})
		ctx := context.Background()
		ok, errs := book(5, func(i int) error {
			_, _, err := f.svc.Book(ctx, f.members[i], pool.ID, reservations.Slot{Date: "2026-07-05", Start: "11:00", End: "12:00"})
			return err
		})
		if ok != 3 || len(errs) != 2 {
			t.Fatalf("%d booked, errors %v", ok, errs)
		}
		for _, err := range errs {
			wantError(t, err, "Ya no quedan plazas en ese horario")
		}
		// A stay that only touches the full hour, and one that overlaps it only where places are left.
		if _, _, err := f.svc.Book(ctx, f.members[5], pool.ID, reservations.Slot{Date: "2026-07-05", Start: "12:00", End: "14:00"}); err != nil {
			t.Fatal(err)
		}
		wantError(t, fail(f.svc.Book(ctx, f.members[4], pool.ID, reservations.Slot{Date: "2026-07-05", Start: "10:00", End: "12:00"})),
			"Ya no quedan plazas en ese horario")
	})
}

func TestBookingRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, madrid(t, "2026-05-04 12:00"), "1A", "")
		hall := f.facility(t, reservations.FacilityInput{})
		ctx := context.Background()
		if _, err := f.svc.CloseDay(ctx, f.members[0], hall.ID, "2026-05-15", "Mantenimiento"); err != nil {
			t.Fatal(err)
		}
		for slot, msg := range map[reservations.Slot]string{
			{Date: "2026-05-10", Start: "08:00", End: "09:00"}: "Solo se puede reservar entre las 09:00 y las 22:00",
			{Date: "2026-05-10", Start: "21:30", End: "22:30"}: "Solo se puede reservar entre las 09:00 y las 22:00",
			{Date: "2026-05-15", Start: "10:00", End: "11:00"}: "La instalación está cerrada ese día",
			{Date: "2026-05-10", Start: "10:30", End: "11:30"}: "Esta instalación se reserva por turnos de 60 minutos desde las 09:00",
			{Date: "2026-05-04", Start: "10:00", End: "11:00"}: "No se puede reservar en el pasado",
		} {
			wantError(t, fail(f.svc.Book(ctx, f.members[0], hall.ID, slot)), msg)
		}
		wantError(t, fail(f.svc.Book(ctx, f.members[1], hall.ID, reservations.Slot{Date: "2026-05-10", Start: "10:00", End: "11:00"})),
			"Necesitas una vivienda asignada para reservar")
		// Approval: pending until an admin decides; a rejection needs a reason and is mailed.
		room := f.facility(t, reservations.FacilityInput{Name: ptr("Gimnasio"), NeedsApproval: ptr(true)})
		r, _, err := f.svc.Book(ctx, f.members[0], room.ID, reservations.Slot{Date: "2026-05-10", Start: "10:00", End: "11:00"})
		if err != nil || r.Status != domain.ReservationPending {
			t.Fatalf("%v %+v", err, r)
		}
		wantError(t, fail(f.svc.Review(ctx, f.members[0], r.ID, false, "")), "Indica el motivo")
		r, _, err = f.svc.Review(ctx, f.members[0], r.ID, true, "")
		if err != nil || r.Status != domain.ReservationConfirmed {
			t.Fatalf("%v %+v", err, r)
		}
	})
}

func TestReminderTheDayBeforeIsSentOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, madrid(t, "2026-05-04 12:00"), "", "1A")
		hall := f.facility(t, reservations.FacilityInput{})
		ctx := context.Background()
		r, _, err := f.svc.Book(ctx, f.members[1], hall.ID, reservations.Slot{Date: "2026-05-10", Start: "18:00", End: "19:00"})
		if err != nil {
			t.Fatal(err)
		}
		remind := func() int {
			t.Helper()
			n, err := f.svc.RemindOnce(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := remind(); n != 0 {
			t.Fatalf("six days before: %d reminders", n)
		}
		f.set(r.StartAt.Add(-20 * time.Hour))
		// Two jobs at once (two instances) still send it once.
		var total atomic.Int32
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				n, err := f.svc.RemindOnce(ctx)
				if err != nil {
					t.Error(err)
				}
				total.Add(int32(n))
			})
		}
		wg.Wait()
		if total.Load() != 1 || remind() != 0 {
			t.Fatalf("reminders: %d", total.Load())
		}
		mails, err := db.ListMail(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(mails) != 1 || mails[0].Subject != "Recordatorio: mañana tienes reservada Sala comunitaria" ||
			!strings.Contains(mails[0].Text, "10/05/2026, 18:00–19:00") {
			t.Fatalf("mails: %+v", mails)
		}
	})
}

// A booking answers what is stored, read back as Get reads it: its names (the facility's, the unit's label
// with its portal and floor, the booker's) come from the booker's and the facility's reads, not from a read
// of the new row inside the locked transaction.
func TestABookingAnswersAsItIsStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, madrid(t, "2026-05-04 12:00"), "2º B")
		storetest.Exec(t, db, "UPDATE units SET building = 'Portal 3', floor = '2º'")
		hall := f.facility(t, reservations.FacilityInput{Name: ptr("Sala de fiestas"), DepositCents: ptr(5000)})
		booked, _, err := f.svc.Book(context.Background(), f.members[0], hall.ID, reservations.Slot{Date: "2026-05-10", Start: "10:00", End: "11:00"})
		if err != nil {
			t.Fatal(err)
		}
		stored, _, err := f.svc.Get(context.Background(), f.members[0], booked.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(booked, stored) || booked.UnitLabel != "Portal 3 · 2º B" || booked.UserName != "Vecino 0" || booked.FacilityName != "Sala de fiestas" {
			t.Fatalf("booked %+v\nstored %+v", booked, stored)
		}
	})
}
