package httpapi

import (
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

// The stream is a long-lived text/event-stream response, not a JSON operation: a plain handler outside
// the API contract, like the OAuth redirects.
func (s *server) mountStream(mux *http.ServeMux) {
	mux.HandleFunc("GET "+streamPath, s.stream)
}

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
			write([]byte(": ping\n\n"))
		case ev := <-sub.Events():
			// Write whatever else is already queued before flushing once.
			for more := true; more; {
				if _, dup := seen[ev.ID]; !dup || ev.ID == "" {
					if ev.Kind == messaging.EventChannel {
						if id := channelOfEvent(ev); id != "" {
							sub.Add(messaging.ChannelTopic(id))
						}
					}
					write(ev.Frame())
				}
				select {
				case ev = <-sub.Events():
				default:
					more = false
				}
			}
		}
		if !flush() {
			return
		}
	}
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
