package memberships

import "vecinos/internal/domain"

// The admins' actions this package records in the audit (issue #18); the web labels each in its feature's
// catalogue (web/src/features/*/audit-actions.ts).
const (
	AuditRoleChanged          = "role.changed"
	AuditCommunityEdited      = "community.edited"
	AuditCommunityAccess      = "community.access" // the code replaced, or approval of who joins with it turned on or off
	AuditVerificationDecided  = "verification.decided"
	AuditJoinRequestDecided   = "join_request.decided"
	AuditOwnerClaimDecided    = "owner_claim.decided"
	AuditResidentClaimDecided = "resident_claim.decided"
	AuditProposedUnitDecided  = "proposed_unit.decided"
	AuditMemberLeft           = "member.left" // a member left the community (ADR 0040); the actor is who left
)

func init() {
	domain.RegisterAuditActions("memberships", AuditRoleChanged, AuditCommunityEdited, AuditCommunityAccess, AuditVerificationDecided, AuditJoinRequestDecided, AuditOwnerClaimDecided, AuditResidentClaimDecided, AuditProposedUnitDecided, AuditMemberLeft)
}
