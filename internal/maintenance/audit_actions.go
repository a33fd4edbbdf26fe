package maintenance

import "vecinos/internal/domain"

// The admins' actions this package records in the audit; the web labels each in the feature's catalogue
// (web/src/features/maintenance/audit-actions.ts).
const (
	AuditItemAdded   = "maintenance.added"
	AuditItemEdited  = "maintenance.edited"
	AuditItemDone    = "maintenance.done"
	AuditItemDeleted = "maintenance.deleted"
)

func init() {
	domain.RegisterAuditActions("maintenance", AuditItemAdded, AuditItemEdited, AuditItemDone, AuditItemDeleted)
}
