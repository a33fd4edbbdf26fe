// Package testwait is how a test waits for what another goroutine or process does: a message delivered, a
// listener started, a stream gone. One bounded poll, so that no test sleeps a fixed time or hangs.
package testwait

import (
	"testing"
	"time"
)

// Timeout bounds every wait: long enough for a loaded CI machine, short enough to fail a hung test.
const Timeout = 10 * time.Second

// Until polls cond until it holds, failing t after Timeout with the message format and args give.
// Pointer args are read when the wait fails, so they can show the last state cond saw.
func Until(t testing.TB, cond func() bool, format string, args ...any) {
	t.Helper()
	for deadline := time.Now().Add(Timeout); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf(format, args...)
		}
	}
}
