package httpapi

import (
	"context"
)

// Dashboard is the summary of the caller's community.
type Dashboard struct {
	OpenIncidents       int      `json:"openIncidents"`
	UpcomingEvents      int      `json:"upcomingEvents" doc:"Events starting from now on"`
	UnreadAnnouncements int      `json:"unreadAnnouncements" doc:"Published announcements targeted to the caller that they have not opened"`
	RecentMessages      int      `json:"recentMessages" doc:"Messages of the community chat in the last 7 days"`
	Activity            Activity `json:"activity"`
}

// Activity is the 'Actividad Reciente de la Comunidad' section: what was created in the last 7 days.
type Activity struct {
	NewIncidents      int `json:"newIncidents"`
	NewEvents         int `json:"newEvents"`
	CommunityMessages int `json:"communityMessages" doc:"Messages of the community chat in the last 7 days"`
}

type dashboardOutput struct{ Body Dashboard }

func (s *server) dashboard(ctx context.Context, _ *struct{}) (*dashboardOutput, error) {
	a := actor(ctx)
	sum, err := s.Dashboard.Summary(ctx, a)
	if err != nil {
		return nil, err
	}
	return &dashboardOutput{Body: Dashboard{OpenIncidents: sum.OpenIncidents, UpcomingEvents: sum.UpcomingEvents,
		UnreadAnnouncements: sum.UnreadAnnouncements, RecentMessages: sum.CommunityMessages,
		Activity: Activity{NewIncidents: sum.NewIncidents, NewEvents: sum.NewEvents, CommunityMessages: sum.CommunityMessages}}}, nil
}
