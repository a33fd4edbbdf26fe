package messages

import (
	"testing"
	"time"

	"vecinos/internal/domain"
)

// FuzzLastEventID is the SSE Last-Event-ID (header or ?lastEventId=) a reconnecting client sends: only a
// UUIDv7 is read, and its replay starts no later than the event it names.
func FuzzLastEventID(f *testing.F) {
	f.Add(domain.NewID())
	for _, s := range []string{"", "not-an-id", "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-7FFF-BFFF-FFFFFFFFFFFF",
		"0190f5a4-7b5e-4c3e-8f1a-9d2b3c4d5e6f", "{0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f}", "urn:uuid:0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		at, ok := idTime(id)
		if !ok {
			return
		}
		if !validID(id) {
			t.Fatalf("%q has a time but is not an id", id)
		}
		if from := minID(at); from > id {
			t.Fatalf("%q: replay from %q would skip it", id, from)
		}
		if next := minID(at.Add(time.Millisecond)); next <= id {
			t.Fatalf("%q: %q is not after it", id, next)
		}
	})
}
