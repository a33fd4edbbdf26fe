package juntas

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// Attendance: the secretary marks each owner present, represented (by whom) or absent, from the hour of
// the first convocatoria until the acta is signed; the panel adds up owners and cuotas and tells whether
// the quorum of the first convocatoria is met.

// Quorum is the count of those present and represented against the whole community.
type Quorum struct {
	Owners, OwnersIn int                // owners (a unit without an owner in the app counts as one)
	Cuota, CuotaIn   domain.Coefficient // cuotas
	Met              bool               // first convocatoria: a majority of owners that also holds a majority of cuotas (art. 16.2)
}

// Share is one owner's weight in the count and whether they are present or represented.
type Share struct {
	Cuota     domain.Coefficient
	Attending bool
}

// QuorumOf counts shares: the first convocatoria needs more than half the owners, and that those hold
// more than half the cuotas. A second convocatoria needs no quorum.
func QuorumOf(shares []Share) Quorum {
	var q Quorum
	for _, s := range shares {
		q.Owners++
		q.Cuota += s.Cuota
		if s.Attending {
			q.OwnersIn++
			q.CuotaIn += s.Cuota
		}
	}
	q.Met = q.Owners > 0 && q.OwnersIn*2 > q.Owners && q.CuotaIn*2 > q.Cuota
	return q
}

// Attendee is an owner in the panel.
type Attendee struct {
	domain.JuntaOwner
	Status         domain.Attendance // empty until marked
	Representative string
	Proxy          *domain.JuntaProxy // the representation they gave for the junta, if any
}

// Panel is the live attendance of a junta.
type Panel struct {
	Attendees []Attendee
	Ownerless []domain.JuntaOwnerlessUnit
	Quorum    Quorum
	Begun     bool // the first convocatoria's hour has come: attendance can be recorded
	Locked    bool // the acta is signed
}

// Attendance is the panel; admins only.
func (s *Service) Attendance(ctx context.Context, a *domain.Actor, id string) (*Panel, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	return s.panel(ctx, j)
}

func (s *Service) panel(ctx context.Context, j *domain.Junta) (*Panel, error) {
	owners, ownerless, err := s.store.JuntaOwners(ctx, j.CommunityID)
	if err != nil {
		return nil, err
	}
	marks, err := s.store.JuntaAttendance(ctx, j.ID)
	if err != nil {
		return nil, err
	}
	proxies, err := s.store.JuntaProxies(ctx, j.ID)
	if err != nil {
		return nil, err
	}
	p := &Panel{Ownerless: ownerless, Begun: !s.now().Before(j.FirstCall) && j.Status != domain.JuntaDraft,
		Locked: j.Status == domain.JuntaSigned, Attendees: []Attendee{}}
	shares := make([]Share, 0, len(owners)+len(ownerless))
	for _, o := range owners {
		at := Attendee{JuntaOwner: o}
		if i := slices.IndexFunc(marks, func(m domain.JuntaAttendance) bool { return m.OwnerID == o.UserID }); i >= 0 {
			at.Status, at.Representative = marks[i].Status, marks[i].Representative
		}
		if i := slices.IndexFunc(proxies, func(p domain.JuntaProxy) bool { return p.OwnerID == o.UserID }); i >= 0 {
			at.Proxy = &proxies[i]
		}
		p.Attendees = append(p.Attendees, at)
		shares = append(shares, Share{Cuota: o.Cuota, Attending: attending(at.Status)})
	}
	for _, u := range ownerless {
		shares = append(shares, Share{Cuota: u.Cuota})
	}
	p.Quorum = QuorumOf(shares)
	return p, nil
}

func attending(a domain.Attendance) bool {
	return a == domain.AttendancePresent || a == domain.AttendanceRepresented
}

// Mark is one owner's attendance as the secretary records it.
type Mark struct {
	OwnerID        string
	Status         domain.Attendance
	Representative string // represented: by whom
}

// SetAttendance records an owner's attendance; admins only, from the hour of the first convocatoria of a
// convened or held junta, never once its acta is signed.
func (s *Service) SetAttendance(ctx context.Context, a *domain.Actor, id string, m Mark) (*Panel, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	m.Representative = strings.TrimSpace(m.Representative)
	switch {
	case m.Status != domain.AttendancePresent && m.Status != domain.AttendanceRepresented && m.Status != domain.AttendanceAbsent:
		return nil, domain.Errorf(domain.CodeInvalid, "La asistencia es presente, representado o ausente")
	case m.Status == domain.AttendanceRepresented && m.Representative == "":
		return nil, domain.Errorf(domain.CodeInvalid, "Indica quién representa al propietario")
	case utf8.RuneCountInString(m.Representative) > maxRepresented:
		return nil, domain.Errorf(domain.CodeInvalid, "El nombre del representante no puede superar los %d caracteres", maxRepresented)
	}
	if m.Status != domain.AttendanceRepresented {
		m.Representative = ""
	}
	var j *domain.Junta
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if j, err = s.lock(ctx, a.CommunityID, id); err != nil {
			return err
		}
		now := s.stamp()
		switch {
		case j.Status == domain.JuntaSigned:
			return domain.Errorf(domain.CodeConflict, "El acta ya está firmada: la asistencia no se puede cambiar")
		case j.Status == domain.JuntaDraft:
			return errNotConvened
		case now.Before(j.FirstCall):
			return errNotBegun
		}
		owners, _, err := s.store.JuntaOwners(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(owners, func(o domain.JuntaOwner) bool { return o.UserID == m.OwnerID }) {
			return domain.Errorf(domain.CodeInvalid, "Esa persona no es propietaria de ninguna vivienda de la comunidad")
		}
		if err := s.store.SetJuntaAttendance(ctx, j.ID, domain.JuntaAttendance{OwnerID: m.OwnerID, Status: m.Status,
			Representative: m.Representative, RecordedBy: &a.UserID, RecordedAt: now}); err != nil {
			return err
		}
		// A change of the attendance changes the acta drafted from it: its signatures no longer hold.
		_, err = s.store.ClearJuntaSignatures(ctx, j.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, id)
	return s.panel(ctx, j)
}

// Hold constitutes the junta: admins only, from the hour of the first convocatoria. It is held in first
// convocatoria when its quorum is met, otherwise in second (from its hour). The votes of its agreement
// points open then.
func (s *Service) Hold(ctx context.Context, a *domain.Actor, id string) (*domain.Junta, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	j, err := s.change(ctx, a, id, AuditHeld, func(ctx context.Context, j *domain.Junta, now time.Time) error {
		if j.Status != domain.JuntaConvened {
			return errNotConvened
		}
		if now.Before(j.FirstCall) {
			return errNotBegun
		}
		p, err := s.panel(ctx, j)
		if err != nil {
			return err
		}
		switch {
		case p.Quorum.Met:
			j.HeldCall = domain.FirstCall
		case !now.Before(j.SecondCall):
			j.HeldCall = domain.SecondCall
		default:
			return domain.Errorf(domain.CodeConflict,
				"No hay quórum en primera convocatoria: la junta puede constituirse en segunda convocatoria desde las %s",
				j.SecondCall.In(s.zone(ctx, j.CommunityID)).Format("15:04"))
		}
		if p.Quorum.OwnersIn == 0 {
			return domain.Errorf(domain.CodeConflict, "No hay ningún propietario presente ni representado")
		}
		j.Status, j.HeldAt = domain.JuntaHeld, &now
		for _, pt := range j.Points {
			if pt.PollID == nil {
				continue
			}
			poll, err := s.store.PollForUpdate(ctx, j.CommunityID, *pt.PollID, now)
			if err != nil {
				return err
			}
			if poll != nil && poll.Status == domain.PollDraft {
				poll.Convocatoria, poll.UpdatedAt = j.HeldCall, now
				if poll.ClosesAt.Before(now.Add(votesOpenFor)) {
					poll.ClosesAt = now.Add(votesOpenFor)
				}
				if err := s.store.SavePoll(ctx, poll); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, pt := range j.Points {
		if pt.PollID != nil && s.polls != nil {
			if _, err := s.polls.Publish(ctx, a, *pt.PollID); err != nil && domain.ErrorCode(err) != domain.CodeConflict {
				return nil, err
			}
		}
	}
	return j, nil
}

// RecordVote records the vote an owner present or represented gave in the room to an agreement point;
// admins only (the secretary), while the junta is held.
func (s *Service) RecordVote(ctx context.Context, a *domain.Actor, id, pointID, ownerID, optionID string) error {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return err
	}
	if j.Status != domain.JuntaHeld {
		return errNotHeld
	}
	i := slices.IndexFunc(j.Points, func(p domain.JuntaPoint) bool { return p.ID == pointID })
	if i < 0 || j.Points[i].PollID == nil {
		return domain.Errorf(domain.CodeNotFound, "Ese punto no tiene votación")
	}
	marks, err := s.store.JuntaAttendance(ctx, j.ID)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(marks, func(m domain.JuntaAttendance) bool { return m.OwnerID == ownerID && attending(m.Status) }) {
		return domain.Errorf(domain.CodeInvalid, "Solo se anota el voto de un propietario presente o representado")
	}
	if err := s.polls.RecordVote(ctx, a, *j.Points[i].PollID, ownerID, optionID); err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, id)
	return nil
}

// AttendanceSheet is the attendance as a PDF to print; admins only.
func (s *Service) AttendanceSheet(ctx context.Context, a *domain.Actor, id string) ([]byte, error) {
	p, err := s.Attendance(ctx, a, id)
	if err != nil {
		return nil, err
	}
	j, err := s.junta(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	com, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	return attendanceSheet(com, s.titleIn(j, domain.Spanish, s.zone(ctx, a.CommunityID)), p)
}
