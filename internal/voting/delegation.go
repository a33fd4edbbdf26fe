package voting

import (
	"context"
	"slices"

	"vecinos/internal/domain"
)

// Delegate makes delegateID a's representative in a junta vote (art. 15.1), or revokes it when empty.
// Only an owner of the electorate may. For this vote alone (junta false) only until their vote is cast;
// for the whole junta (junta true) it applies to every vote of the junta's day in which they have not
// voted yet, those open now and those to come, and a vote they cast keeps who cast it. A representation
// for one vote overrides the one for the junta.
func (s *Service) Delegate(ctx context.Context, a *domain.Actor, id, delegateID string, junta bool) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.lock(ctx, a.CommunityID, id, s.now())
		if err != nil {
			return err
		}
		if p.Kind != domain.PollJunta {
			return errJuntaOnly
		}
		if p.Status == domain.PollClosed {
			return errNotOpen
		}
		units, err := s.store.PollUnits(ctx, p)
		if err != nil {
			return err
		}
		if len(electorOf(units, a.UserID).Units) == 0 {
			return domain.Errorf(domain.CodeForbidden, "Solo un propietario puede delegar su voto")
		}
		if delegateID != "" {
			if delegateID == a.UserID {
				return domain.Errorf(domain.CodeInvalid, "No puedes delegar el voto en ti mismo")
			}
			if _, err := s.member(ctx, a.CommunityID, delegateID); err != nil {
				return err
			}
		}
		if junta {
			return s.store.SetJuntaDelegation(ctx, a.CommunityID, s.juntaDay(ctx, p), a.UserID, delegateID, s.now())
		}
		voters, err := s.store.PollVoters(ctx, p.ID)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == a.UserID }) {
			return errVotedNoChange
		}
		return s.store.SetDelegation(ctx, p.ID, a.UserID, delegateID, s.now())
	})
	if err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, id)
	return nil
}

// delegations are the representations of p: once its close is recorded, those frozen into it then; until
// then (a poll past its closing time that the job has not settled yet too) those of its junta as well.
func (s *Service) delegations(ctx context.Context, p *domain.Poll) ([]domain.PollDelegation, error) {
	day := ""
	if p.ClosedAt == nil {
		day = s.juntaDay(ctx, p)
	}
	return s.store.PollDelegations(ctx, p, day)
}
