package maintenance

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// The stages an item's reminder is sent at, once each per due date.
const (
	stageSoon    = "soon"    // it entered its last SoonDays days
	stageOverdue = "overdue" // its due date has passed
)

// Settle emails the admins of each community about the items that entered their last SoonDays days or
// became overdue by now. The purge job runs it every minute on one instance at a time; the reminder's
// row (RecordMaintenanceReminder), written in the transaction that queues the emails, makes it once per
// item, due date and stage whichever instance runs it, and an item marked done gets a new due date and so
// its own reminders.
func (s *Service) Settle(ctx context.Context, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	// Measured in UTC here; each item's stage below in its community's zone (Spain is UTC or ahead of it).
	today := day(now)
	due, err := s.store.DueMaintenance(ctx, today, today.AddDate(0, 0, SoonDays+1))
	if err != nil {
		return err
	}
	queued := 0
	for _, d := range due {
		local := day(now.In(domain.Location(d.TimeZone)))
		stage := stageSoon
		switch {
		case d.NextDue.Before(local):
			stage = stageOverdue
		case d.NextDue.After(local.AddDate(0, 0, SoonDays)):
			continue // not yet in its last days where the community lives
		}
		err := s.store.InTx(ctx, func(ctx context.Context) error {
			first, err := s.store.RecordMaintenanceReminder(ctx, d.ItemID, d.NextDue, stage, now)
			if err != nil || !first {
				return err
			}
			admins, err := s.store.MaintenanceRecipients(ctx, d.CommunityID)
			if err != nil {
				return err
			}
			kind := KindDueSoon
			if stage == stageOverdue {
				kind = KindOverdue
			}
			n, err := mail.QueueEach(ctx, s.store, admins, now, func(r domain.Recipient) (domain.Mail, error) {
				return mail.Compose(kind, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: d.CommunityName, Title: d.Name,
					Date: d.NextDue.Format("02/01/2006"), Link: s.publicURL + "/maintenance"})
			})
			queued += n
			return err
		})
		if err != nil {
			return err
		}
	}
	if queued > 0 {
		s.mailWake()
	}
	return nil
}
