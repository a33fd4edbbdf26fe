package voting

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// What the juntas (internal/juntas, issue #38) use of voting: the vote of an agreement point, made as a
// draft in the junta's own transaction, and the votes its secretary records in the room.

// NewJuntaPoll is the draft junta vote of in for communityID, checked as Create checks it, for the
// caller to store (store.CreatePoll) in its own transaction.
func NewJuntaPoll(communityID, createdBy string, in Input, now time.Time) (*domain.Poll, error) {
	now = now.UTC().Truncate(time.Millisecond)
	in.Kind = domain.PollJunta
	p := &domain.Poll{ID: domain.NewID(), CommunityID: communityID, Status: domain.PollDraft, CreatedBy: &createdBy, CreatedAt: now, UpdatedAt: now}
	in.apply(p)
	return p, validate(p, now)
}

// RecordVote records the vote an owner gave in the room, by show of hands by name: an admin (the
// junta's secretary) casts it for them, in an open junta vote that is not secret. The juntas service
// checks that the owner is present or represented.
func (s *Service) RecordVote(ctx context.Context, a *domain.Actor, id, ownerID, optionID string) error {
	if err := a.RequireAdmin(domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden anotar los votos de la junta")); err != nil {
		return err
	}
	_, err := s.vote(ctx, a, id, VoteInput{OptionID: optionID, For: ownerID}, true)
	return err
}
