package mail

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"vecinos/internal/domain"
)

// Outbox is the part of the store the worker uses.
type Outbox interface {
	ClaimMail(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]domain.QueuedMail, error)
	MarkMailSent(ctx context.Context, id string, at time.Time) error
	MarkMailFailed(ctx context.Context, id string, attempts int, nextTry time.Time, errText string) error
	MarkMailAbandoned(ctx context.Context, id string, attempts int, at time.Time, errText string) error
	ExtendMailClaim(ctx context.Context, id string, claimedUntil, until time.Time) (bool, error)
}

const (
	// maxAttempts is how often a message is tried before it is given up: with the backoff below, the last
	// try comes about 3½ hours after the first, long enough to ride out an SMTP outage.
	maxAttempts = 12
	firstRetry  = 10 * time.Second
	maxRetry    = time.Hour
	batchSize   = 10
	// A batch is claimed for a short lease, so that the messages of a process that dies come back soon;
	// each message's lease is extended past sendTimeout just before it is handed to SMTP, so no other
	// instance takes a message that is still being sent.
	sendTimeout = time.Minute
	lease       = 20 * time.Second
	sendLease   = sendTimeout + 10*time.Second
)

// ErrPermanent marks a delivery error that another attempt cannot cure (the message is given up at once).
var ErrPermanent = errors.New("permanent failure")

// Worker sends the outbox: every Interval, and at once when woken. The same worker sends web pushes,
// which are rows of the same outbox (docs/adr/0030), with an Outbox that claims those and a push Sender.
type Worker struct {
	Outbox   Outbox
	Sender   Sender
	Log      *slog.Logger
	Name     string           // what it sends, for the log: "mail" when empty
	Interval time.Duration    // how often to look for due messages; 1 s when zero
	Now      func() time.Time // the clock; time.Now when nil

	once sync.Once
	wake chan struct{}
}

func (w *Worker) wakeup() chan struct{} {
	w.once.Do(func() { w.wake = make(chan struct{}, 1) })
	return w.wake
}

// Wake makes Run look at the outbox now, so a freshly queued email leaves at once. Call it after the
// transaction that queued the email has committed. It never blocks.
func (w *Worker) Wake() {
	select {
	case w.wakeup() <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Run sends due messages until ctx is cancelled, then returns nil. A delivery under way when ctx is
// cancelled is finished (within sendTimeout) and recorded, so it is not sent twice after a restart.
func (w *Worker) Run(ctx context.Context) error {
	interval := w.Interval
	if interval <= 0 {
		interval = time.Second
	}
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	wake := w.wakeup()
	for {
		w.drain(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-ticker.C:
		case <-wake:
		}
	}
}

func (w *Worker) name() string {
	if w.Name == "" {
		return "mail"
	}
	return w.Name
}

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

// drain sends due messages batch by batch until none is left or ctx is cancelled.
func (w *Worker) drain(ctx context.Context) {
	for ctx.Err() == nil {
		claimed := w.now()
		batch, err := w.Outbox.ClaimMail(ctx, claimed, batchSize, lease)
		if err != nil {
			if ctx.Err() == nil {
				w.Log.WarnContext(ctx, w.name()+" outbox: cannot claim messages", "err", err)
			}
			return
		}
		for _, q := range batch {
			w.deliver(ctx, q, claimed.Add(lease))
		}
		if len(batch) < batchSize {
			return
		}
	}
}

// deliver sends one message claimed until claimedUntil and records the outcome. It logs addresses and
// errors, never bodies.
func (w *Worker) deliver(ctx context.Context, q domain.QueuedMail, claimedUntil time.Time) {
	log := w.Log.With(w.name()+"_id", q.ID, "to", q.Mail.To)
	// Still ours? (The batch's lease may have run out while earlier messages were sent, and another
	// instance claimed this one.) Then keep it for as long as the delivery may take.
	if mine, err := w.Outbox.ExtendMailClaim(ctx, q.ID, claimedUntil, w.now().Add(sendLease)); err != nil || !mine {
		if err != nil {
			log.WarnContext(ctx, w.name()+" outbox: cannot extend the claim", "err", err)
		}
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendTimeout)
	defer cancel()
	m := q.Mail
	m.ID = q.ID
	sendErr := w.Sender.Send(ctx, m)
	now := w.now()
	var err error
	switch attempts := q.Attempts + 1; {
	case sendErr == nil:
		err = w.Outbox.MarkMailSent(ctx, q.ID, now)
		log.InfoContext(ctx, w.name()+" sent", "subject", q.Mail.Subject)
	case attempts >= maxAttempts || errors.Is(sendErr, ErrPermanent):
		err = w.Outbox.MarkMailAbandoned(ctx, q.ID, attempts, now, sendErr.Error())
		log.ErrorContext(ctx, w.name()+" undeliverable: giving up", "attempts", attempts, "err", sendErr)
	default:
		next := now.Add(backoff(attempts))
		err = w.Outbox.MarkMailFailed(ctx, q.ID, attempts, next, sendErr.Error())
		log.WarnContext(ctx, w.name()+" not sent: will retry", "attempts", attempts, "next_try", next, "err", sendErr)
	}
	if err != nil {
		// The lease runs out and the message is tried again: a duplicate is better than a lost email.
		log.ErrorContext(ctx, w.name()+" outbox: cannot record the delivery", "err", err)
	}
}

// backoff is the wait after the given number of failed attempts: 10 s, doubling, at most an hour.
func backoff(attempts int) time.Duration {
	if attempts > 10 { // past the cap already; stop before the shift overflows
		return maxRetry
	}
	return min(firstRetry<<max(attempts-1, 0), maxRetry)
}

// Mailbox reads the outbox for the dev mailbox.
type Mailbox struct {
	store interface {
		ListMail(ctx context.Context, limit int) ([]domain.MailRecord, error)
	}
}

// NewMailbox returns the dev mailbox's reader of store's outbox.
func NewMailbox(store interface {
	ListMail(ctx context.Context, limit int) ([]domain.MailRecord, error)
}) *Mailbox {
	return &Mailbox{store: store}
}

// Recent lists the newest limit emails of the outbox, sent or not.
func (m *Mailbox) Recent(ctx context.Context, limit int) ([]domain.MailRecord, error) {
	return m.store.ListMail(ctx, limit)
}
