package groupcommit

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"vecinos/internal/testwait"
)

// Concurrent calls are grouped into batches, never more than maxLeaders at once, each call answered once
// with its own error; a call whose context is gone before its batch runs is not run.
func TestGroupCommitBatchesCalls(t *testing.T) {
	var running, most, batches, runs atomic.Int64
	release := make(chan struct{})
	g := &Group[int]{MaxLeaders: 2, MaxBatch: 8, Run: func(_ context.Context, batch []*Call[int]) error {
		if n := running.Add(1); n > most.Load() {
			most.Store(n)
		}
		defer running.Add(-1)
		if batches.Add(1) <= 2 {
			<-release // hold the first two batches so that calls queue behind them
		}
		for _, c := range batch {
			runs.Add(1)
			if c.Arg%10 == 0 {
				c.Err = errors.New("bad")
			}
		}
		if len(batch) > 8 {
			t.Errorf("batch of %d", len(batch))
		}
		return nil
	}}
	const n = 100
	errs := make([]error, n)
	var wg sync.WaitGroup
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for i := range n {
		wg.Go(func() {
			ctx := context.Background()
			if i == 55 {
				ctx = cancelled
			}
			errs[i] = g.Do(ctx, i)
		})
		if i < 2 { // the first two lead, each with a batch of its own
			testwait.Until(t, func() bool { return batches.Load() == int64(i+1) }, "condition not met within 10 s")
		}
	}
	testwait.Until(t, func() bool { g.mu.Lock(); defer g.mu.Unlock(); return len(g.pending) == n-2 }, "condition not met within 10 s")
	close(release)
	wg.Wait()
	for i, err := range errs {
		switch {
		case i == 55 && !errors.Is(err, context.Canceled):
			t.Errorf("call %d: %v, want context.Canceled", i, err)
		case i != 55 && (i%10 == 0) != (err != nil):
			t.Errorf("call %d: %v", i, err)
		}
	}
	if runs.Load() != n-1 {
		t.Errorf("%d calls run, want %d", runs.Load(), n-1)
	}
	if most.Load() > 2 || batches.Load() >= n-1 {
		t.Errorf("%d batches, at most %d at once; want fewer batches than calls, at most 2 at once", batches.Load(), most.Load())
	}
	if g.leaders != 0 || len(g.pending) != 0 {
		t.Errorf("left %d leaders and %d pending calls", g.leaders, len(g.pending))
	}
}

// A panic in a batch fails its calls instead of leaving their callers waiting.
func TestGroupCommitSurvivesAPanic(t *testing.T) {
	g := &Group[int]{MaxLeaders: 1, MaxBatch: 4, Run: func(context.Context, []*Call[int]) error { panic("boom") }}
	if err := g.Do(context.Background(), 1); err == nil {
		t.Fatal("no error from a panicking batch")
	}
	if err := g.Do(context.Background(), 2); err == nil || g.leaders != 0 {
		t.Fatalf("second call: %v, %d leaders", err, g.leaders)
	}
}
