package httpapi

import (
	"context"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"vecinos/internal/domain"
	"vecinos/internal/maintenance"
)

// MaintenanceItem is one recurring piece of the building's upkeep, with its status on the community's
// today and its history.
type MaintenanceItem struct {
	ID           string            `json:"id"`
	Name         string            `json:"name"`
	Kind         string            `json:"kind" enum:"inspection,contract,other"`
	Provider     *string           `json:"provider"`
	PeriodMonths int               `json:"periodMonths" doc:"Done again every so many months"`
	LastDone     string            `json:"lastDone" format:"date"`
	NextDue      string            `json:"nextDue" format:"date" doc:"lastDone plus periodMonths"`
	Status       string            `json:"status" enum:"overdue,soon,ok" doc:"overdue: due before today; soon: due within 30 days"`
	Notes        *string           `json:"notes"`
	History      []MaintenanceDone `json:"history" doc:"Each time it was marked done, newest first"`
}

// MaintenanceDone is one time an item was done.
type MaintenanceDone struct {
	ID         string    `json:"id"`
	DoneOn     string    `json:"doneOn" format:"date"`
	Note       *string   `json:"note"`
	DoneByName string    `json:"doneByName"`
	CreatedAt  time.Time `json:"createdAt"`
}

func maintenanceItemOf(it *domain.MaintenanceItem, today time.Time) MaintenanceItem {
	status := "ok"
	switch {
	case it.NextDue.Before(today):
		status = "overdue"
	case !it.NextDue.After(today.AddDate(0, 0, maintenance.SoonDays)):
		status = "soon"
	}
	out := MaintenanceItem{ID: it.ID, Name: it.Name, Kind: string(it.Kind), Provider: it.Provider, PeriodMonths: it.PeriodMonths,
		LastDone: it.LastDone.Format(time.DateOnly), NextDue: it.NextDue.Format(time.DateOnly), Status: status, Notes: it.Notes,
		History: make([]MaintenanceDone, len(it.History))}
	for i, d := range it.History {
		out.History[i] = MaintenanceDone{ID: d.ID, DoneOn: d.DoneOn.Format(time.DateOnly), Note: d.Note, DoneByName: d.DoneByName,
			CreatedAt: d.CreatedAt}
	}
	return out
}

type maintenanceListOutput struct {
	Body struct {
		Today string            `json:"today" format:"date" doc:"The community's date the statuses are measured on"`
		Items []MaintenanceItem `json:"items" doc:"The soonest due first"`
	}
}

type maintenanceItemOutput struct{ Body MaintenanceItem }

type maintenanceIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

// maintenanceForm is an admin's form of an item; its lengths are the service's (the web form reads them).
type maintenanceForm struct {
	Name         string  `json:"name" maxLength:"120"`
	Kind         string  `json:"kind" enum:"inspection,contract,other"`
	Provider     *string `json:"provider,omitempty" maxLength:"120"`
	PeriodMonths int     `json:"periodMonths" doc:"1 to 240"`
	LastDone     string  `json:"lastDone" format:"date" doc:"YYYY-MM-DD, not in the future"`
	Notes        *string `json:"notes,omitempty" maxLength:"1000"`
}

type createMaintenanceInput struct {
	Body maintenanceForm
}

type updateMaintenanceInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body maintenanceForm
}

type markMaintenanceDoneInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		DoneOn string  `json:"doneOn" format:"date" doc:"YYYY-MM-DD: not in the future, not before the last time"`
		Note   *string `json:"note,omitempty" maxLength:"1000"`
	}
}

func (f maintenanceForm) input() (maintenance.Input, error) {
	last, err := parseDate(f.LastDone)
	return maintenance.Input{Name: f.Name, Kind: domain.MaintenanceKind(f.Kind), Provider: f.Provider, PeriodMonths: f.PeriodMonths,
		LastDone: last, Notes: f.Notes}, err
}

// parseDate reads a day the schema already checked as a date.
func parseDate(s string) (time.Time, error) {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return d, huma.Error422UnprocessableEntity("invalid date " + s)
	}
	return d, nil
}

func (s *server) maintenanceItem(ctx context.Context, a *domain.Actor, it *domain.MaintenanceItem, err error) (*maintenanceItemOutput, error) {
	if err != nil {
		return nil, err
	}
	return &maintenanceItemOutput{Body: maintenanceItemOf(it, s.Maintenance.Today(ctx, a.CommunityID))}, nil
}

func (s *server) listMaintenance(ctx context.Context, _ *struct{}) (*maintenanceListOutput, error) {
	a := actor(ctx)
	items, err := s.Maintenance.List(ctx, a)
	if err != nil {
		return nil, err
	}
	today := s.Maintenance.Today(ctx, a.CommunityID)
	out := &maintenanceListOutput{}
	out.Body.Today = today.Format(time.DateOnly)
	out.Body.Items = make([]MaintenanceItem, len(items))
	for i := range items {
		out.Body.Items[i] = maintenanceItemOf(&items[i], today)
	}
	return out, nil
}

func (s *server) createMaintenance(ctx context.Context, in *createMaintenanceInput) (*maintenanceItemOutput, error) {
	a := actor(ctx)
	form, err := in.Body.input()
	if err != nil {
		return nil, err
	}
	it, err := s.Maintenance.Create(ctx, a, form)
	return s.maintenanceItem(ctx, a, it, err)
}

func (s *server) updateMaintenance(ctx context.Context, in *updateMaintenanceInput) (*maintenanceItemOutput, error) {
	a := actor(ctx)
	form, err := in.Body.input()
	if err != nil {
		return nil, err
	}
	it, err := s.Maintenance.Update(ctx, a, in.ID, form)
	return s.maintenanceItem(ctx, a, it, err)
}

func (s *server) deleteMaintenance(ctx context.Context, in *maintenanceIDInput) (*struct{}, error) {
	return nil, s.Maintenance.Delete(ctx, actor(ctx), in.ID)
}

func (s *server) markMaintenanceDone(ctx context.Context, in *markMaintenanceDoneInput) (*maintenanceItemOutput, error) {
	a := actor(ctx)
	on, err := parseDate(in.Body.DoneOn)
	if err != nil {
		return nil, err
	}
	it, err := s.Maintenance.MarkDone(ctx, a, in.ID, on, in.Body.Note)
	return s.maintenanceItem(ctx, a, it, err)
}
