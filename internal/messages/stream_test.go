package messages

import (
	"testing"
	"time"

	"github.com/google/uuid"
)

// idAt is an id as domain.NewID draws it, in the millisecond of t rather than now.
func idAt(t time.Time) string {
	u := uuid.Must(uuid.NewV7())
	ms := uint64(t.UnixMilli())
	for i := range 6 {
		u[i] = byte(ms >> (40 - 8*i))
	}
	return u.String()
}

// The replay compares ids as text: the bound drawn from a time must sort before every id drawn from that
// millisecond on, and after every id drawn before it.
func TestReplayBoundSortsAroundIDsOfItsTime(t *testing.T) {
	at := time.Now()
	before, same, after := idAt(at.Add(-time.Millisecond)), idAt(at), idAt(at.Add(2*time.Millisecond))
	got, ok := idTime(after)
	if !ok || !got.Equal(at.Add(2*time.Millisecond).Truncate(time.Millisecond)) {
		t.Fatalf("idTime(%s) = %v, %v; drawn at %v", after, got, ok, at.Add(2*time.Millisecond))
	}
	bound := minID(at)
	if !(before < bound && bound <= same && same < after) {
		t.Fatalf("bound %s does not sit between %s and %s (and before %s)", bound, before, after, same)
	}
	for _, bad := range []string{"", "nope", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "01A2016A-071E-7808-BE24-5BAD6752E891"} {
		if _, ok := idTime(bad); ok {
			t.Errorf("idTime(%q) accepted", bad)
		}
	}
}
