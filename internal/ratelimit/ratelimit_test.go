package ratelimit

import (
	"testing"
	"time"
)

func TestWindowAllowsMaxThenResets(t *testing.T) {
	now := time.Unix(0, 0)
	l := New(func() time.Time { return now })
	rule := Rule{Max: 2, Window: time.Minute}
	for i := range 2 {
		if ok, _ := l.Allow("ip:1", rule); !ok {
			t.Fatalf("attempt %d refused", i+1)
		}
	}
	ok, wait := l.Allow("ip:1", rule)
	if ok || wait != time.Minute {
		t.Fatalf("third attempt: ok=%v wait=%v", ok, wait)
	}
	if ok, _ := l.Allow("ip:2", rule); !ok {
		t.Fatal("another key was limited")
	}
	now = now.Add(time.Minute)
	if ok, _ := l.Allow("ip:1", rule); !ok {
		t.Fatal("not allowed after the window")
	}
	now = now.Add(3 * time.Minute)
	l.Allow("ip:3", rule)
	if len(l.windows) != 1 {
		t.Fatalf("expired windows kept: %d", len(l.windows))
	}
}
