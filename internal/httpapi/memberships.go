package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// The caller's memberships (ADR 0040): the communities of the switcher and of /settings/communities.

// Membership is one community of the caller.
type Membership struct {
	CommunityID   string    `json:"communityId"`
	CommunityName string    `json:"communityName"`
	Role          string    `json:"role" enum:"admin,moderator,user"`
	UnitNumber    *string   `json:"unitNumber" doc:"The home unit there, null when none"`
	JoinedAt      time.Time `json:"joinedAt"`
	Unread        int       `json:"unread" doc:"Direct messages waiting unread in that community"`
	Current       bool      `json:"current" doc:"Whether this request acted in it"`
	Staff         bool      `json:"staff" doc:"A community the caller's office runs, where they act as its staff, not a member (ADR 0045)"`
}

type membershipsOutput struct{ Body []Membership }

func (s *server) listMemberships(ctx context.Context, _ *struct{}) (*membershipsOutput, error) {
	a := actor(ctx)
	ms, err := s.Memberships.Memberships(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &membershipsOutput{Body: make([]Membership, len(ms))}
	for i, m := range ms {
		out.Body[i] = Membership{CommunityID: m.CommunityID, CommunityName: m.CommunityName, Role: string(m.Role), UnitNumber: m.UnitNumber,
			JoinedAt: m.JoinedAt, Unread: m.Unread, Current: m.CommunityID == a.CommunityID}
	}
	// The communities the caller's office runs, where they are not a member already (a member acts there
	// as the member), follow: the header's switcher lists both (ADR 0045 addendum).
	staff, err := s.Organisations.StaffCommunities(ctx, a)
	if err != nil {
		return nil, err
	}
	member := make(map[string]bool, len(ms))
	for _, m := range ms {
		member[m.CommunityID] = true
	}
	for _, p := range staff {
		if member[p.CommunityID] {
			continue
		}
		joined := p.InvitedAt
		if p.AcceptedAt != nil {
			joined = *p.AcceptedAt
		}
		out.Body = append(out.Body, Membership{CommunityID: p.CommunityID, CommunityName: p.CommunityName, Role: string(domain.RoleAdmin),
			JoinedAt: joined, Unread: p.Overview.UnreadMessages, Current: p.CommunityID == a.CommunityID, Staff: true})
	}
	return out, nil
}

type openMembershipInput struct {
	CommunityID string `path:"communityId" maxLength:"40" doc:"One of the caller's communities"`
}

// openMembership makes a community of the caller the one their requests that name none act in.
func (s *server) openMembership(ctx context.Context, in *openMembershipInput) (*struct{}, error) {
	return nil, s.Memberships.OpenCommunity(ctx, actor(ctx), in.CommunityID)
}

type leaveInput struct {
	Body struct {
		CommunityID string `json:"communityId" minLength:"1" maxLength:"40" doc:"The community left: the one the request acts in"`
	}
}

// leaveCommunity ends the caller's membership of the community the request acts in, which the body names too.
func (s *server) leaveCommunity(ctx context.Context, in *leaveInput) (*struct{}, error) {
	return nil, s.Memberships.Leave(ctx, actor(ctx), in.Body.CommunityID)
}
