package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/memberships"
)

// MemberUnit is one of the caller's units.
type MemberUnit struct {
	UnitID    string `json:"unitId"`
	Label     string `json:"label" doc:"'2º B', 'Garaje 3'"`
	Kind      string `json:"kind" enum:"vivienda,local,garaje"`
	Relation  string `json:"relation" enum:"owner,resident,tenant,family" doc:"owner (propietario), tenant (inquilino), family (familiar) or resident (vive aquí, sin decir más)"`
	Confirmed bool   `json:"confirmed" doc:"false while an admin (or level-2 verification) has not confirmed it: no owner rights"`
	Primary   bool   `json:"primary" doc:"the unit of 'Mi vivienda'; the others are further units"`
}

type myUnitsOutput struct {
	Body struct {
		Units []MemberUnit `json:"units"`
	}
}

type addMyUnitInput struct {
	Body struct {
		UnitID   string `json:"unitId" minLength:"1" maxLength:"64"`
		Relation string `json:"relation" required:"false" enum:"owner,resident,tenant,family" doc:"how the caller belongs to it (default resident); owner is a claim until confirmed"`
	}
}

type myUnitIDInput struct {
	UnitID string `path:"unitId" maxLength:"64"`
}

func myUnitsOf(us []domain.MemberUnit) *myUnitsOutput {
	out := &myUnitsOutput{}
	out.Body.Units = make([]MemberUnit, len(us))
	for i, u := range us {
		kind := u.Kind
		if kind == "" {
			kind = domain.KindDwelling
		}
		out.Body.Units[i] = MemberUnit{UnitID: u.UnitID, Label: u.Label, Kind: string(kind), Relation: string(u.Relation), Confirmed: u.Confirmed, Primary: u.Primary}
	}
	return out
}

func (s *server) myUnits(ctx context.Context, _ *struct{}) (*myUnitsOutput, error) {
	a := actor(ctx)
	us, err := s.Memberships.MyUnits(ctx, a)
	if err != nil {
		return nil, err
	}
	return myUnitsOf(us), nil
}

func (s *server) addMyUnit(ctx context.Context, in *addMyUnitInput) (*myUnitsOutput, error) {
	a := actor(ctx)
	us, err := s.Memberships.AddMyUnit(ctx, a, in.Body.UnitID, in.Body.Relation)
	if err != nil {
		return nil, err
	}
	return myUnitsOf(us), nil
}

func (s *server) removeMyUnit(ctx context.Context, in *myUnitIDInput) (*myUnitsOutput, error) {
	a := actor(ctx)
	if err := s.Memberships.RemoveMyUnit(ctx, a, in.UnitID); err != nil {
		return nil, err
	}
	us, err := s.Memberships.MyUnits(ctx, a)
	if err != nil {
		return nil, err
	}
	return myUnitsOf(us), nil
}

// ResidentClaim is a member's pending claim to live in a further unit.
type ResidentClaim struct {
	UnitID    string         `json:"unitId"`
	UserID    string         `json:"userId"`
	FullName  string         `json:"fullName"`
	Email     string         `json:"email"`
	UnitLabel string         `json:"unitLabel"`
	Relation  string         `json:"relation" enum:"resident,tenant,family" doc:"how the member says they live there"`
	CreatedAt time.Time      `json:"createdAt"`
	Others    []UnitOccupant `json:"others" doc:"Who else lives in or owns the unit now, for the admin deciding (the claimant left out)"`
}

// UnitOccupant is someone who lives in or owns a unit, beside a claim to it.
type UnitOccupant struct {
	FullName  string `json:"fullName"`
	Relation  string `json:"relation" enum:"owner,resident,tenant,family" doc:"owner: its owner, or (unconfirmed) who claims to own it; tenant: their home, which someone else owns"`
	Confirmed bool   `json:"confirmed" doc:"false: a claim an admin has not decided yet"`
}

func occupantsOf(os []domain.UnitOccupant) []UnitOccupant {
	out := make([]UnitOccupant, len(os))
	for i, o := range os {
		out[i] = UnitOccupant{FullName: o.FullName, Relation: string(o.Relation), Confirmed: o.Confirmed}
	}
	return out
}

type residentClaimsOutput struct {
	Body struct {
		Claims []ResidentClaim `json:"claims"`
	}
}

type residentClaimReviewInput struct {
	UnitID string `path:"unitId" maxLength:"64"`
	UserID string `path:"userId" maxLength:"64"`
	Body   struct {
		Decision string `json:"decision" enum:"approved,rejected"`
		Relation string `json:"relation" required:"false" enum:"resident,tenant,family" doc:"confirming, how the member lives there; omitted, what they said"`
	}
}

func (s *server) residentClaims(ctx context.Context, _ *struct{}) (*residentClaimsOutput, error) {
	a := actor(ctx)
	cs, err := s.Memberships.ResidentClaims(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &residentClaimsOutput{}
	out.Body.Claims = make([]ResidentClaim, len(cs))
	for i, c := range cs {
		out.Body.Claims[i] = ResidentClaim{UnitID: c.UnitID, UserID: c.UserID, FullName: c.FullName, Email: c.Email, UnitLabel: c.UnitLabel,
			Relation: string(c.Relation), CreatedAt: c.CreatedAt, Others: occupantsOf(c.Others)}
	}
	return out, nil
}

func (s *server) reviewResidentClaim(ctx context.Context, in *residentClaimReviewInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Memberships.ReviewResidentClaim(ctx, a, in.UnitID, in.UserID, in.Body.Decision, in.Body.Relation)
}

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
