package httpapi

import (
	"context"
	"encoding/json"
	"time"

	"vecinos/internal/audit"
	"vecinos/internal/domain"
)

// AuditRecord is one admin action of the community's audit.
type AuditRecord struct {
	ID          string          `json:"id"`
	ActorID     *string         `json:"actorId"`
	ActorName   string          `json:"actorName"`
	Action      string          `json:"action" doc:"role.changed, community.edited, unit.added… (the filter's list)"`
	TargetKind  string          `json:"targetKind" doc:"member, community, unit, registry, incident, event, announcement…"`
	TargetID    string          `json:"targetId"`
	TargetLabel string          `json:"targetLabel"`
	Before      json.RawMessage `json:"before,omitempty" doc:"The values before (an object); absent for a creation"`
	After       json.RawMessage `json:"after,omitempty" doc:"The values after (an object); absent for a deletion"`
	CreatedAt   time.Time       `json:"createdAt"`
}

// AuditPage is a page of the audit, newest first.
type AuditPage struct {
	Items      []AuditRecord `json:"items"`
	NextCursor *string       `json:"nextCursor"`
}

type auditPageOutput struct{ Body AuditPage }

type listAuditInput struct {
	Action string    `query:"action" maxLength:"64" doc:"Only this action"`
	Actor  string    `query:"actor" maxLength:"64" doc:"Only this admin's actions"`
	From   time.Time `query:"from" doc:"From this moment (RFC 3339)"`
	To     time.Time `query:"to" doc:"Before this moment (RFC 3339)"`
	Limit  int       `query:"limit" minimum:"1" maximum:"200" default:"50"`
	Cursor string    `query:"cursor" maxLength:"200" doc:"nextCursor of the previous page"`
}

func (s *server) listAudit(ctx context.Context, in *listAuditInput) (*auditPageOutput, error) {
	a := actor(ctx)
	q := audit.ListInput{Action: in.Action, ActorID: in.Actor, Limit: in.Limit, Cursor: in.Cursor}
	if !in.From.IsZero() {
		q.From = &in.From
	}
	if !in.To.IsZero() {
		q.To = &in.To
	}
	p, err := s.Audit.List(ctx, a, q)
	if err != nil {
		return nil, err
	}
	out := &auditPageOutput{Body: AuditPage{Items: make([]AuditRecord, len(p.Items))}}
	for i, e := range p.Items {
		out.Body.Items[i] = auditRecordOf(&e)
	}
	if p.NextCursor != "" {
		out.Body.NextCursor = &p.NextCursor
	}
	return out, nil
}

func auditRecordOf(e *domain.AuditEntry) AuditRecord {
	return AuditRecord{ID: e.ID, ActorID: e.ActorID, ActorName: e.ActorName, Action: e.Action, TargetKind: e.TargetKind,
		TargetID: e.TargetID, TargetLabel: e.TargetLabel, Before: e.Before, After: e.After, CreatedAt: e.CreatedAt}
}
