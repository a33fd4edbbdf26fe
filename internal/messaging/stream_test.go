package messaging

import (
	"testing"
	"time"

	"vecinos/internal/domain"
)

// The replay compares ids as text: the bound drawn from a time must sort before every id drawn from that
// millisecond on, and after every id drawn before it.
func TestReplayBoundSortsAroundIDsOfItsTime(t *testing.T) {
	before := domain.NewID()
	time.Sleep(3 * time.Millisecond)
	at := time.Now()
	time.Sleep(2 * time.Millisecond)
	after := domain.NewID()
	got, ok := idTime(after)
	if !ok || got.Before(at) || got.Sub(at) > time.Second {
		t.Fatalf("idTime(%s) = %v, %v; drawn just after %v", after, got, ok, at)
	}
	bound := minID(at)
	if !(before < bound && bound < after) {
		t.Fatalf("bound %s does not sit between %s and %s", bound, before, after)
	}
	for _, bad := range []string{"", "nope", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "01A2016A-071E-7808-BE24-5BAD6752E891"} {
		if _, ok := idTime(bad); ok {
			t.Errorf("idTime(%q) accepted", bad)
		}
	}
}
