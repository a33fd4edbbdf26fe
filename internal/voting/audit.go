package voting

import (
	"context"
	"time"
	_ "time/tzdata" // the zones are in the binary: dates read right on machines without a zoneinfo database

	"vecinos/internal/domain"
)

// pollAudit is a poll as the audit of admin actions records it, before and after a change (ADR 0025).
type pollAudit struct {
	Kind         domain.PollKind     `json:"kind"`
	Title        string              `json:"title"`
	Description  string              `json:"description,omitempty"`
	Status       domain.PollStatus   `json:"status"`
	Options      []string            `json:"options"`
	OpensAt      *time.Time          `json:"opensAt,omitempty"`
	ClosesAt     time.Time           `json:"closesAt"`
	Quorum       int                 `json:"quorum"`
	Secret       bool                `json:"secret"`
	AllowChange  bool                `json:"allowChange"`
	Majority     domain.Majority     `json:"majority,omitempty"`
	Convocatoria domain.Convocatoria `json:"convocatoria,omitempty"`
	JuntaDate    *time.Time          `json:"juntaDate,omitempty"`
	AbsentFavour bool                `json:"absentFavour,omitempty"`
}

func auditOf(p *domain.Poll) *pollAudit {
	out := &pollAudit{Kind: p.Kind, Title: p.Title, Description: p.Description, Status: p.Status, OpensAt: p.OpensAt, ClosesAt: p.ClosesAt,
		Quorum: p.Quorum, Secret: p.Secret, AllowChange: p.AllowChange, Majority: p.Majority, Convocatoria: p.Convocatoria,
		JuntaDate: p.JuntaDate, AbsentFavour: p.AbsentFavour, Options: make([]string, len(p.Options))}
	for i, o := range p.Options {
		out.Options[i] = o.Text
		if o.Choice != "" {
			out.Options[i] += " (" + string(o.Choice) + ")"
		}
	}
	return out
}

// deprivationAudit is a unit's vote in a poll (art. 15.2), before and after an admin changed it.
type deprivationAudit struct {
	Unit           string  `json:"unit"`
	DeprivedReason *string `json:"deprivedReason"`
}

// record reports an admin's change of a poll to the audit.
func (s *Service) record(ctx context.Context, a *domain.Actor, action string, p *domain.Poll, before, after any) {
	s.audit.Record(ctx, a, domain.AuditChange{Action: action, TargetKind: "poll", TargetID: p.ID, TargetLabel: p.Title, Before: before, After: after})
}

// zone is the time zone of communityID (the setting of reservations), the default when it cannot be read.
func (s *Service) zone(ctx context.Context, communityID string) *time.Location {
	name, err := s.store.CommunityTimeZone(ctx, communityID)
	if err != nil {
		name = ""
	}
	return domain.Location(name)
}

// juntaDay is the junta a vote belongs to: its day in the community's time zone ('2026-11-24'); empty
// for a consulta.
func (s *Service) juntaDay(ctx context.Context, p *domain.Poll) string {
	if p.Kind != domain.PollJunta || p.JuntaDate == nil {
		return ""
	}
	return p.JuntaDate.In(s.zone(ctx, p.CommunityID)).Format("2006-01-02")
}

// dateTime writes an instant as a Spanish reader expects it, in the community's time zone: '24/12/2026, 18:00'.
func dateTime(t time.Time, loc *time.Location) string { return t.In(loc).Format("02/01/2006, 15:04") }
