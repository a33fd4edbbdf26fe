package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// JoinRequest is a request to join a community found by searching; an admin of it decides.
type JoinRequest struct {
	ID            string     `json:"id"`
	CommunityName string     `json:"communityName"`
	UnitLabel     string     `json:"unitLabel" doc:"The unit asked for ('2 · B'); empty when it is gone"`
	OwnerClaim    bool       `json:"ownerClaim" doc:"The requester says they own it: a claim an admin confirms separately"`
	FullName      string     `json:"fullName,omitempty" doc:"In the admins' queue"`
	Email         string     `json:"email,omitempty" doc:"In the admins' queue"`
	Status        string     `json:"status" enum:"pending,approved,rejected"`
	Note          *string    `json:"note" doc:"The admin's reason"`
	CreatedAt     time.Time  `json:"createdAt"`
	ReviewedAt    *time.Time `json:"reviewedAt"`
}

func joinRequestOf(r *domain.JoinRequest) JoinRequest {
	return JoinRequest{ID: r.ID, CommunityName: r.CommunityName, UnitLabel: r.UnitLabel, OwnerClaim: r.OwnerClaim,
		Status: string(r.Status), Note: r.Note, CreatedAt: r.CreatedAt, ReviewedAt: r.ReviewedAt}
}

// OwnerClaim is a member's claim to own a unit, waiting for an admin.
type OwnerClaim struct {
	ID         string         `json:"id"`
	FullName   string         `json:"fullName"`
	Email      string         `json:"email"`
	UnitLabel  string         `json:"unitLabel"`
	NewUnit    bool           `json:"newUnit" doc:"The unit is not in the registry yet: confirming the owner accepts it too"`
	Others     []UnitOccupant `json:"others" doc:"Who else lives in or owns the unit now, for the admin deciding (the claimant left out)"`
	Status     string         `json:"status" enum:"pending,approved,rejected"`
	CreatedAt  time.Time      `json:"createdAt"`
	ReviewedAt *time.Time     `json:"reviewedAt"`
}

type joinRequestsOutput struct {
	Body struct {
		Requests []JoinRequest `json:"requests"`
	}
}

type joinRequestOutput struct{ Body JoinRequest }

type ownerClaimsOutput struct {
	Body struct {
		Claims []OwnerClaim `json:"claims"`
	}
}

type ownerClaimOutput struct{ Body OwnerClaim }

type claimReviewInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Decision string `json:"decision" enum:"approved,rejected"`
	}
}

func (s *server) joinRequests(ctx context.Context, in *verificationsInput) (*joinRequestsOutput, error) {
	a := actor(ctx)
	rs, err := s.Memberships.JoinRequests(ctx, a, in.Status)
	if err != nil {
		return nil, err
	}
	out := &joinRequestsOutput{}
	out.Body.Requests = make([]JoinRequest, len(rs))
	for i := range rs {
		out.Body.Requests[i] = joinRequestOf(&rs[i])
		out.Body.Requests[i].FullName, out.Body.Requests[i].Email = rs[i].FullName, rs[i].Email
	}
	return out, nil
}

func (s *server) reviewJoinRequest(ctx context.Context, in *reviewInput) (*joinRequestOutput, error) {
	a := actor(ctx)
	r, err := s.Memberships.ReviewJoinRequest(ctx, a, in.ID, in.Body.Decision, in.Body.Note)
	if err != nil {
		return nil, err
	}
	out := &joinRequestOutput{Body: joinRequestOf(r)}
	out.Body.FullName, out.Body.Email = r.FullName, r.Email
	return out, nil
}

func ownerClaimOf(o *domain.OwnerClaim) OwnerClaim {
	return OwnerClaim{ID: o.ID, FullName: o.FullName, Email: o.Email, UnitLabel: o.UnitLabel, NewUnit: o.NewUnit, Others: occupantsOf(o.Others),
		Status: string(o.Status), CreatedAt: o.CreatedAt, ReviewedAt: o.ReviewedAt}
}

func (s *server) ownerClaims(ctx context.Context, in *verificationsInput) (*ownerClaimsOutput, error) {
	a := actor(ctx)
	os, err := s.Memberships.OwnerClaims(ctx, a, in.Status)
	if err != nil {
		return nil, err
	}
	out := &ownerClaimsOutput{}
	out.Body.Claims = make([]OwnerClaim, len(os))
	for i := range os {
		out.Body.Claims[i] = ownerClaimOf(&os[i])
	}
	return out, nil
}

func (s *server) reviewOwnerClaim(ctx context.Context, in *claimReviewInput) (*ownerClaimOutput, error) {
	a := actor(ctx)
	o, err := s.Memberships.ReviewOwnerClaim(ctx, a, in.ID, in.Body.Decision)
	if err != nil {
		return nil, err
	}
	return &ownerClaimOutput{Body: ownerClaimOf(o)}, nil
}
