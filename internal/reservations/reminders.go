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
		n, err := s.store.RemindReservations(ctx, now, now.Add(RemindBefore), remindBatch,
			func(r *domain.Reservation, to domain.Recipient) (domain.Mail, error) {
				return s.compose(KindReservationReminder, s.zoneOf(ctx, r.CommunityID), r.FacilityName, r, to)
			})
		total += n
		if err != nil || n < remindBatch {
			if total > 0 {
				s.mailWake()
			}
			return total, err
		}
	}
}

// zoneOf is the time zone of communityID, the default when it cannot be read.
func (s *Service) zoneOf(ctx context.Context, communityID string) string {
	tz, err := s.store.CommunityTimeZone(ctx, communityID)
	if err != nil {
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
