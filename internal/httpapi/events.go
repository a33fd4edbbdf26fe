package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/events"
)

// Event is an event as members of its community see it.
type Event struct {
	ID            string     `json:"id"`
	Title         string     `json:"title"`
	Description   *string    `json:"description"`
	Location      *string    `json:"location"`
	StartAt       time.Time  `json:"startAt"`
	EndAt         *time.Time `json:"endAt" doc:"null when no end time was given"`
	Status        string     `json:"status" enum:"scheduled,completed"`
	CreatedBy     *string    `json:"createdBy" doc:"null once the creator's account is deleted"`
	CreatedByName string     `json:"createdByName"`
	CreatedAt     time.Time  `json:"createdAt"`
	UpdatedAt     time.Time  `json:"updatedAt"`
	DeletedAt     *time.Time `json:"deletedAt" doc:"Set when the event was deleted (soft delete)"`
	CanEdit       bool       `json:"canEdit" doc:"Whether the caller may edit and delete it (its creator or an admin)"`
}

func eventOf(a *domain.Actor, ev *domain.Event) Event {
	return Event{ID: ev.ID, Title: ev.Title, Description: ev.Description, Location: ev.Location, StartAt: ev.StartAt, EndAt: ev.EndAt,
		Status: string(ev.Status), CreatedBy: ev.CreatedBy, CreatedByName: ev.CreatedByName, CreatedAt: ev.CreatedAt,
		UpdatedAt: ev.UpdatedAt, DeletedAt: ev.DeletedAt, CanEdit: ev.DeletedAt == nil && events.CanEdit(a, ev)}
}

type eventIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type eventOutput struct{ Body Event }

type eventListOutput struct {
	Body struct {
		Items []Event `json:"items"`
	}
}

type createEventInput struct {
	Body struct {
		Title       string     `json:"title" maxLength:"200"`
		Description *string    `json:"description,omitempty" maxLength:"5000"`
		Location    *string    `json:"location,omitempty" maxLength:"200"`
		StartAt     time.Time  `json:"startAt" doc:"Date and start time"`
		EndAt       *time.Time `json:"endAt,omitempty" doc:"Optional; not before startAt"`
	}
}

type updateEventInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Title       *string    `json:"title,omitempty" maxLength:"200"`
		Description *string    `json:"description,omitempty" maxLength:"5000" doc:"Empty removes it"`
		Location    *string    `json:"location,omitempty" maxLength:"200" doc:"Empty removes it"`
		StartAt     *time.Time `json:"startAt,omitempty"`
		EndAt       *time.Time `json:"endAt,omitempty"`
		ClearEndAt  bool       `json:"clearEndAt,omitempty" doc:"Remove the end time"`
		Status      *string    `json:"status,omitempty" enum:"scheduled,completed"`
	}
}

type listEventsInput struct {
	From           time.Time `query:"from" doc:"Events starting at or after this time"`
	To             time.Time `query:"to" doc:"Events starting before this time"`
	CreatedBy      string    `query:"createdBy" maxLength:"64"`
	Status         string    `query:"status" enum:"scheduled,completed"`
	Q              string    `query:"q" maxLength:"200" doc:"Search in title and description (case and accents ignored)"`
	IncludeDeleted bool      `query:"includeDeleted" doc:"Also deleted ones ('Mostrar eliminados')"`
	Limit          int       `query:"limit" minimum:"1" maximum:"1000" default:"500"`
}

func optTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func (s *server) listEvents(ctx context.Context, in *listEventsInput) (*eventListOutput, error) {
	a := actor(ctx)
	evs, err := s.Events.List(ctx, a, events.ListInput{From: optTime(in.From), To: optTime(in.To), CreatedBy: in.CreatedBy,
		Status: domain.EventStatus(in.Status), Query: in.Q, IncludeDeleted: in.IncludeDeleted, Limit: in.Limit})
	if err != nil {
		return nil, err
	}
	out := &eventListOutput{}
	out.Body.Items = make([]Event, len(evs))
	for i := range evs {
		out.Body.Items[i] = eventOf(a, &evs[i])
	}
	return out, nil
}

func (s *server) createEvent(ctx context.Context, in *createEventInput) (*eventOutput, error) {
	a := actor(ctx)
	b := in.Body
	ev, err := s.Events.Create(ctx, a, events.Input{Title: b.Title, Description: b.Description, Location: b.Location, StartAt: b.StartAt, EndAt: b.EndAt})
	if err != nil {
		return nil, err
	}
	return &eventOutput{Body: eventOf(a, ev)}, nil
}

func (s *server) getEvent(ctx context.Context, in *eventIDInput) (*eventOutput, error) {
	a := actor(ctx)
	ev, err := s.Events.Get(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &eventOutput{Body: eventOf(a, ev)}, nil
}

func (s *server) updateEvent(ctx context.Context, in *updateEventInput) (*eventOutput, error) {
	a := actor(ctx)
	b := in.Body
	p := events.Patch{Title: b.Title, Description: b.Description, Location: b.Location, StartAt: b.StartAt, EndAt: b.EndAt, ClearEnd: b.ClearEndAt}
	if b.Status != nil {
		v := domain.EventStatus(*b.Status)
		p.Status = &v
	}
	ev, err := s.Events.Update(ctx, a, in.ID, p)
	if err != nil {
		return nil, err
	}
	return &eventOutput{Body: eventOf(a, ev)}, nil
}

func (s *server) deleteEvent(ctx context.Context, in *eventIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Events.Delete(ctx, a, in.ID)
}
