// Package tasks runs a community's tasks (/tasks): jobs for the conserje, cleaning or gardening staff or
// for a provider of the directory. Everyone reads them; admins, and the members an admin allows, create and
// edit them. Completing a repeating task creates the next one. It owns the rules; the store carries them
// out, always scoped to the caller's community.
package tasks

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Area is the realtime area of the tasks: the web client's query keys are rooted at it.
const Area = "tasks"

const (
	DefaultLimit   = 50
	MaxLimit       = 100
	maxTitle       = 200
	maxDescription = 5000
)

// Store is what the service needs from the database.
type Store interface {
	Task(ctx context.Context, communityID, id string) (*domain.Task, error) // nil: none
	ListTasks(ctx context.Context, communityID string, f domain.TaskFilter) ([]domain.Task, error)
	TaskCounts(ctx context.Context, communityID string) (domain.TaskCounts, error)
	IsTaskEditor(ctx context.Context, communityID, userID string) (bool, error)
	TaskEditors(ctx context.Context, communityID string) ([]domain.TaskEditor, error)
	SetTaskEditor(ctx context.Context, communityID, userID, by string, allowed bool, at time.Time) (bool, error) // false: not a member
	Provider(ctx context.Context, communityID, id, viewer string) (*domain.Provider, error)                      // nil: none
	Incident(ctx context.Context, communityID, id string) (*domain.Incident, error)                              // nil: none
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	InsertTask(ctx context.Context, t *domain.Task) error
	TaskForUpdate(ctx context.Context, communityID, id string) (*domain.Task, error) // nil: none
	SaveTask(ctx context.Context, t *domain.Task) error
}

// Service is the tasks service.
type Service struct {
	store    Store
	now      func() time.Time
	location *time.Location
	changed  func(communityID, area, id string)
}

// Options configure the service.
type Options struct {
	Now func() time.Time // nil: time.Now
	// Location is the calendar of due dates (overdue, the next date of a repeating task); nil: Europe/Madrid,
	// or UTC where the system has no zone data.
	Location *time.Location
	// Changed tells the community's open streams that a task changed (after the commit); nil: nobody.
	Changed func(communityID, area, id string)
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	o.Location = clock.CalendarOr(o.Location)
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: store, now: o.Now, location: o.Location, changed: o.Changed}
}

var (
	errCannotManage = domain.Errorf(domain.CodeForbidden, "Solo un administrador o un miembro autorizado puede gestionar las tareas")
	errNotFound     = domain.Errorf(domain.CodeNotFound, "La tarea no existe")
	errProvider     = domain.Errorf(domain.CodeInvalid, "El proveedor no está en el directorio de tu comunidad")
	errIncident     = domain.Errorf(domain.CodeInvalid, "La incidencia no existe en tu comunidad")
	errNotMember    = domain.Errorf(domain.CodeNotFound, "El miembro no pertenece a tu comunidad")
)

// CanManage reports whether a may create and edit tasks: an admin, or a member an admin allowed.
func (s *Service) CanManage(ctx context.Context, a *domain.Actor) (bool, error) {
	if !a.InCommunity() {
		return false, domain.ErrNoCommunity
	}
	if a.IsAdmin() {
		return true, nil
	}
	return s.store.IsTaskEditor(ctx, a.CommunityID, a.UserID)
}

func (s *Service) requireManager(ctx context.Context, a *domain.Actor) error {
	ok, err := s.CanManage(ctx, a)
	if err != nil {
		return err
	}
	if !ok {
		return errCannotManage
	}
	return nil
}

// Today is the community's calendar day now, as DateLayout.
func (s *Service) Today() string { return s.now().In(s.location).Format(domain.DateLayout) }

// Overdue reports whether t is past its due date and not completed, on the day today (DateLayout).
func Overdue(t *domain.Task, today string) bool {
	return t.Status != domain.TaskCompleted && t.DueDate != nil && *t.DueDate < today
}

// Input is the create form.
type Input struct {
	Title       string
	Description string
	Assignee    domain.TaskAssignee
	ProviderID  string
	Priority    domain.Priority // empty: medium
	DueDate     string          // DateLayout; empty: none
	Recurrence  domain.Recurrence
	IncidentID  string // 'Crear tarea' from an incident
}

// Create adds a task to a's community, pending.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*domain.Task, error) {
	if err := s.requireManager(ctx, a); err != nil {
		return nil, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	t := &domain.Task{ID: domain.NewID(), CommunityID: a.CommunityID, Title: strings.TrimSpace(in.Title),
		Description: strings.TrimSpace(in.Description), Assignee: in.Assignee, Priority: in.Priority, Status: domain.TaskPending,
		Recurrence: in.Recurrence, CreatedBy: &a.UserID, CreatedAt: now, UpdatedAt: now}
	if t.Priority == "" {
		t.Priority = domain.PriorityMedium
	}
	if t.Recurrence == "" {
		t.Recurrence = domain.RecurNone
	}
	if id := strings.TrimSpace(in.ProviderID); id != "" {
		t.ProviderID = &id
	}
	if d := strings.TrimSpace(in.DueDate); d != "" {
		t.DueDate = &d
	}
	if id := strings.TrimSpace(in.IncidentID); id != "" {
		t.IncidentID = &id
	}
	if err := validate(t); err != nil {
		return nil, err
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error { return s.insert(ctx, t) }); err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, t.ID)
	return s.task(ctx, a, t.ID)
}

// insert stores a new task: its provider must be a listed provider, and its incident a live incident, of
// the task's community.
func (s *Service) insert(ctx context.Context, t *domain.Task) error {
	if t.ProviderID != nil {
		p, err := s.store.Provider(ctx, t.CommunityID, *t.ProviderID, "")
		if err != nil {
			return err
		}
		if p == nil || p.Status != domain.ProviderApproved {
			return errProvider
		}
	}
	if t.IncidentID != nil {
		in, err := s.store.Incident(ctx, t.CommunityID, *t.IncidentID)
		if err != nil {
			return err
		}
		if in == nil || in.DeletedAt != nil {
			return errIncident
		}
	}
	return s.store.InsertTask(ctx, t)
}

// save writes t, read with TaskForUpdate: its provider, when it has one, must be of its community.
func (s *Service) save(ctx context.Context, t *domain.Task) error {
	if t.ProviderID != nil {
		p, err := s.store.Provider(ctx, t.CommunityID, *t.ProviderID, "")
		if err != nil {
			return err
		}
		if p == nil {
			return errProvider
		}
	}
	return s.store.SaveTask(ctx, t)
}

// task reads a live task of a's community.
func (s *Service) task(ctx context.Context, a *domain.Actor, id string) (*domain.Task, error) {
	t, err := s.store.Task(ctx, a.CommunityID, id)
	if err == nil && t == nil {
		err = errNotFound
	}
	return t, err
}

// taskForUpdate reads a live task of a's community locked, in the transaction of ctx.
func (s *Service) taskForUpdate(ctx context.Context, a *domain.Actor, id string) (*domain.Task, error) {
	t, err := s.store.TaskForUpdate(ctx, a.CommunityID, id)
	if err == nil && t == nil {
		err = errNotFound
	}
	return t, err
}

func validate(t *domain.Task) error {
	switch {
	case t.Title == "":
		return domain.Errorf(domain.CodeInvalid, "El título es obligatorio")
	case utf8.RuneCountInString(t.Title) > maxTitle:
		return domain.Errorf(domain.CodeInvalid, "El título no puede superar los %d caracteres", maxTitle)
	case utf8.RuneCountInString(t.Description) > maxDescription:
		return domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", maxDescription)
	case !t.Assignee.Valid():
		return domain.Errorf(domain.CodeInvalid, "Indica a quién se asigna la tarea")
	case t.Assignee == domain.AssigneeProvider && t.ProviderID == nil:
		return domain.Errorf(domain.CodeInvalid, "Elige el proveedor del directorio")
	case !t.Priority.Valid():
		return domain.Errorf(domain.CodeInvalid, "La prioridad no es válida")
	case !t.Status.Valid():
		return domain.Errorf(domain.CodeInvalid, "El estado no es válido")
	case !t.Recurrence.Valid():
		return domain.Errorf(domain.CodeInvalid, "La repetición no es válida")
	case t.Recurrence != domain.RecurNone && t.DueDate == nil:
		return domain.Errorf(domain.CodeInvalid, "Una tarea que se repite necesita una fecha límite")
	case t.DueDate != nil && !validDate(*t.DueDate):
		return domain.Errorf(domain.CodeInvalid, "La fecha límite no es válida")
	}
	if t.Assignee != domain.AssigneeProvider {
		t.ProviderID = nil
	}
	return nil
}

func validDate(s string) bool {
	_, err := time.Parse(domain.DateLayout, s)
	return err == nil
}

// Get returns a task of a's community.
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*domain.Task, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.task(ctx, a, id)
}

// ListInput are the list's filters.
type ListInput struct {
	Status   domain.TaskStatus
	Assignee domain.TaskAssignee
	Query    string
	Limit    int
	Cursor   string
}

// List returns one page of a's community's tasks, newest first.
func (s *Service) List(ctx context.Context, a *domain.Actor, in ListInput) (*domain.Page[domain.Task], error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if in.Status != "" && !in.Status.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "El estado no es válido")
	}
	if in.Assignee != "" && !in.Assignee.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "El responsable no es válido")
	}
	after, err := domain.ParseCursor(in.Cursor)
	if err != nil {
		return nil, err
	}
	limit := domain.PageLimit(in.Limit, DefaultLimit, MaxLimit)
	items, err := s.store.ListTasks(ctx, a.CommunityID, domain.TaskFilter{Status: in.Status, Assignee: in.Assignee,
		Search: domain.SearchText(in.Query), Limit: limit + 1, After: after})
	if err != nil {
		return nil, err
	}
	return domain.NextPage(items, limit, func(t domain.Task) domain.Cursor { return domain.Cursor{At: t.CreatedAt, ID: t.ID} }), nil
}

// Summary is the counters of /tasks and whether the reader may manage tasks.
type Summary struct {
	Counts    domain.TaskCounts
	CanManage bool
}

// Summarize returns a's community's counters and a's right to manage tasks.
func (s *Service) Summarize(ctx context.Context, a *domain.Actor) (*Summary, error) {
	can, err := s.CanManage(ctx, a)
	if err != nil {
		return nil, err
	}
	c, err := s.store.TaskCounts(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	return &Summary{Counts: c, CanManage: can}, nil
}

// Patch is an edit: nil fields stay; an empty due date or provider removes it.
type Patch struct {
	Title       *string
	Description *string
	Assignee    *domain.TaskAssignee
	ProviderID  *string
	Priority    *domain.Priority
	Status      *domain.TaskStatus
	DueDate     *string
	Recurrence  *domain.Recurrence
}

// Update edits a task. Completing it stamps the time and, for a repeating task completed for the first
// time, creates the next one, one period after its due date; reopening clears the stamp.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, p Patch) (*domain.Task, error) {
	if err := s.requireManager(ctx, a); err != nil {
		return nil, err
	}
	var next *domain.Task
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		old, err := s.taskForUpdate(ctx, a, id)
		if err != nil {
			return err
		}
		t := *old
		p.apply(&t)
		if err := validate(&t); err != nil {
			return err
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		t.UpdatedAt = now
		switch {
		case t.Status == domain.TaskCompleted && old.Status != domain.TaskCompleted:
			t.CompletedAt = &now
			if t.Recurrence != domain.RecurNone && t.NextTaskID == nil {
				next = s.successor(&t, a.UserID, now)
				t.NextTaskID = &next.ID
				if err := s.insert(ctx, next); err != nil {
					return err
				}
			}
		case t.Status != domain.TaskCompleted:
			t.CompletedAt = nil
		}
		return s.save(ctx, &t)
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, id)
	if next != nil {
		s.changed(a.CommunityID, Area, next.ID)
	}
	return s.task(ctx, a, id)
}

// successor is the next occurrence of the repeating task t: the same job, pending, due one period later.
func (s *Service) successor(t *domain.Task, by string, now time.Time) *domain.Task {
	due, _ := time.Parse(domain.DateLayout, *t.DueDate) // validated
	nextDue := t.Recurrence.Next(due).Format(domain.DateLayout)
	return &domain.Task{ID: domain.NewID(), CommunityID: t.CommunityID, Title: t.Title, Description: t.Description,
		Assignee: t.Assignee, ProviderID: t.ProviderID, Priority: t.Priority, Status: domain.TaskPending, DueDate: &nextDue,
		Recurrence: t.Recurrence, CreatedBy: &by, CreatedAt: now, UpdatedAt: now}
}

// Delete soft-deletes a task.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	if err := s.requireManager(ctx, a); err != nil {
		return err
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		t, err := s.taskForUpdate(ctx, a, id)
		if err != nil {
			return err
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		t.DeletedAt, t.UpdatedAt = &now, now
		return s.save(ctx, t)
	})
	if err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, id)
	return nil
}

func (p Patch) apply(t *domain.Task) {
	if p.Title != nil {
		t.Title = strings.TrimSpace(*p.Title)
	}
	if p.Description != nil {
		t.Description = strings.TrimSpace(*p.Description)
	}
	if p.Assignee != nil {
		t.Assignee = *p.Assignee
	}
	if p.ProviderID != nil {
		t.ProviderID = domain.Optional(p.ProviderID)
	}
	if p.Priority != nil {
		t.Priority = *p.Priority
	}
	if p.Status != nil {
		t.Status = *p.Status
	}
	if p.DueDate != nil {
		t.DueDate = domain.Optional(p.DueDate)
	}
	if p.Recurrence != nil {
		t.Recurrence = *p.Recurrence
	}
}

// Editors lists the members allowed to manage tasks; admins only.
func (s *Service) Editors(ctx context.Context, a *domain.Actor) ([]domain.TaskEditor, error) {
	return s.store.TaskEditors(ctx, a.CommunityID)
}

// SetEditor allows (or stops allowing) a member of a's community to manage tasks; admins only.
func (s *Service) SetEditor(ctx context.Context, a *domain.Actor, userID string, allowed bool) error {
	member, err := s.store.SetTaskEditor(ctx, a.CommunityID, userID, a.UserID, allowed, s.now().UTC())
	if err != nil {
		return err
	}
	if !member {
		return errNotMember
	}
	s.changed(a.CommunityID, Area, "")
	return nil
}
