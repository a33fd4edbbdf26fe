package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/httpapi"
	"vecinos/internal/messages"
	"vecinos/internal/oauth"
	"vecinos/internal/realtime"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

// newRealtimeEnv is newEnv with the messages service wired as cmd/vecinos wires it: its own broker,
// the revocations of accounts and profiles and, on PostgreSQL, the listener that hears every instance's
// notices.
func newRealtimeEnv(t testing.TB, db *store.DB) (*env, *messages.Service) {
	t.Helper()
	e := &env{db: db, now: time.Now(), oauth: map[string]*oauth.Provider{}}
	cfg := &config.Config{PublicURL: "http://localhost:8080", Dev: true}
	a := newApp(t, db, cfg, app.Options{OAuth: e.oauth})
	msg := a.Messages
	e.realtime = a.Realtime
	stop := a.Background()
	e.srv = httptest.NewServer(a.Handler)
	// Cleanups run last-in first-out: streams end (as on shutdown), then the server closes, then the
	// listener and the mail worker.
	t.Cleanup(stop)
	t.Cleanup(e.srv.Close)
	t.Cleanup(msg.Broker().Close)
	if db.NotifiesOnCommit() {
		testwait.Until(t, msg.Listening, "the PostgreSQL listener did not start")
	}
	return e, msg
}

type sseEvent struct {
	ID, Kind string
	Data     map[string]any
}

// sseStream reads one stream with bufio.Scanner; next waits for an event with a deadline.
type sseStream struct {
	events chan sseEvent
	cancel context.CancelFunc
	done   chan struct{} // closed when the server ends the stream
}

func openStream(t *testing.T, base, cookie, lastEventID string) *sseStream {
	t.Helper()
	return openStreamAt(t, base+"/api/v1/stream", cookie, lastEventID)
}

// openStreamAt opens the stream at url (with a query: ?community=).
func openStreamAt(t *testing.T, url, cookie, lastEventID string) *sseStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	req.Header.Set("Cookie", "vecinos_session="+cookie)
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		cancel()
		t.Fatalf("stream: %d %s %s", res.StatusCode, res.Header.Get("Content-Type"), b)
	}
	s := &sseStream{events: make(chan sseEvent, 10000), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.Kind != "" {
					s.events <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, ":"):
				s.events <- sseEvent{Kind: ":"} // a heartbeat
			case strings.HasPrefix(line, "id: "):
				ev.ID = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev.Kind = line[7:]
			case strings.HasPrefix(line, "data: "):
				if err := json.Unmarshal([]byte(line[6:]), &ev.Data); err != nil {
					panic(fmt.Sprintf("data is not JSON: %q", line))
				}
			}
		}
	}()
	t.Cleanup(s.close)
	return s
}

func (s *sseStream) close() { s.cancel(); <-s.done }

// next returns the next event, skipping heartbeats unless kind is ":".
func (s *sseStream) next(t *testing.T, kind string) sseEvent {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev := <-s.events:
			if ev.Kind == ":" && kind != ":" {
				continue
			}
			if kind != "" && ev.Kind != kind {
				t.Fatalf("got event %q %v, want %q", ev.Kind, ev.Data, kind)
			}
			return ev
		case <-deadline:
			t.Fatalf("no %q event within 10 s", kind)
		}
	}
}

// nextChange returns the next change of area, skipping heartbeats and the changes of other areas (a
// change committed just before the stream opened may still reach it).
func (s *sseStream) nextChange(t *testing.T, area string) sseEvent {
	t.Helper()
	for {
		if ev := s.next(t, "change"); ev.Data["area"] == area {
			return ev
		}
	}
}

// quiet fails when an event other than a heartbeat arrives within d.
func (s *sseStream) quiet(t *testing.T, d time.Duration) {
	t.Helper()
	deadline := time.After(d)
	for {
		select {
		case ev := <-s.events:
			if ev.Kind != ":" {
				t.Fatalf("unexpected event %q %v", ev.Kind, ev.Data)
			}
		case <-deadline:
			return
		}
	}
}

func newCommunity(name string) map[string]any {
	return map[string]any{"community_intent": "create", "community_name": name, "community_address": name,
		"community_city": "Madrid", "community_postal_code": "28013"}
}

// neighbourhood is three members of one community (ana is its admin) and the admin of another.
type neighbourhood struct {
	ana, luis, eva, pau         *client
	anaID, luisID, evaID, pauID string
}

func newNeighbourhood(t *testing.T, e *env) *neighbourhood {
	t.Helper()
	n := &neighbourhood{}
	n.ana = e.confirmedUser(t, "ana@example.es", newCommunity("Calle Mayor 1"))
	code := e.communityCode(t, n.ana)
	n.luis = e.confirmedUser(t, "luis@example.es", map[string]any{"invite_token": code})
	n.eva = e.confirmedUser(t, "eva@example.es", map[string]any{"invite_token": code})
	n.pau = e.confirmedUser(t, "pau@example.es", newCommunity("Plaza Nueva 2"))
	id := func(c *client) string { return c.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string) }
	n.anaID, n.luisID, n.evaID, n.pauID = id(n.ana), id(n.luis), id(n.eva), id(n.pau)
	return n
}

func TestStreamDeliversLiveToTheRightPeopleOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		ana, luis, eva := openStream(t, e.srv.URL, n.ana.cookie(), ""), openStream(t, e.srv.URL, n.luis.cookie(), ""), openStream(t, e.srv.URL, n.eva.cookie(), "")
		for _, s := range []*sseStream{ana, luis, eva} {
			if ev := s.next(t, "unread"); ev.ID == "" || ev.Data["count"] != 0.0 {
				t.Fatalf("hello %+v", ev)
			}
		}

		conv := n.luis.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.anaID}, 200)["id"].(string)
		sent := n.luis.must(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"content": "¿Bajas la basura?", "clientId": "c1"}, 201)
		got := ana.next(t, "dm")
		if got.ID != sent["id"] || got.Data["content"] != "¿Bajas la basura?" || got.Data["conversationId"] != conv || got.Data["senderId"] != n.luisID {
			t.Fatalf("ana got %+v, sent %v", got, sent)
		}
		if ev := ana.next(t, "unread"); ev.Data["count"] != 1.0 {
			t.Fatalf("ana's badge %+v", ev)
		}
		if ev := luis.next(t, "dm"); ev.ID != sent["id"] { // the sender's other tabs
			t.Fatalf("luis got %+v", ev)
		}

		// Opening the conversation reads it: luis sees the double check, ana's badge drops.
		n.ana.must(t, "POST", "/api/v1/conversations/"+conv+"/read", nil, 200)
		if ev := luis.next(t, "dm_read"); ev.Data["conversationId"] != conv || ev.Data["readerId"] != n.anaID || ev.ID == "" {
			t.Fatalf("receipt %+v", ev)
		}
		ana.next(t, "dm_read")
		if ev := ana.next(t, "unread"); ev.Data["count"] != 0.0 {
			t.Fatalf("ana's badge %+v", ev)
		}

		// The community chat reaches every member; eva never saw the direct message.
		ch := n.eva.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)
		posted := n.eva.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": "Hola a todos ", "clientId": "e1"}, 201)
		for _, s := range []*sseStream{eva, ana, luis} {
			ev := s.next(t, "channel_message")
			if ev.ID != posted["id"] || ev.Data["content"] != "Hola a todos " || ev.Data["channelId"] != ch || ev.Data["unitNumber"] != nil {
				t.Fatalf("channel message %+v", ev)
			}
		}

		// A private channel: luis is invited while his stream is open, and hears its messages from then on.
		priv := n.ana.must(t, "POST", "/api/v1/channels", map[string]any{"name": "runners", "memberIds": []string{n.luisID}}, 201)["id"].(string)
		if ev := luis.next(t, "channel"); ev.Data["channelId"] != priv {
			t.Fatalf("invitation %+v", ev)
		}
		ana.next(t, "channel")
		n.ana.must(t, "POST", "/api/v1/channels/"+priv+"/messages", map[string]any{"content": "  Domingo a las 9  "}, 201)
		if ev := luis.next(t, "channel_message"); ev.Data["content"] != "Domingo a las 9" {
			t.Fatalf("private message %+v", ev)
		}
		ana.next(t, "channel_message")
		eva.quiet(t, 200*time.Millisecond)
	})
}

func TestStreamReplaysWhatWasMissedAfterADrop(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, msg := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		conv := n.luis.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": n.anaID}, 200)["id"].(string)
		ch := n.luis.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)

		s := openStream(t, e.srv.URL, n.ana.cookie(), "")
		if ev := s.next(t, "unread"); ev.ID == "" {
			t.Fatal("the first event has no id to resume from")
		}
		early := n.luis.must(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"content": "antes"}, 201)
		if ev := s.next(t, "dm"); ev.ID != early["id"] {
			t.Fatalf("live %+v", ev)
		}
		last := s.next(t, "unread").ID
		s.close() // the connection drops

		var missed []string
		for i := range 3 {
			m := n.luis.must(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"content": fmt.Sprintf("perdido %d", i)}, 201)
			missed = append(missed, m["id"].(string))
		}
		m := n.eva.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": "en el chat"}, 201)
		missed = append(missed, m["id"].(string))
		msg.Flush()

		// The browser reconnects with the id of the last event it saw.
		s = openStream(t, e.srv.URL, n.ana.cookie(), last)
		var got []string
		for len(got) < len(missed) {
			ev := s.next(t, "")
			switch ev.Kind {
			case "dm", "channel_message":
				if ev.ID == early["id"] {
					continue // the replay starts a little early; clients drop what they have by id
				}
				got = append(got, ev.ID)
			default:
				t.Fatalf("unexpected %q before the replay ended", ev.Kind)
			}
		}
		if strings.Join(got, ",") != strings.Join(missed, ",") {
			t.Fatalf("replayed %v, want %v", got, missed)
		}
		if ev := s.next(t, "unread"); ev.Data["count"] != 4.0 {
			t.Fatalf("badge after replay %+v", ev)
		}
		// Then it is live again.
		live := n.luis.must(t, "POST", "/api/v1/conversations/"+conv+"/messages", map[string]any{"content": "en directo"}, 201)
		if ev := s.next(t, "dm"); ev.ID != live["id"] {
			t.Fatalf("live after replay %+v", ev)
		}

		// An id that is not one of ours asks the client to refetch everything.
		r := openStream(t, e.srv.URL, n.ana.cookie(), "not-an-id")
		r.next(t, "resync")
		r.next(t, "unread")
	})
}

func TestHeartbeatsKeepTheStreamAlive(t *testing.T) {
	defer httpapi.SetStreamHeartbeat(30 * time.Millisecond)()
	e, _ := newRealtimeEnv(t, storetest.OpenSQLite(t))
	ana := e.confirmedUser(t, "ana@example.es", newCommunity("Calle Mayor 1"))
	s := openStream(t, e.srv.URL, ana.cookie(), "")
	s.next(t, "unread")
	s.next(t, ":")
	s.next(t, ":")
}

// A stream that left net/http (HTTP/1.1) notices a client that hung up at its next write, the heartbeat
// at the latest, and lets go of its subscription.
func TestAStreamWhoseClientHungUpEndsAtTheNextHeartbeat(t *testing.T) {
	defer httpapi.SetStreamHeartbeat(30 * time.Millisecond)()
	e, msg := newRealtimeEnv(t, storetest.OpenSQLite(t))
	ana := e.confirmedUser(t, "ana@example.es", newCommunity("Calle Mayor 1"))
	s := openStream(t, e.srv.URL, ana.cookie(), "")
	s.next(t, "unread")
	if n := msg.Broker().Stats().Subscribers; n != 1 {
		t.Fatalf("%d subscribers", n)
	}
	s.close()
	testwait.Until(t, func() bool { return msg.Broker().Stats().Subscribers == 0 }, "the stream outlived its client")
}

func TestStreamRefusesStrangers(t *testing.T) {
	e, _ := newRealtimeEnv(t, storetest.OpenSQLite(t))
	res, err := http.Get(e.srv.URL + "/api/v1/stream")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 401 || res.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("anonymous stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	loner := e.client()
	loner.must(t, "POST", "/api/v1/auth/signup", signUpBody("solo@example.es", "Propietario", nil), 201)
	loner.must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": e.lastLink(t, "solo@example.es", "/confirm-email")}, 200)
	req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/stream", nil)
	req.Header.Set("Cookie", "vecinos_session="+loner.cookie())
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 403 {
		t.Fatalf("stream without a community: %d", res.StatusCode)
	}
}

// A client that stops reading is dropped once its buffer fills; the sender never waits for it.
func TestASlowStreamIsDroppedWithoutBlockingTheSender(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, msg := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		ch := n.luis.must(t, "GET", "/api/v1/channels/community", nil, 200)["id"].(string)

		// ana's browser opens the stream and then never reads from the socket.
		conn, err := net.Dial("tcp", strings.TrimPrefix(e.srv.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "GET /api/v1/stream HTTP/1.1\r\nHost: x\r\nCookie: vecinos_session=%s\r\n\r\n", n.ana.cookie())
		testwait.Until(t, func() bool { return msg.Broker().Stats().Subscribers > 0 }, "the stream did not subscribe")
		fast := openStream(t, e.srv.URL, n.eva.cookie(), "")
		fast.next(t, "unread")

		big := strings.Repeat("x", 19990)
		start := time.Now()
		posts := 2 * realtime.DefaultBuffer
		for i := range posts {
			n.luis.must(t, "POST", "/api/v1/channels/"+ch+"/messages", map[string]any{"content": fmt.Sprintf("%d %s", i, big)}, 201)
		}
		took := time.Since(start)
		msg.Flush()
		testwait.Until(t, func() bool { return msg.Broker().Stats().Dropped > 0 }, "the slow stream was never dropped")
		// The reader that keeps up got everything.
		for range posts {
			fast.next(t, "channel_message")
		}
		t.Logf("%d posts of 20 kB in %v with a stalled stream open", posts, took)
	})
}

func TestAChangeReachesTheStreamsOfItsCommunityOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newRealtimeEnv(t, db)
		n := newNeighbourhood(t, e)
		ana, luis, pau := openStream(t, e.srv.URL, n.ana.cookie(), ""), openStream(t, e.srv.URL, n.luis.cookie(), ""), openStream(t, e.srv.URL, n.pau.cookie(), "")
		for _, s := range []*sseStream{ana, luis, pau} {
			s.next(t, "unread")
		}
		community := n.ana.must(t, "GET", "/api/v1/me", nil, 200)["communityId"].(string)
		e.realtime.Changed(community, "reservations", "r1")
		for _, s := range []*sseStream{ana, luis} {
			if ev := s.next(t, "change"); ev.Data["area"] != "reservations" || ev.Data["id"] != "r1" || ev.ID != "" {
				t.Fatalf("change %+v", ev)
			}
		}
		pau.quiet(t, 200*time.Millisecond)
	})
}
