package reservations

import (
	"context"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
	"vecinos/internal/files"
)

// Defaults of a new facility (the spec's rules box: 2 a month per unit, free cancellation up to 24 h
// before, hours 09:00–22:00).
const (
	DefaultOpen        = 9 * 60
	DefaultClose       = 22 * 60
	DefaultSlotMinutes = 60
	DefaultMaxPerMonth = 2
	DefaultCancelHours = 24
	DefaultHorizonDays = 90 // how far ahead a booking may start (issue #33)
	maxHorizonDays     = 730
	maxName            = 100
	maxDescription     = 2000
	maxRules           = 5000
	maxReason          = 500
	maxCapacity        = 1000
	maxDepositCents    = 1_000_000_00
)

// FacilityInput is the facility form. Nil fields keep their value (an edit) or take the default (a new
// facility).
type FacilityInput struct {
	Name          *string
	Description   *string
	PhotoURL      *string // a /files/ URL of an uploaded image; empty removes it
	Capacity      *int
	Hours         *[7]*domain.DayHours
	SlotMinutes   *int
	MinMinutes    *int
	MaxMinutes    *int
	MaxPerMonth   *int
	CancelHours   *int
	HorizonDays   *int
	DepositCents  *int
	NeedsApproval *bool
	Rules         *string
	Archived      *bool
}

// defaultFacility is a new facility before the admin's choices: open 09:00–22:00 every day, slots of an
// hour, one unit at a time.
func defaultFacility() domain.Facility {
	f := domain.Facility{Capacity: 1, SlotMinutes: DefaultSlotMinutes, MinMinutes: 60, MaxMinutes: 240,
		MaxPerMonth: DefaultMaxPerMonth, CancelHours: DefaultCancelHours, HorizonDays: DefaultHorizonDays}
	for i := range f.Hours {
		f.Hours[i] = &domain.DayHours{Open: DefaultOpen, Close: DefaultClose}
	}
	return f
}

func (in FacilityInput) apply(f *domain.Facility, now time.Time) {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = strings.TrimSpace(*v)
		}
	}
	set(&f.Name, in.Name)
	set(&f.Description, in.Description)
	set(&f.Rules, in.Rules)
	if in.PhotoURL != nil {
		f.PhotoURL = domain.Optional(in.PhotoURL)
	}
	for _, p := range []struct {
		dst *int
		v   *int
	}{{&f.Capacity, in.Capacity}, {&f.SlotMinutes, in.SlotMinutes}, {&f.MinMinutes, in.MinMinutes}, {&f.MaxMinutes, in.MaxMinutes},
		{&f.MaxPerMonth, in.MaxPerMonth}, {&f.CancelHours, in.CancelHours}, {&f.HorizonDays, in.HorizonDays}, {&f.DepositCents, in.DepositCents}} {
		if p.v != nil {
			*p.dst = *p.v
		}
	}
	if in.Hours != nil {
		f.Hours = *in.Hours
	}
	if in.NeedsApproval != nil {
		f.NeedsApproval = *in.NeedsApproval
	}
	if in.Archived != nil {
		switch {
		case *in.Archived && f.ArchivedAt == nil:
			f.ArchivedAt = &now
		case !*in.Archived:
			f.ArchivedAt = nil
		}
	}
}

func validateFacility(f *domain.Facility) error {
	switch {
	case f.Name == "":
		return domain.Errorf(domain.CodeInvalid, "El nombre es obligatorio")
	case utf8.RuneCountInString(f.Name) > maxName:
		return domain.Errorf(domain.CodeInvalid, "El nombre no puede superar los %d caracteres", maxName)
	case utf8.RuneCountInString(f.Description) > maxDescription:
		return domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", maxDescription)
	case utf8.RuneCountInString(f.Rules) > maxRules:
		return domain.Errorf(domain.CodeInvalid, "Las normas no pueden superar los %d caracteres", maxRules)
	case f.PhotoURL != nil && !validPhoto(*f.PhotoURL):
		return domain.Errorf(domain.CodeInvalid, "La foto debe ser una imagen subida a Vecinos")
	case f.Capacity < 1 || f.Capacity > maxCapacity:
		return domain.Errorf(domain.CodeInvalid, "El aforo debe estar entre 1 y %d", maxCapacity)
	case f.SlotMinutes != 0 && (f.SlotMinutes < 15 || f.SlotMinutes > domain.MaxDurationMinutes || f.SlotMinutes%15 != 0):
		return domain.Errorf(domain.CodeInvalid, "Los turnos deben durar entre 15 minutos y 24 horas, en cuartos de hora")
	case f.SlotMinutes == 0 && (f.MinMinutes < 15 || f.MinMinutes%15 != 0 || f.MaxMinutes < f.MinMinutes || f.MaxMinutes > domain.MaxDurationMinutes || f.MaxMinutes%15 != 0):
		return domain.Errorf(domain.CodeInvalid, "La duración mínima y máxima deben ir de 15 minutos a 24 horas, en cuartos de hora")
	case f.MaxPerMonth < 1 || f.MaxPerMonth > 100:
		return domain.Errorf(domain.CodeInvalid, "El máximo de reservas al mes debe estar entre 1 y 100")
	case f.CancelHours < 0 || f.CancelHours > 30*24:
		return domain.Errorf(domain.CodeInvalid, "El plazo de cancelación debe estar entre 0 y 720 horas")
	case f.HorizonDays < 1 || f.HorizonDays > maxHorizonDays:
		return domain.Errorf(domain.CodeInvalid, "Los días de antelación para reservar deben estar entre 1 y %d", maxHorizonDays)
	case f.DepositCents < 0 || f.DepositCents > maxDepositCents:
		return domain.Errorf(domain.CodeInvalid, "La fianza no es válida")
	}
	open := false
	for _, h := range f.Hours {
		if h == nil {
			continue
		}
		open = true
		if h.Open < 0 || h.Close > 24*60 || h.Open >= h.Close || h.Open%15 != 0 || h.Close%15 != 0 {
			return domain.Errorf(domain.CodeInvalid, "El horario no es válido: la apertura debe ser anterior al cierre, en cuartos de hora")
		}
	}
	if !open {
		return domain.Errorf(domain.CodeInvalid, "La instalación debe abrir al menos un día a la semana")
	}
	return nil
}

// validPhoto accepts only an image uploaded to this server's file storage (/files/<key>).
func validPhoto(u string) bool {
	key, ok := strings.CutPrefix(u, "/files/")
	if !ok {
		return false
	}
	k, err := files.ParseKey(key)
	return err == nil && k.Bucket == files.IncidentImages
}

// Facilities lists the facilities of a's community by name; archived ones only for admins who ask.
func (s *Service) Facilities(ctx context.Context, a *domain.Actor, includeArchived bool) ([]domain.Facility, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.Facilities(ctx, a.CommunityID, includeArchived && a.IsAdmin())
}

// Facility returns one facility of a's community.
func (s *Service) Facility(ctx context.Context, a *domain.Actor, id string) (*domain.Facility, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.facility(ctx, a.CommunityID, id)
}

// CreateFacility adds a facility to the admin's community.
func (s *Service) CreateFacility(ctx context.Context, a *domain.Actor, in FacilityInput) (*domain.Facility, error) {
	now := s.now().UTC().Truncate(time.Millisecond)
	f := defaultFacility()
	in.apply(&f, now)
	f.ID, f.CommunityID, f.CreatedAt, f.UpdatedAt = domain.NewID(), a.CommunityID, now, now
	if err := validateFacility(&f); err != nil {
		return nil, err
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error { return s.store.CreateFacility(ctx, &f) }); err != nil {
		return nil, err
	}
	// The record follows the facility's commit.
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditFacilityCreated, TargetKind: "facility", TargetID: f.ID,
		TargetLabel: f.Name, After: facilityFields(&f)})
	s.changed(ctx, a.CommunityID, f.ID)
	return s.facility(ctx, a.CommunityID, f.ID)
}

// UpdateFacility edits (or archives, or brings back) a facility of the admin's community. Reservations
// already made keep their time and rules.
func (s *Service) UpdateFacility(ctx context.Context, a *domain.Actor, id string, in FacilityInput) (*domain.Facility, error) {
	return s.editFacility(ctx, a, id, func(f *domain.Facility, now time.Time) error {
		in.apply(f, now)
		return validateFacility(f)
	})
}

// CloseDay closes a facility on a local date, with a reason; closing it again changes the reason. Existing
// reservations of that day stay: the admin cancels them, with the reason, if they must.
func (s *Service) CloseDay(ctx context.Context, a *domain.Actor, id, date, reason string) (*domain.Facility, error) {
	d, err := parseDay(date)
	if err != nil {
		return nil, err
	}
	reason = strings.TrimSpace(reason)
	if reason == "" || utf8.RuneCountInString(reason) > maxReason {
		return nil, domain.Errorf(domain.CodeInvalid, "Indica el motivo del cierre (hasta %d caracteres)", maxReason)
	}
	return s.editFacility(ctx, a, id, func(f *domain.Facility, _ time.Time) error {
		f.Closures = append(removeClosure(f.Closures, d.String()), domain.Closure{Day: d.String(), Reason: reason})
		sort.Slice(f.Closures, func(i, j int) bool { return f.Closures[i].Day < f.Closures[j].Day })
		return nil
	})
}

// OpenDay removes a closed date of a facility.
func (s *Service) OpenDay(ctx context.Context, a *domain.Actor, id, date string) (*domain.Facility, error) {
	d, err := parseDay(date)
	if err != nil {
		return nil, err
	}
	return s.editFacility(ctx, a, id, func(f *domain.Facility, _ time.Time) error {
		f.Closures = removeClosure(f.Closures, d.String())
		return nil
	})
}

func removeClosure(cs []domain.Closure, day string) []domain.Closure {
	out := cs[:0:0]
	for _, c := range cs {
		if c.Day != day {
			out = append(out, c)
		}
	}
	return out
}

// editFacility is the one way a facility changes: locked, changed by an admin, written.
func (s *Service) editFacility(ctx context.Context, a *domain.Actor, id string, change func(*domain.Facility, time.Time) error) (*domain.Facility, error) {
	now := s.now().UTC().Truncate(time.Millisecond)
	var saved *domain.Facility
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		f, err := s.facilityForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		before, archived := facilityFields(f), f.ArchivedAt != nil
		if err := change(f, now); err != nil {
			return err
		}
		action := AuditFacilityEdited
		if f.ArchivedAt != nil && !archived {
			action = AuditFacilityArchived
		}
		s.audit.Record(ctx, a, domain.AuditChange{Action: action, TargetKind: "facility", TargetID: f.ID, TargetLabel: f.Name,
			Before: before, After: facilityFields(f)})
		f.UpdatedAt = now
		saved = f
		return s.store.SaveFacility(ctx, f)
	})
	if err != nil {
		return nil, err
	}
	s.changed(ctx, a.CommunityID, id)
	return saved, nil
}

// weekdayNames are the days of the week as the audit writes the hours, Monday first.
var weekdayNames = [7]struct {
	day  time.Weekday
	name string
}{{time.Monday, "lun"}, {time.Tuesday, "mar"}, {time.Wednesday, "mié"}, {time.Thursday, "jue"}, {time.Friday, "vie"},
	{time.Saturday, "sáb"}, {time.Sunday, "dom"}}

// facilityFields are what an admin manages of a facility, as the audit keeps them.
func facilityFields(f *domain.Facility) map[string]any {
	hours := make([]string, 0, len(f.Hours))
	for _, w := range weekdayNames {
		h := f.Hours[w.day]
		if h == nil {
			hours = append(hours, w.name+" cerrado")
		} else {
			hours = append(hours, w.name+" "+Clock(h.Open)+"–"+Clock(h.Close))
		}
	}
	closures := make([]string, len(f.Closures))
	for i, c := range f.Closures {
		closures[i] = c.Day + " (" + c.Reason + ")"
	}
	photo := ""
	if f.PhotoURL != nil {
		photo = *f.PhotoURL
	}
	return map[string]any{"name": f.Name, "description": f.Description, "photoUrl": photo, "capacity": f.Capacity,
		"hours": strings.Join(hours, ", "), "slotMinutes": f.SlotMinutes, "minMinutes": f.MinMinutes, "maxMinutes": f.MaxMinutes,
		"maxPerMonth": f.MaxPerMonth, "cancelHours": f.CancelHours, "horizonDays": f.HorizonDays, "depositCents": f.DepositCents, "needsApproval": f.NeedsApproval,
		"rules": f.Rules, "closures": strings.Join(closures, ", "), "archived": f.ArchivedAt != nil}
}

// TimeZone is the time zone of a's community.
func (s *Service) TimeZone(ctx context.Context, a *domain.Actor) (string, error) {
	if !a.InCommunity() {
		return "", domain.ErrNoCommunity
	}
	tz, err := s.store.CommunityTimeZone(ctx, a.CommunityID)
	if err == nil && tz == "" {
		err = errNoCommunity
	}
	return tz, err
}

// SetTimeZone changes the time zone of the admin's community. Reservations already made keep their
// instants (and the month they counted in).
func (s *Service) SetTimeZone(ctx context.Context, a *domain.Actor, tz string) error {
	tz = strings.TrimSpace(tz)
	if !ValidTimeZone(tz) {
		return domain.Errorf(domain.CodeInvalid, "La zona horaria no es válida")
	}
	if err := s.store.SetCommunityTimeZone(ctx, a.CommunityID, tz, s.now()); err != nil {
		return err
	}
	s.changed(ctx, a.CommunityID, "")
	return nil
}
