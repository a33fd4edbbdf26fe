// Package reservations runs the bookings of a community's common facilities: the facilities and their
// rules (admins), the availability of a month, booking, changing and cancelling, approvals, deposits and
// the reminder the day before. Every rule is computed in the community's time zone. Double bookings and
// the unit's monthly quota hold under concurrent requests: a booking reads and writes inside one
// transaction that holds the facility's lock, and PostgreSQL's exclusion constraint refuses any overlap of
// an exclusive facility (docs/adr/0019).
package reservations

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
	"vecinos/internal/groupcommit"
	"vecinos/internal/mail"
)

// Store is what the service needs from the database.
type Store interface {
	CommunityTimeZone(ctx context.Context, communityID string) (string, error) // empty: no such community
	SetCommunityTimeZone(ctx context.Context, communityID, tz string, at time.Time) error
	Facilities(ctx context.Context, communityID string, includeArchived bool) ([]domain.Facility, error)
	Facility(ctx context.Context, communityID, id string) (*domain.Facility, error) // nil: none
	ActiveReservations(ctx context.Context, communityID, facilityID string, from, to time.Time) ([]domain.Reservation, error)
	Reservation(ctx context.Context, communityID, id string) (*domain.Reservation, error) // nil: none
	ListReservations(ctx context.Context, communityID string, f domain.ReservationFilter) ([]domain.Reservation, error)
	UserRecipient(ctx context.Context, userID string) (*domain.Recipient, error) // nil: the account is gone

	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	InGroupTx(ctx context.Context, fn func(ctx context.Context) error) error // InTx for a batch of calls waiting for it
	CreateFacility(ctx context.Context, f *domain.Facility) error
	FacilityForUpdate(ctx context.Context, communityID, id string) (*domain.Facility, error) // nil: none
	// FacilitiesForBooking is FacilityForUpdate for each ask, which also reads who books it as their
	// booking shows them; in the order of asks (a nil facility: none).
	FacilitiesForBooking(ctx context.Context, asks []domain.BookingAsk) ([]*domain.Facility, []domain.Booker, error)
	SaveFacility(ctx context.Context, f *domain.Facility) error
	HeldForUpdate(ctx context.Context, asks []domain.HeldAsk) ([]domain.Held, error)               // in the order of asks
	ReservationForUpdate(ctx context.Context, communityID, id string) (*domain.Reservation, error) // nil: none
	CreateReservations(ctx context.Context, rs []*domain.Reservation, taken error) error           // taken: the database refused an overlap
	SaveReservation(ctx context.Context, r *domain.Reservation, taken error) error                 // taken: the database refused an overlap
	DueReminders(ctx context.Context, now, until time.Time, limit int) ([]domain.Reservation, error)
	ClaimReminder(ctx context.Context, id string, at time.Time) (bool, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
	QueuePush(ctx context.Context, p domain.Push, at time.Time) error // in the transaction of InTx
}

// Area is the name of this feature's live changes (realtime.Publisher.Changed): the web app's query keys
// are rooted at it.
const Area = "reservations"

// Service is the reservations service.
type Service struct {
	store     Store
	now       func() time.Time
	publicURL string
	mailWake  func()
	changed   func(ctx context.Context, communityID, id string)
	audit     domain.Auditor
	bookings  groupcommit.Group[*booking] // Book's
}

// Options configure the service.
type Options struct {
	Now       func() time.Time // nil: time.Now
	PublicURL string           // base of the links in the emails
	MailWake  func()           // wakes the mail worker after a commit that queued email; nil: none
	// Changed is told what changed in a community (realtime.Publisher.ChangedIn): inside the transaction
	// that changes it, so that it goes with the commit, or after it; nil: nothing.
	Changed func(ctx context.Context, communityID, area, id string)
	// Audit records an admin's management of facilities and decisions on reservations, in their
	// transaction; nil records nothing.
	Audit domain.Auditor
}

// New returns the service.
func New(store Store, o Options) *Service {
	s := &Service{store: store, now: o.Now, publicURL: strings.TrimRight(o.PublicURL, "/"), mailWake: o.MailWake,
		changed: func(context.Context, string, string) {}, audit: o.Audit}
	if s.now == nil {
		s.now = time.Now
	}
	if s.mailWake == nil {
		s.mailWake = func() {}
	}
	if o.Changed != nil {
		s.changed = func(ctx context.Context, communityID, id string) { o.Changed(ctx, communityID, Area, id) }
	}
	s.bookings = groupcommit.Group[*booking]{MaxLeaders: 1, MaxBatch: maxBookings, Run: s.bookAll}
	return s
}

// Now is the service's clock: responses say what the rules enforced at that instant (finished, may cancel).
func (s *Service) Now() time.Time { return s.now() }

var (
	errNoUnit        = domain.Errorf(domain.CodeForbidden, "Necesitas una vivienda asignada para reservar")
	errTaken         = domain.Errorf(domain.CodeConflict, "Ese horario ya está reservado")
	errFull          = domain.Errorf(domain.CodeConflict, "Ya no quedan plazas en ese horario")
	errClosedDay     = domain.Errorf(domain.CodeInvalid, "La instalación está cerrada ese día")
	errArchived      = domain.Errorf(domain.CodeConflict, "Esta instalación ya no admite reservas")
	errPast          = domain.Errorf(domain.CodeInvalid, "No se puede reservar en el pasado")
	errNotActive     = domain.Errorf(domain.CodeConflict, "Esta reserva ya no está activa")
	errNotYours      = domain.Errorf(domain.CodeForbidden, "Solo quien hizo la reserva o un administrador puede cambiarla o cancelarla")
	errReasonNeeded  = domain.Errorf(domain.CodeInvalid, "Indica el motivo")
	errNotPending    = domain.Errorf(domain.CodeConflict, "Esta reserva no está pendiente de aprobación")
	errDepositStep   = domain.Errorf(domain.CodeConflict, "Ese paso de la fianza no es válido")
	errNoReservation = domain.Errorf(domain.CodeNotFound, "La reserva no existe")
	errNoFacility    = domain.Errorf(domain.CodeNotFound, "La instalación no existe")
	errNoCommunity   = domain.Errorf(domain.CodeNotFound, "La comunidad no existe")
	errListAdmins    = domain.Errorf(domain.CodeForbidden, "Solo un administrador puede ver todas las reservas")
)

func errWindow(hours int) error {
	return domain.Errorf(domain.CodeForbidden, "La cancelación gratuita termina %d h antes", hours)
}

func errQuota(n int) error {
	return domain.Errorf(domain.CodeConflict, "Has alcanzado el máximo de %d reservas este mes para tu vivienda", n)
}

// Slot is a local date and a start and end time ("HH:MM") in the community's time zone.
type Slot struct {
	Date       string
	Start, End string
}

// span is a slot placed in time for a facility: checked against its hours, closed days and length.
type span struct {
	day        day
	start, end time.Time
}

// place checks slot against f's rules and returns its instants; now refuses the past.
func place(f *domain.Facility, sl Slot, now time.Time) (span, error) {
	loc := location(f.TimeZone)
	d, err := parseDay(sl.Date)
	if err != nil {
		return span{}, err
	}
	from, err := parseClock(sl.Start)
	if err != nil {
		return span{}, err
	}
	to, err := parseClock(sl.End)
	if err != nil {
		return span{}, err
	}
	if to <= from {
		return span{}, domain.Errorf(domain.CodeInvalid, "La hora de fin debe ser posterior a la de inicio")
	}
	if last := dayOf(now, loc).plus(f.HorizonDays); d.after(last) {
		return span{}, domain.Errorf(domain.CodeInvalid, "Solo se puede reservar con hasta %d días de antelación (hasta el %s)", f.HorizonDays,
			last.at(12*60, time.UTC).Format("02/01/2006"))
	}
	if closedOn(f, d) != nil {
		return span{}, errClosedDay
	}
	h := f.Hours[d.weekday()]
	if from < h.Open || to > h.Close {
		return span{}, domain.Errorf(domain.CodeInvalid, "Solo se puede reservar entre las %s y las %s", Clock(h.Open), Clock(h.Close))
	}
	sp := span{day: d, start: d.at(from, loc).UTC(), end: d.at(to, loc).UTC()}
	if f.SlotMinutes > 0 {
		if (from-h.Open)%f.SlotMinutes != 0 || to-from != f.SlotMinutes {
			return span{}, domain.Errorf(domain.CodeInvalid, "Esta instalación se reserva por turnos de %d minutos desde las %s", f.SlotMinutes, Clock(h.Open))
		}
	} else {
		if from%15 != 0 || to%15 != 0 {
			return span{}, domain.Errorf(domain.CodeInvalid, "Las horas van de cuarto en cuarto de hora")
		}
		// The real length: across a change of the clocks it differs from the local one.
		if m := int(sp.end.Sub(sp.start) / time.Minute); m < f.MinMinutes || m > f.MaxMinutes {
			return span{}, domain.Errorf(domain.CodeInvalid, "La reserva debe durar entre %d y %d minutos", f.MinMinutes, f.MaxMinutes)
		}
	}
	if !sp.start.After(now) {
		return span{}, errPast
	}
	return sp, nil
}

// closedOn is the reason f is closed on d: a closed date, or no hours that weekday; nil when open.
func closedOn(f *domain.Facility, d day) *string {
	for _, c := range f.Closures {
		if c.Day == d.String() {
			return &c.Reason
		}
	}
	if f.Hours[d.weekday()] == nil {
		none := ""
		return &none
	}
	return nil
}

// peak is the most reservations of rs that overlap at one instant of [from, to).
func peak(rs []domain.Reservation, from, to time.Time) int {
	type edge struct {
		at    time.Time
		delta int
	}
	var es []edge
	for _, r := range rs {
		if r.StartAt.Before(to) && r.EndAt.After(from) {
			es = append(es, edge{maxTime(r.StartAt, from), 1}, edge{minTime(r.EndAt, to), -1})
		}
	}
	// Ends before starts at the same instant: [) bounds.
	sort.Slice(es, func(i, j int) bool {
		if es[i].at.Equal(es[j].at) {
			return es[i].delta < es[j].delta
		}
		return es[i].at.Before(es[j].at)
	})
	n, top := 0, 0
	for _, e := range es {
		n += e.delta
		top = max(top, n)
	}
	return top
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// hold checks, inside the transaction that locked f, that sp fits f for unitID: the unit's quota in the
// month and the facility's capacity. except is the reservation being moved, if any.
func (s *Service) hold(ctx context.Context, f *domain.Facility, sp span, unitID, except string) (month string, err error) {
	month = monthOf(sp.start, location(f.TimeZone))
	held, err := s.store.HeldForUpdate(ctx, []domain.HeldAsk{{FacilityID: f.ID, UnitID: unitID, Month: month, From: sp.start, To: sp.end, ExceptID: except}})
	if err != nil {
		return "", err
	}
	return month, fits(f, sp, held[0])
}

// fits checks what a booking of sp at f found held: the unit's quota in the month, then the facility's
// capacity.
func fits(f *domain.Facility, sp span, h domain.Held) error {
	if h.N >= f.MaxPerMonth {
		return errQuota(f.MaxPerMonth)
	}
	switch {
	case f.Exclusive() && len(h.Overlapping) > 0:
		return errTaken
	case peak(h.Overlapping, sp.start, sp.end) >= f.Capacity:
		return errFull
	}
	return nil
}

// booking is one call of Book: what it asks, and what its batch found and made of it.
type booking struct {
	a          *domain.Actor
	facilityID string
	slot       Slot
	now        time.Time

	f      *domain.Facility
	booker domain.Booker
	sp     span
	r      *domain.Reservation
}

// maxBookings bounds the bookings of one batch (and so the shapes of its statements).
const maxBookings = 32

// Book reserves a slot of a facility for a's unit: confirmed at once, or pending when the facility needs
// an admin's approval.
//
// Concurrent bookings share one transaction (groupcommit, docs/adr/0058): a batch locks its facilities
// and reads its bookers in one statement, reads what each booking must check in another, and its rows and
// its change notices go with the COMMIT. Each booking is checked as if it ran alone, after the bookings
// of the batch before it. One batch runs at a time, the next gathering meanwhile: batches of one instance
// never wait for each other's facility locks, and a rush on one facility is answered a batch at a time,
// not a lock at a time.
func (s *Service) Book(ctx context.Context, a *domain.Actor, facilityID string, sl Slot) (*domain.Reservation, *domain.Facility, error) {
	if !a.InCommunity() {
		return nil, nil, domain.ErrNoCommunity
	}
	b := &booking{a: a, facilityID: facilityID, slot: sl, now: s.now().UTC().Truncate(time.Millisecond)}
	if err := s.bookings.Do(ctx, b); err != nil {
		return nil, nil, err
	}
	return b.r, b.f, nil
}

// bookAll runs a batch of bookings in one transaction: each one refused gets its error and writes nothing.
func (s *Service) bookAll(ctx context.Context, batch []*groupcommit.Call[*booking]) error {
	return s.store.InGroupTx(ctx, func(ctx context.Context) error {
		asks := make([]domain.BookingAsk, len(batch))
		for i, c := range batch {
			asks[i] = domain.BookingAsk{CommunityID: c.Arg.a.CommunityID, FacilityID: c.Arg.facilityID, UserID: c.Arg.a.UserID}
		}
		facilities, bookers, err := s.store.FacilitiesForBooking(ctx, asks)
		if err != nil {
			return err
		}
		var placed []*groupcommit.Call[*booking]
		var held []domain.HeldAsk
		for i, c := range batch {
			b := c.Arg
			b.f, b.booker, b.r = facilities[i], bookers[i], nil
			if c.Err = b.place(); c.Err == nil {
				placed = append(placed, c)
				held = append(held, domain.HeldAsk{FacilityID: b.f.ID, UnitID: b.booker.UnitID, Month: monthOf(b.sp.start, location(b.f.TimeZone)),
					From: b.sp.start, To: b.sp.end})
			}
		}
		found, err := s.store.HeldForUpdate(ctx, held)
		if err != nil {
			return err
		}
		var made []*domain.Reservation
		for i, c := range placed {
			b, h := c.Arg, found[i]
			for _, r := range made { // the batch's own bookings, which the database does not hold yet
				if r.FacilityID != b.f.ID {
					continue
				}
				if r.UnitID == b.booker.UnitID && r.Month == held[i].Month {
					h.N++
				}
				if r.StartAt.Before(b.sp.end) && r.EndAt.After(b.sp.start) {
					h.Overlapping = append(h.Overlapping, *r)
				}
			}
			if c.Err = fits(b.f, b.sp, h); c.Err != nil {
				continue
			}
			b.r = b.reservation(held[i].Month)
			made = append(made, b.r)
		}
		if err := s.store.CreateReservations(ctx, made, errTaken); err != nil {
			return err
		}
		announced := map[string]bool{}
		for _, r := range made {
			if !announced[r.CommunityID] {
				announced[r.CommunityID] = true
				s.changed(ctx, r.CommunityID, "") // no id: the community's stream names no one's booking
			}
		}
		return nil
	})
}

// place checks b against its facility and booker, as its batch read them, and places its slot in time.
func (b *booking) place() (err error) {
	switch {
	case b.f == nil:
		return errNoFacility
	case b.booker.UnitID == "":
		return errNoUnit
	case b.f.ArchivedAt != nil:
		return errArchived
	}
	b.sp, err = place(b.f, b.slot, b.now)
	return err
}

// reservation is b's new reservation, in month.
func (b *booking) reservation(month string) *domain.Reservation {
	user := b.a.UserID
	r := &domain.Reservation{ID: domain.NewID(), CommunityID: b.a.CommunityID, FacilityID: b.f.ID, FacilityName: b.f.Name,
		UnitID: b.booker.UnitID, UnitLabel: b.booker.UnitLabel, UserID: &user, UserName: b.booker.Name, StartAt: b.sp.start, EndAt: b.sp.end,
		Month: month, Exclusive: b.f.Exclusive(), Status: domain.ReservationConfirmed, DepositCents: b.f.DepositCents,
		CreatedAt: b.now, UpdatedAt: b.now}
	if b.f.NeedsApproval {
		r.Status = domain.ReservationPending
	}
	if b.f.DepositCents > 0 {
		d := domain.DepositPending
		r.DepositStatus = &d
	}
	return r
}

// Rights are what the caller may do with a reservation now.
type Rights struct {
	Modify   bool      // change its time
	Cancel   bool      // cancel it
	Deadline time.Time // when its owner's free cancellation ends (the community's local clock)
	Finished bool      // it has ended
}

// RightsOf tells what a may do with r, as of now, given f's window. Past the window only an admin may
// (with a reason); a finished, rejected or cancelled reservation is done.
func RightsOf(a *domain.Actor, r *domain.Reservation, cancelHours int, tz string, now time.Time) Rights {
	rt := Rights{Deadline: cancelDeadline(r.StartAt, cancelHours, location(tz)), Finished: !r.EndAt.After(now)}
	if !r.Status.Active() || rt.Finished || a.CommunityID != r.CommunityID {
		return rt
	}
	own := r.UserID != nil && *r.UserID == a.UserID
	ok := a.IsAdmin() || (own && now.Before(rt.Deadline))
	rt.Modify, rt.Cancel = ok, ok
	return rt
}

// Status is r's status as members read it: a confirmed reservation whose end has passed is finished.
func Status(r *domain.Reservation, now time.Time) domain.ReservationStatus {
	if r.Status == domain.ReservationConfirmed && !r.EndAt.After(now) {
		return domain.ReservationFinished
	}
	return r.Status
}

// reasonOf trims an admin's reason and checks its length; required says whether it may be empty.
func reasonOf(reason string, required bool) (*string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		if required {
			return nil, errReasonNeeded
		}
		return nil, nil
	}
	if utf8.RuneCountInString(reason) > maxReason {
		return nil, domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", maxReason)
	}
	return &reason, nil
}

// change is the one way a reservation changes: in one transaction, lock its facility (bookings of it
// serialize there) and the reservation, and apply fn.
func (s *Service) change(ctx context.Context, a *domain.Actor, id string,
	fn func(ctx context.Context, f *domain.Facility, r *domain.Reservation, now time.Time) error) (*domain.Reservation, *domain.Facility, error) {
	if !a.InCommunity() {
		return nil, nil, domain.ErrNoCommunity
	}
	// The facility is locked before the reservation, as a booking does: the same order everywhere.
	cur, err := s.reservation(ctx, a.CommunityID, id)
	if err != nil {
		return nil, nil, err
	}
	if !visible(a, cur) {
		return nil, nil, errNoReservation
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	var saved *domain.Reservation
	var f *domain.Facility
	err = s.store.InTx(ctx, func(ctx context.Context) (err error) {
		f, err = s.facilityForUpdate(ctx, a.CommunityID, cur.FacilityID)
		if err != nil {
			return err
		}
		r, err := s.store.ReservationForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if r == nil {
			return errNoReservation
		}
		if err := fn(ctx, f, r, now); err != nil {
			return err
		}
		r.UpdatedAt = now
		saved = r
		s.changed(ctx, a.CommunityID, "")
		return s.store.SaveReservation(ctx, r, errTaken)
	})
	if err != nil {
		return nil, nil, err
	}
	s.mailWake()
	return saved, f, nil
}

// allowed refuses a who may not change or cancel r now. An admin acting past the window, or on someone
// else's reservation, must give a reason; it is returned trimmed.
func allowed(a *domain.Actor, f *domain.Facility, r *domain.Reservation, reason string, now time.Time) (*string, error) {
	if !r.Status.Active() || !r.EndAt.After(now) {
		return nil, errNotActive
	}
	rt := RightsOf(a, r, f.CancelHours, f.TimeZone, now)
	own := r.UserID != nil && *r.UserID == a.UserID
	switch {
	case !own && !a.IsAdmin():
		return nil, errNotYours
	case !rt.Cancel:
		return nil, errWindow(f.CancelHours)
	}
	return reasonOf(reason, !own || !now.Before(rt.Deadline))
}

// Modify moves a reservation to another slot of its facility, under the same rules as a booking. A
// resident's change of a reservation that needs approval asks for it again.
func (s *Service) Modify(ctx context.Context, a *domain.Actor, id string, sl Slot, reason string) (*domain.Reservation, *domain.Facility, error) {
	return s.change(ctx, a, id, func(ctx context.Context, f *domain.Facility, r *domain.Reservation, now time.Time) error {
		why, err := allowed(a, f, r, reason, now)
		if err != nil {
			return err
		}
		sp, err := place(f, sl, now)
		if err != nil {
			return err
		}
		if r.Month, err = s.hold(ctx, f, sp, r.UnitID, r.ID); err != nil {
			return err
		}
		r.StartAt, r.EndAt = sp.start, sp.end
		if why != nil {
			r.Reason = why
		}
		if f.NeedsApproval && !a.IsAdmin() {
			r.Status = domain.ReservationPending
		}
		return nil
	})
}

// Cancel cancels a reservation: its owner until the window closes, an admin at any time (with a reason
// past the window or for someone else's, which the owner gets by email).
func (s *Service) Cancel(ctx context.Context, a *domain.Actor, id, reason string) (*domain.Reservation, *domain.Facility, error) {
	return s.change(ctx, a, id, func(ctx context.Context, f *domain.Facility, r *domain.Reservation, now time.Time) error {
		why, err := allowed(a, f, r, reason, now)
		if err != nil {
			return err
		}
		r.Status, r.Reason = domain.ReservationCancelled, why
		if r.UserID == nil || *r.UserID == a.UserID {
			return nil
		}
		return s.notify(ctx, KindReservationCancelled, f, r)
	})
}

// Review approves or rejects (with a reason) a pending reservation; its owner is told by email.
func (s *Service) Review(ctx context.Context, a *domain.Actor, id string, approve bool, reason string) (*domain.Reservation, *domain.Facility, error) {
	return s.change(ctx, a, id, func(ctx context.Context, f *domain.Facility, r *domain.Reservation, now time.Time) error {
		if r.Status != domain.ReservationPending || !r.EndAt.After(now) {
			return errNotPending
		}
		why, err := reasonOf(reason, !approve)
		if err != nil {
			return err
		}
		kind := KindReservationApproved
		before := decisionOf(r)
		r.Status, r.Reason = domain.ReservationConfirmed, nil
		if !approve {
			kind, r.Status, r.Reason = KindReservationRejected, domain.ReservationRejected, why
		}
		sl := LocalSlot(r, f.TimeZone)
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditReservationDecided, TargetKind: "reservation", TargetID: r.ID,
			TargetLabel: fmt.Sprintf("%s, %s %s–%s", f.Name, sl.Date, sl.Start, sl.End), Before: before, After: decisionOf(r)})
		if err := s.notify(ctx, kind, f, r); err != nil {
			return err
		}
		return s.store.QueuePush(ctx, decisionPush(f, r, approve), s.now())
	})
}

// decisionOf is what an admin's review changes of a reservation, as the audit keeps it.
func decisionOf(r *domain.Reservation) map[string]any {
	d := map[string]any{"status": string(r.Status)}
	if r.Reason != nil {
		d["reason"] = *r.Reason
	}
	return d
}

// decisionPush is the push to a reservation's owner that it was approved or rejected.
func decisionPush(f *domain.Facility, r *domain.Reservation, approved bool) domain.Push {
	p := domain.Push{Kind: domain.PushReservation, CommunityID: r.CommunityID, URL: "/reservations", Tag: "reservation-" + r.ID}
	if r.UserID != nil {
		p.Users = []string{*r.UserID}
	}
	start := r.StartAt.In(location(f.TimeZone))
	when := start.Format("02/01/2006 15:04")
	p.Text = func(lang domain.Language) (string, string) {
		if approved {
			return domain.Localized(lang, "Reserva aprobada", "Reserva aprovada", "Reservation approved"), f.Name + " · " + when
		}
		return domain.Localized(lang, "Reserva rechazada", "Reserva rebutjada", "Reservation rejected"), f.Name + " · " + when
	}
	return p
}

// nextDeposit are the steps an admin may record from each state of a deposit.
var nextDeposit = map[domain.DepositStatus][]domain.DepositStatus{
	domain.DepositPending:  {domain.DepositReceived},
	domain.DepositReceived: {domain.DepositReturned, domain.DepositRetained},
}

// RecordDeposit records the next step of a reservation's deposit: received, then returned or retained
// (retained needs a reason).
func (s *Service) RecordDeposit(ctx context.Context, a *domain.Actor, id string, to domain.DepositStatus, reason string) (*domain.Reservation, *domain.Facility, error) {
	return s.change(ctx, a, id, func(_ context.Context, _ *domain.Facility, r *domain.Reservation, _ time.Time) error {
		if r.DepositStatus == nil {
			return errDepositStep
		}
		ok := false
		for _, n := range nextDeposit[*r.DepositStatus] {
			ok = ok || n == to
		}
		if !ok {
			return errDepositStep
		}
		why, err := reasonOf(reason, to == domain.DepositRetained)
		if err != nil {
			return err
		}
		r.DepositStatus, r.DepositReason = &to, why
		return nil
	})
}

// notify queues, inside the change's transaction, the email of kind about r to its owner.
func (s *Service) notify(ctx context.Context, kind mail.Kind, f *domain.Facility, r *domain.Reservation) error {
	if r.UserID == nil {
		return nil
	}
	_, err := s.mailTo(ctx, *r.UserID, func(to domain.Recipient) (domain.Mail, error) {
		return s.compose(kind, f.TimeZone, f.Name, r, to)
	})
	return err
}

// mailTo queues, in the transaction of ctx, the email compose writes for userID; false, and nothing, when
// the account is gone.
func (s *Service) mailTo(ctx context.Context, userID string, compose func(domain.Recipient) (domain.Mail, error)) (bool, error) {
	to, err := s.store.UserRecipient(ctx, userID)
	if err != nil || to == nil {
		return false, err
	}
	m, err := compose(*to)
	if err != nil {
		return false, err
	}
	return true, s.store.QueueMail(ctx, m, s.now())
}

// facility reads a facility of communityID (archived too).
func (s *Service) facility(ctx context.Context, communityID, id string) (*domain.Facility, error) {
	f, err := s.store.Facility(ctx, communityID, id)
	if err == nil && f == nil {
		err = errNoFacility
	}
	return f, err
}

// facilityForUpdate reads a facility of communityID locked, in the transaction of ctx: its bookings and
// its edits serialize behind this lock.
func (s *Service) facilityForUpdate(ctx context.Context, communityID, id string) (*domain.Facility, error) {
	f, err := s.store.FacilityForUpdate(ctx, communityID, id)
	if err == nil && f == nil {
		err = errNoFacility
	}
	return f, err
}

// reservation reads a reservation of communityID.
func (s *Service) reservation(ctx context.Context, communityID, id string) (*domain.Reservation, error) {
	r, err := s.store.Reservation(ctx, communityID, id)
	if err == nil && r == nil {
		err = errNoReservation
	}
	return r, err
}

func (s *Service) compose(kind mail.Kind, tz, facility string, r *domain.Reservation, to domain.Recipient) (domain.Mail, error) {
	loc := location(tz)
	start, end := r.StartAt.In(loc), r.EndAt.In(loc)
	when := fmt.Sprintf("%s, %s–%s", start.Format("02/01/2006"), start.Format("15:04"), end.Format("15:04"))
	d := mail.Data{Name: to.FullName, CommunityName: to.CommunityName, Title: facility, When: when}
	if r.Reason != nil {
		d.Note = *r.Reason
	}
	if s.publicURL != "" {
		d.Link = domain.CommunityLink(s.publicURL+"/reservations", r.CommunityID)
	}
	return mail.Compose(kind, to.Language, to.Email, d)
}

// visible says whether a may read r: its booker and the community's admins. To anyone else it does not
// exist (not found), since it carries the booker's name and unit and an admin's reasons.
func visible(a *domain.Actor, r *domain.Reservation) bool {
	return a.IsAdmin() || (r.UserID != nil && *r.UserID == a.UserID)
}

// Get returns a reservation of a's community that a booked, or any one to an admin.
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*domain.Reservation, *domain.Facility, error) {
	if !a.InCommunity() {
		return nil, nil, domain.ErrNoCommunity
	}
	r, err := s.reservation(ctx, a.CommunityID, id)
	if err != nil {
		return nil, nil, err
	}
	if !visible(a, r) {
		return nil, nil, errNoReservation
	}
	f, err := s.facility(ctx, a.CommunityID, r.FacilityID)
	return r, f, err
}

// ListInput selects reservations: a's own unless All (admins), upcoming unless Past.
type ListInput struct {
	All        bool
	FacilityID string
	Status     domain.ReservationStatus // stored status
	Past       bool                     // also those that ended
	Limit      int
}

// Listed is a page of reservations with the facilities they belong to (for their windows and names).
type Listed struct {
	Items      []domain.Reservation
	Facilities map[string]*domain.Facility
}

// List returns reservations of a's community by start: their own, or every one for an admin who asks.
func (s *Service) List(ctx context.Context, a *domain.Actor, in ListInput) (*Listed, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if in.All && !a.IsAdmin() {
		return nil, errListAdmins
	}
	f := domain.ReservationFilter{FacilityID: in.FacilityID, Status: in.Status, Limit: min(max(in.Limit, 1), 500)}
	if !in.All {
		f.UserID = a.UserID
	}
	if !in.Past {
		now := s.now()
		f.EndAfter = &now
	}
	items, err := s.store.ListReservations(ctx, a.CommunityID, f)
	if err != nil {
		return nil, err
	}
	fs, err := s.store.Facilities(ctx, a.CommunityID, true)
	if err != nil {
		return nil, err
	}
	out := &Listed{Items: items, Facilities: map[string]*domain.Facility{}}
	for i := range fs {
		out.Facilities[fs[i].ID] = &fs[i]
	}
	return out, nil
}

// Next is a's next reservation that has not ended (pending or confirmed), nil when none: the dashboard tile.
func (s *Service) Next(ctx context.Context, a *domain.Actor) (*domain.Reservation, *domain.Facility, error) {
	if !a.InCommunity() {
		return nil, nil, domain.ErrNoCommunity
	}
	now := s.now()
	rs, err := s.store.ListReservations(ctx, a.CommunityID, domain.ReservationFilter{UserID: a.UserID, EndAfter: &now, ActiveOnly: true, Limit: 1})
	if err != nil || len(rs) == 0 {
		return nil, nil, err
	}
	f, err := s.facility(ctx, a.CommunityID, rs[0].FacilityID)
	return &rs[0], f, err
}

// FeedEntries are userID's pending and confirmed reservations ending after from, as entries of their
// private calendar feed (events.Options.Own). Their instants are exact; the feed names the zone.
func (s *Service) FeedEntries(ctx context.Context, communityID, userID string, from time.Time) ([]domain.Event, error) {
	rs, err := s.store.ListReservations(ctx, communityID, domain.ReservationFilter{UserID: userID, EndAfter: &from, ActiveOnly: true, Limit: 500})
	if err != nil {
		return nil, err
	}
	out := make([]domain.Event, len(rs))
	for i, r := range rs {
		end := r.EndAt
		title := "Reserva: " + r.FacilityName
		if r.Status == domain.ReservationPending {
			title += " (pendiente de aprobación)"
		}
		out[i] = domain.Event{ID: r.ID, CommunityID: r.CommunityID, Title: title, Location: &r.FacilityName, StartAt: r.StartAt,
			EndAt: &end, UpdatedAt: r.UpdatedAt}
	}
	return out, nil
}
