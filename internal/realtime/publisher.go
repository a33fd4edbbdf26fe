package realtime

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"vecinos/internal/domain"
)

// Transport is how notices travel between instances; the app chooses it once, from the database engine
// (docs/adr/0038).
type Transport struct {
	// Notify announces a notice to every instance: inside the transaction of ctx when there is one, so that
	// it goes out with the commit and never for a rollback. nil: this instance is the only one (SQLite),
	// and publishes in process.
	Notify func(ctx context.Context, n domain.Notice) error
	// Listen hears the notices of every instance until ctx ends; listening is called each time it is in
	// place, with reconnected=true after a gap in which notices may have been lost, and lost each time it
	// stops hearing them. Set with Notify.
	Listen func(ctx context.Context, listening func(reconnected bool), lost func(), fn func(domain.Notice)) error
	// AfterCommit runs fn once the transaction of ctx committed (at once outside a transaction).
	AfterCommit func(ctx context.Context, fn func())
}

// Publisher is the one way every service announces a change to the open streams, on every instance.
// Notices reach the handler (the messages service, which turns them into events on the broker) one at a
// time, in order, after the change committed.
type Publisher struct {
	broker    *Broker
	transport Transport
	log       *slog.Logger
	handler   atomic.Pointer[func(domain.Notice)]
	queue     *Serial[domain.Notice]
	listening atomic.Bool
	// hearing: the listener is connected now (listening stays set through a reconnection, for Publish).
	hearing atomic.Bool
	// forgets drop what this instance caches of a user, or all of it (AddForget).
	forgets []forgetter

	mu      sync.Mutex
	markers map[string]chan struct{} // Flush's markers on their way back through the listener
}

// noticeMarker is the kind of Flush's marker: the listener takes it back, never hands it over.
const noticeMarker = "realtime.marker"

// NewPublisher returns a publisher whose handler fans notices out on broker.
func NewPublisher(broker *Broker, t Transport, log *slog.Logger) *Publisher {
	if log == nil {
		log = slog.Default()
	}
	p := &Publisher{broker: broker, transport: t, log: log, markers: map[string]chan struct{}{}}
	p.queue = NewSerial(func(n domain.Notice) {
		if h := p.handler.Load(); h != nil {
			(*h)(n)
		}
	})
	return p
}

// Handle sets what receives every notice, of this instance and of the others (the messages service).
func (p *Publisher) Handle(fn func(domain.Notice)) { p.handler.Store(&fn) }

// forgetter is what one cache of this instance drops when a user's sessions or access change, or when
// notices may have been lost.
type forgetter struct {
	user func(userID string)
	all  func()
}

// AddForget adds a cache that holds what a Revoke of a user makes stale (the sessions, docs/adr/0055; the
// channels' latest pages, which show their authors, docs/adr/0023): forget(user) when Revoke is called
// here, at once, and when the listener hears another instance's; forgetAll whenever notices may have been
// lost (the listener stopped or reconnected). Call it before Run and before serving.
func (p *Publisher) AddForget(forget func(userID string), forgetAll func()) {
	p.forgets = append(p.forgets, forgetter{forget, forgetAll})
}

func (p *Publisher) forget(userID string) {
	for _, f := range p.forgets {
		f.user(userID)
	}
}

func (p *Publisher) forgetAll() {
	for _, f := range p.forgets {
		f.all()
	}
}

// Hears reports whether every instance's Revoke reaches this one as soon as it is announced: it is the
// only instance (no Notify), or its listener is connected. Sessions and pages may be cached only then.
func (p *Publisher) Hears() bool { return p.transport.Notify == nil || p.hearing.Load() }

// Broker is where the handler publishes and the streams subscribe.
func (p *Publisher) Broker() *Broker { return p.broker }

// Publish announces n. Inside a service's transaction (ctx from InTx) it reaches the streams only once
// that commits; an error means the announcement could not be queued in the transaction.
func (p *Publisher) Publish(ctx context.Context, n domain.Notice) error {
	if p.transport.Notify != nil {
		if err := p.transport.Notify(ctx, n); err != nil {
			return err
		}
		if p.listening.Load() {
			return nil // the listener hands it to this instance too
		}
	}
	p.transport.AfterCommit(ctx, func() { p.queue.Push(n) })
	return nil
}

// Changed tells every open stream of communityID, on every instance, that something of area (a feature:
// "reservations", "voting"…) changed, id being the row when there is one: the clients refetch what they
// show of that area. It carries no content, so it needs no per-reader check: each client reads the change
// back through the API, which applies the reader's rights. Call it after the change committed; it never
// fails the caller (a lost change is refetched when the stream reconnects).
func (p *Publisher) Changed(communityID, area, id string) {
	p.ChangedIn(context.Background(), communityID, area, id)
}

// ChangedIn is Changed told inside the transaction that makes the change (ctx from InTx): it reaches the
// streams once that commits, and never if it rolls back. On PostgreSQL its NOTIFY goes out with the
// COMMIT, in the same round trip, instead of in a transaction of its own after it. Outside a transaction
// it is Changed.
func (p *Publisher) ChangedIn(ctx context.Context, communityID, area, id string) {
	p.announce(ctx, domain.Notice{Kind: domain.NoticeChange, ID: domain.NewID(), Community: communityID, Scope: area, Other: id})
}

// Revoke tells the open streams of userID, on every instance, that their sessions or their access changed
// (signed out, password changed or reset, account deleted, role changed, channel left): each re-checks its
// session, community and channels at once and closes or drops what it lost. Every instance also forgets
// what it cached of userID (AddForget), which is why it is called as well when only what a session
// resolves to changed (a name, a language, the community joined). Call it after the change committed. It
// never fails the caller: if the announcement is lost, the streams still re-check at their next heartbeat,
// and what the other instances cached expires within its TTL.
func (p *Publisher) Revoke(userID string) {
	p.forget(userID)
	p.Committed(domain.Notice{Kind: domain.NoticeRevoked, ID: domain.NewID(), User: userID})
}

// Committed announces n, whose change already committed, outside any transaction. It never fails the
// caller: when the other instances cannot be told, this one still is.
func (p *Publisher) Committed(n domain.Notice) { p.announce(context.Background(), n) }

// announce publishes n in the transaction of ctx if there is one, or at once, whether or not the request
// of ctx is still there. It never fails the caller: when the other instances cannot be told, this one
// still is.
func (p *Publisher) announce(ctx context.Context, n domain.Notice) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := p.Publish(ctx, n); err != nil {
		p.log.Warn("realtime: announce", "kind", n.Kind, "err", err)
		p.queue.Push(n)
	}
}

// Run listens for the notices of every instance until ctx ends (returning at once when this instance is
// the only one). While it does not listen, the publisher hands this instance's own notices over in
// process, so a single instance works without it.
func (p *Publisher) Run(ctx context.Context) error {
	if p.transport.Listen == nil {
		return nil
	}
	defer p.listening.Store(false)
	defer p.lost()
	return p.transport.Listen(ctx, func(reconnected bool) {
		p.listening.Store(true)
		if reconnected {
			// Notices may have been lost while the connection was down: every stream reconnects and replays,
			// and nothing cached is trusted (a session may have been revoked meanwhile, an author renamed).
			p.log.Warn("realtime: listener reconnected; streams will resync")
			p.forgetAll()
			p.broker.DropAll()
		}
		p.hearing.Store(true)
	}, p.lost, p.heard)
}

// lost: the listener no longer hears the other instances, so nothing is cached until it does again.
func (p *Publisher) lost() {
	p.hearing.Store(false)
	p.forgetAll()
}

// heard queues a notice of any instance, but for Flush's markers: one of this instance's is back.
func (p *Publisher) heard(n domain.Notice) {
	if n.Kind != noticeMarker {
		if n.Kind == domain.NoticeRevoked {
			p.forget(n.User) // before any request after it can be served, not when the queue reaches it
		}
		p.queue.Push(n)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if back, ok := p.markers[n.ID]; ok {
		delete(p.markers, n.ID)
		close(back)
	}
}

// Listening reports whether notices come from the database (the PostgreSQL listener is in place).
func (p *Publisher) Listening() bool { return p.listening.Load() }

// Flush waits until every notice announced so far, on this instance, has been handled (tests). While the
// listener is in place, notices reach it asynchronously but in commit order: once a marker announced now
// comes back, every notice committed before it is queued.
func (p *Publisher) Flush() {
	if p.transport.Notify != nil && p.listening.Load() {
		marker := domain.Notice{Kind: noticeMarker, ID: domain.NewID()}
		back := make(chan struct{})
		p.mu.Lock()
		p.markers[marker.ID] = back
		p.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if p.transport.Notify(ctx, marker) == nil {
			select {
			case <-back:
			case <-ctx.Done():
			}
		}
		cancel()
		p.mu.Lock()
		delete(p.markers, marker.ID)
		p.mu.Unlock()
	}
	p.queue.Wait()
}
