// Package clock gives every service its clock: the one the app passes (so that tests can move time for
// the whole instance), or the wall clock when a service is built without one.
package clock

import "time"

// Or is now, or time.Now when now is nil.
func Or(now func() time.Time) func() time.Time {
	if now == nil {
		return time.Now
	}
	return now
}

// CalendarOr is loc, or the calendar of Spanish communities (Europe/Madrid) when loc is nil: the one
// that says which day "today" is for a due date. Without zone data on the machine it is UTC.
func CalendarOr(loc *time.Location) *time.Location {
	if loc != nil {
		return loc
	}
	if madrid, err := time.LoadLocation("Europe/Madrid"); err == nil {
		return madrid
	}
	return time.UTC
}
