package httpapi

import (
	"context"
	"strconv"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/incidents"
)

// Incident is an incident as members of its community see it.
type Incident struct {
	ID             string     `json:"id"`
	Title          string     `json:"title"`
	Description    string     `json:"description"`
	Location       *string    `json:"location"`
	Priority       string     `json:"priority" enum:"low,medium,high"`
	Status         string     `json:"status" enum:"open,in_progress,resolved"`
	CreatedBy      *string    `json:"createdBy" doc:"null once the creator's account is deleted"`
	CreatedByName  string     `json:"createdByName"`
	AssignedTo     *string    `json:"assignedTo" doc:"null once the assignee's account is deleted"`
	AssignedToName string     `json:"assignedToName"`
	ImageURL       *string    `json:"imageUrl"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
	DeletedAt      *time.Time `json:"deletedAt" doc:"Set when the incident was deleted (soft delete)"`
	CanEdit        bool       `json:"canEdit" doc:"Whether the caller may edit and delete it (its creator or an admin)"`
}

// StatusChange is one step of an incident's status history.
type StatusChange struct {
	FromStatus    *string   `json:"fromStatus" doc:"null for the creation"`
	ToStatus      string    `json:"toStatus" enum:"open,in_progress,resolved"`
	ChangedBy     *string   `json:"changedBy"`
	ChangedByName string    `json:"changedByName"`
	ChangedAt     time.Time `json:"changedAt"`
}

// IncidentDetail is an incident with its status history, oldest first.
type IncidentDetail struct {
	Incident
	StatusHistory []StatusChange `json:"statusHistory"`
}

// IncidentPage is one page of the incidents list.
type IncidentPage struct {
	Items      []Incident `json:"items"`
	NextCursor *string    `json:"nextCursor" doc:"Pass as cursor for the next page; null on the last page"`
}

func incidentOf(a *domain.Actor, in *domain.Incident) Incident {
	return Incident{ID: in.ID, Title: in.Title, Description: in.Description, Location: in.Location, Priority: string(in.Priority),
		Status: string(in.Status), CreatedBy: in.CreatedBy, CreatedByName: in.CreatedByName, AssignedTo: in.AssignedTo,
		AssignedToName: in.AssignedToName, ImageURL: in.ImageURL, CreatedAt: in.CreatedAt, UpdatedAt: in.UpdatedAt,
		DeletedAt: in.DeletedAt, CanEdit: in.DeletedAt == nil && incidents.CanEdit(a, in)}
}

type incidentIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type incidentOutput struct{ Body Incident }

type incidentDetailOutput struct{ Body IncidentDetail }

// incidentPageOutput is an IncidentPage already written (see its MarshalJSON); the route documents its
// schema (returnsJSON).
type incidentPageOutput struct {
	ContentType string `header:"Content-Type"`
	Body        []byte
}

type createIncidentInput struct {
	Body struct {
		Title       string  `json:"title" maxLength:"200"`
		Description string  `json:"description" maxLength:"5000"`
		Priority    string  `json:"priority,omitempty" enum:"low,medium,high" doc:"Default medium"`
		Location    *string `json:"location,omitempty" maxLength:"200"`
		AssignedTo  string  `json:"assignedTo" maxLength:"64" doc:"A member of the caller's community"`
		Status      string  `json:"status,omitempty" enum:"open,in_progress,resolved" doc:"Default open"`
		ImageURL    *string `json:"imageUrl,omitempty" maxLength:"2048"`
	}
}

type updateIncidentInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Title       *string `json:"title,omitempty" maxLength:"200"`
		Description *string `json:"description,omitempty" maxLength:"5000"`
		Location    *string `json:"location,omitempty" maxLength:"200" doc:"Empty removes it"`
		Priority    *string `json:"priority,omitempty" enum:"low,medium,high"`
		Status      *string `json:"status,omitempty" enum:"open,in_progress,resolved" doc:"A change is recorded in the status history"`
		AssignedTo  *string `json:"assignedTo,omitempty" maxLength:"64"`
		ImageURL    *string `json:"imageUrl,omitempty" maxLength:"2048" doc:"Empty removes it"`
	}
}

type listIncidentsInput struct {
	Status         string `query:"status" enum:"open,in_progress,resolved"`
	Priority       string `query:"priority" enum:"low,medium,high"`
	AssignedTo     string `query:"assignedTo" maxLength:"64"`
	CreatedBy      string `query:"createdBy" maxLength:"64"`
	Mine           bool   `query:"mine" doc:"Only those created by or assigned to the caller"`
	Q              string `query:"q" maxLength:"200" doc:"Search in title and description (case and accents ignored)"`
	IncludeDeleted bool   `query:"includeDeleted" doc:"Also deleted ones ('Mostrar eliminadas')"`
	Limit          int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
	Cursor         string `query:"cursor" maxLength:"200" doc:"nextCursor of the previous page"`
}

func (s *server) listIncidents(ctx context.Context, in *listIncidentsInput) (*incidentPageOutput, error) {
	a := actor(ctx)
	p, err := s.Incidents.List(ctx, a, incidents.ListInput{Status: domain.IncidentStatus(in.Status), Priority: domain.Priority(in.Priority),
		AssignedTo: in.AssignedTo, CreatedBy: in.CreatedBy, Mine: in.Mine, Query: in.Q, IncludeDeleted: in.IncludeDeleted,
		Limit: in.Limit, Cursor: in.Cursor})
	if err != nil {
		return nil, err
	}
	page := IncidentPage{Items: make([]Incident, len(p.Items))}
	for i := range p.Items {
		page.Items[i] = incidentOf(a, &p.Items[i])
	}
	if p.NextCursor != "" {
		page.NextCursor = &p.NextCursor
	}
	body, err := page.MarshalJSON()
	return &incidentPageOutput{ContentType: "application/json", Body: body}, err
}

// MarshalJSON writes the page as huma's encoding/json would (HTML characters not escaped, a final
// newline), without reflection: the encoding was a quarter of a list request's CPU (docs/adr/0048).
// TestIncidentPageEncodesAsReflection compares the two.
func (p IncidentPage) MarshalJSON() ([]byte, error) {
	n := 32
	for i := range p.Items {
		n += 420 + len(p.Items[i].Title) + len(p.Items[i].Description)
	}
	b := appendJSONArray(append(make([]byte, 0, n), `{"items":`...), p.Items, (*Incident).appendJSON)
	b = appendJSONStringPtr(append(b, `,"nextCursor":`...), p.NextCursor)
	return append(b, "}\n"...), nil
}

func (in *Incident) appendJSON(b []byte) []byte {
	b = appendJSONText(append(b, `{"id":`...), in.ID)
	b = appendJSONText(append(b, `,"title":`...), in.Title)
	b = appendJSONText(append(b, `,"description":`...), in.Description)
	b = appendJSONStringPtr(append(b, `,"location":`...), in.Location)
	b = appendJSONText(append(b, `,"priority":`...), in.Priority)
	b = appendJSONText(append(b, `,"status":`...), in.Status)
	b = appendJSONStringPtr(append(b, `,"createdBy":`...), in.CreatedBy)
	b = appendJSONText(append(b, `,"createdByName":`...), in.CreatedByName)
	b = appendJSONStringPtr(append(b, `,"assignedTo":`...), in.AssignedTo)
	b = appendJSONText(append(b, `,"assignedToName":`...), in.AssignedToName)
	b = appendJSONStringPtr(append(b, `,"imageUrl":`...), in.ImageURL)
	b = appendJSONTime(append(b, `,"createdAt":`...), in.CreatedAt)
	b = appendJSONTime(append(b, `,"updatedAt":`...), in.UpdatedAt)
	b = appendJSONTimePtr(append(b, `,"deletedAt":`...), in.DeletedAt)
	return append(strconv.AppendBool(append(b, `,"canEdit":`...), in.CanEdit), '}')
}

func (s *server) createIncident(ctx context.Context, in *createIncidentInput) (*incidentOutput, error) {
	a := actor(ctx)
	b := in.Body
	inc, err := s.Incidents.Create(ctx, a, incidents.Input{Title: b.Title, Description: b.Description, Location: b.Location,
		Priority: domain.Priority(b.Priority), Status: domain.IncidentStatus(b.Status), AssignedTo: b.AssignedTo, ImageURL: b.ImageURL})
	if err != nil {
		return nil, err
	}
	return &incidentOutput{Body: incidentOf(a, inc)}, nil
}

func (s *server) getIncident(ctx context.Context, in *incidentIDInput) (*incidentDetailOutput, error) {
	a := actor(ctx)
	d, err := s.Incidents.Get(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	out := &incidentDetailOutput{Body: IncidentDetail{Incident: incidentOf(a, d.Incident), StatusHistory: make([]StatusChange, len(d.History))}}
	for i, h := range d.History {
		c := StatusChange{ToStatus: string(h.To), ChangedBy: h.ChangedBy, ChangedByName: h.ChangedByName, ChangedAt: h.ChangedAt}
		if h.From != nil {
			from := string(*h.From)
			c.FromStatus = &from
		}
		out.Body.StatusHistory[i] = c
	}
	return out, nil
}

func (s *server) updateIncident(ctx context.Context, in *updateIncidentInput) (*incidentOutput, error) {
	a := actor(ctx)
	b := in.Body
	p := incidents.Patch{Title: b.Title, Description: b.Description, Location: b.Location, AssignedTo: b.AssignedTo, ImageURL: b.ImageURL}
	if b.Priority != nil {
		v := domain.Priority(*b.Priority)
		p.Priority = &v
	}
	if b.Status != nil {
		v := domain.IncidentStatus(*b.Status)
		p.Status = &v
	}
	inc, err := s.Incidents.Update(ctx, a, in.ID, p)
	if err != nil {
		return nil, err
	}
	return &incidentOutput{Body: incidentOf(a, inc)}, nil
}

func (s *server) deleteIncident(ctx context.Context, in *incidentIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Incidents.Delete(ctx, a, in.ID)
}
