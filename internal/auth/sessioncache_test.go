package auth_test

import (
	"context"
	"testing"
	"time"

	"vecinos/internal/auth"
	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// cachedSessions is an instance whose every revocation is heard (heard stays true), over db, with a clock
// the test moves, and a session of a community's member that ends at expires.
type cachedSessions struct {
	svc     *auth.Service
	db      *store.DB
	now     time.Time
	token   string
	hash    string
	started time.Time
}

func newCachedSessions(t *testing.T, db *store.DB, expiresIn time.Duration) *cachedSessions {
	t.Helper()
	c := &cachedSessions{db: db, now: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC), token: credentials.NewToken()}
	c.started, c.hash = c.now, credentials.HashToken(c.token)
	c.svc = auth.New(db, credentials.NewHasher(), auth.Options{Now: func() time.Time { return c.now }, SessionsHeard: func() bool { return true }})
	member := storetest.Community(t, db, "Ana")[0]
	if err := db.CreateSession(context.Background(), domain.Session{ID: c.hash, UserID: member.UserID, CreatedAt: c.now, LastSeenAt: c.now,
		ExpiresAt: c.now.Add(expiresIn)}); err != nil {
		t.Fatal(err)
	}
	return c
}

// at authenticates the session d after it started: nil when it is refused.
func (c *cachedSessions) at(t *testing.T, d time.Duration) *domain.Actor {
	t.Helper()
	c.now = c.started.Add(d)
	a, err := c.svc.Authenticate(context.Background(), c.token, "")
	if domain.ErrorCode(err) == domain.CodeUnauthorized {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// dropRow deletes the session's row behind the service's back (no announcement), so that only the cache
// still knows it.
func (c *cachedSessions) dropRow(t *testing.T) {
	t.Helper()
	storetest.Exec(t, c.db, "DELETE FROM sessions WHERE id = $1", c.hash)
}

// A cached session is served without a lookup, but never past its expiry, never past the cache's TTL
// (what bounds a lost announcement), and never once forgotten.
func TestACachedSessionNeverOutlivesItsExpiry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCachedSessions(t, db, 10*time.Second)
		if c.at(t, 0) == nil {
			t.Fatal("a new session was refused")
		}
		c.dropRow(t)
		if a := c.at(t, 5*time.Second); a == nil || a.CommunityID == "" {
			t.Fatalf("the cached session was not served: %+v", a)
		}
		if c.at(t, 10*time.Second) != nil {
			t.Fatal("a cached session outlived its expiry")
		}
	})
}

func TestACachedSessionIsCheckedAgainAfterItsTTLOrWhenForgotten(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCachedSessions(t, db, auth.SessionMaxAge)
		c.at(t, 0)
		c.dropRow(t)
		if c.at(t, 29*time.Second) == nil {
			t.Fatal("the cached session was not served within its TTL")
		}
		if c.at(t, 30*time.Second) != nil {
			t.Fatal("a cached session outlived the cache's TTL")
		}

		c = newCachedSessions(t, db, auth.SessionMaxAge)
		a := c.at(t, 0)
		c.dropRow(t)
		c.svc.ForgetSessions(a.UserID)
		if c.at(t, time.Second) != nil {
			t.Fatal("a forgotten session was served")
		}
		c = newCachedSessions(t, db, auth.SessionMaxAge)
		c.at(t, 0)
		c.dropRow(t)
		c.svc.ForgetAllSessions()
		if c.at(t, time.Second) != nil {
			t.Fatal("a session was served after every one was forgotten")
		}
	})
}

// Last-seen is still written at most hourly: a cached session goes back to the database when it is due,
// and the write refreshes the cache.
func TestACachedSessionStillRecordsItsUseHourly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCachedSessions(t, db, auth.SessionMaxAge)
		lastSeen := func() time.Time {
			_, seen, _, _, err := db.SessionActor(context.Background(), c.hash, "")
			if err != nil {
				t.Fatal(err)
			}
			return seen
		}
		c.at(t, 0)
		c.at(t, 20*time.Second)
		if !lastSeen().Equal(c.started) {
			t.Fatalf("last-seen written before an hour: %s", lastSeen())
		}
		for _, d := range []time.Duration{time.Hour, time.Hour + 20*time.Second} {
			if c.at(t, d) == nil {
				t.Fatal("refused")
			}
		}
		if want := c.started.Add(time.Hour); !lastSeen().Equal(want) {
			t.Fatalf("last-seen %s, want %s (written once)", lastSeen(), want)
		}
	})
}
