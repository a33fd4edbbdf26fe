package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestRateLimitCountersCountEveryAttemptAndRestartAfterTheWindow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.UnixMilli(1_800_000_000_000)
		var wg sync.WaitGroup
		for range 8 { // concurrent attempts are all counted
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, _, err := db.HitRateLimit(ctx, "a", now, time.Minute); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		n, start, err := db.HitRateLimit(ctx, "a", now.Add(59*time.Second), time.Minute)
		if err != nil || n != 9 || !start.Equal(now) {
			t.Fatalf("9th attempt: count %d, window start %v (err %v)", n, start, err)
		}
		if n, _, _ := db.HitRateLimit(ctx, "b", now, time.Minute); n != 1 {
			t.Fatalf("another bucket counted %d", n)
		}
		later := now.Add(time.Minute)
		if n, start, _ := db.HitRateLimit(ctx, "a", later, time.Minute); n != 1 || !start.Equal(later) {
			t.Fatalf("after the window: count %d, start %v", n, start)
		}
	})
}

func TestDeleteExpiredRateLimitsKeepsRunningWindows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.UnixMilli(1_800_000_000_000)
		db.HitRateLimit(ctx, "short", now, time.Minute)
		db.HitRateLimit(ctx, "long", now, time.Hour)
		n, err := db.DeleteExpiredRateLimits(ctx, now.Add(2*time.Minute))
		if err != nil || n != 1 {
			t.Fatalf("deleted %d (err %v), want the ended window only", n, err)
		}
		if n, _, _ := db.HitRateLimit(ctx, "long", now.Add(3*time.Minute), time.Hour); n != 2 {
			t.Fatalf("the running window lost its count: %d", n)
		}
		if n, _, _ := db.HitRateLimit(ctx, "short", now.Add(3*time.Minute), time.Minute); n != 1 {
			t.Fatalf("the purged window: %d", n)
		}
	})
}
