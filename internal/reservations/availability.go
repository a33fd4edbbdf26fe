package reservations

import (
	"context"
	"sort"
	"time"

	"vecinos/internal/domain"
)

// FreeSlot is one slot of the grid of a day: its local times and how many places are left.
type FreeSlot struct {
	Date       string // local YYYY-MM-DD
	Start, End string // local "HH:MM"
	StartAt    time.Time
	EndAt      time.Time
	Free       int  // places left (0: taken)
	Mine       bool // one of the caller's reservations overlaps it
	Past       bool // it has started
}

// Day is one local date of a month's availability.
type Day struct {
	Date         string
	Closed       bool
	ClosedReason string // empty when closed by the weekly hours
	Slots        []FreeSlot
}

// Month is the availability of a facility in a local month.
type Month struct {
	Facility *domain.Facility
	Month    string // YYYY-MM
	Days     []Day
}

// grid is the slot length of f's calendar: its fixed slot, or its minimum duration when times are free.
func grid(f *domain.Facility) int {
	if f.SlotMinutes > 0 {
		return f.SlotMinutes
	}
	return f.MinMinutes
}

// slotsOf lays out f's slots on d against the active reservations rs (sorted by start; those that may
// overlap d are enough, see onDay).
func slotsOf(f *domain.Facility, d day, rs []domain.Reservation, userID string, now time.Time) Day {
	date := d.String()
	out := Day{Date: date}
	if why := closedOn(f, d); why != nil {
		out.Closed, out.ClosedReason = true, *why
		return out
	}
	loc, h, step := location(f.TimeZone), f.Hours[d.weekday()], grid(f)
	out.Slots = make([]FreeSlot, 0, (h.Close-h.Open)/step)
	var over []domain.Reservation
	for m := h.Open; m+step <= h.Close; m += step {
		s := FreeSlot{Date: date, Start: Clock(m), End: Clock(m + step), StartAt: d.at(m, loc).UTC(), EndAt: d.at(m+step, loc).UTC(), Free: f.Capacity}
		over = over[:0]
		for i := range rs {
			r := &rs[i]
			if !r.StartAt.Before(s.EndAt) {
				break // sorted by start: the rest start later
			}
			if r.EndAt.After(s.StartAt) {
				over = append(over, *r)
				s.Mine = s.Mine || (r.UserID != nil && *r.UserID == userID)
			}
		}
		switch {
		case len(over) == 0:
		case f.Exclusive() || len(over) == 1:
			s.Free = max(f.Capacity-1, 0)
		default:
			s.Free = max(f.Capacity-peak(over, s.StartAt, s.EndAt), 0)
		}
		s.Past = !s.StartAt.After(now)
		out.Slots = append(out.Slots, s)
	}
	return out
}

// onDay narrows rs (sorted by start) to those that may overlap local day d: none lasts two days, so none
// starting two days before d's midnight or later than d reaches it.
func onDay(rs []domain.Reservation, d day, loc *time.Location) []domain.Reservation {
	from, to := d.at(0, loc).Add(-48*time.Hour), d.at(24*60, loc)
	lo := sort.Search(len(rs), func(i int) bool { return rs[i].StartAt.After(from) })
	hi := sort.Search(len(rs), func(i int) bool { return !rs[i].StartAt.Before(to) })
	return rs[lo:max(lo, hi)]
}

// Availability lays out a facility's month ("YYYY-MM", local) day by day: closed days, and each slot with
// the places left and whether the caller holds it.
func (s *Service) Availability(ctx context.Context, a *domain.Actor, facilityID, month string) (*Month, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	f, err := s.facility(ctx, a.CommunityID, facilityID)
	if err != nil {
		return nil, err
	}
	loc := location(f.TimeZone)
	now := s.now()
	first, err := time.ParseInLocation("2006-01", month, loc)
	if month == "" {
		first, err = time.Date(now.In(loc).Year(), now.In(loc).Month(), 1, 0, 0, 0, 0, loc), nil
	}
	if err != nil {
		return nil, domain.Errorf(domain.CodeInvalid, "El mes no es válido")
	}
	end := first.AddDate(0, 1, 0)
	rs, err := s.store.ActiveReservations(ctx, a.CommunityID, f.ID, first, end)
	if err != nil {
		return nil, err
	}
	out := &Month{Facility: f, Month: first.Format("2006-01")}
	for d := dayOf(first, loc); d.m == first.Month(); d = d.next() {
		out.Days = append(out.Days, slotsOf(f, d, onDay(rs, d, loc), a.UserID, now))
	}
	return out, nil
}

// Upcoming are a facility and its next free slots, for the list.
type Upcoming struct {
	Facility domain.Facility
	Next     []FreeSlot
}

const (
	nextSlots = 3
	nextDays  = 14
)

// Overview lists the facilities of a's community with their next free slots in the coming two weeks.
func (s *Service) Overview(ctx context.Context, a *domain.Actor, includeArchived bool) ([]Upcoming, error) {
	fs, err := s.Facilities(ctx, a, includeArchived)
	if err != nil || len(fs) == 0 {
		return nil, err
	}
	now := s.now()
	rs, err := s.store.ActiveReservations(ctx, a.CommunityID, "", now, now.Add(nextDays*24*time.Hour+24*time.Hour))
	if err != nil {
		return nil, err
	}
	byFacility := map[string][]domain.Reservation{}
	for _, r := range rs {
		byFacility[r.FacilityID] = append(byFacility[r.FacilityID], r)
	}
	out := make([]Upcoming, len(fs))
	for i := range fs {
		f := &fs[i]
		out[i].Facility = *f
		if f.ArchivedAt != nil {
			continue
		}
		loc := location(f.TimeZone)
		d := dayOf(now, loc)
		for n := 0; n < nextDays && len(out[i].Next) < nextSlots; n, d = n+1, d.next() {
			for _, sl := range slotsOf(f, d, onDay(byFacility[f.ID], d, loc), a.UserID, now).Slots {
				if !sl.Past && sl.Free > 0 && len(out[i].Next) < nextSlots {
					out[i].Next = append(out[i].Next, sl)
				}
			}
		}
	}
	return out, nil
}
