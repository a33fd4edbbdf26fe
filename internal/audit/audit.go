// Package audit is the record of admin actions (issue #18): who did what, when, to what, with the values
// before and after. Services report their actions through Record; admins read them with List. The store
// keeps it append-only (database triggers refuse updates and early deletions) for 5 years.
package audit

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"vecinos/internal/domain"
)

// Limits of a page.
const (
	DefaultLimit = 50
	MaxLimit     = 200
)

// Store is what the audit needs from the database.
type Store interface {
	RecordAudit(ctx context.Context, e *domain.AuditEntry) error
	AuditLog(ctx context.Context, communityID string, f domain.AuditFilter) ([]domain.AuditEntry, error)
}

// Service is the audit.
type Service struct {
	store Store
	now   func() time.Time
	log   *slog.Logger
}

// New returns the audit; now nil is time.Now, log nil slog.Default().
func New(store Store, now func() time.Time, log *slog.Logger) *Service {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: store, now: now, log: log}
}

// Record appends what a did. Inside the store's InTx it commits with the change; otherwise it follows it.
// A failure is logged and does not undo the action already carried out.
func (s *Service) Record(ctx context.Context, a *domain.Actor, c domain.AuditChange) {
	e := &domain.AuditEntry{ID: domain.NewID(), CommunityID: a.CommunityID, ActorID: &a.UserID, ActorName: actorName(a),
		Action: c.Action, TargetKind: c.TargetKind, TargetID: c.TargetID, TargetLabel: c.TargetLabel,
		Before: marshal(c.Before), After: marshal(c.After), CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	if err := s.store.RecordAudit(ctx, e); err != nil {
		s.log.ErrorContext(ctx, "audit: cannot record an admin action", "action", c.Action, "target", c.TargetID, "err", err)
	}
}

func marshal(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return nil
	}
	return b
}

// ListInput are the filters as the API receives them.
type ListInput struct {
	Action  string
	ActorID string
	From    *time.Time
	To      *time.Time
	Limit   int
	Cursor  string
}

// List returns a page of a's community's records, newest first; admins only.
func (s *Service) List(ctx context.Context, a *domain.Actor, in ListInput) (*domain.Page[domain.AuditEntry], error) {
	if in.Action != "" && !domain.IsAuditAction(in.Action) {
		return nil, domain.Errorf(domain.CodeInvalid, "La acción no es válida")
	}
	after, err := domain.ParseCursor(in.Cursor)
	if err != nil {
		return nil, err
	}
	limit := domain.PageLimit(in.Limit, DefaultLimit, MaxLimit)
	items, err := s.store.AuditLog(ctx, a.CommunityID, domain.AuditFilter{Action: in.Action, ActorID: in.ActorID, From: in.From, To: in.To,
		After: after, Limit: limit + 1})
	if err != nil {
		return nil, err
	}
	return domain.NextPage(items, limit, func(e domain.AuditEntry) domain.Cursor { return domain.Cursor{At: e.CreatedAt, ID: e.ID} }), nil
}

// actorName is who the record names: the member, or the staff member with their organisation (ADR 0045).
func actorName(a *domain.Actor) string {
	if a.IsStaff() {
		return a.FullName + " (" + a.OrganisationName + ")"
	}
	return a.FullName
}
