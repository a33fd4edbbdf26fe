package httpapi_test

import (
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// Each instance caches the sessions it validated (docs/adr/0055). Whatever ends a session or changes what
// it resolves to (a role, the community a request naming none acts in) on one instance reaches the cache of every other as soon as its listener hears it (the test
// waits for that with Flush, a notice of B's own that comes back after every notice committed before it):
// the same cookie is then refused there. On PostgreSQL two instances share the database, as cmd/vecinos
// runs them; SQLite has one instance, which both A and B stand for.
func TestARevokedSessionIsRefusedOnEveryInstance(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, b := sessionInstances(t, db)
		n := newNeighbourhood(t, a)
		onB := func(c *client) *client { return b.signedInAs(t, c.cookie()) }
		anaB, luisB, evaB, pauB := onB(n.ana), onB(n.luis), onB(n.eva), onB(n.pau)
		for _, c := range []*client{anaB, luisB, evaB, pauB} {
			c.must(t, "GET", "/api/v1/me", nil, 200)
			c.must(t, "GET", "/api/v1/me", nil, 200) // from B's cache now
		}
		evaB.must(t, "GET", "/api/v1/community/roles", nil, 403)

		// A role changed on A: eva's session on B acts as an admin, then as a neighbour again.
		n.ana.must(t, "PUT", "/api/v1/community/members/"+n.evaID+"/role", map[string]any{"role": "admin"}, 200)
		b.realtime.Flush()
		evaB.must(t, "GET", "/api/v1/community/roles", nil, 200)
		n.ana.must(t, "PUT", "/api/v1/community/members/"+n.evaID+"/role", map[string]any{"role": "user"}, 200)
		b.realtime.Flush()
		evaB.must(t, "GET", "/api/v1/community/roles", nil, 403)

		// eva joins pau's community on A, then opens ana's again: her requests on B that name no
		// community act in each as soon as B heard it.
		home := n.ana.must(t, "GET", "/api/v1/me", nil, 200)["communityId"]
		other := n.pau.must(t, "GET", "/api/v1/me", nil, 200)["communityId"]
		n.eva.must(t, "POST", "/api/v1/communities/join", map[string]any{"code": a.communityCode(t, n.pau)}, 200)
		b.realtime.Flush()
		if got := evaB.must(t, "GET", "/api/v1/me", nil, 200)["communityId"]; got != other {
			t.Fatalf("eva acts in %v on B after joining %v", got, other)
		}
		n.eva.must(t, "POST", "/api/v1/memberships/"+home.(string)+"/open", nil, 204)
		b.realtime.Flush()
		if got := evaB.must(t, "GET", "/api/v1/me", nil, 200)["communityId"]; got != home {
			t.Fatalf("eva acts in %v on B after opening %v", got, home)
		}

		// A password changed on A ends luis's other sessions, cached on B; the one that changed it stays.
		luisA := a.client()
		luisA.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "luis@example.es", "password": "Secreto123"}, 200)
		onB(luisA).must(t, "GET", "/api/v1/me", nil, 200)
		luisA.must(t, "POST", "/api/v1/auth/change-password", map[string]any{"currentPassword": "Secreto123", "newPassword": "Nueva2026"}, 204)
		b.realtime.Flush()
		luisB.must(t, "GET", "/api/v1/me", nil, 401)
		onB(luisA).must(t, "GET", "/api/v1/me", nil, 200)

		// Signing out on A, and deleting the account there.
		n.ana.must(t, "POST", "/api/v1/auth/logout", nil, 204)
		n.pau.must(t, "POST", "/api/v1/account/delete", map[string]any{"password": "Secreto123"}, 204)
		b.realtime.Flush()
		anaB.must(t, "GET", "/api/v1/me", nil, 401)
		pauB.must(t, "GET", "/api/v1/me", nil, 401)
	})
}

// sessionInstances is two instances on one new PostgreSQL database, or SQLite's one instance twice.
func sessionInstances(t *testing.T, db *store.DB) (a, b *env) {
	t.Helper()
	if db.Engine() == store.Postgres {
		return twoInstances(t)
	}
	e, _ := newRealtimeEnv(t, db)
	return e, e
}

// signedInAs is a browser of this instance holding the session cookie of another (a balancer may send
// any request to any instance).
func (e *env) signedInAs(t *testing.T, session string) *client {
	t.Helper()
	c := e.client()
	c.http.Jar.SetCookies(mustURL(t, e.srv.URL), cookieOf(session))
	return c
}
