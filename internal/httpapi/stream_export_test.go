package httpapi

import "time"

// SetStreamHeartbeat shortens the stream's heartbeat for a test and returns what restores it.
func SetStreamHeartbeat(d time.Duration) (restore func()) {
	old := heartbeat
	heartbeat = d
	return func() { heartbeat = old }
}
