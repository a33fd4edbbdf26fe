package httpapi

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/onboarding"
)

type startInput struct {
	Body struct {
		Language       string `json:"language,omitempty" enum:"es,ca,en"`
		PrivacyConsent bool   `json:"privacyConsent" doc:"Must be true: 'Debes aceptar la política de privacidad para continuar'"`
	}
}

type joinStepInput struct {
	Body struct {
		Relation string `json:"relation" maxLength:"20" doc:"resident (Vivo aquí), worker (Trabajo aquí) or neighbor (Solo vecino)"`
		Phone    string `json:"phone,omitempty" maxLength:"40" doc:"Optional, international form"`
	}
}

type stepInput struct {
	Body struct {
		Step string `json:"step" enum:"join,find-community,choose-unit,verify,done"`
	}
}

type doneInput struct {
	Body struct {
		DisplayName   string `json:"displayName" maxLength:"200"`
		AvatarURL     string `json:"avatarUrl,omitempty" maxLength:"1000"`
		RulesAccepted bool   `json:"rulesAccepted"`
	}
}

// CommunityMatch is a community /find-community found: what a visitor may see of it, and the token that
// names it in /choose-unit (never the community's id).
type CommunityMatch struct {
	Choice  string `json:"choice" doc:"Opaque, valid for an hour and only for the user who searched, until their next search"`
	Name    string `json:"name"`
	Address string `json:"address"`
	City    string `json:"city"`
}

type communityMatchesOutput struct {
	Body struct {
		Communities []CommunityMatch `json:"communities" doc:"Empty: offer to create the community"`
	}
}

type findByReferenceInput struct {
	Reference string `query:"reference" maxLength:"40" doc:"20 characters; spaces are ignored"`
}

type findByAddressInput struct {
	Province     string `query:"province" maxLength:"100"`
	Municipality string `query:"municipality" maxLength:"100"`
	StreetType   string `query:"streetType" maxLength:"50"`
	StreetName   string `query:"streetName" maxLength:"100"`
	Number       string `query:"number" maxLength:"10"`
	Floor        string `query:"floor" maxLength:"10"`
}

// Unit is a dwelling of a community.
type Unit struct {
	ID         string  `json:"id"`
	UnitNumber string  `json:"unitNumber"`
	Floor      *string `json:"floor"`
	Building   *string `json:"building" doc:"Portal / escalera"`
	HasOwner   bool    `json:"hasOwner"`
}

func unitOf(u domain.Unit) Unit {
	return Unit{ID: u.ID, UnitNumber: u.UnitNumber, Floor: u.Floor, Building: u.Building, HasOwner: u.OwnerID != nil}
}

type unitsOutput struct {
	Body struct {
		Units []Unit `json:"units"`
	}
}

type communityUnitsInput struct {
	ID string `path:"id" maxLength:"64" doc:"Your community's id or, without one, the choice of a /find-community result"`
}

type chooseUnitInput struct {
	Body struct {
		Choice string `json:"choice,omitempty" maxLength:"64" doc:"The choice of a /find-community result: asks its admins to let you join; omit in your own community"`
		UnitID string `json:"unitId,omitempty" maxLength:"64" doc:"A unit from the list; or floor and door instead"`
		Floor  string `json:"floor,omitempty" maxLength:"10"`
		Door   string `json:"door,omitempty" maxLength:"10"`
		Owner  bool   `json:"owner,omitempty" doc:"I own this unit: a claim, with owner rights once an admin confirms it or level-2 verification does"`
	}
}

type chooseUnitOutput struct {
	Body struct {
		Unit        *Unit        `json:"unit,omitempty" doc:"In your own community: your unit"`
		JoinRequest *JoinRequest `json:"joinRequest,omitempty" doc:"With a choice: the request an admin of that community must approve"`
		Me          Me           `json:"me" doc:"The user now (community and role included)"`
	}
}

func (s *server) onboardingProfile(ctx context.Context, a *domain.Actor, p *domain.Profile, err error) (*profileOutput, error) {
	if err != nil {
		return nil, err
	}
	return s.profileBody(ctx, a, p)
}

func (s *server) onboardingStart(ctx context.Context, in *startInput) (*profileOutput, error) {
	a := actor(ctx)
	p, err := s.Onboarding.Start(ctx, a, in.Body.Language, in.Body.PrivacyConsent)
	return s.onboardingProfile(ctx, a, p, err)
}

func (s *server) onboardingJoin(ctx context.Context, in *joinStepInput) (*profileOutput, error) {
	a := actor(ctx)
	p, err := s.Onboarding.Join(ctx, a, in.Body.Relation, in.Body.Phone)
	return s.onboardingProfile(ctx, a, p, err)
}

func (s *server) onboardingStep(ctx context.Context, in *stepInput) (*profileOutput, error) {
	a := actor(ctx)
	p, err := s.Onboarding.SetStep(ctx, a, in.Body.Step)
	return s.onboardingProfile(ctx, a, p, err)
}

func matchesOutput(ms []domain.CommunityMatch, err error) (*communityMatchesOutput, error) {
	if err != nil {
		return nil, err
	}
	out := &communityMatchesOutput{}
	out.Body.Communities = make([]CommunityMatch, len(ms))
	for i, m := range ms {
		out.Body.Communities[i] = CommunityMatch{Choice: m.Choice, Name: m.Name, Address: m.Address, City: m.City}
	}
	return out, nil
}

func (s *server) findByReference(ctx context.Context, in *findByReferenceInput) (*communityMatchesOutput, error) {
	a := actor(ctx)
	return matchesOutput(s.Onboarding.FindByReference(ctx, a, in.Reference))
}

func (s *server) findByAddress(ctx context.Context, in *findByAddressInput) (*communityMatchesOutput, error) {
	a := actor(ctx)
	return matchesOutput(s.Onboarding.FindByAddress(ctx, a, onboarding.AddressQuery{Province: in.Province, Municipality: in.Municipality,
		StreetType: in.StreetType, StreetName: in.StreetName, Number: in.Number, Floor: in.Floor}))
}

func (s *server) communityUnits(ctx context.Context, in *communityUnitsInput) (*unitsOutput, error) {
	a := actor(ctx)
	us, err := s.Onboarding.Units(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	out := &unitsOutput{}
	out.Body.Units = make([]Unit, len(us))
	for i, u := range us {
		out.Body.Units[i] = unitOf(u)
	}
	return out, nil
}

func (s *server) chooseUnit(ctx context.Context, in *chooseUnitInput) (*chooseUnitOutput, error) {
	a := actor(ctx)
	b := in.Body
	u, r, err := s.Onboarding.ChooseUnit(ctx, a, onboarding.ChooseUnitInput{Choice: b.Choice, UnitID: b.UnitID, Floor: b.Floor, Door: b.Door, Owner: b.Owner})
	if err != nil {
		return nil, err
	}
	if a, err = s.Auth.Reload(ctx, a); err != nil {
		return nil, err
	}
	out := &chooseUnitOutput{}
	if u != nil {
		unit := unitOf(*u)
		out.Body.Unit = &unit
	}
	if r != nil {
		jr := joinRequestOf(r)
		out.Body.JoinRequest = &jr
	}
	out.Body.Me = meOf(a)
	return out, nil
}

func (s *server) onboardingDone(ctx context.Context, in *doneInput) (*profileOutput, error) {
	a := actor(ctx)
	b := in.Body
	p, err := s.Onboarding.Done(ctx, a, onboarding.DoneInput{DisplayName: b.DisplayName, AvatarURL: b.AvatarURL, RulesAccepted: b.RulesAccepted})
	return s.onboardingProfile(ctx, a, p, err)
}

type verifyInput struct {
	Body struct {
		Method      string `json:"method" enum:"auto,document,code"`
		DocumentKey string `json:"documentKey,omitempty" maxLength:"300" doc:"Key (or /files/ URL) of the upload to verification-documents"`
		Code        string `json:"code,omitempty" maxLength:"40" doc:"At least 6 characters"`
	}
}

func (s *server) verify(ctx context.Context, in *verifyInput) (*verificationOutput, error) {
	a := actor(ctx)
	b := in.Body
	return verificationBody(s.Onboarding.Verify(ctx, a, onboarding.VerifyInput{Method: b.Method, DocumentKey: b.DocumentKey, Code: b.Code}))
}

type myJoinRequestOutput struct {
	Body struct {
		Request *JoinRequest `json:"request" doc:"The latest; null when none was sent"`
	}
}

func (s *server) myJoinRequest(ctx context.Context, _ *struct{}) (*myJoinRequestOutput, error) {
	a := actor(ctx)
	r, err := s.Onboarding.MyJoinRequest(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &myJoinRequestOutput{}
	if r != nil {
		jr := joinRequestOf(r)
		out.Body.Request = &jr
	}
	return out, nil
}
