package juntas

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// The admins' steps the audit records (registered in audit_actions.go).
const (
	AuditCreated  = "junta.created"
	AuditEdited   = "junta.edited"
	AuditDeleted  = "junta.deleted"
	AuditConvened = "junta.convened"
	AuditHeld     = "junta.held"
	AuditSigned   = "junta.acta_signed"
)

func (s *Service) record(ctx context.Context, a *domain.Actor, action string, j *domain.Junta) {
	if s.audit == nil || j == nil {
		return
	}
	s.audit(ctx, a, domain.AuditChange{Action: action, TargetKind: "junta", TargetID: j.ID, TargetLabel: s.title(ctx, j, domain.Spanish),
		After: map[string]any{"kind": j.Kind, "status": j.Status, "firstCall": j.FirstCall, "points": len(j.Points)}})
}

// zone is the community's time zone, the default when it cannot be read.
func (s *Service) zone(ctx context.Context, communityID string) *time.Location {
	name, err := s.store.CommunityTimeZone(ctx, communityID)
	if err != nil {
		name = ""
	}
	return domain.Location(name)
}

// title names a junta: 'Junta ordinaria del 12/03/2027'.
func (s *Service) title(ctx context.Context, j *domain.Junta, lang domain.Language) string {
	day := j.FirstCall.In(s.zone(ctx, j.CommunityID)).Format("02/01/2006")
	if j.Kind == domain.JuntaOrdinaria {
		return domain.Localized(lang, "Junta ordinaria del ", "Junta ordinària del ", "Ordinary meeting of ") + day
	}
	return domain.Localized(lang, "Junta extraordinaria del ", "Junta extraordinària del ", "Extraordinary meeting of ") + day
}

func dateTime(t time.Time, loc *time.Location) string { return t.In(loc).Format("02/01/2006, 15:04") }
