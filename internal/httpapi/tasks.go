package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/tasks"
)

// Task is a job for the staff or a provider, as members of its community see it.
type Task struct {
	ID             string     `json:"id"`
	Title          string     `json:"title"`
	Description    string     `json:"description"`
	Assignee       string     `json:"assignee" enum:"janitor,cleaning,gardening,provider"`
	ProviderID     *string    `json:"providerId"`
	ProviderName   string     `json:"providerName"`
	Priority       string     `json:"priority" enum:"low,medium,high"`
	Status         string     `json:"status" enum:"pending,in_progress,completed"`
	DueDate        *string    `json:"dueDate" doc:"YYYY-MM-DD"`
	Overdue        bool       `json:"overdue" doc:"Past its due date and not completed"`
	Recurrence     string     `json:"recurrence" enum:"none,weekly,monthly,yearly"`
	NextTaskID     *string    `json:"nextTaskId" doc:"The task its completion created"`
	IncidentID     *string    `json:"incidentId" doc:"The incident it was made from"`
	IncidentTitle  string     `json:"incidentTitle"`
	IncidentStatus string     `json:"incidentStatus" doc:"Empty without an incident"`
	CreatedBy      *string    `json:"createdBy"`
	CreatedByName  string     `json:"createdByName"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
	CompletedAt    *time.Time `json:"completedAt"`
}

func taskOf(t *domain.Task, today string) Task {
	return Task{ID: t.ID, Title: t.Title, Description: t.Description, Assignee: string(t.Assignee), ProviderID: t.ProviderID,
		ProviderName: t.ProviderName, Priority: string(t.Priority), Status: string(t.Status), DueDate: t.DueDate,
		Overdue: tasks.Overdue(t, today), Recurrence: string(t.Recurrence), NextTaskID: t.NextTaskID, IncidentID: t.IncidentID,
		IncidentTitle: t.IncidentTitle, IncidentStatus: string(t.IncidentStatus), CreatedBy: t.CreatedBy, CreatedByName: t.CreatedByName,
		CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt, CompletedAt: t.CompletedAt}
}

type taskOutput struct{ Body Task }

type taskPageOutput struct {
	Body struct {
		Items      []Task  `json:"items"`
		NextCursor *string `json:"nextCursor" doc:"Pass as cursor for the next page; null on the last page"`
	}
}

type taskSummaryOutput struct {
	Body struct {
		Pending    int  `json:"pending"`
		InProgress int  `json:"inProgress"`
		Completed  int  `json:"completed"`
		CanManage  bool `json:"canManage" doc:"Whether the caller may create and edit tasks"`
	}
}

// TaskEditor is a member allowed to manage tasks.
type TaskEditor struct {
	UserID   string `json:"userId"`
	FullName string `json:"fullName"`
}

type taskEditorsOutput struct {
	Body struct {
		Items []TaskEditor `json:"items"`
	}
}

type taskIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type taskEditorInput struct {
	UserID string `path:"userId" maxLength:"64"`
}

type listTasksInput struct {
	Status   string `query:"status" enum:"pending,in_progress,completed"`
	Assignee string `query:"assignee" enum:"janitor,cleaning,gardening,provider"`
	Q        string `query:"q" maxLength:"200" doc:"Search in title and description (case and accents ignored)"`
	Limit    int    `query:"limit" minimum:"1" maximum:"100" default:"50"`
	Cursor   string `query:"cursor" maxLength:"200"`
}

type createTaskInput struct {
	Body struct {
		Title       string `json:"title" maxLength:"200"`
		Description string `json:"description,omitempty" maxLength:"5000"`
		Assignee    string `json:"assignee" maxLength:"20" doc:"janitor, cleaning, gardening or provider"`
		ProviderID  string `json:"providerId,omitempty" maxLength:"64" doc:"A listed provider, for the provider assignee"`
		Priority    string `json:"priority,omitempty" enum:"low,medium,high" doc:"Default medium"`
		DueDate     string `json:"dueDate,omitempty" maxLength:"10" doc:"YYYY-MM-DD"`
		Recurrence  string `json:"recurrence,omitempty" enum:"none,weekly,monthly,yearly" doc:"Default none"`
		IncidentID  string `json:"incidentId,omitempty" maxLength:"64" doc:"The incident the task comes from ('Crear tarea')"`
	}
}

type updateTaskInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Title       *string `json:"title,omitempty" maxLength:"200"`
		Description *string `json:"description,omitempty" maxLength:"5000"`
		Assignee    *string `json:"assignee,omitempty" maxLength:"20"`
		ProviderID  *string `json:"providerId,omitempty" maxLength:"64" doc:"Empty removes it"`
		Priority    *string `json:"priority,omitempty" enum:"low,medium,high"`
		Status      *string `json:"status,omitempty" enum:"pending,in_progress,completed" doc:"Completing a repeating task creates the next one"`
		DueDate     *string `json:"dueDate,omitempty" maxLength:"10" doc:"Empty removes it"`
		Recurrence  *string `json:"recurrence,omitempty" enum:"none,weekly,monthly,yearly"`
	}
}

func (s *server) listTasks(ctx context.Context, in *listTasksInput) (*taskPageOutput, error) {
	a := actor(ctx)
	p, err := s.Tasks.List(ctx, a, tasks.ListInput{Status: domain.TaskStatus(in.Status), Assignee: domain.TaskAssignee(in.Assignee),
		Query: in.Q, Limit: in.Limit, Cursor: in.Cursor})
	if err != nil {
		return nil, err
	}
	today := s.Tasks.Today()
	out := &taskPageOutput{}
	out.Body.Items = make([]Task, len(p.Items))
	for i := range p.Items {
		out.Body.Items[i] = taskOf(&p.Items[i], today)
	}
	if p.NextCursor != "" {
		out.Body.NextCursor = &p.NextCursor
	}
	return out, nil
}

func (s *server) taskSummary(ctx context.Context, _ *struct{}) (*taskSummaryOutput, error) {
	a := actor(ctx)
	sum, err := s.Tasks.Summarize(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &taskSummaryOutput{}
	out.Body.Pending, out.Body.InProgress, out.Body.Completed = sum.Counts.Pending, sum.Counts.InProgress, sum.Counts.Completed
	out.Body.CanManage = sum.CanManage
	return out, nil
}

func (s *server) createTask(ctx context.Context, in *createTaskInput) (*taskOutput, error) {
	a := actor(ctx)
	b := in.Body
	t, err := s.Tasks.Create(ctx, a, tasks.Input{Title: b.Title, Description: b.Description, Assignee: domain.TaskAssignee(b.Assignee),
		ProviderID: b.ProviderID, Priority: domain.Priority(b.Priority), DueDate: b.DueDate, Recurrence: domain.Recurrence(b.Recurrence),
		IncidentID: b.IncidentID})
	if err != nil {
		return nil, err
	}
	return &taskOutput{Body: taskOf(t, s.Tasks.Today())}, nil
}

func (s *server) getTask(ctx context.Context, in *taskIDInput) (*taskOutput, error) {
	a := actor(ctx)
	t, err := s.Tasks.Get(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &taskOutput{Body: taskOf(t, s.Tasks.Today())}, nil
}

func (s *server) updateTask(ctx context.Context, in *updateTaskInput) (*taskOutput, error) {
	a := actor(ctx)
	b := in.Body
	p := tasks.Patch{Title: b.Title, Description: b.Description, ProviderID: b.ProviderID, DueDate: b.DueDate}
	if b.Assignee != nil {
		v := domain.TaskAssignee(*b.Assignee)
		p.Assignee = &v
	}
	if b.Priority != nil {
		v := domain.Priority(*b.Priority)
		p.Priority = &v
	}
	if b.Status != nil {
		v := domain.TaskStatus(*b.Status)
		p.Status = &v
	}
	if b.Recurrence != nil {
		v := domain.Recurrence(*b.Recurrence)
		p.Recurrence = &v
	}
	t, err := s.Tasks.Update(ctx, a, in.ID, p)
	if err != nil {
		return nil, err
	}
	return &taskOutput{Body: taskOf(t, s.Tasks.Today())}, nil
}

func (s *server) deleteTask(ctx context.Context, in *taskIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Tasks.Delete(ctx, a, in.ID)
}

func (s *server) listTaskEditors(ctx context.Context, _ *struct{}) (*taskEditorsOutput, error) {
	a := actor(ctx)
	es, err := s.Tasks.Editors(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &taskEditorsOutput{}
	out.Body.Items = make([]TaskEditor, len(es))
	for i, e := range es {
		out.Body.Items[i] = TaskEditor{UserID: e.UserID, FullName: e.FullName}
	}
	return out, nil
}

func (s *server) allowTaskEditor(ctx context.Context, in *taskEditorInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Tasks.SetEditor(ctx, a, in.UserID, true)
}

func (s *server) revokeTaskEditor(ctx context.Context, in *taskEditorInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Tasks.SetEditor(ctx, a, in.UserID, false)
}
