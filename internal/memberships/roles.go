package memberships

import (
	"context"

	"vecinos/internal/domain"
)

// Admins lists the admins of the actor's community with their unit numbers.
func (s *Service) Admins(ctx context.Context, a *domain.Actor) ([]domain.CommunityAdmin, error) {
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	return s.store.CommunityAdmins(ctx, a.CommunityID)
}

// Roles lists the members of the actor's community with their roles, for admins.
func (s *Service) Roles(ctx context.Context, a *domain.Actor) ([]domain.MemberRole, error) {
	return s.store.CommunityRoles(ctx, a.CommunityID)
}

var (
	errCommunityNotFound = domain.Errorf(domain.CodeNotFound, "No se pudo obtener la comunidad")
	errNotAdmin          = domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden acceder a esta sección")
	errOtherCommunity    = domain.Errorf(domain.CodeForbidden, "No puedes modificar usuarios de otras comunidades")
)

// SetRole changes a member's role: only an admin, never their own, only in their community, and never
// beyond domain.MaxAdmins admins.
func (s *Service) SetRole(ctx context.Context, a *domain.Actor, targetID string, role string) (*domain.MemberRole, error) {
	r := domain.Role(role)
	switch r {
	case domain.RoleAdmin, domain.RoleModerator, domain.RoleUser:
	default:
		return nil, domain.Errorf(domain.CodeInvalid, "Rol desconocido")
	}
	if targetID == a.UserID {
		return nil, domain.Errorf(domain.CodeForbidden, "No puedes modificar tu propio rol")
	}
	var m *domain.MemberRole
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		// The count and the change happen under the community's lock: concurrent promotions cannot overshoot.
		found, err := s.store.LockCommunity(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if !found {
			return errCommunityNotFound
		}
		// The actor must still be an admin when the change happens.
		actor, err := s.store.RoleOf(ctx, a.UserID, a.CommunityID)
		if err != nil {
			return err
		}
		if actor != domain.RoleAdmin {
			return errNotAdmin
		}
		if m, err = s.store.MemberRole(ctx, a.CommunityID, targetID); err != nil {
			return err
		}
		if m == nil {
			return errOtherCommunity
		}
		m.Role = r
		if r == domain.RoleAdmin && m.PreviousRole != domain.RoleAdmin {
			admins, err := s.store.CountAdmins(ctx, a.CommunityID)
			if err != nil {
				return err
			}
			if admins >= domain.MaxAdmins {
				return domain.Errorf(domain.CodeConflict, "No puede haber más de %d administradores en la comunidad", domain.MaxAdmins)
			}
		}
		return s.store.SaveRole(ctx, a.CommunityID, targetID, r, s.now())
	})
	if err != nil {
		return nil, err
	}
	s.revoked(targetID)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditRoleChanged, TargetKind: "member", TargetID: targetID,
		TargetLabel: m.FullName, Before: map[string]any{"role": m.PreviousRole}, After: map[string]any{"role": m.Role}})
	return m, nil
}
