package juntas

import (
	"context"
	"slices"
	"time"

	"vecinos/internal/domain"
)

// Several admins on the same live panel (issue #38): each admin's screen says every ViewerBeat that it
// shows the attendance panel (View), and that it closed it (Leave). The rows are in the database, so every
// instance sees them; an arrival or a departure is announced on the realtime stream as a change of the
// junta (area 'juntas'), the stream the panel already refetches on, so the others' screens show who else
// is there, as they show each other's marks, without a second mechanism.

const (
	// ViewerBeat is how often a screen showing the panel says so.
	ViewerBeat = 20 * time.Second
	// viewerGone is how long after its last beat a screen counts as closed: two beats and some slack.
	viewerGone = 45 * time.Second
)

// View records that a has the junta's attendance panel open, and returns the others who have it open
// too; admins only. Their first beat (or the first after a gap) is announced to the community's streams.
func (s *Service) View(ctx context.Context, a *domain.Actor, id string) ([]domain.JuntaViewer, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	var others []domain.JuntaViewer
	arrived := false
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		j, err := s.junta(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		now := s.stamp()
		if arrived, err = s.store.TouchJuntaViewer(ctx, j.ID, a.UserID, now, now.Add(-viewerGone)); err != nil {
			return err
		}
		others, err = s.viewers(ctx, j.ID, a, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	if arrived {
		s.changed(a.CommunityID, Area, id)
	}
	return others, nil
}

// Leave records that a closed the junta's panel; admins only.
func (s *Service) Leave(ctx context.Context, a *domain.Actor, id string) error {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return err
	}
	left, err := s.store.LeaveJuntaViewer(ctx, j.ID, a.UserID)
	if err != nil {
		return err
	}
	if left {
		s.changed(a.CommunityID, Area, id)
	}
	return nil
}

// viewers are those but a who had the panel open within viewerGone of now.
func (s *Service) viewers(ctx context.Context, juntaID string, a *domain.Actor, now time.Time) ([]domain.JuntaViewer, error) {
	all, err := s.store.JuntaViewers(ctx, juntaID, now.Add(-viewerGone))
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(v domain.JuntaViewer) bool { return v.UserID == a.UserID }), nil
}
