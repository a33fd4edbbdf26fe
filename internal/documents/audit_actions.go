package documents

import "vecinos/internal/domain"

// The admins' actions this package records in the audit (issue #18); the web labels each in its feature's
// catalogue (web/src/features/*/audit-actions.ts).
const (
	AuditDocumentAdded   = "document.added"
	AuditDocumentEdited  = "document.edited"
	AuditDocumentDeleted = "document.deleted"
)

func init() {
	domain.RegisterAuditActions("documents", AuditDocumentAdded, AuditDocumentEdited, AuditDocumentDeleted)
}
