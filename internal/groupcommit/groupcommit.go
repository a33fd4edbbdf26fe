// Package groupcommit runs concurrent calls of one kind of write together: each caller queues its call,
// and one of them at a time (or up to MaxLeaders on PostgreSQL, which commits in parallel) takes the
// queue, up to MaxBatch calls, and runs it as one transaction. Under load many calls share one
// transaction, one commit (one WAL append and, on PostgreSQL, one flush) and a few statements instead of a
// few round trips each; alone, a call runs at once as a batch of one. When a leader is done and calls are
// waiting, it hands the lead to the oldest of them instead of working on, so that nobody waits longer than
// the batches ahead of it.
//
// The store groups the reports of incidents (many services' calls: no service could open their
// transaction); the reservations service groups its bookings (docs/adr/0058).
package groupcommit

import (
	"context"
	"fmt"
	"sync"
)

// Group is one kind of grouped write. Set its fields before the first Do.
type Group[T any] struct {
	MaxLeaders int
	MaxBatch   int
	// Run runs a batch in one transaction. ctx is the batch's own: the first caller's values, cancelled by
	// none of them, since the batch belongs to them all. It refuses a call by setting its Err (and writing
	// nothing of it); an error it returns fails the transaction, and each call is then run on its own, so
	// that only the call at fault gets the error.
	Run func(ctx context.Context, batch []*Call[T]) error

	mu      sync.Mutex
	pending []*Call[T]
	leaders int
}

// Call is one caller's call in a batch.
type Call[T any] struct {
	Ctx   context.Context // the caller's
	Arg   T
	Err   error
	asked bool      // handed the lead (under mu); it happens at most once, and before the call is run
	wake  chan bool // true: lead; false: done, Err is set. Room for both, so that no send waits
}

// Do queues arg and returns its call's error once a batch has run it.
func (g *Group[T]) Do(ctx context.Context, arg T) error {
	c := &Call[T]{Ctx: ctx, Arg: arg, wake: make(chan bool, 2)}
	g.mu.Lock()
	g.pending = append(g.pending, c)
	lead := g.leaders < g.MaxLeaders
	if lead {
		g.leaders++
		c.asked = true
	}
	g.mu.Unlock()
	for {
		if lead {
			g.lead()
		}
		if lead = <-c.wake; !lead {
			return c.Err
		}
	}
}

// lead runs one batch from the head of the queue, then hands the lead on or gives it up.
func (g *Group[T]) lead() {
	g.mu.Lock()
	n := min(len(g.pending), g.MaxBatch)
	batch := make([]*Call[T], 0, n)
	for _, c := range g.pending[:n] {
		if err := c.Ctx.Err(); err != nil { // gone before it was written: nothing to do
			c.Err = err
			c.wake <- false
			continue
		}
		batch = append(batch, c)
	}
	g.pending = g.pending[n:]
	g.mu.Unlock()
	if len(batch) > 0 {
		g.runSafely(batch)
		for _, c := range batch {
			c.wake <- false
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, c := range g.pending {
		if !c.asked {
			c.asked = true
			c.wake <- true
			return
		}
	}
	g.leaders--
}

// runSafely runs a batch; a panic fails its calls instead of leaving their callers waiting.
func (g *Group[T]) runSafely(batch []*Call[T]) {
	defer func() {
		if p := recover(); p != nil {
			for _, c := range batch {
				c.Err = fmt.Errorf("panic in a grouped write: %v", p)
			}
		}
	}()
	g.run(batch)
}

// run runs a batch in one transaction. If that fails, one call may be at fault (an account deleted
// meanwhile, say): then each call is run on its own, so that only its own caller gets its error.
func (g *Group[T]) run(batch []*Call[T]) {
	ctx := context.WithoutCancel(batch[0].Ctx)
	err := g.Run(ctx, batch)
	if err == nil {
		return
	}
	if len(batch) == 1 {
		batch[0].Err = err
		return
	}
	for i, c := range batch {
		c.Err = nil
		if err := g.Run(ctx, batch[i:i+1]); err != nil {
			c.Err = err
		}
	}
}
