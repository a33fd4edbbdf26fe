// Package maintenance keeps a community's recurring upkeep: the legal inspections (lift, low-voltage
// installation, IEE/ITE…) and the maintenance contracts, each done every so many months. Admins keep the
// list and record each time an item is done; every member reads it. A background step (Settle, run by the
// purge job every minute) emails the admins when an item enters its last 30 days and when it becomes
// overdue, once per item and due date (docs/adr/0054-maintenance.md).
package maintenance

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Area is the realtime area of the list: the web client's query keys are rooted at it.
const Area = "maintenance"

const (
	maxName     = 120
	maxProvider = 120
	maxNotes    = 1000
	minPeriod   = 1
	maxPeriod   = 240
	// SoonDays is how many days before its due date an item reads 'Próxima' and its admins are reminded.
	SoonDays = 30
)

// Store is what the service needs from the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	CommunityTimeZone(ctx context.Context, communityID string) (string, error)
	InsertMaintenanceItem(ctx context.Context, it *domain.MaintenanceItem) error
	MaintenanceItems(ctx context.Context, communityID string) ([]domain.MaintenanceItem, error)
	MaintenanceHistory(ctx context.Context, communityID, itemID string) ([]domain.MaintenanceDone, error)
	MaintenanceItemForUpdate(ctx context.Context, communityID, id string) (*domain.MaintenanceItem, error) // nil: none
	SaveMaintenanceItem(ctx context.Context, it *domain.MaintenanceItem) error
	DeleteMaintenanceItem(ctx context.Context, communityID, id string) error
	InsertMaintenanceDone(ctx context.Context, communityID string, d *domain.MaintenanceDone) error
	DueMaintenance(ctx context.Context, today, until time.Time) ([]domain.MaintenanceDue, error)
	RecordMaintenanceReminder(ctx context.Context, itemID string, due time.Time, stage string, at time.Time) (bool, error)
	MaintenanceRecipients(ctx context.Context, communityID string) ([]domain.Recipient, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
}

// Service is the maintenance service.
type Service struct {
	store     Store
	now       func() time.Time
	publicURL string
	mailWake  func()
	changed   func(communityID, area, id string)
	audit     domain.Auditor
}

// Options configure the service.
type Options struct {
	Now       func() time.Time // nil: time.Now
	PublicURL string           // the link in the reminders
	MailWake  func()           // called after reminders were queued; may be nil
	// Changed tells the community's open streams that the list changed (after the commit); nil: nobody.
	Changed func(communityID, area, id string)
	Audit   domain.Auditor // records the admins' changes; may be nil
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: store, now: o.Now, publicURL: strings.TrimRight(o.PublicURL, "/"), mailWake: o.MailWake,
		changed: o.Changed, audit: o.Audit}
}

var (
	errNotFound   = domain.Errorf(domain.CodeNotFound, "Este mantenimiento no existe")
	errAdminsOnly = domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden gestionar el mantenimiento")
)

// Input is an admin's form of an item. LastDone is a day (its date is read, not its clock).
type Input struct {
	Name         string
	Kind         domain.MaintenanceKind
	Provider     *string
	PeriodMonths int
	LastDone     time.Time
	Notes        *string
}

// List returns the items of a's community, the soonest due first, with their history.
func (s *Service) List(ctx context.Context, a *domain.Actor) ([]domain.MaintenanceItem, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.MaintenanceItems(ctx, a.CommunityID)
}

// Today is the date in a's community: what the list's status and the dates of the forms are measured by.
func (s *Service) Today(ctx context.Context, communityID string) time.Time {
	name, err := s.store.CommunityTimeZone(ctx, communityID)
	if err != nil {
		name = ""
	}
	return day(s.now().In(domain.Location(name)))
}

// day is the date of t as a day at midnight UTC, the way items keep their dates.
func day(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }

// Create adds an item to a's community.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*domain.MaintenanceItem, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	it := &domain.MaintenanceItem{ID: domain.NewID(), CommunityID: a.CommunityID, CreatedAt: now}
	if err := s.apply(ctx, it, in, now); err != nil {
		return nil, err
	}
	if err := s.store.InsertMaintenanceItem(ctx, it); err != nil {
		return nil, err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditItemAdded, TargetKind: "maintenance", TargetID: it.ID,
		TargetLabel: it.Name, After: audited(it)})
	s.changed(a.CommunityID, Area, it.ID)
	return it, nil
}

// Update replaces an item's fields with in.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, in Input) (*domain.MaintenanceItem, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	var it *domain.MaintenanceItem
	var before map[string]any
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if it, err = s.lock(ctx, a, id); err != nil {
			return err
		}
		before = audited(it)
		if err := s.apply(ctx, it, in, s.now().UTC().Truncate(time.Millisecond)); err != nil {
			return err
		}
		return s.store.SaveMaintenanceItem(ctx, it)
	})
	if err != nil {
		return nil, err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditItemEdited, TargetKind: "maintenance", TargetID: it.ID,
		TargetLabel: it.Name, Before: before, After: audited(it)})
	s.changed(a.CommunityID, Area, it.ID)
	return s.withHistory(ctx, it)
}

// Delete removes an item with its history.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return err
	}
	var it *domain.MaintenanceItem
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if it, err = s.lock(ctx, a, id); err != nil {
			return err
		}
		return s.store.DeleteMaintenanceItem(ctx, a.CommunityID, id)
	})
	if err != nil {
		return err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditItemDeleted, TargetKind: "maintenance", TargetID: id,
		TargetLabel: it.Name, Before: audited(it)})
	s.changed(a.CommunityID, Area, id)
	return nil
}

// MarkDone records that an item was done on a day (not in the future, not before the last time it was
// done), with an optional note: a row of its history, and its next due date moves on from that day.
func (s *Service) MarkDone(ctx context.Context, a *domain.Actor, id string, on time.Time, note *string) (*domain.MaintenanceItem, error) {
	if err := a.RequireAdmin(errAdminsOnly); err != nil {
		return nil, err
	}
	on, note = day(on), domain.Optional(note)
	if note != nil && utf8.RuneCountInString(*note) > maxNotes {
		return nil, domain.Errorf(domain.CodeInvalid, "La nota no puede superar los %d caracteres", maxNotes)
	}
	if on.After(s.Today(ctx, a.CommunityID)) {
		return nil, domain.Errorf(domain.CodeInvalid, "La fecha de realización no puede ser futura")
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	var it *domain.MaintenanceItem
	var before map[string]any
	done := &domain.MaintenanceDone{ID: domain.NewID(), ItemID: id, DoneOn: on, Note: note, DoneBy: &a.UserID, DoneByName: a.FullName,
		CreatedAt: now}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if it, err = s.lock(ctx, a, id); err != nil {
			return err
		}
		if on.Before(it.LastDone) {
			return domain.Errorf(domain.CodeInvalid, "La fecha no puede ser anterior a la última realización (%s)", it.LastDone.Format("02/01/2006"))
		}
		before = audited(it)
		it.LastDone, it.NextDue, it.UpdatedAt = on, domain.AddMonths(on, it.PeriodMonths), now
		if err := s.store.SaveMaintenanceItem(ctx, it); err != nil {
			return err
		}
		return s.store.InsertMaintenanceDone(ctx, a.CommunityID, done)
	})
	if err != nil {
		return nil, err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditItemDone, TargetKind: "maintenance", TargetID: it.ID,
		TargetLabel: it.Name, Before: before, After: audited(it)})
	s.changed(a.CommunityID, Area, it.ID)
	return s.withHistory(ctx, it)
}

// withHistory is it, written, with its history as it now reads.
func (s *Service) withHistory(ctx context.Context, it *domain.MaintenanceItem) (*domain.MaintenanceItem, error) {
	var err error
	it.History, err = s.store.MaintenanceHistory(ctx, it.CommunityID, it.ID)
	return it, err
}

func (s *Service) lock(ctx context.Context, a *domain.Actor, id string) (*domain.MaintenanceItem, error) {
	it, err := s.store.MaintenanceItemForUpdate(ctx, a.CommunityID, id)
	if err == nil && it == nil {
		err = errNotFound
	}
	return it, err
}

// apply checks in and writes it into it, with the next due date that follows.
func (s *Service) apply(ctx context.Context, it *domain.MaintenanceItem, in Input, now time.Time) error {
	name := strings.TrimSpace(in.Name)
	provider, notes := domain.Optional(in.Provider), domain.Optional(in.Notes)
	last := day(in.LastDone)
	switch {
	case name == "":
		return domain.Errorf(domain.CodeInvalid, "El nombre es obligatorio")
	case utf8.RuneCountInString(name) > maxName:
		return domain.Errorf(domain.CodeInvalid, "El nombre no puede superar los %d caracteres", maxName)
	case !in.Kind.Valid():
		return domain.Errorf(domain.CodeInvalid, "El tipo de mantenimiento no es válido")
	case provider != nil && utf8.RuneCountInString(*provider) > maxProvider:
		return domain.Errorf(domain.CodeInvalid, "El nombre de la empresa no puede superar los %d caracteres", maxProvider)
	case in.PeriodMonths < minPeriod || in.PeriodMonths > maxPeriod:
		return domain.Errorf(domain.CodeInvalid, "La periodicidad debe estar entre %d y %d meses", minPeriod, maxPeriod)
	case in.LastDone.IsZero():
		return domain.Errorf(domain.CodeInvalid, "Indica cuándo se hizo por última vez")
	case last.After(s.Today(ctx, it.CommunityID)):
		return domain.Errorf(domain.CodeInvalid, "La fecha de la última realización no puede ser futura")
	case notes != nil && utf8.RuneCountInString(*notes) > maxNotes:
		return domain.Errorf(domain.CodeInvalid, "Las notas no pueden superar los %d caracteres", maxNotes)
	}
	it.Name, it.Kind, it.Provider, it.PeriodMonths, it.LastDone, it.Notes = name, in.Kind, provider, in.PeriodMonths, last, notes
	it.NextDue, it.UpdatedAt = domain.AddMonths(last, in.PeriodMonths), now
	return nil
}

// audited is what the audit keeps of an item: what an admin would check a change against.
func audited(it *domain.MaintenanceItem) map[string]any {
	return map[string]any{"name": it.Name, "kind": it.Kind, "provider": it.Provider, "periodMonths": it.PeriodMonths,
		"lastDone": it.LastDone.Format(time.DateOnly), "nextDue": it.NextDue.Format(time.DateOnly), "notes": it.Notes}
}
