package store

import (
	"context"
	"sync"
	"sync/atomic"
)

// Admission: the requests of the API take their turn for the database in the order they asked for it
// (issue #35, docs/adr/0049). database/sql hands a freed connection to a random waiter
// (connRequestSet.TakeRandom), so under load an unlucky request waits again and again, once per query,
// while its neighbours pass: the median stays low and the 99th percentile does not. A request that
// carries a ticket (Admission) waits at most once, in a first-come first-served queue, before its first
// query, and then keeps its place until it ends; the gate admits fewer requests than the pools hold
// connections, so an admitted request seldom waits for one, and never for ever.
//
// Only requests carry tickets: the realtime listener, the outbox's workers, the purge job and the
// grouped writes (which run on behalf of several requests at once) use the connections left over.

// gate is a first-come first-served counting semaphore. A buffered channel would queue its blocked
// senders in order too, but a queue of its own says so in code, tells how many wait, and lets a waiter
// whose request is gone leave it.
type gate struct {
	size int

	mu      sync.Mutex
	inside  int
	waiters []chan struct{}                          // in arrival order; closed when the slot is handed over
	timer   atomic.Pointer[func() (admitted func())] // ObserveAdmission's
}

func newGate(size int) *gate { return &gate{size: max(1, size)} }

// enter waits for a slot, in arrival order, or until ctx is done (then it holds none and says why).
func (g *gate) enter(ctx context.Context) error {
	g.mu.Lock()
	if g.inside < g.size && len(g.waiters) == 0 {
		g.inside++
		g.mu.Unlock()
		g.time()()
		return nil
	}
	if err := ctx.Err(); err != nil {
		g.mu.Unlock()
		return err
	}
	admitted := g.time()
	turn := make(chan struct{})
	g.waiters = append(g.waiters, turn)
	g.mu.Unlock()
	select {
	case <-turn:
		admitted()
		return nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	for i, w := range g.waiters {
		if w == turn { // still queued: leave the queue
			g.waiters = append(g.waiters[:i], g.waiters[i+1:]...)
			g.mu.Unlock()
			return ctx.Err()
		}
	}
	g.mu.Unlock()
	// Handed a slot as ctx ended: pass it on.
	g.leave()
	return ctx.Err()
}

// leave gives the slot back: to the first waiter, if any.
func (g *gate) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.waiters) > 0 {
		next := g.waiters[0]
		g.waiters[0] = nil
		g.waiters = g.waiters[1:]
		close(next) // the slot moves to it: inside is unchanged
		return
	}
	g.inside--
}

// time starts timing a wait for a turn: the function it returns is called once the turn is taken.
func (g *gate) time() (admitted func()) {
	if f := g.timer.Load(); f != nil {
		return (*f)()
	}
	return func() {}
}

// AdmissionStats is the gate's state, for the metrics.
type AdmissionStats struct {
	Size     int // requests admitted at once at most
	Admitted int // requests admitted now
	Waiting  int // requests waiting for their turn
}

// AdmissionStats returns the gate's state now.
func (db *DB) AdmissionStats() AdmissionStats {
	g := db.gate
	g.mu.Lock()
	defer g.mu.Unlock()
	return AdmissionStats{Size: g.size, Admitted: g.inside, Waiting: len(g.waiters)}
}

// ObserveAdmission times each request's wait for its turn (the metrics' histogram): wait is called when
// the request asks for its turn, and the function it returns when the request takes it, at once when it
// finds one free. A request that leaves the queue is not timed to the end.
func (db *DB) ObserveAdmission(wait func() (admitted func())) { db.gate.timer.Store(&wait) }

// ticket is one request's place at the gate: taken at its first query, kept until the request ends.
type ticket struct {
	gate  *gate
	mu    sync.Mutex
	state ticketState
}

type ticketState uint8

const (
	ticketUnused ticketState = iota // no query yet
	ticketHeld                      // admitted
	ticketDone                      // the request ended: its queries (a goroutine it left behind) go ungated
)

type ticketKey struct{}

// Admission gives the request whose context is ctx a ticket: its first query waits for its turn at the
// gate, and its later queries do not wait there again. end releases the turn and must be called once the
// request is over, whatever way it ended (a deferred call); calling it again does nothing. Give tickets
// only to requests that end soon after their last query: a realtime stream must not keep a turn.
func (db *DB) Admission(ctx context.Context) (_ context.Context, end func()) {
	t := &ticket{gate: db.gate}
	return context.WithValue(ctx, ticketKey{}, t), t.end
}

// admit waits for the turn of ctx's request, if it carries a ticket not yet admitted. When ctx ends
// first it returns: the query that follows fails with ctx's error, as database/sql checks it first.
func admit(ctx context.Context) {
	t, _ := ctx.Value(ticketKey{}).(*ticket)
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state == ticketUnused && t.gate.enter(ctx) == nil {
		t.state = ticketHeld
	}
}

func (t *ticket) end() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.state == ticketHeld {
		t.gate.leave()
	}
	t.state = ticketDone
}

// withoutTicket is ctx without its request's ticket: for work done on behalf of several requests (a
// grouped write), which must not wait for a turn that those requests, waiting for it, may be holding.
func withoutTicket(ctx context.Context) context.Context {
	if ctx.Value(ticketKey{}) == nil {
		return ctx
	}
	return context.WithValue(ctx, ticketKey{}, (*ticket)(nil))
}

// admissionSize is how many requests the gate admits at once on each engine. PostgreSQL: the pool less
// the realtime listener's connection and one more, so that admitted requests that each hold a connection
// while asking for a second (a read outside a service's transaction) always leave one free; the outbox,
// the purge job and the grouped writes share the rest. SQLite: every connection a request may use at once,
// the readers and the writer; a request holds one of each at most, so none waits for ever.
func admissionSize(engine Engine, writers, readers int) int {
	if engine == Postgres {
		return max(2, writers-2)
	}
	return readers + writers
}
