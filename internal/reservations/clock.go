package reservations

import (
	"fmt"
	"time"
	_ "time/tzdata" // the zones are in the binary: rules hold on machines without a zoneinfo database

	"vecinos/internal/domain"
)

// Local dates and times. Every rule reads the wall clock of the community's time zone: a facility opens at
// 09:00 local time whatever the offset that day, a month is a local month, and "24 h before" is the same
// local time the day before (23 or 25 real hours across a change of the clocks).

const dateLayout = "2006-01-02"

// location is the time zone called name (domain.Location).
func location(name string) *time.Location { return domain.Location(name) }

// ValidTimeZone reports whether name is an IANA zone this binary knows ("UTC" included).
func ValidTimeZone(name string) bool {
	if name == "" || name == "Local" {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}

// day is a local date.
type day struct {
	y int
	m time.Month
	d int
}

func parseDay(s string) (day, error) {
	t, err := time.Parse(dateLayout, s)
	if err != nil {
		return day{}, domain.Errorf(domain.CodeInvalid, "La fecha no es válida")
	}
	return day{t.Year(), t.Month(), t.Day()}, nil
}

func dayOf(t time.Time, loc *time.Location) day {
	l := t.In(loc)
	return day{l.Year(), l.Month(), l.Day()}
}

func (d day) String() string {
	if d.y < 1000 || d.y > 9999 {
		return fmt.Sprintf("%04d-%02d-%02d", d.y, d.m, d.d)
	}
	b := []byte("0000-00-00")
	for i, v := 3, d.y; i >= 0; i, v = i-1, v/10 {
		b[i] = byte('0' + v%10)
	}
	b[5], b[6], b[8], b[9] = byte('0'+d.m/10), byte('0'+d.m%10), byte('0'+d.d/10), byte('0'+d.d%10)
	return string(b)
}

func (d day) weekday() time.Weekday { return time.Date(d.y, d.m, d.d, 12, 0, 0, 0, time.UTC).Weekday() }

func (d day) next() day {
	t := time.Date(d.y, d.m, d.d+1, 12, 0, 0, 0, time.UTC)
	return day{t.Year(), t.Month(), t.Day()}
}

// plus is the date n days after d.
func (d day) plus(n int) day {
	t := time.Date(d.y, d.m, d.d+n, 12, 0, 0, 0, time.UTC)
	return day{t.Year(), t.Month(), t.Day()}
}

// after says whether d comes later than e.
func (d day) after(e day) bool { return d.String() > e.String() }

// at is the instant of minute (after local midnight; 1440 is the next midnight) of d in loc.
func (d day) at(minute int, loc *time.Location) time.Time {
	return time.Date(d.y, d.m, d.d, minute/60, minute%60, 0, 0, loc)
}

// parseClock reads "HH:MM" as minutes after midnight; "24:00" is the end of the day.
func parseClock(s string) (int, error) {
	var h, m int
	if len(s) != 5 || s[2] != ':' {
		return 0, domain.Errorf(domain.CodeInvalid, "La hora no es válida")
	}
	if _, err := fmt.Sscanf(s, "%02d:%02d", &h, &m); err != nil || m > 59 || h*60+m > 24*60 {
		return 0, domain.Errorf(domain.CodeInvalid, "La hora no es válida")
	}
	return h*60 + m, nil
}

// clocks are the "HH:MM" of every minute of a day and its end, written once: a month's calendar names
// thousands of them.
var clocks = func() (c [24*60 + 1]string) {
	for m := range c {
		c[m] = fmt.Sprintf("%02d:%02d", m/60, m%60)
	}
	return c
}()

// Clock writes minutes after midnight as "HH:MM" (1440 is "24:00").
func Clock(minute int) string {
	if minute >= 0 && minute < len(clocks) {
		return clocks[minute]
	}
	return fmt.Sprintf("%02d:%02d", minute/60, minute%60)
}

// LocalSlot is r's local date, start and end in tz; a reservation ending at the next local midnight ends
// at "24:00".
func LocalSlot(r *domain.Reservation, tz string) Slot {
	loc := location(tz)
	start, end := r.StartAt.In(loc), r.EndAt.In(loc)
	sl := Slot{Date: start.Format(dateLayout), Start: start.Format("15:04"), End: end.Format("15:04")}
	if end.Format(dateLayout) != sl.Date {
		sl.End = "24:00"
	}
	return sl
}

// monthOf is the local month of t, "YYYY-MM": the quota counts by it.
func monthOf(t time.Time, loc *time.Location) string { return t.In(loc).Format("2006-01") }

// cancelDeadline is when a resident can no longer change or cancel a reservation starting at start: hours
// before it on the local clock (whole days keep the local time of day).
func cancelDeadline(start time.Time, hours int, loc *time.Location) time.Time {
	return start.In(loc).AddDate(0, 0, -hours/24).Add(-time.Duration(hours%24) * time.Hour)
}
