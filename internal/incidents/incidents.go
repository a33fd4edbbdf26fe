// Package incidents runs the incidents of a community: reporting, the list with its filters and search,
// editing with a status history, and soft deletion. It owns the rules (what is valid, who may do what);
// the store carries them out, always scoped to the caller's community.
package incidents

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Limits of the list and of the fields.
const (
	DefaultLimit   = 20
	MaxLimit       = 100
	maxTitle       = 200
	maxDescription = 5000
	maxLocation    = 200
	maxURL         = 2048
)

// Store is what the service needs from the database.
type Store interface {
	// CreateIncident fills in the names; an assignee who is not a member of the community gets
	// assigneeNotMember.
	CreateIncident(ctx context.Context, in *domain.Incident, by string, assigneeNotMember error) error
	IncidentWithHistory(ctx context.Context, communityID, id string) (*domain.Incident, []domain.StatusChange, error) // nil: none
	ListIncidents(ctx context.Context, communityID string, f domain.IncidentFilter) ([]domain.Incident, error)
	IsMember(ctx context.Context, communityID, userID string) (bool, error)
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	IncidentForUpdate(ctx context.Context, communityID, id string) (*domain.Incident, error) // nil: none
	SaveIncident(ctx context.Context, old, in *domain.Incident, by string, at time.Time) error
	QueuePush(ctx context.Context, p domain.Push, at time.Time) error // in the transaction of InTx
}

// Service is the incidents service.
type Service struct {
	store Store
	now   func() time.Time
	audit domain.Auditor
}

// Options configure the service.
type Options struct {
	Now   func() time.Time // the clock; nil = time.Now
	Audit domain.Auditor   // records an admin's deletion of someone else's incident; may be nil
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	return &Service{store: store, now: o.Now, audit: o.Audit}
}

var (
	errCannotEdit = domain.Errorf(domain.CodeForbidden, "Solo el creador o un administrador puede editar esta incidencia")
	errCannotDel  = domain.Errorf(domain.CodeForbidden, "Solo el creador o un administrador puede eliminar esta incidencia")
	errNotFound   = domain.Errorf(domain.CodeNotFound, "La incidencia no existe")
	errNotMember  = domain.Errorf(domain.CodeInvalid, "El miembro asignado no pertenece a tu comunidad")
)

// CanEdit reports whether a may edit or delete in: its creator or an admin of its community.
func CanEdit(a *domain.Actor, in *domain.Incident) bool {
	return a.MayModify(in.CommunityID, in.CreatedBy)
}

// Input is the create form.
type Input struct {
	Title       string
	Description string
	Location    *string
	Priority    domain.Priority       // empty: medium
	Status      domain.IncidentStatus // empty: open
	AssignedTo  string
	ImageURL    *string
}

// Create reports an incident in a's community.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*domain.Incident, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if in.Priority == "" {
		in.Priority = domain.PriorityMedium
	}
	if in.Status == "" {
		in.Status = domain.IncidentOpen
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	inc := &domain.Incident{ID: domain.NewID(), CommunityID: a.CommunityID, Title: strings.TrimSpace(in.Title),
		Description: strings.TrimSpace(in.Description), Location: domain.Optional(in.Location), Priority: in.Priority, Status: in.Status,
		CreatedBy: &a.UserID, ImageURL: domain.Optional(in.ImageURL), CreatedAt: now, UpdatedAt: now}
	if id := strings.TrimSpace(in.AssignedTo); id != "" {
		inc.AssignedTo = &id
	}
	if err := validate(inc); err != nil {
		return nil, err
	}
	// The store fills in the names of the creator and the assignee: no need to read the incident back.
	if err := s.store.CreateIncident(ctx, inc, a.UserID, errNotMember); err != nil {
		return nil, err
	}
	return inc, nil
}

func validate(in *domain.Incident) error {
	switch {
	case in.Title == "":
		return domain.Errorf(domain.CodeInvalid, "El título es obligatorio")
	case utf8.RuneCountInString(in.Title) > maxTitle:
		return domain.Errorf(domain.CodeInvalid, "El título no puede superar los %d caracteres", maxTitle)
	case in.Description == "":
		return domain.Errorf(domain.CodeInvalid, "La descripción es obligatoria")
	case utf8.RuneCountInString(in.Description) > maxDescription:
		return domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", maxDescription)
	case in.AssignedTo == nil:
		return domain.Errorf(domain.CodeInvalid, "Debes asignar la incidencia a un miembro")
	case in.Location != nil && utf8.RuneCountInString(*in.Location) > maxLocation:
		return domain.Errorf(domain.CodeInvalid, "La ubicación no puede superar los %d caracteres", maxLocation)
	case !in.Priority.Valid():
		return domain.Errorf(domain.CodeInvalid, "La prioridad no es válida")
	case !in.Status.Valid():
		return domain.Errorf(domain.CodeInvalid, "El estado no es válido")
	case in.ImageURL != nil && !validImageURL(*in.ImageURL):
		return domain.Errorf(domain.CodeInvalid, "La dirección de la imagen no es válida")
	}
	return nil
}

// validImageURL accepts an http(s) URL or a path on this server: never javascript: or data: URLs.
func validImageURL(u string) bool {
	if len(u) > maxURL || strings.ContainsAny(u, " \t\r\n") {
		return false
	}
	return strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") || (strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//"))
}

// Detail is an incident with its status history, oldest first.
type Detail struct {
	Incident *domain.Incident
	History  []domain.StatusChange
}

// Get returns an incident of a's community (deleted ones too: the list may show them).
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*Detail, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	in, h, err := s.store.IncidentWithHistory(ctx, a.CommunityID, id)
	if err != nil {
		return nil, err
	}
	if in == nil {
		return nil, errNotFound
	}
	return &Detail{Incident: in, History: h}, nil
}

// ListInput are the list's filters, as the API receives them.
type ListInput struct {
	Status         domain.IncidentStatus
	Priority       domain.Priority
	AssignedTo     string
	CreatedBy      string
	Mine           bool
	Query          string
	IncludeDeleted bool
	Limit          int
	Cursor         string
}

// List returns one page of a's community's incidents, newest first.
func (s *Service) List(ctx context.Context, a *domain.Actor, in ListInput) (*domain.Page[domain.Incident], error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if in.Status != "" && !in.Status.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "El estado no es válido")
	}
	if in.Priority != "" && !in.Priority.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "La prioridad no es válida")
	}
	after, err := domain.ParseCursor(in.Cursor)
	if err != nil {
		return nil, err
	}
	limit := domain.PageLimit(in.Limit, DefaultLimit, MaxLimit)
	f := domain.IncidentFilter{Status: in.Status, Priority: in.Priority, AssignedTo: in.AssignedTo, CreatedBy: in.CreatedBy,
		Search: domain.SearchText(in.Query), IncludeDeleted: in.IncludeDeleted, Limit: limit + 1, After: after}
	if in.Mine {
		f.Mine = a.UserID
	}
	items, err := s.store.ListIncidents(ctx, a.CommunityID, f)
	if err != nil {
		return nil, err
	}
	return domain.NextPage(items, limit, func(in domain.Incident) domain.Cursor { return domain.Cursor{At: in.CreatedAt, ID: in.ID} }), nil
}

// Patch is an edit: nil fields stay as they are; an empty location or image URL removes it.
type Patch struct {
	Title       *string
	Description *string
	Location    *string
	Priority    *domain.Priority
	Status      *domain.IncidentStatus
	AssignedTo  *string
	ImageURL    *string
}

// Update edits an incident; only its creator or an admin may. A status change joins the history.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, p Patch) (*domain.Incident, error) {
	return s.edit(ctx, a, id, s.now(), errCannotEdit, func(in *domain.Incident) error {
		p.apply(in)
		return validate(in)
	})
}

// Delete soft-deletes an incident; only its creator or an admin may.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	now := s.now().UTC()
	in, err := s.edit(ctx, a, id, now, errCannotDel, func(in *domain.Incident) error {
		in.DeletedAt = &now
		return nil
	})
	if err == nil && (in.CreatedBy == nil || *in.CreatedBy != a.UserID) {
		s.audit.Record(ctx, a, domain.AuditChange{Action: domain.AuditContentDeleted, TargetKind: "incident", TargetID: in.ID,
			TargetLabel: in.Title, Before: map[string]any{"title": in.Title, "status": in.Status, "createdBy": in.CreatedByName}})
	}
	return err
}

// edit is the one way an incident changes, in one transaction: read it locked, refuse (with denied)
// whoever may not edit it, apply change to a copy, and write the copy.
func (s *Service) edit(ctx context.Context, a *domain.Actor, id string, at time.Time, denied error,
	change func(*domain.Incident) error) (*domain.Incident, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	var saved *domain.Incident
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		old, err := s.store.IncidentForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if old == nil {
			return errNotFound
		}
		if !CanEdit(a, old) {
			return denied
		}
		in := *old
		if err := change(&in); err != nil {
			return err
		}
		if in.AssignedTo != nil && (old.AssignedTo == nil || *old.AssignedTo != *in.AssignedTo) {
			member, err := s.store.IsMember(ctx, in.CommunityID, *in.AssignedTo)
			if err != nil {
				return err
			}
			if !member {
				return errNotMember
			}
		}
		saved = &in
		if err := s.store.SaveIncident(ctx, old, &in, a.UserID, at); err != nil {
			return err
		}
		if in.DeletedAt != nil {
			return nil
		}
		return s.store.QueuePush(ctx, changePush(a, old, &in), s.now())
	})
	if err != nil {
		return nil, err
	}
	return saved, nil
}

// apply writes the fields p sets into in.
func (p Patch) apply(in *domain.Incident) {
	if p.Title != nil {
		in.Title = strings.TrimSpace(*p.Title)
	}
	if p.Description != nil {
		in.Description = strings.TrimSpace(*p.Description)
	}
	if p.Location != nil {
		in.Location = domain.Optional(p.Location)
	}
	if p.Priority != nil {
		in.Priority = *p.Priority
	}
	if p.Status != nil {
		in.Status = *p.Status
	}
	if p.AssignedTo != nil {
		in.AssignedTo = domain.Optional(p.AssignedTo)
	}
	if p.ImageURL != nil {
		in.ImageURL = domain.Optional(p.ImageURL)
	}
}

// changePush is the push of a change to an incident, for its creator and its assignee but the actor.
func changePush(a *domain.Actor, old, in *domain.Incident) domain.Push {
	var users []string
	for _, u := range []*string{in.CreatedBy, in.AssignedTo} {
		if u != nil && *u != a.UserID && (len(users) == 0 || users[0] != *u) {
			users = append(users, *u)
		}
	}
	return domain.Push{Kind: domain.PushIncident, Users: users, CommunityID: in.CommunityID, URL: "/incidents", Tag: "incident-" + in.ID,
		Text: func(lang domain.Language) (string, string) {
			title := domain.Localized(lang, "Incidencia: ", "Incidència: ", "Incident: ") + in.Title
			switch {
			case old.Status != in.Status:
				return title, domain.Localized(lang, "Nuevo estado: ", "Nou estat: ", "New status: ") + statusLabel(lang, in.Status)
			case in.AssignedTo != nil && (old.AssignedTo == nil || *old.AssignedTo != *in.AssignedTo):
				return title, domain.Localized(lang, "Tiene una nueva persona asignada", "Té una nova persona assignada", "It has a new assignee")
			}
			return title, domain.Localized(lang, "Se ha actualizado", "S'ha actualitzat", "It was updated")
		}}
}

func statusLabel(lang domain.Language, st domain.IncidentStatus) string {
	switch st {
	case domain.IncidentInProgress:
		return domain.Localized(lang, "En progreso", "En curs", "In progress")
	case domain.IncidentResolved:
		return domain.Localized(lang, "Resuelta", "Resolta", "Resolved")
	}
	return domain.Localized(lang, "Abierta", "Oberta", "Open")
}
