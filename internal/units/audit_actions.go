package units

import "vecinos/internal/domain"

// The admins' actions this package records in the audit (issue #18); the web labels each in its feature's
// catalogue (web/src/features/*/audit-actions.ts).
const (
	AuditUnitAdded     = "unit.added"
	AuditUnitEdited    = "unit.edited"
	AuditUnitsMerged   = "unit.merged"
	AuditUnitRemoved   = "unit.removed"
	AuditUnitsImported = "units.imported"
)

func init() {
	domain.RegisterAuditActions("units", AuditUnitAdded, AuditUnitEdited, AuditUnitsMerged, AuditUnitRemoved, AuditUnitsImported)
}
