package purge_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"vecinos/internal/auth"
	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/purge"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// fixture is a database with sessions and email links of every age, as of now.
type fixture struct {
	live, expired, idle       string // sessions
	pending, recentlyExpired  string // tokens kept
	recentlySpent             string
	longExpired, longAgoSpent string // tokens purged
}

func newFixture(t *testing.T, db *store.DB, now time.Time) fixture {
	t.Helper()
	ctx := context.Background()
	users := storetest.Community(t, db, "Ana", "Luis", "Eva", "Pau", "Rosa")
	var f fixture
	session := func(user string, lastSeen, expires time.Time) string {
		id := credentials.HashToken(credentials.NewToken())
		if err := db.CreateSession(ctx, domain.Session{ID: id, UserID: user, CreatedAt: lastSeen, LastSeenAt: lastSeen, ExpiresAt: expires}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	f.live = session(users[0].UserID, now.Add(-time.Hour), now.Add(20*24*time.Hour))
	f.expired = session(users[0].UserID, now.Add(-time.Hour), now.Add(-time.Minute))
	f.idle = session(users[1].UserID, now.Add(-auth.SessionIdle-time.Hour), now.Add(20*24*time.Hour))

	// A token issued for user with purpose, expiring at expires and, when spentAt is set, spent then.
	token := func(user string, purpose domain.TokenPurpose, expires time.Time, spentAt *time.Time) string {
		hash := credentials.HashToken(credentials.NewToken())
		if err := db.IssueEmailToken(ctx, domain.EmailToken{Hash: hash, UserID: user, Purpose: purpose, Email: "x@example.es", ExpiresAt: expires},
			time.Now()); err != nil {
			t.Fatal(err)
		}
		if spentAt != nil {
			if spender, err := db.SpendEmailToken(ctx, hash, domain.PurposeReset, *spentAt); err != nil || spender != user {
				t.Fatal(spender, err)
			}
		}
		return hash
	}
	at := func(d time.Duration) *time.Time { v := now.Add(d); return &v }
	f.pending = token(users[0].UserID, domain.PurposeReset, now.Add(time.Hour), nil)
	f.recentlyExpired = token(users[1].UserID, domain.PurposeReset, now.Add(-24*time.Hour), nil)
	f.recentlySpent = token(users[2].UserID, domain.PurposeReset, now.Add(time.Hour), at(-time.Hour))
	f.longExpired = token(users[3].UserID, domain.PurposeReset, now.Add(-purge.TokenRetention-time.Hour), nil)
	f.longAgoSpent = token(users[4].UserID, domain.PurposeReset, now.Add(-purge.TokenRetention), at(-purge.TokenRetention-time.Hour))
	return f
}

func sessionExists(t *testing.T, db *store.DB, id string) bool {
	t.Helper()
	a, _, _, _, err := db.SessionActor(context.Background(), id, "")
	if err != nil {
		t.Fatal(err)
	}
	return a != nil
}

func tokenExists(t *testing.T, db *store.DB, hash string) bool {
	t.Helper()
	tok, err := db.EmailToken(context.Background(), hash, domain.PurposeReset)
	if err != nil {
		t.Fatal(err)
	}
	return tok != nil
}

func TestPurgeDeletesWhatRanOutAndKeepsTheRest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Now()
		f := newFixture(t, db, now)
		job := purge.New(db, purge.Options{Now: func() time.Time { return now }, Log: quiet})

		ran, deleted, err := job.Once(context.Background())
		if err != nil || !ran {
			t.Fatalf("ran %v, err %v", ran, err)
		}
		if deleted["sessions"] != 2 || deleted["email_tokens"] != 2 {
			t.Fatalf("deleted %v", deleted)
		}
		for id, want := range map[string]bool{f.live: true, f.expired: false, f.idle: false} {
			if got := sessionExists(t, db, id); got != want {
				t.Errorf("session %s… exists %v, want %v", id[:8], got, want)
			}
		}
		for hash, want := range map[string]bool{f.pending: true, f.recentlyExpired: true, f.recentlySpent: true, f.longExpired: false, f.longAgoSpent: false} {
			if got := tokenExists(t, db, hash); got != want {
				t.Errorf("token %s… exists %v, want %v", hash[:8], got, want)
			}
		}
	})
}

// Run purges as soon as it starts, and returns when its context ends (vecinos serve stops it so).
func TestRunPurgesAtStartAndStops(t *testing.T) {
	db := storetest.OpenSQLite(t)
	f := newFixture(t, db, time.Now())
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); purge.New(db, purge.Options{Log: quiet}).Run(ctx) }()
	testwait.Until(t, func() bool { return !sessionExists(t, db, f.expired) }, "no purge at start")
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
}

// blocking holds its purge inside the lock until released.
type blocking struct {
	*store.DB
	inside, release chan struct{}
}

func (b blocking) DeleteExpiredSessions(ctx context.Context, now, idleCutoff time.Time) (int64, error) {
	close(b.inside)
	<-b.release
	return b.DB.DeleteExpiredSessions(ctx, now, idleCutoff)
}

// Two instances on PostgreSQL: while one purges, the other skips its turn; once it is done, the other may.
func TestOneInstancePurgesAtATime(t *testing.T) {
	dbs := storetest.Instances(t, 2)
	first := blocking{DB: dbs[0], inside: make(chan struct{}), release: make(chan struct{})}
	type result struct {
		ran bool
		err error
	}
	res := make(chan result, 1)
	go func() {
		ran, _, err := purge.New(first, purge.Options{Log: quiet}).Once(context.Background())
		res <- result{ran, err}
	}()
	<-first.inside

	second := purge.New(dbs[1], purge.Options{Log: quiet})
	if ran, _, err := second.Once(context.Background()); err != nil || ran {
		t.Fatalf("the second instance purged while the first did: ran %v, err %v", ran, err)
	}
	close(first.release)
	if r := <-res; r.err != nil || !r.ran {
		t.Fatalf("the first instance: ran %v, err %v", r.ran, r.err)
	}
	if ran, _, err := second.Once(context.Background()); err != nil || !ran {
		t.Fatalf("the second instance after the first: ran %v, err %v", ran, err)
	}
}

// settler records the times it settled at.
type settler struct{ at []time.Time }

func (s *settler) Settle(_ context.Context, now time.Time) error {
	s.at = append(s.at, now)
	return nil
}

// The job settles what fell due (the polls' steps) at its clock, under its own lock, so it runs beside a
// purge; without a settler it settles nothing.
func TestTheJobSettlesAtItsClock(t *testing.T) {
	db := storetest.OpenSQLite(t)
	now := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	s := &settler{}
	job := purge.New(db, purge.Options{Now: func() time.Time { return now }, Log: quiet, Settle: s})
	if ran, err := job.Settle(context.Background()); err != nil || !ran || len(s.at) != 1 || !s.at[0].Equal(now) {
		t.Fatalf("ran %v, err %v, settled at %v", ran, err, s.at)
	}
	if ran, err := purge.New(db, purge.Options{Log: quiet}).Settle(context.Background()); err != nil || ran {
		t.Fatalf("without a settler: ran %v, err %v", ran, err)
	}
}
