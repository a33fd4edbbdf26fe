package httpapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/messaging"
	"vecinos/internal/realtime"
)

// streamPath is the one realtime stream of a browser tab (Server-Sent Events; see docs/adr/0006).
const streamPath = "/api/v1/stream"

// Stream tuning. heartbeat keeps proxies from closing an idle stream and lets the server notice a gone
// client; writeTimeout bounds how long one write to a stalled client may take.
var (
	heartbeat    = 25 * time.Second
	writeTimeout = 15 * time.Second
)

func (s *server) stream(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	token := ""
	if c, err := r.Cookie(sessionCookieName); err == nil {
		token = c.Value
	}
	a, err := s.Accounts.Authenticate(ctx, token)
	if err != nil {
		writeProblem(w, problemFor(ctx, err))
		return
	}
	if !a.EmailConfirmed {
		writeProblem(w, problemFor(ctx, domain.Errorf(domain.CodeEmailNotConfirmed, "Por favor, confirma tu email antes de continuar.")))
		return
	}
	if a.CommunityID == "" {
		writeProblem(w, problemFor(ctx, domain.ErrNoCommunity))
		return
	}
	// Authorize once: the topics are the caller's own and those of the channels they belong to now.
	topics, channels, err := s.Messaging.StreamTopics(ctx, a)
	if err != nil {
		writeProblem(w, problemFor(ctx, err))
		return
	}
	// Subscribe before reading what was missed, so that nothing falls between the replay and live events.
	sub := s.Messaging.Broker().Subscribe(realtime.DefaultBuffer, topics...)
	defer sub.Close()

	lastID := r.Header.Get("Last-Event-ID")
	if lastID == "" {
		lastID = r.URL.Query().Get("lastEventId") // a client that reconnects by hand cannot set the header
	}
	var replay []*realtime.Event
	if lastID != "" {
		if replay, err = s.Messaging.Replay(ctx, a, channels, lastID); err != nil {
			writeProblem(w, problemFor(ctx, err))
			return
		}
	}
	hello, err := s.Messaging.Hello(ctx, a)
	if err != nil {
		writeProblem(w, problemFor(ctx, err))
		return
	}

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	// net/http buffers the response already: frames are copied into its buffer and flushed once per batch.
	var werr error
	write := func(b []byte) {
		if werr == nil {
			_, werr = w.Write(b)
		}
	}
	flush := func() bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		return werr == nil && rc.Flush() == nil
	}

	write([]byte("retry: 3000\n\n"))
	seen := make(map[string]struct{}, len(replay))
	for _, ev := range replay {
		write(ev.Frame())
		if ev.ID != "" {
			seen[ev.ID] = struct{}{}
		}
	}
	write(hello.Frame())
	if !flush() {
		return
	}

	// What authorized the stream is checked again at every heartbeat, and at once when a revocation
	// reaches the user's topic: a stream never outlives its session, its community or its channels.
	access := streamAccess{s: s, token: token, actor: a, channels: make(map[string]bool, len(channels))}
	for _, id := range channels {
		access.channels[id] = true
	}
	// keep re-checks; when access was lost it tells the client, which stops reconnecting, and the stream ends.
	keep := func() bool {
		ok, err := access.recheck(ctx, sub, write)
		if !ok && err == nil {
			write(revokedFrame)
			flush()
		}
		return ok
	}

	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-sub.Done():
			// Dropped for falling behind, or the server is shutting down: the client reconnects and replays.
			return
		case <-tick.C:
			if !keep() {
				return
			}
			write([]byte(": ping\n\n"))
		case ev := <-sub.Events():
			// Write whatever else is already queued before flushing once.
			recheck := false
			for more := true; more; {
				if _, dup := seen[ev.ID]; !dup || ev.ID == "" {
					switch ev.Kind {
					case messaging.EventRevoked:
						recheck = true // the server's own signal, not for the client
					case messaging.EventChannel:
						if id := channelOfEvent(ev); id != "" {
							access.channels[id] = true
							sub.Add(messaging.ChannelTopic(id))
						}
						write(ev.Frame())
					default:
						write(ev.Frame())
					}
				}
				select {
				case ev = <-sub.Events():
				default:
					more = false
				}
			}
			if recheck && !keep() {
				return
			}
		}
		if !flush() {
			return
		}
	}
}

// revokedFrame tells the client that its session or access ended: it stops reconnecting and asks who it
// is (a 401 sends it to /login).
var revokedFrame = realtime.NewEvent("", messaging.EventRevoked, []byte("{}")).Frame()

// streamAccess is what authorized one stream: its session token, the actor it resolved to and the
// channels it subscribed to.
type streamAccess struct {
	s        *server
	token    string
	actor    *domain.Actor
	channels map[string]bool
}

// recheck authenticates the stream's session again and reloads its channels (two indexed reads): it
// reports false when the session ended, the email or the community changed (err nil: access was lost)
// or the check failed (err set). Otherwise it unsubscribes from the channels the user lost, writing a
// `channel` event for each (the client refetches its list), and subscribes to any they gained.
func (c *streamAccess) recheck(ctx context.Context, sub *realtime.Subscription, write func([]byte)) (bool, error) {
	a, err := c.s.Accounts.Authenticate(ctx, c.token)
	if code := domain.ErrorCode(err); code == domain.CodeUnauthorized {
		return false, nil
	} else if err != nil {
		return false, err
	}
	if !a.EmailConfirmed || a.CommunityID != c.actor.CommunityID || a.UserID != c.actor.UserID {
		return false, nil
	}
	_, channels, err := c.s.Messaging.StreamTopics(ctx, a)
	if err != nil {
		return false, err
	}
	now := make(map[string]bool, len(channels))
	for _, id := range channels {
		now[id] = true
		if !c.channels[id] {
			sub.Add(messaging.ChannelTopic(id))
		}
	}
	for id := range c.channels {
		if !now[id] {
			sub.Remove(messaging.ChannelTopic(id))
			write(messaging.ChannelChanged(id).Frame())
		}
	}
	c.channels = now
	return true, nil
}

// channelOfEvent reads the channel id of an EventChannel ({"channelId":"…"}), which the server itself
// published after the membership committed: subscribing to it needs no further check.
func channelOfEvent(ev *realtime.Event) string {
	_, rest, ok := strings.Cut(string(ev.Data), `"channelId":"`)
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, `"`)
	return id
}
