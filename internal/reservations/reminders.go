package reservations

import (
	"context"
	"log/slog"
	"time"

	"vecinos/internal/domain"
)

// Reminders: the day before a confirmed reservation its owner gets an email. A job run by App.Background
// (as the purge is) queues the reminders of the reservations starting within the next RemindBefore; the
// store marks each one reminded in the same transaction, so a job run again, on this instance or another,
// never sends one twice.

const (
	// RemindBefore is how long before its start a reservation is reminded.
	RemindBefore = 24 * time.Hour
	// RemindEvery is how often the job looks.
	RemindEvery = 10 * time.Minute
	remindBatch = 200
)

// RemindOnce queues the due reminders and returns how many it queued.
func (s *Service) RemindOnce(ctx context.Context) (int, error) {
	now := s.now().UTC()
	total := 0
	for {
		n, err := s.remind(ctx, now)
		total += n
		if err != nil || n < remindBatch {
			if total > 0 {
				s.mailWake()
			}
			return total, err
		}
	}
}

// remind queues the reminder of up to remindBatch confirmed reservations starting within RemindBefore
// that were not reminded yet, and marks them, in one transaction: run twice, it sends each reminder
// once. It returns how many it queued.
func (s *Service) remind(ctx context.Context, now time.Time) (int, error) {
	n := 0
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		due, err := s.store.DueReminders(ctx, now, now.Add(RemindBefore), remindBatch)
		if err != nil {
			return err
		}
		for i := range due {
			r := &due[i]
			// Claim it first: a job of another instance that read the same row waits on this row's lock
			// and then finds it reminded.
			claimed, err := s.store.ClaimReminder(ctx, r.ID, now)
			if err != nil {
				return err
			}
			if !claimed || r.UserID == nil {
				continue
			}
			queued, err := s.mailTo(ctx, *r.UserID, func(to domain.Recipient) (domain.Mail, error) {
				return s.compose(KindReservationReminder, s.zoneOf(ctx, r.CommunityID), r.FacilityName, r, to)
			})
			if err != nil {
				return err
			}
			if queued {
				n++
			}
		}
		return nil
	})
	return n, err
}

// zoneOf is the time zone of communityID, the default when it cannot be read.
func (s *Service) zoneOf(ctx context.Context, communityID string) string {
	tz, err := s.store.CommunityTimeZone(ctx, communityID)
	if err != nil || tz == "" {
		return domain.DefaultTimeZone
	}
	return tz
}

// RunReminders sends the reminders at once and then every RemindEvery until ctx ends.
func (s *Service) RunReminders(ctx context.Context, log *slog.Logger) {
	t := time.NewTicker(RemindEvery)
	defer t.Stop()
	for {
		if n, err := s.RemindOnce(ctx); err != nil && ctx.Err() == nil {
			log.Warn("reservation reminders failed", "err", err)
		} else if n > 0 {
			log.Debug("reservation reminders queued", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
