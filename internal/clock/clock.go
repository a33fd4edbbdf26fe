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
