package profiles

import (
	"context"

	"vecinos/internal/domain"
)

// MyUnits lists the actor's units in their community: the primary one first, then further ones, each
// with how they belong to it and whether that is confirmed.
func (s *Service) MyUnits(ctx context.Context, a *domain.Actor) ([]domain.MemberUnit, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.MemberUnits(ctx, a.UserID, a.CommunityID)
}

// AddMyUnit adds a further unit of the actor's community registry to their units. Saying they own it is
// a claim for an admin (or their level-2 verification) to confirm; until then it gives no owner rights.
func (s *Service) AddMyUnit(ctx context.Context, a *domain.Actor, unitID string, owner bool) ([]domain.MemberUnit, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if unitID == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "Elige una vivienda de la lista")
	}
	if err := s.store.AddMemberUnit(ctx, a.UserID, a.CommunityID, unitID, owner, s.now()); err != nil {
		return nil, err
	}
	return s.store.MemberUnits(ctx, a.UserID, a.CommunityID)
}

// RemoveMyUnit drops a further unit of the actor; the primary one is changed in 'Mi vivienda'.
func (s *Service) RemoveMyUnit(ctx context.Context, a *domain.Actor, unitID string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	return s.store.RemoveMemberUnit(ctx, a.UserID, a.CommunityID, unitID, s.now())
}

// ResidentClaims lists the pending claims of the admin's community's members to live in a further unit.
func (s *Service) ResidentClaims(ctx context.Context, a *domain.Actor) ([]domain.UnitResidentClaim, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	return s.store.ResidentClaims(ctx, a.CommunityID)
}

// ReviewResidentClaim confirms or rejects a member's pending claim to live in a further unit.
func (s *Service) ReviewResidentClaim(ctx context.Context, a *domain.Actor, unitID, userID, decided string) error {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return err
	}
	st, _, err := decision(decided, "")
	if err != nil {
		return err
	}
	if err := s.store.ReviewResidentClaim(ctx, a.CommunityID, unitID, userID, a.UserID, st, s.now()); err != nil {
		return err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: domain.AuditResidentClaimDecided, TargetKind: "member", TargetID: userID,
		Before: map[string]any{"status": domain.VerificationPending, "unitId": unitID}, After: map[string]any{"status": st, "unitId": unitID}})
	return nil
}
