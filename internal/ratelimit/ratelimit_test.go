package ratelimit

import (
	"context"
	"testing"
	"time"
)

func TestWindowAllowsMaxThenResets(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(0, 0)
	l := NewMemory(func() time.Time { return now })
	rule := Rule{Max: 2, Window: time.Minute}
	for i := range 2 {
		if ok, _, _ := Allow(ctx, l, "ip:1", rule); !ok {
			t.Fatalf("attempt %d refused", i+1)
		}
	}
	ok, wait, _ := Allow(ctx, l, "ip:1", rule)
	if ok || wait != time.Minute {
		t.Fatalf("third attempt: ok=%v wait=%v", ok, wait)
	}
	if ok, _, _ := Allow(ctx, l, "ip:2", rule); !ok {
		t.Fatal("another key was limited")
	}
	now = now.Add(time.Minute)
	if ok, _, _ := Allow(ctx, l, "ip:1", rule); !ok {
		t.Fatal("not allowed after the window")
	}
	now = now.Add(3 * time.Minute)
	Allow(ctx, l, "ip:3", rule)
	if len(l.windows) != 1 {
		t.Fatalf("expired windows kept: %d", len(l.windows))
	}
}
