package voting

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// Settle takes the steps of the polls' lifecycle (every community's) that fell due by now, each in its
// transaction: drafts with an opening time open (a junta draft that cannot open, coeficientes short of
// 100 %, stays a draft), polls past their closing time have their close recorded at that time (ballots
// sealed, representations frozen, the 17.8 period, the emails), and closed ones whose objection period
// ended become final and are emailed. Reads do not wait for it: a poll's status, result and objection
// period are computed from its times (domain.Poll.StatusAt, result). The background job of
// internal/purge runs it every minute, one instance at a time.
func (s *Service) Settle(ctx context.Context, now time.Time) error {
	now = now.UTC().Truncate(time.Millisecond)
	due, err := s.store.DuePolls(ctx, now)
	if err != nil {
		return err
	}
	for _, d := range due {
		queued := 0
		err := s.store.InTx(ctx, func(ctx context.Context) error {
			p, err := s.lock(ctx, d.CommunityID, d.ID, now)
			if err != nil {
				return err
			}
			switch {
			case p.OpenedAt == nil && p.OpensAt != nil && !p.OpensAt.After(now) && p.ClosesAt.After(now):
				queued, err = s.open(ctx, p, *p.OpensAt)
			case p.OpenedAt != nil && p.ClosedAt == nil && !p.ClosesAt.After(now):
				queued, err = s.close(ctx, p, p.ClosesAt)
			case p.ClosedAt != nil && p.FinalizedAt == nil && p.ObjectionUntil != nil && !p.ObjectionUntil.After(now):
				queued, err = s.finalize(ctx, p, now)
			default:
				return nil // an admin took the step first
			}
			if err != nil {
				return err
			}
			p.UpdatedAt = now
			return s.store.SavePoll(ctx, p)
		})
		if err != nil && domain.ErrorCode(err) != domain.CodeInternal {
			s.log.Warn("voting: poll cannot move on", "poll", d.ID, "err", err)
			continue
		}
		if err != nil {
			return err
		}
		s.after(d.CommunityID, d.ID, queued)
	}
	return nil
}
