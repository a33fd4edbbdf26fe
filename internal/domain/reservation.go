package domain

import (
	"sync"
	"time"
)

// DefaultTimeZone is a community's time zone unless an admin sets another: every reservation rule (hours,
// days, the month of the quota, the cancellation window) is computed in it.
const DefaultTimeZone = "Europe/Madrid"

var zones sync.Map // name → *time.Location

// Location is the time zone called name, loaded once; an empty or unknown name (services check names
// before storing them) falls back to DefaultTimeZone rather than failing the caller.
func Location(name string) *time.Location {
	if name == "" {
		name = DefaultTimeZone
	}
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location)
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		l, _ = time.LoadLocation(DefaultTimeZone)
	}
	zones.Store(name, l)
	return l
}

// DayHours are a facility's opening hours on one weekday, in minutes after local midnight: [Open, Close).
type DayHours struct {
	Open, Close int
}

// Facility is a common facility of a community that members book (the hall, the pool, a court).
type Facility struct {
	ID          string
	CommunityID string
	Name        string
	Description string
	PhotoURL    *string
	// Capacity 1 is exclusive; more is shared: that many reservations may overlap (an aforo).
	Capacity int
	// Hours per weekday, indexed by time.Weekday (0 = Sunday); nil is closed all day.
	Hours [7]*DayHours
	// SlotMinutes > 0: fixed slots from the opening time. 0: any start and end on the quarter hour, with
	// a duration between MinMinutes and MaxMinutes.
	SlotMinutes   int
	MinMinutes    int
	MaxMinutes    int
	MaxPerMonth   int // reservations per unit per month (pending and confirmed count)
	CancelHours   int // a resident may change or cancel until this long before the start
	HorizonDays   int // a booking may start up to this many days after today (local)
	DepositCents  int
	NeedsApproval bool
	Rules         string
	Closures      []Closure // sorted by day
	ArchivedAt    *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
	TimeZone      string // the community's, read with the facility
}

// Exclusive reports whether one reservation takes the whole facility.
func (f *Facility) Exclusive() bool { return f.Capacity == 1 }

// Closure is a local date on which a facility is closed, and why.
type Closure struct {
	Day    string // YYYY-MM-DD in the community's time zone
	Reason string
}

// ReservationStatus is where a reservation stands. Finished is never stored: a confirmed reservation whose
// end has passed reads as finished.
type ReservationStatus string

const (
	ReservationPending   ReservationStatus = "pending" // waits for an admin's approval
	ReservationConfirmed ReservationStatus = "confirmed"
	ReservationRejected  ReservationStatus = "rejected"
	ReservationCancelled ReservationStatus = "cancelled"
	ReservationFinished  ReservationStatus = "finished"
)

// Active reports whether the reservation holds its time (and counts for the quota).
func (s ReservationStatus) Active() bool {
	return s == ReservationPending || s == ReservationConfirmed
}

// DepositStatus is the step of a reservation's deposit, when the facility asks for one.
type DepositStatus string

const (
	DepositPending  DepositStatus = "pending"
	DepositReceived DepositStatus = "received"
	DepositReturned DepositStatus = "returned"
	DepositRetained DepositStatus = "retained"
)

// LongestReservation bounds a reservation's length, so that a search for those overlapping a period
// reads the index from that long before it, not from the facility's first booking: a facility's slot or
// maximum duration is at most a day (MaxDurationMinutes) of local time, and the day the clocks go back
// lasts 25 hours.
const LongestReservation = 25 * time.Hour

// MaxDurationMinutes is the longest slot or maximum duration a facility may have: a day.
const MaxDurationMinutes = 24 * 60

// Reservation is a booking of a facility by a member, for their unit.
type Reservation struct {
	ID            string
	CommunityID   string
	FacilityID    string
	FacilityName  string
	UnitID        string
	UnitLabel     string
	UserID        *string // nil once the account is deleted
	UserName      string
	StartAt       time.Time
	EndAt         time.Time
	Month         string // YYYY-MM of StartAt in the community's time zone when booked
	Exclusive     bool
	Status        ReservationStatus
	Reason        *string // why it was rejected, or cancelled by an admin
	DepositCents  int
	DepositStatus *DepositStatus // nil without a deposit
	DepositReason *string        // why it was retained
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Booker is who books, as a new reservation shows them: their primary unit (memberships.unit_id) and
// their name.
type Booker struct {
	UnitID    string // empty when they have none
	UnitLabel string
	Name      string
}

// BookingAsk is a booking of a batch as the store locks and reads it (FacilitiesForBooking): the facility
// of a community and who books it.
type BookingAsk struct{ CommunityID, FacilityID, UserID string }

// HeldAsk is what a booking of [From, To) at a facility by a unit in a month checks against (the store's
// HeldForUpdate), but for reservation ExceptID (the one being moved, if any).
type HeldAsk struct {
	FacilityID, UnitID, Month string
	From, To                  time.Time
	ExceptID                  string
}

// Held is what a HeldAsk found: N, the unit's pending and confirmed reservations of the facility in the
// month, and the pending and confirmed ones overlapping the period, by start (only their ID, StartAt and
// EndAt).
type Held struct {
	N           int
	Overlapping []Reservation
}

// ReservationFilter selects reservations of one community.
type ReservationFilter struct {
	UserID     string // only these (empty: all)
	FacilityID string
	Status     ReservationStatus // stored status; empty: all
	ActiveOnly bool              // only pending and confirmed
	EndAfter   *time.Time        // only those ending after
	Limit      int
}
