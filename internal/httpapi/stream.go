package httpapi

import (
	"context"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/messages"
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
	// An EventSource cannot set headers: the stream names its community in the query (ADR 0040).
	a, err := s.Auth.Recheck(ctx, token, r.URL.Query().Get("community"))
	if err != nil {
		writeProblem(w, problemFor(ctx, err))
		return
	}
	if err := s.refusal(ctx, "", members, a); err != nil { // the stream is for members, as a members route
		writeProblem(w, problemFor(ctx, err))
		return
	}
	// Authorize once: the topics are the caller's own and those of the channels they belong to now.
	topics, channels, err := s.Messages.StreamTopics(ctx, a)
	if err != nil {
		writeProblem(w, problemFor(ctx, err))
		return
	}
	// Subscribe before reading what was missed, so that nothing falls between the replay and live events.
	sub := s.Messages.Broker().Subscribe(realtime.DefaultBuffer, topics...)

	lastID := r.Header.Get("Last-Event-ID")
	if lastID == "" {
		lastID = r.URL.Query().Get("lastEventId") // a client that reconnects by hand cannot set the header
	}
	var replay []*realtime.Event
	if lastID != "" {
		if replay, err = s.Messages.Replay(ctx, a, channels, lastID); err != nil {
			sub.Close()
			writeProblem(w, problemFor(ctx, err))
			return
		}
	}
	hello, err := s.Messages.Hello(ctx, a)
	if err != nil {
		sub.Close()
		writeProblem(w, problemFor(ctx, err))
		return
	}

	beat := heartbeat // read before the first write: a test that changes it is ordered after
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	out := &responseSink{w: w, rc: http.NewResponseController(w)}
	out.write([]byte("retry: 3000\n\n"))
	var seen map[string]struct{} // what the replay wrote: live events skip it
	for _, ev := range replay {
		out.write(ev.Frame())
		if ev.ID != "" {
			if seen == nil {
				seen = make(map[string]struct{}, len(replay))
			}
			seen[ev.ID] = struct{}{}
		}
	}
	out.write(hello.Frame())
	if !out.flush() {
		sub.Close()
		return
	}

	// What authorized the stream is checked again at every heartbeat, and at once when a revocation
	// reaches the user's topic: a stream never outlives its session, its community or its channels.
	st := &liveStream{access: streamAccess{s: s, token: token, actor: a, channels: make(map[string]bool, len(channels))},
		sub: sub, seen: seen, beat: beat}
	for _, id := range channels {
		st.access.channels[id] = true
	}
	// On HTTP/1.1 the stream takes the connection from net/http and goes on in a goroutine of its own:
	// the handler's goroutine (its stack grown by the queries above), net/http's watch for a hang-up
	// (a second goroutine per stream) and its read and write buffers all go, about 30 kB per stream
	// (docs/adr/0006, addendum of issue #20). A client that hangs up is noticed at the next write, the
	// heartbeat at the latest. HTTP/2 and HTTP/1.0 keep the stream in the handler.
	if r.ProtoMajor == 1 && r.ProtoMinor == 1 {
		if conn, _, err := out.rc.Hijack(); err == nil {
			cs := newConnSink(conn)
			if cs.fd >= 0 {
				st.sub.Direct(st.direct(cs))
			}
			s.Streams.Go(func() { st.run(context.WithoutCancel(ctx), cs) })
			return
		}
	}
	st.run(ctx, out)
}

// sink is where a stream writes its frames: written into a batch, sent by flush. Its goroutine holds it
// (Lock) while it writes: a connSink is also written by the publishers (Direct).
type sink interface {
	sync.Locker
	write(b []byte)
	flush() bool // false once a write failed: the stream ends
	close()
}

// responseSink writes through net/http's response; only its stream's goroutine writes it.
type responseSink struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	err error
}

func (o *responseSink) Lock()   {}
func (o *responseSink) Unlock() {}

func (o *responseSink) write(b []byte) {
	if o.err == nil {
		_, o.err = o.w.Write(b)
	}
}

func (o *responseSink) flush() bool {
	_ = o.rc.SetWriteDeadline(time.Now().Add(writeTimeout))
	return o.err == nil && o.rc.Flush() == nil
}

func (o *responseSink) close() {}

// connSink writes on a connection taken from net/http after the response's head and first chunk: it
// goes on with the chunked body, one chunk per batch, sent with one writev of the shared frames (no copy
// and no buffer of its own). The stream's goroutine writes with a deadline; a publisher writes one event
// only when the socket takes it at once (tryWrite).
type connSink struct {
	sync.Mutex
	conn     net.Conn
	parts    net.Buffers // [chunk size line, frames…]: the frames are shared by every stream, never modified
	size     int
	head     [20]byte
	deadline time.Time // of the writes; moved only once half of writeTimeout is gone (a timer update per write costs)
	err      error
	pending  []byte // what the socket did not take of a publisher's write: it goes first

	// The socket, for a publisher's writes (-1: not a plain socket, no publisher writes). It stays open
	// while the sink is held and err is nil: only close closes it. Writing on it directly skips the
	// runtime's per-write bookkeeping, a tenth of the fan-out's CPU.
	fd int
}

func newConnSink(conn net.Conn) *connSink {
	o := &connSink{conn: conn, fd: -1}
	if sc, ok := conn.(syscall.Conn); ok {
		if raw, err := sc.SyscallConn(); err == nil {
			_ = raw.Control(func(fd uintptr) { o.fd = int(fd) })
		}
	}
	return o
}

var crlf = []byte("\r\n")

func (o *connSink) write(b []byte) {
	if o.err != nil {
		return
	}
	if len(o.parts) == 0 {
		o.parts = append(o.parts, nil) // the chunk's size line, written by flush
	}
	o.parts = append(o.parts, b)
	o.size += len(b)
}

func (o *connSink) flush() bool {
	if o.err != nil || (o.size == 0 && len(o.pending) == 0) {
		return o.err == nil
	}
	var bufs net.Buffers // WriteTo consumes its slice
	if o.size > 0 {
		o.parts[0] = append(strconv.AppendInt(o.head[:0], int64(o.size), 16), crlf...)
		o.parts = append(o.parts, crlf)
		bufs = o.parts
	}
	if len(o.pending) > 0 {
		bufs = append(net.Buffers{o.pending}, bufs...)
		o.pending = nil
	}
	if now := time.Now(); o.deadline.Sub(now) < writeTimeout/2 {
		o.deadline = now.Add(writeTimeout)
		_ = o.conn.SetWriteDeadline(o.deadline)
	}
	_, o.err = bufs.WriteTo(o.conn)
	clear(o.parts)
	if cap(o.parts) > 8 {
		o.parts = nil // an idle stream keeps no room for a burst
	} else {
		o.parts = o.parts[:0]
	}
	o.size = 0
	return o.err == nil
}

// tryWrite writes frame as a chunk of its own on the publisher's goroutine, when nothing else is being
// written or waits and the socket takes it without waiting (one write; the socket is non-blocking). What
// the socket did not take of it goes out first at the stream goroutine's next flush, which wake asks
// for. It reports whether frame was taken; if not, nothing was written.
func (o *connSink) tryWrite(frame []byte, wake func()) bool {
	if !o.TryLock() {
		return false // the stream's goroutine is writing: the event waits in its queue
	}
	defer o.Unlock()
	if o.err != nil || o.size > 0 || len(o.pending) > 0 {
		return false
	}
	// One buffer, not a writev of the shared frame: syscall.Write tells the race detector about the
	// write as the client's read expects; copying a frame costs little next to the system call.
	buf := chunkBuffers.Get().(*[]byte)
	defer chunkBuffers.Put(buf)
	chunk := append(append(append(strconv.AppendInt((*buf)[:0], int64(len(frame)), 16), crlf...), frame...), crlf...)
	*buf = chunk[:0]
	n, err := syscall.Write(o.fd, chunk)
	if err != nil || n <= 0 {
		return false // EAGAIN (the socket is full), or a failure that the stream's own write will meet
	}
	if n < len(chunk) {
		o.pending = slices.Clone(chunk[n:])
		wake()
	}
	return true
}

// chunkBuffers hold the chunks of the publishers' writes, one at a time.
var chunkBuffers = sync.Pool{New: func() any { return new([]byte) }}

// close ends the chunked body when the connection still works, and closes it.
func (o *connSink) close() {
	o.Lock()
	defer o.Unlock()
	if o.err == nil && len(o.pending) == 0 {
		_ = o.conn.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = o.conn.Write([]byte("0\r\n\r\n"))
	}
	o.err = net.ErrClosed // a publisher's late write finds it closed
	o.conn.Close()
}

// liveStream is an open stream after its first flush: what authorized it, its subscription and the ids
// the replay wrote.
type liveStream struct {
	access streamAccess
	sub    *realtime.Subscription
	seen   map[string]struct{} // written before the stream goes live, only read since
	beat   time.Duration       // heartbeat when it opened (a test changes it; the stream may outlive the test)
	batch  []*realtime.Event
}

// run writes live events and heartbeats to out until the client goes, the subscription ends or access
// is lost.
func (st *liveStream) run(ctx context.Context, out sink) {
	defer out.close()
	defer st.sub.Close()
	tick := time.NewTicker(st.beat)
	defer tick.Stop()
	for {
		beat := false
		select {
		case <-ctx.Done():
			return
		case <-st.sub.Done():
			// Dropped for falling behind, or the server is shutting down: the client reconnects and replays.
			return
		case <-tick.C:
			beat = true
		case <-st.sub.Ready():
		}
		if !st.step(ctx, out, beat) {
			return
		}
	}
}

// step re-checks access and pings when beat is set, writes every queued event and flushes once. It holds
// out meanwhile: a publisher's write (direct) never comes between events it took and their writing.
func (st *liveStream) step(ctx context.Context, out sink, beat bool) bool {
	out.Lock()
	defer out.Unlock()
	if beat {
		if !st.keep(ctx, out) {
			return false
		}
		out.write([]byte(": ping\n\n"))
	}
	st.batch = st.sub.Take(st.batch[:0])
	recheck := false
	for _, ev := range st.batch {
		if _, dup := st.seen[ev.ID]; dup && ev.ID != "" {
			continue
		}
		switch ev.Kind {
		case messages.EventRevoked:
			recheck = true // the server's own signal, not for the client
		case messages.EventChannel:
			if id := channelOfEvent(ev); id != "" {
				st.access.channels[id] = true
				st.sub.Add(messages.ChannelTopic(id))
			}
			out.write(ev.Frame())
		default:
			out.write(ev.Frame())
		}
	}
	clear(st.batch)
	if cap(st.batch) > 8 {
		st.batch = nil
	}
	if recheck && !st.keep(ctx, out) {
		return false
	}
	return out.flush()
}

// direct is the stream's Direct function: a publisher writes an event that needs nothing of the stream
// (neither the server's signals, which change its subscriptions or end it, nor one the replay wrote).
func (st *liveStream) direct(out *connSink) func(*realtime.Event) bool {
	return func(ev *realtime.Event) bool {
		if ev.Kind == messages.EventRevoked || ev.Kind == messages.EventChannel {
			return false
		}
		if _, dup := st.seen[ev.ID]; dup && ev.ID != "" {
			return false
		}
		return out.tryWrite(ev.Frame(), st.sub.Wake)
	}
}

// keep re-checks access; when it was lost it tells the client, which stops reconnecting, and the stream
// ends. The check runs its queries on a goroutine of its own, which ends with it: the stack they grow
// does not stay with the stream for its whole life.
func (st *liveStream) keep(ctx context.Context, out sink) bool {
	type result struct {
		ok  bool
		err error
	}
	ctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	done := make(chan result, 1)
	go func() {
		ok, err := st.access.recheck(ctx, st.sub, out.write)
		done <- result{ok, err}
	}()
	res := <-done
	if !res.ok && res.err == nil {
		out.write(revokedFrame)
		out.flush()
	}
	return res.ok
}

// revokedFrame tells the client that its session or access ended: it stops reconnecting and asks who it
// is (a 401 sends it to /login).
var revokedFrame = realtime.NewEvent("", messages.EventRevoked, []byte("{}")).Frame()

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
	a, err := c.s.Auth.Recheck(ctx, c.token, c.actor.CommunityID)
	if code := domain.ErrorCode(err); code == domain.CodeUnauthorized || code == domain.CodeNotMember {
		return false, nil
	} else if err != nil {
		return false, err
	}
	if !a.EmailConfirmed || a.CommunityID != c.actor.CommunityID || a.UserID != c.actor.UserID {
		return false, nil
	}
	_, channels, err := c.s.Messages.StreamTopics(ctx, a)
	if err != nil {
		return false, err
	}
	now := make(map[string]bool, len(channels))
	for _, id := range channels {
		now[id] = true
		if !c.channels[id] {
			sub.Add(messages.ChannelTopic(id))
		}
	}
	for id := range c.channels {
		if !now[id] {
			sub.Remove(messages.ChannelTopic(id))
			write(messages.ChannelChanged(id).Frame())
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
