package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

// query is one query of a request: a read on the pool.
func query(ctx context.Context, db *store.DB) error {
	_, err := db.IntsForTest(ctx, "SELECT 1")
	return err
}

// waitsForItsTurn runs a query with ctx and returns once it waits at the gate; it fails t if the query
// ran without waiting.
func waitsForItsTurn(t *testing.T, db *store.DB, ctx context.Context) <-chan error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- query(ctx, db) }()
	var ran bool
	testwait.Until(t, func() bool {
		select {
		case err := <-done:
			done <- err
			ran = true
			return true
		default:
			return db.AdmissionStats().Waiting == 1
		}
	}, "the request neither ran nor waited")
	if ran {
		t.Fatalf("a request ran its query with every turn taken: %+v", db.AdmissionStats())
	}
	return done
}

func TestRequestsTakeTurnsForTheDatabase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		size := db.AdmissionStats().Size
		if size < 2 {
			t.Fatalf("%d turns", size)
		}
		ends := make([]func(), size)
		for i := range size {
			var ctx context.Context
			ctx, ends[i] = db.Admission(context.Background())
			defer ends[i]()
			for range 2 { // its second query takes no second turn
				if err := query(ctx, db); err != nil {
					t.Fatal(err)
				}
			}
		}
		if st := db.AdmissionStats(); st.Admitted != size || st.Waiting != 0 {
			t.Fatalf("after %d requests: %+v", size, st)
		}
		// Queries without a ticket (the outbox, the listener) do not wait.
		if err := query(context.Background(), db); err != nil {
			t.Fatal(err)
		}

		// A request whose client leaves while it waits leaves the queue.
		gone, cancel := context.WithCancel(context.Background())
		gone, endGone := db.Admission(gone)
		defer endGone()
		waiting := waitsForItsTurn(t, db, gone)
		cancel()
		if err := <-waiting; !errors.Is(err, context.Canceled) {
			t.Fatalf("a cancelled request's query: %v", err)
		}
		if st := db.AdmissionStats(); st.Waiting != 0 || st.Admitted != size {
			t.Fatalf("after the cancel: %+v", st)
		}

		// The next request waits until one ends, then runs.
		late, endLate := db.Admission(context.Background())
		defer endLate()
		waiting = waitsForItsTurn(t, db, late)
		ends[0]()
		if err := <-waiting; err != nil {
			t.Fatal(err)
		}
		if st := db.AdmissionStats(); st.Admitted != size || st.Waiting != 0 {
			t.Fatalf("after the hand-over: %+v", st)
		}
		// So does a transaction.
		tx, endTx := db.Admission(context.Background())
		defer endTx()
		began := make(chan error, 1)
		go func() { began <- db.InTx(tx, func(context.Context) error { return nil }) }()
		testwait.Until(t, func() bool { return db.AdmissionStats().Waiting == 1 }, "the transaction did not wait for its turn")
		endLate()
		if err := <-began; err != nil {
			t.Fatal(err)
		}
		endTx()
		for _, end := range ends {
			end()
		}
		if st := db.AdmissionStats(); st.Admitted != 0 || st.Waiting != 0 {
			t.Fatalf("after every request ended: %+v", st)
		}
	})
}

// Every admitted request holding a connection (its transaction) and asking for a second one (a read
// outside it): the gate admits few enough that one is always free.
func TestAdmittedRequestsWithTwoConnectionsEachDoNotDeadlock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		size := db.AdmissionStats().Size
		// On SQLite the writer's transactions come one at a time: they cannot all be open at once.
		together := db.Engine() == store.Postgres
		var inTx sync.WaitGroup
		inTx.Add(size)
		var wg sync.WaitGroup
		for range size {
			wg.Go(func() {
				ctx, end := db.Admission(context.Background())
				defer end()
				err := db.InTx(ctx, func(ctx context.Context) error {
					if together {
						inTx.Done()
						inTx.Wait() // every admitted request holds its transaction's connection
					}
					return query(ctx, db)
				})
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if st := db.AdmissionStats(); st.Admitted != 0 {
			t.Fatalf("%+v", st)
		}
	})
}
