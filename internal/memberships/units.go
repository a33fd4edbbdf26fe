package memberships

import (
	"context"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// MyUnits lists the actor's units in their community: the primary one first, then further ones, each
// with how they belong to it and whether that is confirmed.
// OwnsUnit reports whether the actor is the confirmed owner of a unit of their community: the access
// level of the routes only owners may call (httpapi).
func (s *Service) OwnsUnit(ctx context.Context, a *domain.Actor) (bool, error) {
	if !a.InCommunity() {
		return false, nil
	}
	return s.store.OwnsUnit(ctx, a.UserID, a.CommunityID)
}

func (s *Service) MyUnits(ctx context.Context, a *domain.Actor) ([]domain.MemberUnit, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.MemberUnits(ctx, a.UserID, a.CommunityID)
}

// AddMyUnit adds a further unit of the actor's community registry to their units, saying how they belong
// to it: owner, tenant, family or resident ("" = resident). It is a claim for an admin to confirm (or,
// for an owner, their level-2 verification); until then it gives a resident's rights, never an owner's.
func (s *Service) AddMyUnit(ctx context.Context, a *domain.Actor, unitID, relation string) ([]domain.MemberUnit, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if unitID == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "Elige una vivienda de la lista")
	}
	rel, err := domain.ParseUnitRelation(relation)
	if err != nil {
		return nil, err
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		unit, err := s.store.UnitOfCommunity(ctx, a.CommunityID, unitID)
		if err != nil {
			return err
		}
		if unit == nil {
			return domain.ErrUnitNotFound
		}
		mine, err := s.store.HasUnit(ctx, a.UserID, unitID)
		if err != nil {
			return err
		}
		if mine {
			return domain.Errorf(domain.CodeConflict, "Esa vivienda ya figura entre las tuyas")
		}
		owner := rel == domain.UnitOwner
		if owner && unit.OwnerID != nil {
			return domain.Errorf(domain.CodeConflict, "La vivienda ya tiene propietario; si es un error, habla con un administrador")
		}
		now := s.now()
		if err := s.store.InsertMemberUnit(ctx, unitID, a.UserID, rel, now); err != nil {
			return err
		}
		// Saying they own it files a pending owner claim, which the admins confirm like any other; any
		// other relation is a claim to live there, for an admin to confirm.
		if !owner {
			return nil
		}
		return s.store.InsertOwnerClaim(ctx, a.UserID, a.CommunityID, unitID, now)
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, domain.AreaUnits, unitID)
	return s.store.MemberUnits(ctx, a.UserID, a.CommunityID)
}

// RemoveMyUnit drops a further unit of the actor; the primary one is changed in 'Mi vivienda'.
func (s *Service) RemoveMyUnit(ctx context.Context, a *domain.Actor, unitID string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	// Their pending claim to it goes, and so does their ownership of it.
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		ok, err := s.store.DeleteMemberUnit(ctx, a.UserID, a.CommunityID, unitID)
		if err != nil {
			return err
		}
		if !ok {
			return domain.Errorf(domain.CodeNotFound, "Esa vivienda no está entre tus otras viviendas")
		}
		if err := s.store.DropOwnerClaim(ctx, a.UserID, unitID); err != nil {
			return err
		}
		return s.store.ReleaseUnitOwnership(ctx, unitID, a.UserID, s.now())
	})
	if err != nil {
		return err
	}
	s.changed(a.CommunityID, domain.AreaUnits, unitID)
	return nil
}

// ResidentClaims lists the pending claims of the admin's community's members to live in a further unit.
func (s *Service) ResidentClaims(ctx context.Context, a *domain.Actor) ([]domain.UnitResidentClaim, error) {
	return s.store.ResidentClaims(ctx, a.CommunityID)
}

// ReviewResidentClaim confirms or rejects a member's pending claim to live in a further unit. Confirming
// it, the admin may say how they live there (tenant, family or resident; "" keeps what the member said).
// The member is told by email.
func (s *Service) ReviewResidentClaim(ctx context.Context, a *domain.Actor, unitID, userID, decided, relation string) error {
	st, _, err := decision(decided, "")
	if err != nil {
		return err
	}
	var rel domain.UnitRelation
	if relation != "" {
		if rel, err = domain.ParseUnitRelation(relation); err != nil {
			return err
		}
		if rel == domain.UnitOwner {
			return domain.Errorf(domain.CodeInvalid, "Para confirmar a un propietario, el vecino debe indicar que es el propietario")
		}
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		label, found, err := s.store.ResidentClaimUnit(ctx, a.CommunityID, unitID, userID)
		if err != nil {
			return err
		}
		if !found {
			return errRequestNotFound
		}
		if st == domain.VerificationApproved {
			err = s.store.ConfirmMemberUnit(ctx, unitID, userID, a.UserID, rel, s.now())
		} else {
			_, err = s.store.DeleteMemberUnit(ctx, userID, a.CommunityID, unitID)
		}
		if err != nil {
			return err
		}
		return s.notify(ctx, userID, a.CommunityID, label, s.claimDecided(st, a.CommunityID))
	})
	if err != nil {
		return err
	}
	s.mailWake()
	s.changed(a.CommunityID, domain.AreaUnits, unitID)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditResidentClaimDecided, TargetKind: "member", TargetID: userID,
		Before: map[string]any{"status": domain.VerificationPending, "unitId": unitID}, After: map[string]any{"status": st, "unitId": unitID, "relation": rel}})
	return nil
}

// claimDecided composes the email that tells a member an admin confirmed or rejected their claim to a unit.
func (s *Service) claimDecided(st domain.ReviewStatus, communityID string) func(domain.Recipient) (domain.Mail, error) {
	kind := KindUnitClaimApproved
	if st == domain.VerificationRejected {
		kind = KindUnitClaimRejected
	}
	link := domain.CommunityLink(s.link("/settings/unit-info"), communityID)
	return func(r domain.Recipient) (domain.Mail, error) {
		return mail.Compose(kind, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName, Unit: r.Unit, Link: link})
	}
}

// notify queues, in the transaction of ctx, the email compose writes to a member about their community
// (and the unit it is about, if any), when their address is confirmed.
func (s *Service) notify(ctx context.Context, userID, communityID, unit string, compose func(domain.Recipient) (domain.Mail, error)) error {
	r, err := s.store.MemberRecipient(ctx, userID, communityID)
	if err != nil || r == nil {
		return err
	}
	r.Unit = unit
	m, err := compose(*r)
	if err != nil {
		return err
	}
	return s.store.QueueMail(ctx, m, s.now())
}

// PlaceInUnit finds the chosen unit of the community (or, by floor and door, finds or creates it), makes
// it the user's home and moves their onboarding on to step next, in the transaction of ctx. Saying they
// own it files an owner claim, which gives no owner rights until confirmed — unless ch.ConfirmedOwner.
// An empty choice (a requested unit deleted since) only moves the step.
func (s *Service) PlaceInUnit(ctx context.Context, userID, communityID string, ch domain.UnitChoice, next domain.OnboardingStep) (*domain.Unit, error) {
	now := s.now()
	var unit *domain.Unit
	var err error
	switch {
	case ch.UnitID != "":
		if unit, err = s.store.UnitOfCommunity(ctx, communityID, ch.UnitID); err == nil && unit == nil {
			return nil, domain.ErrUnitNotFound
		}
	case ch.Floor != "" || ch.Door != "":
		if unit, err = s.store.UnitAtFloorDoor(ctx, communityID, ch.Floor, ch.Door); err == nil && unit == nil {
			floor := ch.Floor
			unit = &domain.Unit{ID: domain.NewID(), CommunityID: communityID, UnitNumber: ch.Door, Floor: &floor}
			if ch.Propose {
				unit.ProposedBy = &userID
			}
			err = s.store.InsertUnit(ctx, unit, now)
		}
	default:
		return nil, s.store.StepOnboarding(ctx, userID, next, now)
	}
	if err != nil {
		return nil, err
	}
	if ch.Owner && unit.OwnerID == nil {
		if err := s.claimUnit(ctx, userID, unit, ch.ConfirmedOwner, now); err != nil {
			return nil, err
		}
	}
	return unit, s.store.MoveIn(ctx, userID, unit.ID, next, now)
}

// claimUnit makes the user the owner of a unit nobody owns (confirmed), or files their pending claim to
// it, replacing the pending claim to their home in the community (one to a further unit of theirs stays).
func (s *Service) claimUnit(ctx context.Context, userID string, unit *domain.Unit, confirmed bool, now time.Time) error {
	if confirmed {
		if _, err := s.store.TakeUnitOwnership(ctx, unit.ID, userID, now); err != nil {
			return err
		}
		unit.OwnerID = &userID
		return nil
	}
	if err := s.store.DropHomeOwnerClaims(ctx, userID, unit.CommunityID); err != nil {
		return err
	}
	return s.store.InsertOwnerClaim(ctx, userID, unit.CommunityID, unit.ID, now)
}

// MyUnit returns the actor's unit, nil when they have none, with whether their claim to own it waits
// for confirmation.
func (s *Service) MyUnit(ctx context.Context, a *domain.Actor) (*domain.UnitView, error) {
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	u, err := s.store.MyUnit(ctx, a.UserID, a.CommunityID)
	if err != nil || u == nil {
		return u, err
	}
	u.ClaimPending, err = s.store.HasOwnerClaim(ctx, a.UserID, u.ID)
	return u, err
}

var errNotYourUnit = domain.Errorf(domain.CodeForbidden, "Solo el propietario de la vivienda o un administrador pueden modificarla")

// UnitUpdate is the /settings/unit-info form.
type UnitUpdate struct {
	UnitNumber, Floor, Building string
}

// SaveMyUnit writes the actor's unit: the number is required, an empty floor or building is cleared.
// Only its confirmed owner or an admin may change an existing unit; a member without one names it: a unit
// of the registry, or a new one that an admin accepts (as in /choose-unit), and claims it (an admin owns
// it at once).
func (s *Service) SaveMyUnit(ctx context.Context, a *domain.Actor, in UnitUpdate) (*domain.UnitView, error) {
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	number := normalizeText(in.UnitNumber)
	if number == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "El número de vivienda es obligatorio")
	}
	opt := func(s string) *string {
		if s = normalizeText(s); s == "" {
			return nil
		}
		return &s
	}
	floor, building := opt(in.Floor), opt(in.Building)
	for _, v := range []string{number, in.Floor, in.Building} {
		if utf8.RuneCountInString(normalizeText(v)) > domain.UnitNameMax {
			return nil, domain.Errorf(domain.CodeInvalid, "El número, la planta y el portal no pueden superar %d caracteres", domain.UnitNameMax)
		}
	}
	var u *domain.UnitView
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		current, err := s.store.MyUnit(ctx, a.UserID, a.CommunityID)
		if err != nil {
			return err
		}
		now := s.now()
		switch {
		case current == nil:
			err = s.nameMyUnit(ctx, a, number, floor, building, now)
		case !a.MayEditUnit(&current.Unit):
			return errNotYourUnit
		default:
			err = s.store.RenameUnit(ctx, current.ID, number, floor, building, now)
		}
		if err != nil {
			return err
		}
		u, err = s.store.MyUnit(ctx, a.UserID, a.CommunityID)
		return err
	})
	if err != nil || u == nil {
		return u, err
	}
	s.changed(a.CommunityID, domain.AreaUnits, u.ID)
	u.ClaimPending, err = s.store.HasOwnerClaim(ctx, a.UserID, u.ID)
	return u, err
}

// nameMyUnit gives a member without a unit the one they name, in the transaction of ctx: a unit of the
// registry with that portal, floor and name becomes their home, else a new unit is created for it,
// which, given by a member who is not an admin, waits for an admin to accept it into the registry
// (units.proposed_by), as in /choose-unit. They claim to own it (see claimUnit) when nobody does; an
// admin owns it at once.
func (s *Service) nameMyUnit(ctx context.Context, a *domain.Actor, number string, floor, building *string, now time.Time) error {
	unit, err := s.store.UnitNamed(ctx, a.CommunityID, number, floor, building)
	if err != nil {
		return err
	}
	if unit == nil {
		unit = &domain.Unit{ID: domain.NewID(), CommunityID: a.CommunityID, UnitNumber: number, Floor: floor, Building: building}
		if !a.IsAdmin() {
			unit.ProposedBy = &a.UserID
		}
		if err := s.store.InsertUnit(ctx, unit, now); err != nil {
			return err
		}
	}
	if unit.OwnerID == nil {
		if err := s.claimUnit(ctx, a.UserID, unit, a.IsAdmin(), now); err != nil {
			return err
		}
	}
	return s.store.MoveIn(ctx, a.UserID, unit.ID, "", now)
}
