package domain

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"
)

// AuditContentDeleted is the one audit action several features record (an admin deleted a member's post,
// event, message or announcement), so the domain registers it. Every other action is a constant of the
// feature that records it, registered from that feature's init (RegisterAuditActions).
const AuditContentDeleted = "content.deleted"

func init() { RegisterAuditActions("domain", AuditContentDeleted) }

// auditActions are the actions the audit records (issue #18: who, when, on what, the values before and
// after), each with the package that registered it. Like the message catalogues (ADR 0039) each feature
// registers its own from init, so a new action touches only its feature's folder; they are written only
// before main or any test starts.
var auditActions = actionOwners{}

type actionOwners map[string]string

// add registers owner's actions, refusing one another package (or owner itself) registered: the filter
// would list it twice and the web's label of it would belong to one of the two.
func (o actionOwners) add(owner string, actions []string) error {
	seen := map[string]bool{}
	for _, a := range actions {
		if prev, ok := o[a]; ok || seen[a] {
			if !ok {
				prev = owner
			}
			return fmt.Errorf("the audit action %q is registered by both %s and %s", a, prev, owner)
		}
		seen[a] = true
	}
	for _, a := range actions {
		o[a] = owner
	}
	return nil
}

// RegisterAuditActions adds the audit actions the package owner records. Call it from init; it panics on
// an action already registered, so every binary and test binary fails at start.
func RegisterAuditActions(owner string, actions ...string) {
	if err := auditActions.add(owner, actions); err != nil {
		panic(err)
	}
}

// AuditActions returns every registered action, sorted, with the package that registered each: the
// actions the audit's filter accepts (internal/app's tests check the web labels every one of them).
func AuditActions() ([]string, map[string]string) {
	return slices.Sorted(maps.Keys(auditActions)), maps.Clone(auditActions)
}

// IsAuditAction reports whether some feature registered the action.
func IsAuditAction(action string) bool {
	_, ok := auditActions[action]
	return ok
}

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
