// Package realtime fans events out to the open streams of one instance, by topic. It never reads the
// database: whoever publishes has the event in hand (encoded once), and every subscriber of the topic
// receives the same bytes. Across instances, PostgreSQL LISTEN/NOTIFY carries ids to every instance,
// which loads each changed row once and publishes it here (see docs/adr/0006-realtime.md).
package realtime

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Event is one server-sent event. Subscribers share one *Event: never modify it after publishing.
type Event struct {
	ID    string // the SSE id (a UUIDv7); empty: the event does not move the client's Last-Event-ID
	Kind  string // the SSE event name
	Data  []byte // one line of JSON
	frame []byte
}

// NewEvent returns an event with its wire form rendered once, for every subscriber to write as is.
func NewEvent(id, kind string, data []byte) *Event {
	ev := &Event{ID: id, Kind: kind, Data: data}
	ev.frame = render(ev)
	return ev
}

// Frame is the event as written on a text/event-stream.
func (ev *Event) Frame() []byte {
	if ev.frame == nil {
		return render(ev)
	}
	return ev.frame
}

func render(ev *Event) []byte {
	b := make([]byte, 0, len(ev.ID)+len(ev.Kind)+len(ev.Data)+24)
	if ev.ID != "" {
		b = append(append(append(b, "id: "...), ev.ID...), '\n')
	}
	b = append(append(append(b, "event: "...), ev.Kind...), "\ndata: "...)
	return append(append(b, ev.Data...), "\n\n"...)
}

// DefaultBuffer is how many events a subscriber may fall behind before it is dropped.
const DefaultBuffer = 256

// Broker is an in-process topic fan-out. Publishing never blocks: a subscriber whose buffer is full is
// dropped (its Done channel closes) and must reconnect and replay what it missed.
type Broker struct {
	mu     sync.RWMutex
	topics map[string]map[*Subscription]struct{}
	subs   map[*Subscription]struct{}
	closed bool

	published atomic.Int64
	dropped   atomic.Int64
}

// NewBroker returns an empty broker.
func NewBroker() *Broker {
	return &Broker{topics: map[string]map[*Subscription]struct{}{}, subs: map[*Subscription]struct{}{}}
}

// Subscription is one subscriber (one open stream). Its queue costs nothing while it is empty (most of
// the time, for most of the streams): no buffered channel per subscriber, a slice that grows only with
// what is waiting and a one-slot signal.
type Subscription struct {
	b      *Broker
	max    int               // events it may fall behind before it is dropped
	mu     sync.Mutex        // guards queue and direct
	queue  []*Event          // published, not yet taken
	direct func(*Event) bool // guarded by mu; see Direct
	ready  chan struct{}     // one slot: there is something to Take
	done   chan struct{}
	once   sync.Once
	topics []string // guarded by b.mu
	slow   atomic.Bool
}

// Subscribe registers a subscriber to topics that may fall size events behind (DefaultBuffer when <= 0).
// After the broker is closed the subscription comes back already done.
func (b *Broker) Subscribe(size int, topics ...string) *Subscription {
	if size <= 0 {
		size = DefaultBuffer
	}
	s := &Subscription{b: b, max: size, ready: make(chan struct{}, 1), done: make(chan struct{})}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		s.finish()
		return s
	}
	b.subs[s] = struct{}{}
	b.add(s, topics)
	return s
}

// push queues ev, or reports false when the subscriber is max events behind. While nothing waits in the
// queue it offers ev to the subscriber's Direct function first.
func (s *Subscription) push(ev *Event) bool {
	s.mu.Lock()
	if len(s.queue) == 0 && s.direct != nil && s.direct(ev) {
		s.mu.Unlock()
		return true
	}
	if len(s.queue) >= s.max {
		s.mu.Unlock()
		return false
	}
	s.queue = append(s.queue, ev)
	s.mu.Unlock()
	s.Wake()
	return true
}

// Direct lets the subscriber take events as they are published, on the publisher's goroutine, instead of
// being woken to Take them: with thousands of subscribers the wake-ups cost more than the writes. fn is
// called only while the queue is empty, never concurrently for one subscription, and must not block nor
// call the subscription's methods other than Wake; it returns false to decline ev, which is then queued.
func (s *Subscription) Direct(fn func(ev *Event) bool) {
	s.mu.Lock()
	s.direct = fn
	s.mu.Unlock()
}

// Wake makes Ready have a value (Direct's function calls it when it took an event that needs the reader).
func (s *Subscription) Wake() {
	select {
	case s.ready <- struct{}{}:
	default: // already signalled: the reader takes everything queued at once
	}
}

// Ready has a value when there are events to Take.
func (s *Subscription) Ready() <-chan struct{} { return s.ready }

// Take appends the queued events, oldest first, to dst and empties the queue.
func (s *Subscription) Take(dst []*Event) []*Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	dst = append(dst, s.queue...)
	clear(s.queue)
	if cap(s.queue) > 8 {
		s.queue = nil // a burst's room goes back; an idle stream keeps none
	} else {
		s.queue = s.queue[:0]
	}
	return dst
}

func (b *Broker) add(s *Subscription, topics []string) {
	for _, t := range topics {
		m := b.topics[t]
		if m == nil {
			m = map[*Subscription]struct{}{}
			b.topics[t] = m
		}
		if _, ok := m[s]; !ok {
			m[s] = struct{}{}
			s.topics = append(s.topics, t)
		}
	}
}

// Add subscribes s to more topics (a channel the user was just invited to).
func (s *Subscription) Add(topics ...string) {
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	if _, ok := s.b.subs[s]; ok {
		s.b.add(s, topics)
	}
}

// Remove unsubscribes s from topics (a channel the user no longer has access to).
func (s *Subscription) Remove(topics ...string) {
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	if _, ok := s.b.subs[s]; !ok {
		return
	}
	for _, t := range topics {
		if m := s.b.topics[t]; m != nil {
			delete(m, s)
			if len(m) == 0 {
				delete(s.b.topics, t)
			}
		}
		s.topics = slices.DeleteFunc(s.topics, func(x string) bool { return x == t })
	}
}

// Done is closed when the subscription ends: Close, a full buffer or the broker closing.
func (s *Subscription) Done() <-chan struct{} { return s.done }

// Close ends the subscription.
func (s *Subscription) Close() {
	s.b.mu.Lock()
	s.b.remove(s)
	s.b.mu.Unlock()
}

func (s *Subscription) finish() { s.once.Do(func() { close(s.done) }) }

// remove unregisters s; b.mu must be held for writing.
func (b *Broker) remove(s *Subscription) {
	if _, ok := b.subs[s]; !ok {
		return
	}
	delete(b.subs, s)
	for _, t := range s.topics {
		if m := b.topics[t]; m != nil {
			delete(m, s)
			if len(m) == 0 {
				delete(b.topics, t)
			}
		}
	}
	s.topics = nil
	s.finish()
}

// fanOutShard is how many subscribers of one event a goroutine takes at least: a large topic is handed
// out on every core (a subscriber's Direct write is a system call), a small one on the publisher's.
const fanOutShard = 512

// Publish hands ev to every subscriber of topic without waiting for any of them.
func (b *Broker) Publish(topic string, ev *Event) {
	b.mu.RLock()
	subs := make([]*Subscription, 0, len(b.topics[topic]))
	for s := range b.topics[topic] {
		subs = append(subs, s)
	}
	b.mu.RUnlock()
	parts := min(runtime.GOMAXPROCS(0), len(subs)/fanOutShard)
	var slow []*Subscription
	if parts <= 1 {
		slow = pushAll(subs, ev)
	} else {
		found := make([][]*Subscription, parts)
		var wg sync.WaitGroup
		for i := range parts {
			part := subs[i*len(subs)/parts : (i+1)*len(subs)/parts]
			if i == parts-1 {
				found[i] = pushAll(part, ev)
				break
			}
			wg.Go(func() { found[i] = pushAll(part, ev) })
		}
		wg.Wait()
		slow = slices.Concat(found...)
	}
	b.published.Add(1)
	if len(slow) > 0 {
		b.dropped.Add(int64(len(slow)))
		b.mu.Lock()
		for _, s := range slow {
			b.remove(s)
		}
		b.mu.Unlock()
	}
}

// pushAll pushes ev to subs and returns those that fell too far behind (now marked slow).
func pushAll(subs []*Subscription, ev *Event) (slow []*Subscription) {
	for _, s := range subs {
		if !s.slow.Load() && !s.push(ev) && s.slow.CompareAndSwap(false, true) {
			slow = append(slow, s)
		}
	}
	return slow
}

// HasSubscribers reports whether anyone on this instance listens to topic: the fan-out skips loading
// what nobody here would receive.
func (b *Broker) HasSubscribers(topic string) bool {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return len(b.topics[topic]) > 0
}

// DropAll ends every subscription (they reconnect and replay): after the instance may have missed events.
func (b *Broker) DropAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		b.remove(s)
	}
}

// Close ends every subscription and refuses new ones: streams end when the server shuts down.
func (b *Broker) Close() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.DropAll()
}

// Stats are counters for tests and benchmarks.
type Stats struct {
	Subscribers int
	Published   int64
	Dropped     int64
}

// Stats returns the broker's counters.
func (b *Broker) Stats() Stats {
	b.mu.RLock()
	n := len(b.subs)
	b.mu.RUnlock()
	return Stats{Subscribers: n, Published: b.published.Load(), Dropped: b.dropped.Load()}
}
