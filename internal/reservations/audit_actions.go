package reservations

import "vecinos/internal/domain"

// The admins' actions this package records in the audit (issue #18); the web labels each in its feature's
// catalogue (web/src/features/*/audit-actions.ts).
const (
	AuditFacilityCreated    = "facility.created"
	AuditFacilityEdited     = "facility.edited"
	AuditFacilityArchived   = "facility.archived"
	AuditReservationDecided = "reservation.decided"
)

func init() {
	domain.RegisterAuditActions("reservations", AuditFacilityCreated, AuditFacilityEdited, AuditFacilityArchived, AuditReservationDecided)
}
