package mail

import (
	"context"
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
}

const (
	// maxAttempts is how often a message is tried before it is given up: with the backoff below, the last
	// try comes about 3½ hours after the first, long enough to ride out an SMTP outage.
	maxAttempts = 12
	firstRetry  = 10 * time.Second
	maxRetry    = time.Hour
	batchSize   = 10
	// sendTimeout bounds one delivery; the lease is longer, so no other instance takes a message that is
	// still being sent.
	sendTimeout = time.Minute
	lease       = 3 * sendTimeout
)

// Worker sends the outbox: every Interval, and at once when woken.
type Worker struct {
	Outbox   Outbox
	Sender   Sender
	Log      *slog.Logger
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

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

// drain sends due messages batch by batch until none is left or ctx is cancelled.
func (w *Worker) drain(ctx context.Context) {
	for ctx.Err() == nil {
		batch, err := w.Outbox.ClaimMail(ctx, w.now(), batchSize, lease)
		if err != nil {
			if ctx.Err() == nil {
				w.Log.WarnContext(ctx, "mail outbox: cannot claim messages", "err", err)
			}
			return
		}
		for _, q := range batch {
			w.deliver(ctx, q)
		}
		if len(batch) < batchSize {
			return
		}
	}
}

// deliver sends one message and records the outcome. It logs addresses and errors, never bodies.
func (w *Worker) deliver(ctx context.Context, q domain.QueuedMail) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendTimeout)
	defer cancel()
	log := w.Log.With("mail_id", q.ID, "to", q.Mail.To)
	sendErr := w.Sender.Send(ctx, q.Mail)
	now := w.now()
	var err error
	switch attempts := q.Attempts + 1; {
	case sendErr == nil:
		err = w.Outbox.MarkMailSent(ctx, q.ID, now)
		log.InfoContext(ctx, "mail sent", "subject", q.Mail.Subject)
	case attempts >= maxAttempts:
		err = w.Outbox.MarkMailAbandoned(ctx, q.ID, attempts, now, sendErr.Error())
		log.ErrorContext(ctx, "mail undeliverable: giving up", "attempts", attempts, "err", sendErr)
	default:
		next := now.Add(backoff(attempts))
		err = w.Outbox.MarkMailFailed(ctx, q.ID, attempts, next, sendErr.Error())
		log.WarnContext(ctx, "mail not sent: will retry", "attempts", attempts, "next_try", next, "err", sendErr)
	}
	if err != nil {
		// The lease runs out and the message is tried again: a duplicate is better than a lost email.
		log.ErrorContext(ctx, "mail outbox: cannot record the delivery", "err", err)
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
