package domain

import (
	"context"
	"encoding/json"
	"time"
)

// Audit actions: what an admin did (issue #18). Each record keeps who, when, on what, and the values
// before and after.
const (
	AuditRoleChanged          = "role.changed"
	AuditCommunityEdited      = "community.edited"
	AuditCommunityAccess      = "community.access" // the code replaced, or approval of who joins with it turned on or off
	AuditUnitAdded            = "unit.added"
	AuditUnitEdited           = "unit.edited"
	AuditUnitsMerged          = "unit.merged"
	AuditUnitRemoved          = "unit.removed"
	AuditUnitsImported        = "units.imported"
	AuditVerificationDecided  = "verification.decided"
	AuditJoinRequestDecided   = "join_request.decided"
	AuditOwnerClaimDecided    = "owner_claim.decided"
	AuditResidentClaimDecided = "resident_claim.decided"
	AuditProposedUnitDecided  = "proposed_unit.decided"
	AuditContentDeleted       = "content.deleted"
	AuditFacilityCreated      = "facility.created"
	AuditFacilityEdited       = "facility.edited"
	AuditFacilityArchived     = "facility.archived"
	AuditReservationDecided   = "reservation.decided"
	AuditDocumentAdded        = "document.added"
	AuditDocumentEdited       = "document.edited"
	AuditDocumentDeleted      = "document.deleted"
	AuditPollCreated          = "poll.created"
	AuditPollEdited           = "poll.edited"
	AuditPollPublished        = "poll.published"
	AuditPollClosed           = "poll.closed"
	AuditPollDeleted          = "poll.deleted"
	AuditMemberLeft           = "member.left" // a member left the community (ADR 0040); the actor is who left
)

// AuditActions are the actions in the order the filter lists them.
var AuditActions = []string{AuditRoleChanged, AuditCommunityEdited, AuditCommunityAccess, AuditUnitAdded, AuditUnitEdited, AuditUnitsMerged,
	AuditUnitRemoved, AuditUnitsImported, AuditVerificationDecided, AuditJoinRequestDecided, AuditOwnerClaimDecided,
	AuditResidentClaimDecided, AuditProposedUnitDecided, AuditContentDeleted, AuditFacilityCreated, AuditFacilityEdited,
	AuditFacilityArchived, AuditReservationDecided, AuditDocumentAdded, AuditDocumentEdited, AuditDocumentDeleted,
	AuditPollCreated, AuditPollEdited, AuditPollPublished, AuditPollClosed, AuditPollDeleted, AuditMemberLeft,
	// internal/money's (its Audit… constants; a test there keeps both lists the same)
	"money.settings.edited", "money.group.created", "money.group.edited", "money.group.deleted", "money.budget.created",
	"money.budget.edited", "money.budget.approved", "money.receipts.issued", "money.payment.recorded", "money.correction.posted",
	"money.certificate.requested", "money.certificate.issued", "money.receipts.shared", "money.receipts.unshared",
	"money.sepa_settings.edited", "money.mandate.signed", "money.mandate.revoked", "money.mandate.paused", "money.remittance.created", "money.debit.returned",
	"money.receipt.compensated", "money.derrama.created", "money.derrama.issued",
	"money.credit.applied", "money.account.created", "money.account.edited", "money.expense.created", "money.expense.invoice",
	"money.expense.payment", "money.statement.imported", "money.movement.reconciled",
	"money.year.closed", "money.accounts.approved", "money.closed_year.corrected",
	// internal/juntas's (its Audit… constants)
	"junta.created", "junta.edited", "junta.deleted", "junta.convened", "junta.held", "junta.acta_signed", "junta.proxy_checked",
	// internal/organisations's (its Audit… constants): the community's processor (ADR 0045)
	"processor.invited", "processor.accepted", "processor.revoked"}

// AuditRetention is how long records are kept.
const AuditRetention = 5 * 365 * 24 * time.Hour

// AuditEntry is one recorded admin action. Before and After are JSON objects (nil: nothing, as before a
// creation or after a deletion).
type AuditEntry struct {
	ID          string
	CommunityID string
	ActorID     *string
	ActorName   string
	Action      string
	TargetKind  string // "member", "community", "unit", "incident"…
	TargetID    string
	TargetLabel string // what the admin saw: a name, a unit, a title
	Before      json.RawMessage
	After       json.RawMessage
	CreatedAt   time.Time
}

// AuditChange is what a service reports of an action it carried out; the audit adds who and when.
type AuditChange struct {
	Action      string
	TargetKind  string
	TargetID    string
	TargetLabel string
	Before      any // marshalled to JSON; nil: nothing
	After       any
}

// AuditFilter selects records, newest first.
type AuditFilter struct {
	Action  string
	ActorID string
	From    *time.Time
	To      *time.Time
	After   *Cursor
	Limit   int
}

// Auditor records what an admin did; a nil Auditor records nothing (a service built without the audit).
type Auditor func(ctx context.Context, a *Actor, c AuditChange)

// Record reports c, done by a.
func (f Auditor) Record(ctx context.Context, a *Actor, c AuditChange) {
	if f != nil {
		f(ctx, a, c)
	}
}
