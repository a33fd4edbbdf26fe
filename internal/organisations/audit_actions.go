package organisations

import "vecinos/internal/domain"

// The audit actions this package records (the community's processor, ADR 0045); the web labels each in
// the despacho feature's catalogue (web/src/features/despacho/audit-actions.ts).
func init() {
	domain.RegisterAuditActions("organisations", AuditProcessorInvited, AuditProcessorAccepted, AuditProcessorRevoked,
		AuditCommunityCreated, AuditOwnersImported)
}
