package httpapi

import (
	"context"

	"vecinos/internal/domain"
)

// Community is the caller's community as its members see it.
type Community struct {
	ID                 string  `json:"id"`
	PublicID           string  `json:"publicId" doc:"Community code; also the token of the invitation link"`
	Name               string  `json:"name"`
	Address            string  `json:"address"`
	City               string  `json:"city"`
	PostalCode         string  `json:"postalCode"`
	Country            string  `json:"country"`
	CatastralReference *string `json:"catastralReference" doc:"null when not given"`
	JoinApproval       bool    `json:"joinApproval" doc:"Approval required: the code starts a join request that an admin decides"`
}

func communityOf(c *domain.Community) Community {
	return Community{ID: c.ID, PublicID: c.PublicID, Name: c.Name, Address: c.Address, City: c.City,
		PostalCode: c.PostalCode, Country: c.Country, CatastralReference: c.CatastralReference, JoinApproval: c.JoinApproval}
}

type communityOutput struct{ Body Community }

func (s *server) myCommunity(ctx context.Context, _ *struct{}) (*communityOutput, error) {
	a := actor(ctx)
	c, err := s.Memberships.Community(ctx, a)
	if err != nil {
		return nil, err
	}
	return &communityOutput{Body: communityOf(c)}, nil
}

// rotateCode gives the community a new code; the old one stops working.
func (s *server) rotateCode(ctx context.Context, _ *struct{}) (*communityOutput, error) {
	a, err := member(ctx)
	if err != nil {
		return nil, err
	}
	c, err := s.Memberships.RotateCode(ctx, a)
	if err != nil {
		return nil, err
	}
	return &communityOutput{Body: communityOf(c)}, nil
}
