package profiles

import (
	"context"

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
	if err := s.store.AddMemberUnit(ctx, a.UserID, a.CommunityID, unitID, rel, s.now()); err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, domain.AreaRegistry, unitID)
	return s.store.MemberUnits(ctx, a.UserID, a.CommunityID)
}

// RemoveMyUnit drops a further unit of the actor; the primary one is changed in 'Mi vivienda'.
func (s *Service) RemoveMyUnit(ctx context.Context, a *domain.Actor, unitID string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	if err := s.store.RemoveMemberUnit(ctx, a.UserID, a.CommunityID, unitID, s.now()); err != nil {
		return err
	}
	s.changed(a.CommunityID, domain.AreaRegistry, unitID)
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
	if err := s.store.ReviewResidentClaim(ctx, a.CommunityID, unitID, userID, a.UserID, st, rel, s.now(), s.claimDecided(st)); err != nil {
		return err
	}
	s.mailWake()
	s.changed(a.CommunityID, domain.AreaRegistry, unitID)
	s.audit.Record(ctx, a, domain.AuditChange{Action: domain.AuditResidentClaimDecided, TargetKind: "member", TargetID: userID,
		Before: map[string]any{"status": domain.VerificationPending, "unitId": unitID}, After: map[string]any{"status": st, "unitId": unitID, "relation": rel}})
	return nil
}

// claimDecided composes the email that tells a member an admin confirmed or rejected their claim to a unit.
func (s *Service) claimDecided(st domain.ReviewStatus) func(domain.Recipient) (domain.Mail, error) {
	kind := KindUnitClaimApproved
	if st == domain.VerificationRejected {
		kind = KindUnitClaimRejected
	}
	link := s.link("/settings/unit-info")
	return func(r domain.Recipient) (domain.Mail, error) {
		return mail.Compose(kind, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName, Unit: r.Unit, Link: link})
	}
}
