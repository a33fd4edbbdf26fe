// Package events runs the events of a community (meetings, works, activities) and their private
// iCalendar feed. It owns the rules; the store carries them out, always scoped to the caller's community.
//
// The calendar feed: every member may create their own secret feed URL (POST /api/v1/calendar/feed-url).
// The token has 160 bits of entropy and only its SHA-256 is stored, so the URL is shown once, when it is
// created; creating it again rotates it (the old URL stops working at once) and DELETE revokes it. A
// per-member URL, rather than one shared by the community, means nobody has to pass a secret around, a
// leaked URL is revoked by its owner without breaking everyone else's calendar, and the feed dies with
// the membership: it only answers while its owner still belongs to the community. The feed shows no
// more than any member sees in the app: the community's events that are not deleted.
package events

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/credentials"
	"vecinos/internal/domain"
)

// Limits.
const (
	DefaultLimit   = 500
	MaxLimit       = 1000
	maxTitle       = 200
	maxDescription = 5000
	maxLocation    = 200
	// FeedPast is how far back the calendar feed goes; calendar apps keep what they already fetched.
	FeedPast = 365 * 24 * time.Hour
	// FeedPath is where the public feed is served; the token travels in the query string, which the
	// access log leaves out.
	FeedPath = "/calendar/feed.ics"
)

// Store is what the service needs from the database.
type Store interface {
	CreateEvent(ctx context.Context, ev *domain.Event) error
	Event(ctx context.Context, communityID, id string) (*domain.Event, error) // nil: none
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	EventForUpdate(ctx context.Context, communityID, id string) (*domain.Event, error) // nil: none
	SaveEvent(ctx context.Context, ev *domain.Event, at time.Time) error
	ListEvents(ctx context.Context, communityID string, f domain.EventFilter) ([]domain.Event, error)
	SetCalendarFeed(ctx context.Context, userID, communityID, tokenHash string, at time.Time) error
	DeleteCalendarFeed(ctx context.Context, userID string) error
	CalendarFeedCreatedAt(ctx context.Context, userID string) (*time.Time, error)
	CalendarFeed(ctx context.Context, tokenHash string) (*domain.CalendarFeedOwner, error) // nil: no such feed
}

// Service is the events service.
type Service struct {
	store     Store
	publicURL string
	now       func() time.Time
	audit     domain.Auditor
	own       OwnEntries
}

// OwnEntries are a member's own entries of their feed from a time on (their reservations), as events.
type OwnEntries func(ctx context.Context, communityID, userID string, from time.Time) ([]domain.Event, error)

// Options configure the service.
type Options struct {
	PublicURL string           // base of the feed URLs
	Now       func() time.Time // the clock; nil = time.Now
	Audit     domain.Auditor   // records an admin's deletion of someone else's event; may be nil
	Own       OwnEntries       // nil: the feed has the community's events only
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	return &Service{store: store, publicURL: strings.TrimRight(o.PublicURL, "/"), now: o.Now, audit: o.Audit, own: o.Own}
}

var (
	errNoCommunity = domain.Errorf(domain.CodeForbidden, "No tienes una comunidad asignada")
	errCannotEdit  = domain.Errorf(domain.CodeForbidden, "Solo el creador o un administrador puede editar este evento")
	errCannotDel   = domain.Errorf(domain.CodeForbidden, "Solo el creador o un administrador puede eliminar este evento")
	errNotFound    = domain.Errorf(domain.CodeNotFound, "El evento no existe")
)

// CanEdit reports whether a may edit or delete ev: its creator or an admin of its community.
func CanEdit(a *domain.Actor, ev *domain.Event) bool {
	return a.MayModify(ev.CommunityID, ev.CreatedBy)
}

// Input is the create form.
type Input struct {
	Title       string
	Description *string
	Location    *string
	StartAt     time.Time
	EndAt       *time.Time
	Status      domain.EventStatus // empty: scheduled
}

func validate(ev *domain.Event) error {
	switch {
	case ev.Title == "":
		return domain.Errorf(domain.CodeInvalid, "El título es obligatorio")
	case utf8.RuneCountInString(ev.Title) > maxTitle:
		return domain.Errorf(domain.CodeInvalid, "El título no puede superar los %d caracteres", maxTitle)
	case ev.Description != nil && utf8.RuneCountInString(*ev.Description) > maxDescription:
		return domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", maxDescription)
	case ev.Location != nil && utf8.RuneCountInString(*ev.Location) > maxLocation:
		return domain.Errorf(domain.CodeInvalid, "La ubicación no puede superar los %d caracteres", maxLocation)
	case ev.StartAt.IsZero():
		return domain.Errorf(domain.CodeInvalid, "La fecha y la hora de inicio son obligatorias")
	case ev.EndAt != nil && ev.EndAt.Before(ev.StartAt):
		return domain.Errorf(domain.CodeInvalid, "La hora de fin no puede ser anterior a la de inicio")
	case !ev.Status.Valid():
		return domain.Errorf(domain.CodeInvalid, "El estado no es válido")
	}
	return nil
}

func truncMS(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// Create adds an event to a's community.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*domain.Event, error) {
	if !a.InCommunity() {
		return nil, errNoCommunity
	}
	if in.Status == "" {
		in.Status = domain.EventScheduled
	}
	now := truncMS(s.now())
	ev := &domain.Event{ID: domain.NewID(), CommunityID: a.CommunityID, Title: strings.TrimSpace(in.Title),
		Description: domain.Optional(in.Description), Location: domain.Optional(in.Location), StartAt: truncMS(in.StartAt),
		Status: in.Status, CreatedBy: &a.UserID, CreatedAt: now, UpdatedAt: now}
	if in.StartAt.IsZero() {
		ev.StartAt = time.Time{}
	}
	if in.EndAt != nil {
		end := truncMS(*in.EndAt)
		ev.EndAt = &end
	}
	if err := validate(ev); err != nil {
		return nil, err
	}
	if err := s.store.CreateEvent(ctx, ev); err != nil {
		return nil, err
	}
	return s.event(ctx, a, ev.ID)
}

// event reads an event of a's community.
func (s *Service) event(ctx context.Context, a *domain.Actor, id string) (*domain.Event, error) {
	ev, err := s.store.Event(ctx, a.CommunityID, id)
	if err == nil && ev == nil {
		err = errNotFound
	}
	return ev, err
}

// Get returns an event of a's community (deleted ones too: the list may show them).
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*domain.Event, error) {
	if !a.InCommunity() {
		return nil, errNoCommunity
	}
	return s.event(ctx, a, id)
}

// ListInput are the list's filters.
type ListInput struct {
	From, To       *time.Time
	CreatedBy      string
	Status         domain.EventStatus
	Query          string
	IncludeDeleted bool
	Limit          int
}

// List returns a's community's events by start time, earliest first.
func (s *Service) List(ctx context.Context, a *domain.Actor, in ListInput) ([]domain.Event, error) {
	if !a.InCommunity() {
		return nil, errNoCommunity
	}
	if in.Status != "" && !in.Status.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "El estado no es válido")
	}
	return s.store.ListEvents(ctx, a.CommunityID, domain.EventFilter{From: in.From, To: in.To, CreatedBy: in.CreatedBy,
		Status: in.Status, Search: domain.SearchText(in.Query), IncludeDeleted: in.IncludeDeleted, Limit: domain.PageLimit(in.Limit, DefaultLimit, MaxLimit)})
}

// Patch is an edit: nil fields stay; an empty description or location removes it; ClearEnd removes the end.
type Patch struct {
	Title       *string
	Description *string
	Location    *string
	StartAt     *time.Time
	EndAt       *time.Time
	ClearEnd    bool
	Status      *domain.EventStatus
}

// Update edits an event; only its creator or an admin may.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, p Patch) (*domain.Event, error) {
	return s.edit(ctx, a, id, s.now(), errCannotEdit, func(ev *domain.Event) error {
		p.apply(ev)
		return validate(ev)
	})
}

// Delete soft-deletes an event; only its creator or an admin may.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	now := s.now().UTC()
	ev, err := s.edit(ctx, a, id, now, errCannotDel, func(ev *domain.Event) error {
		ev.DeletedAt = &now
		return nil
	})
	if err == nil && (ev.CreatedBy == nil || *ev.CreatedBy != a.UserID) {
		s.audit.Record(ctx, a, domain.AuditChange{Action: domain.AuditContentDeleted, TargetKind: "event", TargetID: ev.ID,
			TargetLabel: ev.Title, Before: map[string]any{"title": ev.Title, "startAt": ev.StartAt, "createdBy": ev.CreatedByName}})
	}
	return err
}

// edit is the one way an event changes, in one transaction: read it locked, refuse (with denied) whoever
// may not edit it, apply change, and write.
func (s *Service) edit(ctx context.Context, a *domain.Actor, id string, at time.Time, denied error,
	change func(*domain.Event) error) (*domain.Event, error) {
	if !a.InCommunity() {
		return nil, errNoCommunity
	}
	var ev *domain.Event
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if ev, err = s.store.EventForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if ev == nil {
			return errNotFound
		}
		if !CanEdit(a, ev) {
			return denied
		}
		if err := change(ev); err != nil {
			return err
		}
		return s.store.SaveEvent(ctx, ev, at)
	})
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// apply writes the fields p sets into ev.
func (p Patch) apply(ev *domain.Event) {
	if p.Title != nil {
		ev.Title = strings.TrimSpace(*p.Title)
	}
	if p.Description != nil {
		ev.Description = domain.Optional(p.Description)
	}
	if p.Location != nil {
		ev.Location = domain.Optional(p.Location)
	}
	if p.StartAt != nil {
		ev.StartAt = truncMS(*p.StartAt)
	}
	if p.EndAt != nil {
		end := truncMS(*p.EndAt)
		ev.EndAt = &end
	}
	if p.ClearEnd {
		ev.EndAt = nil
	}
	if p.Status != nil {
		ev.Status = *p.Status
	}
}

// FeedStatus tells when a's calendar feed was created; nil when they have none.
func (s *Service) FeedStatus(ctx context.Context, a *domain.Actor) (*time.Time, error) {
	if !a.InCommunity() {
		return nil, errNoCommunity
	}
	return s.store.CalendarFeedCreatedAt(ctx, a.UserID)
}

// CreateFeed creates a's secret feed URL, replacing (revoking) the one they had, and returns it: it
// cannot be shown again.
func (s *Service) CreateFeed(ctx context.Context, a *domain.Actor) (string, error) {
	if !a.InCommunity() {
		return "", errNoCommunity
	}
	token := credentials.NewToken()
	if err := s.store.SetCalendarFeed(ctx, a.UserID, a.CommunityID, credentials.HashToken(token), s.now()); err != nil {
		return "", err
	}
	return s.publicURL + FeedPath + "?token=" + token, nil
}

// RevokeFeed deletes a's feed URL.
func (s *Service) RevokeFeed(ctx context.Context, a *domain.Actor) error {
	if !a.InCommunity() {
		return errNoCommunity
	}
	return s.store.DeleteCalendarFeed(ctx, a.UserID)
}

var errFeedNotFound = domain.Errorf(domain.CodeNotFound, "Este calendario no existe o se ha revocado")

// Feed returns the iCalendar document of the feed with token: the community's events from FeedPast ago,
// and its owner's own entries (their reservations), in the community's time zone. An unknown or revoked
// token is not found.
func (s *Service) Feed(ctx context.Context, token string) ([]byte, error) {
	if token == "" || len(token) > 100 {
		return nil, errFeedNotFound
	}
	o, err := s.store.CalendarFeed(ctx, credentials.HashToken(token))
	if err != nil {
		return nil, err
	}
	if o == nil {
		return nil, errFeedNotFound
	}
	now := s.now()
	from := now.Add(-FeedPast)
	evs, err := s.store.ListEvents(ctx, o.Community.ID, domain.EventFilter{From: &from, Limit: 5000})
	if err != nil {
		return nil, err
	}
	if s.own != nil {
		mine, err := s.own(ctx, o.Community.ID, o.UserID, from)
		if err != nil {
			return nil, err
		}
		evs = append(evs, mine...)
	}
	return ICalendar(o.Community.Name, o.TimeZone, evs, now), nil
}
