package voting

import "vecinos/internal/domain"

// The admins' actions this package records in the audit (issue #18); the web labels each in its feature's
// catalogue (web/src/features/*/audit-actions.ts).
const (
	AuditPollCreated   = "poll.created"
	AuditPollEdited    = "poll.edited"
	AuditPollPublished = "poll.published"
	AuditPollClosed    = "poll.closed"
	AuditPollDeleted   = "poll.deleted"
)

func init() {
	domain.RegisterAuditActions("voting", AuditPollCreated, AuditPollEdited, AuditPollPublished, AuditPollClosed, AuditPollDeleted)
}
