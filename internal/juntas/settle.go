package juntas

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// Settle reminds the president and the secretary of each junta held more than ReminderAfter ago whose
// acta is still unsigned (art. 19.3 gives 10 days to close it), once. The background job of
// internal/purge runs it every minute, with voting's.
func (s *Service) Settle(ctx context.Context, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	due, err := s.store.DueJuntaReminders(ctx, now.Add(-ReminderAfter))
	if err != nil {
		return err
	}
	for _, d := range due {
		queued := 0
		err := s.store.InTx(ctx, func(ctx context.Context) error {
			j, err := s.lock(ctx, d.CommunityID, d.ID)
			if err != nil || j.Status != domain.JuntaHeld || j.RemindedAt != nil {
				return err
			}
			loc := s.zone(ctx, j.CommunityID)
			com, err := s.store.CommunityByID(ctx, j.CommunityID)
			if err != nil {
				return err
			}
			deadline := j.FirstCall.Add(10 * 24 * time.Hour)
			if j.HeldAt != nil {
				deadline = j.HeldAt.Add(10 * 24 * time.Hour)
			}
			signed, err := s.store.JuntaSignatures(ctx, j.ID)
			if err != nil {
				return err
			}
			users := []string{}
			for _, id := range []*string{j.PresidentID, j.SecretaryID} {
				if id == nil || contains(users, *id) {
					continue
				}
				users = append(users, *id)
			}
			for _, u := range users {
				missing := false
				for _, role := range s.rolesOf(j, u) {
					if !hasRole(signed, role) {
						missing = true
					}
				}
				if !missing {
					continue
				}
				to, ok, err := s.recipient(ctx, j.CommunityID, u)
				if err != nil {
					return err
				}
				if !ok {
					continue
				}
				m, err := mail.Compose(KindActaReminder, to.Language, to.Email, mail.Data{Name: to.FullName, CommunityName: com.Name,
					Title: s.titleIn(j, to.Language, loc), Date: deadline.In(loc).Format("02/01/2006"), Link: s.link(j)})
				if err != nil {
					return err
				}
				if err := s.store.QueueMail(ctx, m, now); err != nil {
					return err
				}
				queued++
			}
			j.RemindedAt, j.UpdatedAt = &now, now
			return s.store.SaveJunta(ctx, j)
		})
		if err != nil {
			return err
		}
		if queued > 0 {
			s.mailWake()
		}
		s.changed(d.CommunityID, Area, d.ID)
	}
	return nil
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func hasRole(signed []domain.JuntaSignature, role string) bool {
	for _, s := range signed {
		if s.Role == role {
			return true
		}
	}
	return false
}

// recipient is userID as an email recipient (an existing store method); false once the account is gone.
func (s *Service) recipient(ctx context.Context, _ string, userID string) (domain.Recipient, bool, error) {
	r, err := s.store.UserRecipient(ctx, userID)
	if err != nil || r == nil {
		return domain.Recipient{}, false, err
	}
	return *r, true, nil
}
