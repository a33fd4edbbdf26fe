// Package memberships runs a person's belonging to a community (ADR 0040): the list of their communities,
// opening and leaving one, their units there and their claims to them, their verification, and what the
// admins decide about who belongs: the community's data and code, the roles, the join requests, owner
// and resident claims, the units members proposed and the verification queue. The onboarding wizard
// (internal/onboarding) places a new member through it; the person's own profile is internal/profiles.
package memberships

import (
	"context"
	"time"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
	"vecinos/internal/files"
)

// Store is what the service needs from the database.
type Store interface {
	SharedCommunity(ctx context.Context, viewerID, ownerID string) (string, domain.Role, error)

	CommunityByID(ctx context.Context, id string) (*domain.Community, error) // nil: none
	UpdateCommunity(ctx context.Context, c *domain.Community, now time.Time, referenceTaken error) (bool, error)
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	CommunityForUpdate(ctx context.Context, id string) (*domain.Community, error) // nil: none
	SaveCommunityCode(ctx context.Context, c *domain.Community, next string, now time.Time) (bool, error)
	CommunityAdmins(ctx context.Context, communityID string) ([]domain.CommunityAdmin, error)
	CommunityRoles(ctx context.Context, communityID string) ([]domain.MemberRole, error)
	LockCommunity(ctx context.Context, communityID string) (bool, error)
	RoleOf(ctx context.Context, userID, communityID string) (domain.Role, error)
	MemberRole(ctx context.Context, communityID, userID string) (*domain.MemberRole, error)
	CountAdmins(ctx context.Context, communityID string) (int, error)
	SaveRole(ctx context.Context, communityID, userID string, role domain.Role, at time.Time) error

	UnitOfCommunity(ctx context.Context, communityID, id string) (*domain.Unit, error)
	UnitAtFloorDoor(ctx context.Context, communityID, floor, door string) (*domain.Unit, error)
	UnitNamed(ctx context.Context, communityID, number string, floor, building *string) (*domain.Unit, error)
	InsertUnit(ctx context.Context, u *domain.Unit, at time.Time) error
	RenameUnit(ctx context.Context, id, number string, floor, building *string, at time.Time) error
	TakeUnitOwnership(ctx context.Context, unitID, userID string, at time.Time) (bool, error)
	InsertOwnerClaim(ctx context.Context, userID, communityID, unitID string, at time.Time) error
	DropHomeOwnerClaims(ctx context.Context, userID, communityID string) error
	MoveIn(ctx context.Context, userID, unitID string, step domain.OnboardingStep, at time.Time) error
	StepOnboarding(ctx context.Context, userID string, step domain.OnboardingStep, at time.Time) error
	MyUnit(ctx context.Context, userID, communityID string) (*domain.UnitView, error)
	MemberUnits(ctx context.Context, userID, communityID string) ([]domain.MemberUnit, error)
	OwnsUnit(ctx context.Context, userID, communityID string) (bool, error)
	HasUnit(ctx context.Context, userID, unitID string) (bool, error)
	InsertMemberUnit(ctx context.Context, unitID, userID string, relation domain.UnitRelation, at time.Time) error
	InsertConfirmedMemberUnit(ctx context.Context, unitID, userID string, relation domain.UnitRelation, at time.Time) error
	DeleteMemberUnit(ctx context.Context, userID, communityID, unitID string) (bool, error)
	DropOwnerClaim(ctx context.Context, userID, unitID string) error
	ReleaseUnitOwnership(ctx context.Context, unitID, userID string, at time.Time) error
	ConfirmMemberUnit(ctx context.Context, unitID, userID, reviewerID string, relation domain.UnitRelation, at time.Time) error
	DropOwnerMembership(ctx context.Context, unitID, userID string) error
	ResidentClaims(ctx context.Context, communityID string) ([]domain.UnitResidentClaim, error)
	ResidentClaimUnit(ctx context.Context, communityID, unitID, userID string) (string, bool, error)

	JoinRequests(ctx context.Context, communityID string, status domain.ReviewStatus) ([]domain.JoinRequest, error)
	JoinRequestForUpdate(ctx context.Context, communityID, id string) (*domain.JoinRequest, error)
	SaveJoinReview(ctx context.Context, r *domain.JoinRequest, reviewerID string) error
	JoinCommunity(ctx context.Context, userID, communityID string, at time.Time) error
	AcceptInvitations(ctx context.Context, userID, communityID string, at time.Time) error
	OwnerInvitationUnits(ctx context.Context, userID, communityID string, now time.Time) ([]string, error)
	OwnerClaims(ctx context.Context, communityID string, status domain.ReviewStatus) ([]domain.OwnerClaim, error)
	HasOwnerClaim(ctx context.Context, userID, unitID string) (bool, error)
	OwnerClaimForUpdate(ctx context.Context, communityID, id string) (*domain.OwnerClaim, error)
	SaveOwnerClaimReview(ctx context.Context, o *domain.OwnerClaim, reviewerID string) error
	ProposedUnits(ctx context.Context, communityID string) ([]domain.ProposedUnit, error)
	ProposedUnitForUpdate(ctx context.Context, communityID, id string) (*domain.ProposedUnit, error)
	AcceptProposedUnit(ctx context.Context, id string, at time.Time) error
	DeleteProposedUnit(ctx context.Context, id string) error
	MemberRecipient(ctx context.Context, userID, communityID string) (*domain.Recipient, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error

	CommunityHasMember(ctx context.Context, communityID, userID string) (bool, error)
	CommunityHasUnit(ctx context.Context, communityID, unitID string) (bool, error)
	InsertVerificationCode(ctx context.Context, hash, communityID, createdBy, userID, unitID string, now, expires time.Time) error
	ConfirmVerifiedOwner(ctx context.Context, userID, communityID, unitID string, reviewerID *string, now time.Time) error
	VerificationOf(ctx context.Context, userID, communityID string) (*domain.VerificationRequest, bool, error)
	Verifications(ctx context.Context, communityID string, status domain.VerificationStatus) ([]domain.VerificationRequest, error)
	VerificationForUpdate(ctx context.Context, id, communityID string) (*domain.VerificationRequest, error) // nil: none
	SaveVerificationReview(ctx context.Context, v *domain.VerificationRequest, status domain.VerificationStatus, note *string, reviewerID string, now time.Time) error

	Memberships(ctx context.Context, userID string) ([]domain.Membership, error)
	CountMembers(ctx context.Context, communityID string) (int, error)
	EndMembership(ctx context.Context, userID, communityID string, at time.Time) (bool, error)
	SetLastCommunity(ctx context.Context, userID, communityID string, at time.Time) error
}

// Service is the memberships service.
type Service struct {
	store     Store
	files     files.Storage // nil: reviewed verification documents are not erased
	now       func() time.Time
	publicURL string
	mailWake  func()

	revoked func(userID string)
	audit   domain.Auditor
	changed func(communityID, area, id string)
}

// Options configure the service.
type Options struct {
	Files     files.Storage    // where uploads live, to erase a reviewed verification document; may be nil
	Now       func() time.Time // the clock; nil = time.Now
	PublicURL string           // base of the link in the emails that tell a member how an admin decided
	MailWake  func()           // tells the mail worker there is mail; nil = it finds it on its next poll

	// Revoked is called after a member's role changed, they left or joined, or opened another community
	// (their realtime streams re-check their access, every instance forgets their cached sessions); may
	// be nil.
	Revoked func(userID string)
	// Audit records the admins' actions (roles, the community, decisions on requests and claims); may be nil.
	Audit domain.Auditor
	// Changed is called after a change of the registry's claims committed (area domain.AreaUnits), so
	// that the open screens of the community refetch them (ADR 0006 addendum); may be nil.
	Changed func(communityID, area, id string)
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	if o.Revoked == nil {
		o.Revoked = func(string) {}
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: store, files: o.Files, now: o.Now, publicURL: o.PublicURL, mailWake: o.MailWake,
		revoked: o.Revoked, audit: o.Audit, changed: o.Changed}
}

// The memberships of one account (issue #35, ADR 0040): listing them, choosing where a request that names
// no community acts, and leaving one.

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
	if err := s.store.SetLastCommunity(ctx, a.UserID, communityID, s.now()); err != nil {
		return err
	}
	s.revoked(a.UserID) // what their requests that name no community resolve to changed
	return nil
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
	s.changed(a.CommunityID, domain.AreaUnits, a.UserID)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditMemberLeft, TargetKind: "member", TargetID: a.UserID,
		TargetLabel: a.FullName, Before: map[string]any{"role": a.Role}})
	return nil
}

// SharedCommunity is a community both viewerID and ownerID belong to, one the viewer administers first,
// with the viewer's role there; "" when none: who may see the owner's private files.
func (s *Service) SharedCommunity(ctx context.Context, viewerID, ownerID string) (string, domain.Role, error) {
	return s.store.SharedCommunity(ctx, viewerID, ownerID)
}
