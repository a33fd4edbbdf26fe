package juntas

import "vecinos/internal/domain"

// The audit actions this package records; the web labels each in the juntas feature's catalogue
// (web/src/features/juntas/audit-actions.ts).
func init() {
	domain.RegisterAuditActions("juntas", AuditCreated, AuditEdited, AuditDeleted, AuditConvened, AuditHeld, AuditSigned,
		AuditProxyChecked)
}
