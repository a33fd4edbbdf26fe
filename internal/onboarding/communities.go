package onboarding

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
)

// PickTTL is how long the results of a /find-community search can be chosen.
const PickTTL = time.Hour

// picked gives each community a search found a fresh opaque token, bound to the searcher and short-lived
// (the community's id never leaves the server), and stores it; a new search replaces the old tokens.
func (s *Service) picked(ctx context.Context, a *domain.Actor, ms []domain.CommunityMatch, err error) ([]domain.CommunityMatch, error) {
	if err != nil {
		return nil, err
	}
	picks := make(map[string]string, len(ms))
	for i := range ms {
		ms[i].Choice = credentials.NewToken()
		picks[credentials.HashToken(ms[i].Choice)] = ms[i].ID
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		return s.store.SaveCommunityPicks(ctx, a.UserID, picks, s.now().Add(PickTTL))
	}); err != nil {
		return nil, err
	}
	return ms, nil
}

// Units lists the units of a community for /choose-unit (units carry no personal data): the actor's own
// community, by its id, or — for a user without one — the community of a result of their search, by its
// choice token.
func (s *Service) Units(ctx context.Context, a *domain.Actor, ref string) ([]domain.Unit, error) {
	if a.CommunityID != "" {
		if ref != a.CommunityID {
			return nil, domain.Errorf(domain.CodeForbidden, "Ya perteneces a otra comunidad")
		}
		return s.store.CommunityUnits(ctx, a.CommunityID)
	}
	communityID, err := s.pickedCommunity(ctx, a, ref)
	if err != nil {
		return nil, err
	}
	return s.store.CommunityUnits(ctx, communityID)
}

var (
	errPickExpired   = domain.Errorf(domain.CodeNotFound, "La búsqueda ha caducado. Vuelve a buscar tu comunidad.")
	errSearchFirst   = domain.Errorf(domain.CodeInvalid, "Busca tu comunidad antes de elegir tu vivienda")
	errAlreadyMember = domain.Errorf(domain.CodeConflict, "Ya perteneces a una comunidad")
)

// pickedCommunity is the community of a result of the actor's latest search, by its choice token, while
// it is valid.
func (s *Service) pickedCommunity(ctx context.Context, a *domain.Actor, choice string) (string, error) {
	communityID, err := s.store.PickedCommunity(ctx, a.UserID, credentials.HashToken(choice), s.now())
	if err == nil && communityID == "" {
		return "", errPickExpired
	}
	return communityID, err
}

// ChooseUnitInput is the /choose-unit form.
type ChooseUnitInput struct {
	Choice      string // the token of a /find-community result; empty: the user's own community
	UnitID      string
	Floor, Door string
	Owner       bool
}

// ChooseUnit places a member in their unit of their own community, or, for a user without one, asks to
// join the community they chose among their search results: an admin of it decides. Exactly one of the
// unit and the request is returned. Saying one owns the unit is a claim (see domain.OwnerClaim), good at
// once only for an admin.
func (s *Service) ChooseUnit(ctx context.Context, a *domain.Actor, in ChooseUnitInput) (*domain.Unit, *domain.JoinRequest, error) {
	in.Floor, in.Door, in.UnitID, in.Choice = strings.TrimSpace(in.Floor), strings.TrimSpace(in.Door), strings.TrimSpace(in.UnitID), strings.TrimSpace(in.Choice)
	if in.UnitID == "" {
		switch {
		case in.Floor == "" && in.Door == "":
			return nil, nil, domain.Errorf(domain.CodeInvalid, "Debes seleccionar tu vivienda")
		case in.Floor == "" || in.Door == "":
			return nil, nil, domain.Errorf(domain.CodeInvalid, "Indica planta y puerta")
		case utf8.RuneCountInString(in.Floor) > 10 || utf8.RuneCountInString(in.Door) > 10:
			return nil, nil, domain.Errorf(domain.CodeInvalid, "La planta y la puerta no pueden superar 10 caracteres")
		}
	}
	p, err := s.profiles.Profile(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	if p.OnboardingCompleted {
		return nil, nil, errCompleted
	}
	if a.CommunityID != "" {
		if in.Choice != "" {
			return nil, nil, errAlreadyMember
		}
		// One joins another community only by its code or by an approved join request: the unit is one of
		// the user's own community, as it is when the choice is made.
		var u *domain.Unit
		err := s.store.InTx(ctx, func(ctx context.Context) error {
			// The community the request acts in (ADR 0040), of which the actor is a member.
			var err error
			u, err = s.members.PlaceInUnit(ctx, a.UserID, a.CommunityID, domain.UnitChoice{UnitID: in.UnitID, Floor: in.Floor, Door: in.Door, Owner: in.Owner,
				ConfirmedOwner: a.IsAdmin(), Propose: !a.IsAdmin()}, domain.StepVerify)
			return err
		})
		if err == nil && u != nil {
			s.changed(a.CommunityID, domain.AreaUnits, u.ID) // a new resident, owner claim or unit to accept
		}
		return u, nil, err
	}
	if in.Choice == "" {
		return nil, nil, errSearchFirst
	}
	communityID, err := s.pickedCommunity(ctx, a, in.Choice)
	if err != nil {
		return nil, nil, err
	}
	opt := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	r := &domain.JoinRequest{ID: domain.NewID(), UserID: a.UserID, CommunityID: communityID, UnitID: opt(in.UnitID), OwnerClaim: in.Owner,
		Status: domain.VerificationPending, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	if in.UnitID == "" {
		r.Floor, r.Door = opt(in.Floor), opt(in.Door)
	}
	// The request replaces the user's earlier pending one.
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		member, err := s.store.CommunityHasMember(ctx, communityID, a.UserID)
		if err != nil {
			return err
		}
		if member {
			return domain.ErrAlreadyMemberHere
		}
		if r.UnitID != nil {
			unit, err := s.store.UnitOfCommunity(ctx, communityID, *r.UnitID)
			if err != nil {
				return err
			}
			if unit == nil {
				return domain.ErrUnitNotFound
			}
		}
		return s.store.SaveJoinRequest(ctx, r)
	}); err != nil {
		return nil, nil, err
	}
	r, err = s.store.MyJoinRequest(ctx, a.UserID)
	return nil, r, err
}

// MyJoinRequest returns the actor's latest join request, nil when they never sent one.
func (s *Service) MyJoinRequest(ctx context.Context, a *domain.Actor) (*domain.JoinRequest, error) {
	return s.store.MyJoinRequest(ctx, a.UserID)
}
