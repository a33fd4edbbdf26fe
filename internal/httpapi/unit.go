package httpapi

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/memberships"
)

// MyUnit is the caller's dwelling (/settings/unit-info).
type MyUnit struct {
	ID         string  `json:"id"`
	UnitNumber string  `json:"unitNumber"`
	Floor      *string `json:"floor"`
	Building   *string `json:"building"`
	OwnerID    *string `json:"ownerId"`
	OwnerName  *string `json:"ownerName" doc:"null when nobody owns it (or the owner deleted their account)"`
	IsOwner    bool    `json:"isOwner" doc:"Confirmed owner"`
	// An owner claim gives no rights until confirmed.
	OwnerClaimPending bool `json:"ownerClaimPending" doc:"You said you own it; an admin (or level-2 verification) has yet to confirm it"`
	CanEdit           bool `json:"canEdit" doc:"Only its confirmed owner or an admin may change it"`
}

type myUnitOutput struct {
	Body struct {
		Unit *MyUnit `json:"unit" doc:"null when the user has no unit yet"`
	}
}

type saveUnitInput struct {
	Body struct {
		UnitNumber string `json:"unitNumber" maxLength:"40" doc:"Required: 'El número de vivienda es obligatorio'"`
		Floor      string `json:"floor,omitempty" maxLength:"40" doc:"Empty: none"`
		Building   string `json:"building,omitempty" maxLength:"40" doc:"Empty: none"`
	}
}

func myUnitOf(a *domain.Actor, u *domain.UnitView, err error) (*myUnitOutput, error) {
	if err != nil {
		return nil, err
	}
	out := &myUnitOutput{}
	if u != nil {
		out.Body.Unit = &MyUnit{ID: u.ID, UnitNumber: u.UnitNumber, Floor: u.Floor, Building: u.Building, OwnerID: u.OwnerID,
			OwnerName: u.OwnerName, IsOwner: u.OwnerID != nil && *u.OwnerID == a.UserID, OwnerClaimPending: u.ClaimPending, CanEdit: a.MayEditUnit(&u.Unit)}
	}
	return out, nil
}

func (s *server) getMyUnit(ctx context.Context, _ *struct{}) (*myUnitOutput, error) {
	a := actor(ctx)
	u, err := s.Memberships.MyUnit(ctx, a)
	return myUnitOf(a, u, err)
}

func (s *server) saveMyUnit(ctx context.Context, in *saveUnitInput) (*myUnitOutput, error) {
	a := actor(ctx)
	b := in.Body
	u, err := s.Memberships.SaveMyUnit(ctx, a, memberships.UnitUpdate{UnitNumber: b.UnitNumber, Floor: b.Floor, Building: b.Building})
	return myUnitOf(a, u, err)
}
