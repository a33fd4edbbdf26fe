// Package purge is the background job of what runs out with time. Every hour it deletes sessions past
// their idle or absolute limit, email links spent or expired a while ago, and rate-limit windows that have
// ended; every minute it settles what fell due (the polls that open, close or end their 17.8 period:
// voting.Service.Settle), whose effects a read cannot have. `vecinos serve` runs both at start and then
// on their period; on PostgreSQL only one instance runs each at a time (an advisory lock), the others
// skip their turn.
package purge

import (
	"context"
	"log/slog"
	"time"

	"vecinos/internal/auth"
	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Store is what the purge needs from the database. Each table it purges is one step of Job.steps.
type Store interface {
	RunExclusive(ctx context.Context, name string, fn func(ctx context.Context) error) (bool, error)
	DeleteExpiredSessions(ctx context.Context, now, idleCutoff time.Time) (int64, error)
	DeleteStaleEmailTokens(ctx context.Context, before time.Time) (int64, error)
	DeleteExpiredRateLimits(ctx context.Context, before time.Time) (int64, error)
	DeleteExpiredAudit(ctx context.Context, before time.Time) (int64, error)
}

// Settler takes the steps that fell due by now (voting.Service.Settle).
type Settler interface {
	Settle(ctx context.Context, now time.Time) error
}

// Settlers settles each in turn (voting's, then juntas' reminders); the first error stops it.
type Settlers []Settler

// Settle settles each of ss at now.
func (ss Settlers) Settle(ctx context.Context, now time.Time) error {
	for _, s := range ss {
		if err := s.Settle(ctx, now); err != nil {
			return err
		}
	}
	return nil
}

const (
	// Every is how often the purge runs.
	Every = time.Hour
	// SettleEvery is how often the job settles: a poll's status reads right at once, its emails and the
	// record of its close follow within this.
	SettleEvery = time.Minute
	// TokenRetention is how long a spent or expired email link is kept: followed again in that time it
	// still gets its precise answer ("ya confirmado", "ha expirado") instead of "no es válido".
	TokenRetention = 7 * 24 * time.Hour
)

// lockName and settleName name the purge and the settling among the jobs that take a lock
// (store.RunExclusive).
const (
	lockName   = "purge"
	settleName = "voting"
)

// Options configure the job.
type Options struct {
	Now    func() time.Time // the clock; nil = time.Now
	Log    *slog.Logger     // nil = slog.Default()
	Every  time.Duration    // 0 = Every
	Settle Settler          // what it settles every SettleEvery; nil settles nothing
}

// Job is the periodic purge and settling.
type Job struct {
	store  Store
	now    func() time.Time
	log    *slog.Logger
	every  time.Duration
	settle Settler
}

// New returns the job.
func New(store Store, o Options) *Job {
	o.Now = clock.Or(o.Now)
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Every <= 0 {
		o.Every = Every
	}
	return &Job{store: store, now: o.Now, log: o.Log, every: o.Every, settle: o.Settle}
}

type step struct {
	table string
	purge func(ctx context.Context) (int64, error)
}

// steps are the deletions of one purge, as of now.
func (j *Job) steps(now time.Time) []step {
	return []step{
		{"sessions", func(ctx context.Context) (int64, error) {
			return j.store.DeleteExpiredSessions(ctx, now, now.Add(-auth.SessionIdle))
		}},
		{"email_tokens", func(ctx context.Context) (int64, error) {
			return j.store.DeleteStaleEmailTokens(ctx, now.Add(-TokenRetention))
		}},
		{"rate_limits", func(ctx context.Context) (int64, error) {
			return j.store.DeleteExpiredRateLimits(ctx, now)
		}},
		{"audit_log", func(ctx context.Context) (int64, error) {
			return j.store.DeleteExpiredAudit(ctx, now.Add(-domain.AuditRetention))
		}},
	}
}

// Once purges now unless another instance is purging. It reports whether it ran and how many rows it
// deleted per table.
func (j *Job) Once(ctx context.Context) (ran bool, deleted map[string]int64, err error) {
	deleted = map[string]int64{}
	ran, err = j.store.RunExclusive(ctx, lockName, func(ctx context.Context) error {
		for _, s := range j.steps(j.now()) {
			n, err := s.purge(ctx)
			if err != nil {
				return err
			}
			deleted[s.table] = n
		}
		return nil
	})
	return ran, deleted, err
}

// Settle settles now unless another instance is settling; it reports whether it ran.
func (j *Job) Settle(ctx context.Context) (bool, error) {
	if j.settle == nil {
		return false, nil
	}
	return j.store.RunExclusive(ctx, settleName, func(ctx context.Context) error { return j.settle.Settle(ctx, j.now()) })
}

// Run purges and settles at once, then each on its period until ctx ends.
func (j *Job) Run(ctx context.Context) {
	purgeT, settleT := time.NewTicker(j.every), time.NewTicker(SettleEvery)
	defer purgeT.Stop()
	defer settleT.Stop()
	j.purgeOnce(ctx)
	j.settleOnce(ctx)
	for {
		select {
		case <-ctx.Done():
			return
		case <-purgeT.C:
			j.purgeOnce(ctx)
		case <-settleT.C:
			j.settleOnce(ctx)
		}
	}
}

func (j *Job) purgeOnce(ctx context.Context) {
	ran, deleted, err := j.Once(ctx)
	switch {
	case err != nil && ctx.Err() == nil:
		j.log.Warn("purge failed", "err", err)
	case !ran:
		j.log.Debug("purge skipped: another instance is purging")
	case err == nil:
		j.log.Debug("purged", "deleted", deleted) // rows per table
	}
}

func (j *Job) settleOnce(ctx context.Context) {
	if _, err := j.Settle(ctx); err != nil && ctx.Err() == nil {
		j.log.Warn("settle failed", "err", err)
	}
}
