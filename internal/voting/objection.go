package voting

import (
	"context"
	"slices"

	"vecinos/internal/domain"
)

// Object records a's objection to the agreement of a closed junta vote they were absent from, within
// the 30 days of art. 17.8; the result is recomputed with it.
func (s *Service) Object(ctx context.Context, a *domain.Actor, id string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		now := s.now()
		p, err := s.lock(ctx, a.CommunityID, id, now)
		if err != nil {
			return err
		}
		// The period as the result computes it: recorded at the close, or from the closing time while the
		// job has not recorded it yet.
		r, err := s.result(ctx, p)
		if err != nil {
			return err
		}
		if p.Status != domain.PollClosed || r.ObjectionUntil == nil || r.Final {
			return domain.Errorf(domain.CodeConflict, "El plazo para oponerse a este acuerdo no está abierto")
		}
		units, err := s.store.PollUnits(ctx, p)
		if err != nil {
			return err
		}
		voters, err := s.store.PollVoters(ctx, p.ID)
		if err != nil {
			return err
		}
		e := electorOf(units, a.UserID)
		if !e.Eligible() || slices.ContainsFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == a.UserID }) {
			return domain.Errorf(domain.CodeForbidden, "Solo los propietarios ausentes pueden oponerse al acuerdo")
		}
		return s.store.AddObjection(ctx, p.ID, a.UserID, now)
	})
	if err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, id)
	return nil
}
