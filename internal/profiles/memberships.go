package profiles

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// The memberships of one account (issue #35, ADR 0040): listing them, choosing where a request that names
// no community acts, and leaving one.

// MembershipStore is what memberships need from the database (part of Store).
type MembershipStore interface {
	Memberships(ctx context.Context, userID string) ([]domain.Membership, error)
	CountMembers(ctx context.Context, communityID string) (int, error)
	EndMembership(ctx context.Context, userID, communityID string, at time.Time) (bool, error)
	SetLastCommunity(ctx context.Context, userID, communityID string, at time.Time) error
}

var (
	errNotAMember = domain.ErrNotMember
	errLeaveOther = domain.Errorf(domain.CodeConflict, "Solo puedes salir de la comunidad que tienes abierta")
	errLastAdmin  = domain.Errorf(domain.CodeConflict, "Eres el último administrador: nombra a otro administrador antes de salir de la comunidad")
)

// Memberships lists the actor's communities, each with their role, home unit and unread messages there.
func (s *Service) Memberships(ctx context.Context, a *domain.Actor) ([]domain.Membership, error) {
	return s.store.Memberships(ctx, a.UserID)
}

// OpenCommunity makes communityID, one of the actor's, where their requests that name no community act
// (a new tab, an old link).
func (s *Service) OpenCommunity(ctx context.Context, a *domain.Actor, communityID string) error {
	ok, err := s.store.CommunityHasMember(ctx, communityID, a.UserID)
	if err != nil {
		return err
	}
	if !ok {
		return errCommunityNotFound
	}
	return s.store.SetLastCommunity(ctx, a.UserID, communityID, s.now())
}

// Leave ends the actor's membership of the community they act in, which communityID must name (a tab
// never leaves another community than the one it shows). The account and their other communities stay.
// The last admin of a community with other members must name another admin first.
func (s *Service) Leave(ctx context.Context, a *domain.Actor, communityID string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	if communityID != a.CommunityID {
		return errLeaveOther
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.store.LockCommunity(ctx, a.CommunityID); err != nil {
			return err
		}
		role, err := s.store.RoleOf(ctx, a.UserID, a.CommunityID)
		if err != nil {
			return err
		}
		if role == domain.RoleAdmin {
			admins, err := s.store.CountAdmins(ctx, a.CommunityID)
			if err != nil {
				return err
			}
			members, err := s.store.CountMembers(ctx, a.CommunityID)
			if err != nil {
				return err
			}
			if admins == 1 && members > 1 {
				return errLastAdmin
			}
		}
		ok, err := s.store.EndMembership(ctx, a.UserID, a.CommunityID, s.now())
		if err == nil && !ok {
			err = errNotAMember
		}
		return err
	})
	if err != nil {
		return err
	}
	s.revoked(a.UserID) // their open streams of that community end at once
	s.changed(a.CommunityID, domain.AreaRegistry, a.UserID)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditMemberLeft, TargetKind: "member", TargetID: a.UserID,
		TargetLabel: a.FullName, Before: map[string]any{"role": a.Role}})
	return nil
}
