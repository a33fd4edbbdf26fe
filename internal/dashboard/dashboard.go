// Package dashboard is the summary on the home screen: what is open, coming and new in the community.
package dashboard

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// ActivityWindow is how far back 'Actividad Reciente' counts.
const ActivityWindow = 7 * 24 * time.Hour

// Store is what the service needs from the database.
type Store interface {
	DashboardCounts(ctx context.Context, communityID, userID string, now, since time.Time) (domain.DashboardCounts, error)
}

// Service is the dashboard service.
type Service struct {
	store Store
	now   func() time.Time
}

// New returns the service; now is the clock (nil = time.Now).
func New(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// Summary counts a's community: open incidents, upcoming events, and what is new in the activity window.
func (s *Service) Summary(ctx context.Context, a *domain.Actor) (*domain.DashboardCounts, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	now := s.now()
	c, err := s.store.DashboardCounts(ctx, a.CommunityID, a.UserID, now, now.Add(-ActivityWindow))
	if err != nil {
		return nil, err
	}
	return &c, nil
}
