package store

import (
	"context"
	"errors"
	"sync"
	"testing"

	"vecinos/internal/testwait"
)

func (g *gate) stats() (inside, waiting int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.inside, len(g.waiters)
}

// queueUp starts a goroutine that enters g with ctx and returns once it waits in the queue, at place
// (counted from 1); its result arrives on the channel returned.
func queueUp(t *testing.T, g *gate, ctx context.Context, place int) <-chan error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- g.enter(ctx) }()
	testwait.Until(t, func() bool { _, w := g.stats(); return w == place }, "the waiter did not queue at place %d", place)
	return done
}

func TestGateAdmitsInArrivalOrder(t *testing.T) {
	g := newGate(1) // one at a time: each records its turn before the next may take one
	if err := g.enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	const n = 20
	for i := range n {
		done := make(chan struct{})
		wg.Go(func() {
			close(done)
			if err := g.enter(context.Background()); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
			g.leave()
		})
		<-done
		testwait.Until(t, func() bool { _, w := g.stats(); return w == i+1 }, "waiter %d did not queue", i)
	}
	g.leave()
	wg.Wait()
	for i, got := range order {
		if got != i {
			t.Fatalf("admitted in the order %v, want the arrival order", order)
		}
	}
	if in, w := g.stats(); in != 0 || w != 0 {
		t.Fatalf("after everyone left: %d inside, %d waiting", in, w)
	}
}

func TestGateNewcomerDoesNotPassTheQueue(t *testing.T) {
	g := newGate(1)
	if err := g.enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	first := queueUp(t, g, context.Background(), 1)
	g.leave() // the slot goes to the first waiter, not to whoever asks next
	if in, w := g.stats(); in != 1 || w != 0 {
		t.Fatalf("after the holder left: %d inside, %d waiting; want the waiter inside", in, w)
	}
	second := queueUp(t, g, context.Background(), 1)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	g.leave()
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	g.leave()
	if in, w := g.stats(); in != 0 || w != 0 {
		t.Fatalf("%d inside, %d waiting", in, w)
	}
}

func TestGateCancelledWaiterLeavesTheQueue(t *testing.T) {
	g := newGate(1)
	if err := g.enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	gone := queueUp(t, g, ctx, 1)
	stays := queueUp(t, g, context.Background(), 2)
	cancel()
	if err := <-gone; !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled waiter got %v", err)
	}
	if in, w := g.stats(); in != 1 || w != 1 {
		t.Fatalf("after the cancel: %d inside, %d waiting", in, w)
	}
	g.leave()
	if err := <-stays; err != nil {
		t.Fatal(err)
	}
	g.leave()
	if in, w := g.stats(); in != 0 || w != 0 {
		t.Fatalf("%d inside, %d waiting", in, w)
	}
	// A request already gone does not queue at all.
	if err := g.enter(ctx); err != nil {
		t.Fatalf("a free slot refused a done context: %v", err) // admitted: a free slot costs nothing
	}
	g.leave()
}

// A waiter cancelled as the slot is handed to it passes the slot on: none is lost, whichever comes first.
func TestGateCancelRacingTheHandoverLosesNoSlot(t *testing.T) {
	g := newGate(1)
	for range 200 {
		if err := g.enter(context.Background()); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := queueUp(t, g, ctx, 1)
		go cancel()
		g.leave()
		if err := <-done; err == nil {
			g.leave()
		}
		if in, w := g.stats(); in != 0 || w != 0 {
			t.Fatalf("%d inside, %d waiting after the race", in, w)
		}
	}
}

func TestTicketIsTakenOnceAndGivenBackOnce(t *testing.T) {
	db := &DB{gate: newGate(1)}
	ctx, end := db.Admission(context.Background())
	if in, _ := db.gate.stats(); in != 0 {
		t.Fatal("a ticket took a turn before its first query")
	}
	admit(ctx)
	admit(ctx) // a second query of the same request
	if st := db.AdmissionStats(); st.Admitted != 1 || st.Waiting != 0 || st.Size != 1 {
		t.Fatalf("after two queries of one request: %+v", st)
	}
	// A grouped write on its behalf does not wait, even with every turn taken.
	admit(withoutTicket(ctx))
	end()
	end()
	if st := db.AdmissionStats(); st.Admitted != 0 {
		t.Fatalf("after end, twice: %+v", st)
	}
	admit(ctx) // a goroutine the request left behind goes ungated
	if st := db.AdmissionStats(); st.Admitted != 0 {
		t.Fatalf("a query after end took a turn: %+v", st)
	}
	_, unused := db.Admission(context.Background())
	unused() // a request that never queried gives back nothing
	if st := db.AdmissionStats(); st.Admitted != 0 {
		t.Fatalf("%+v", st)
	}
}

func TestAdmissionSizeLeavesConnectionsOver(t *testing.T) {
	for _, conns := range []int{8, 16, 64} {
		// Every admitted request holding one connection and asking for a second: one stays free beside
		// the realtime listener's.
		if n := admissionSize(Postgres, conns, 0); n+1 >= conns || n < 2 {
			t.Errorf("PostgreSQL, a pool of %d: %d turns", conns, n)
		}
	}
	if n := admissionSize(SQLite, 1, 4); n != 5 {
		t.Errorf("SQLite, 4 readers and the writer: %d turns", n)
	}
}

func TestEveryAdmissionIsTimed(t *testing.T) {
	db := &DB{gate: newGate(1)}
	var asked, admitted int
	db.ObserveAdmission(func() func() { asked++; return func() { admitted++ } })
	first, endFirst := db.Admission(context.Background())
	admit(first) // a free turn: timed at once
	second, endSecond := db.Admission(context.Background())
	defer endSecond()
	done := make(chan struct{})
	go func() { admit(second); close(done) }()
	testwait.Until(t, func() bool { _, w := db.gate.stats(); return w == 1 }, "the second request did not queue")
	if asked != 2 || admitted != 1 {
		t.Fatalf("with one admitted and one waiting: %d timed, %d admitted", asked, admitted)
	}
	endFirst()
	<-done
	if asked != 2 || admitted != 2 {
		t.Fatalf("after both were admitted: %d timed, %d admitted", asked, admitted)
	}
}
