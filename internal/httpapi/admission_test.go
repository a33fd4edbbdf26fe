package httpapi_test

import (
	"context"
	"net/http"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

// The API's requests take their turns for the database (docs/adr/0049): with every turn taken, a request
// waits for one, and leaves the queue when its client leaves; a realtime stream never takes one.
func TestAPIRequestsTakeTurnsForTheDatabaseAndStreamsDoNot(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		ana := e.confirmedUser(t, "ana@example.es", newCommunity("Calle Mayor 1"))
		ana.must(t, "GET", "/api/v1/incidents", nil, 200)
		if st := db.AdmissionStats(); st.Admitted != 0 || st.Waiting != 0 {
			t.Fatalf("after a request: %+v", st)
		}

		// Every turn taken, by requests of the test's own.
		size := db.AdmissionStats().Size
		ends := make([]func(), size)
		for i := range ends {
			var ctx context.Context
			ctx, ends[i] = db.Admission(context.Background())
			defer ends[i]()
			if _, err := db.SchemaVersion(ctx); err != nil { // a query of its own
				t.Fatal(err)
			}
		}

		// A stream opens all the same, and holds no turn while it lasts.
		s := openStream(t, e.srv.URL, ana.cookie(), "")
		if ev := s.next(t, "unread"); ev.ID == "" {
			t.Fatalf("hello %+v", ev)
		}
		if st := db.AdmissionStats(); st.Admitted != size || st.Waiting != 0 {
			t.Fatalf("with a stream open: %+v", st)
		}

		// A request whose client leaves while it waits leaves the queue.
		ctx, cancel := context.WithCancel(context.Background())
		gone := make(chan error, 1)
		go func() {
			req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/v1/incidents", nil)
			req.Header.Set("Cookie", "vecinos_session="+ana.cookie())
			res, err := http.DefaultClient.Do(req)
			if err == nil {
				res.Body.Close()
			}
			gone <- err
		}()
		waits(t, db, gone)
		cancel()
		<-gone
		testwait.Until(t, func() bool { return db.AdmissionStats().Waiting == 0 }, "the request whose client left still waits: %+v", db.AdmissionStats())

		// The next one waits until a turn is given back, then answers.
		answered := make(chan error, 1)
		status := 0
		go func() {
			status = ana.status(t, "GET", "/api/v1/incidents", nil)
			answered <- nil
		}()
		waits(t, db, answered)
		ends[0]()
		<-answered
		if status != 200 {
			t.Fatalf("status %d", status)
		}
		if st := db.AdmissionStats(); st.Admitted != size-1 || st.Waiting != 0 {
			t.Fatalf("after it answered: %+v", st)
		}
	})
}

// waits returns once a request waits for its turn, and fails t if it ended (done) without waiting.
func waits(t *testing.T, db *store.DB, done chan error) {
	t.Helper()
	ended := false
	testwait.Until(t, func() bool {
		select {
		case err := <-done:
			done <- err
			ended = true
			return true
		default:
			return db.AdmissionStats().Waiting == 1
		}
	}, "the request neither waited nor answered")
	if ended {
		t.Fatalf("a request answered with every turn taken: %+v", db.AdmissionStats())
	}
}
