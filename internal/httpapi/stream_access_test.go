package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"vecinos/internal/httpapi"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// A stream lives only as long as what authorized it (issue #12): these tests keep the real 25 s heartbeat
// where the revocation must arrive as an event, and shorten it where only the heartbeat's re-check can
// notice (a change made straight in the database).

// ended waits for the server to end the stream and checks that its last word was `revoked`, and that the
// browser's reconnection is refused.
func (s *sseStream) ended(t *testing.T, base, cookie string) {
	t.Helper()
	last := ""
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev := <-s.events:
			if ev.Kind != ":" {
				last = ev.Kind
			}
			continue
		case <-s.done:
		case <-deadline:
			t.Fatal("the stream is still open 10 s after its access ended")
		}
		break
	}
	for len(s.events) > 0 {
		if ev := <-s.events; ev.Kind != ":" {
			last = ev.Kind
		}
	}
	if last != "revoked" {
		t.Fatalf("the stream ended with %q, want a revoked event", last)
	}
	req, _ := http.NewRequest("GET", base+"/api/v1/stream", nil)
	req.Header.Set("Cookie", "vecinos_session="+cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 401 && res.StatusCode != 403 {
		t.Fatalf("reconnecting after the revocation: %d", res.StatusCode)
	}
}

func TestStreamEndsWhenItsSessionEnds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		ch := n.luis.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
		login := func(email string) *client {
			c := e.client()
			c.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": email, "password": "Secreto123"}, 200)
			return c
		}
		open := func(c *client) *sseStream {
			s := openStream(t, e.srv.URL, c.cookie(), "")
			s.next(t, "unread")
			return s
		}

		t.Run("sign-out", func(t *testing.T) {
			other := login("ana@example.es") // ana on another device keeps her stream
			ana, anaElsewhere := open(n.ana), open(other)
			cookie := n.ana.cookie()
			n.ana.must(t, "POST", "/api/v1/auth/logout", nil, 204)
			ana.ended(t, e.srv.URL, cookie)
			m := n.luis.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": "¿Seguís ahí?"}, 201)
			if ev := anaElsewhere.next(t, "channel_message"); ev.ID != m["id"] {
				t.Fatalf("ana's other session got %+v", ev)
			}
		})

		t.Run("password changed in another session", func(t *testing.T) {
			here := login("luis@example.es")
			luis, luisHere := open(n.luis), open(here)
			here.must(t, "POST", "/api/v1/auth/change-password", map[string]any{"currentPassword": "Secreto123", "newPassword": "Nueva2026"}, 204)
			luis.ended(t, e.srv.URL, n.luis.cookie())
			m := n.eva.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": "Hola Luis"}, 201)
			if ev := luisHere.next(t, "channel_message"); ev.ID != m["id"] {
				t.Fatalf("the session that changed the password got %+v", ev)
			}
		})

		t.Run("password reset", func(t *testing.T) {
			eva := open(n.eva)
			anon := e.client()
			anon.must(t, "POST", "/api/v1/auth/forgot-password", map[string]any{"email": "eva@example.es"}, 202)
			token := e.lastLink(t, "eva@example.es", "/reset-password")
			anon.must(t, "POST", "/api/v1/auth/reset-password", map[string]any{"token": token, "password": "Nueva2026"}, 204)
			eva.ended(t, e.srv.URL, n.eva.cookie())
		})

		t.Run("account deleted", func(t *testing.T) {
			pau := open(n.pau)
			n.pau.must(t, "POST", "/api/v1/account/delete", map[string]any{"password": "Secreto123"}, 204)
			pau.ended(t, e.srv.URL, n.pau.cookie())
		})
	})
}

// Removal from the community and loss of a channel have no action of their own yet: they are made in
// the database, and the heartbeat's re-check notices them.
func TestStreamRechecksItsAccessAtEveryHeartbeat(t *testing.T) {
	t.Cleanup(httpapi.SetStreamHeartbeat(20 * time.Millisecond))
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		ana, luis, eva := openStream(t, e.srv.URL, n.ana.cookie(), ""), openStream(t, e.srv.URL, n.luis.cookie(), ""), openStream(t, e.srv.URL, n.eva.cookie(), "")
		for _, s := range []*sseStream{ana, luis, eva} {
			s.next(t, "unread")
		}
		// The channel is made with the streams open, so that its `channel` events (which reach the
		// streams through the listener on PostgreSQL) are read here and not mistaken for later ones.
		priv := n.ana.must(t, "POST", "/api/v1/channels", map[string]any{"name": "junta", "memberIds": []string{n.luisID, n.evaID}}, 201)["id"].(string)
		for _, s := range []*sseStream{ana, luis, eva} {
			if ev := s.next(t, "channel"); ev.Data["channelId"] != priv {
				t.Fatalf("channel event %+v", ev)
			}
		}

		// luis loses the channel: the stream tells his app to refetch its list, and hears it no more.
		storetest.Exec(t, db, "DELETE FROM channel_members WHERE channel_id = $1 AND user_id = $2", priv, n.luisID)
		if ev := luis.next(t, "channel"); ev.Data["channelId"] != priv {
			t.Fatalf("luis got %+v", ev)
		}
		m := n.ana.must(t, "POST", "/api/v1/channels/"+priv+"/messages", map[string]any{"content": "Sin Luis"}, 201)
		if ev := ana.next(t, "channel_message"); ev.ID != m["id"] {
			t.Fatalf("ana got %+v", ev)
		}
		if ev := eva.next(t, "channel_message"); ev.ID != m["id"] {
			t.Fatalf("eva got %+v", ev)
		}
		luis.quiet(t, 200*time.Millisecond)

		// eva is taken out of the community: her stream ends.
		storetest.Exec(t, db, "DELETE FROM user_roles WHERE user_id = $1", n.evaID)
		storetest.Exec(t, db, "DELETE FROM memberships WHERE user_id = $1", n.evaID)
		eva.ended(t, e.srv.URL, n.eva.cookie())
	})
}

// On PostgreSQL the revocation crosses instances: ana signs out through A, her stream on B ends at once.
func TestSignOutOnOneInstanceEndsTheStreamOnAnother(t *testing.T) {
	a, b := twoInstances(t)
	n := newNeighbourhood(t, a)
	anaOnB := openStream(t, b.srv.URL, n.ana.cookie(), "")
	anaOnB.next(t, "unread")
	cookie := n.ana.cookie()
	n.ana.must(t, "POST", "/api/v1/auth/logout", nil, 204)
	anaOnB.ended(t, b.srv.URL, cookie)
}
