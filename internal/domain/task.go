package domain

import "time"

// TaskAssignee is who does a task: the community's staff, or a provider of its directory.
type TaskAssignee string

const (
	AssigneeJanitor   TaskAssignee = "janitor"   // Conserje
	AssigneeCleaning  TaskAssignee = "cleaning"  // Limpieza
	AssigneeGardening TaskAssignee = "gardening" // Jardinería
	AssigneeProvider  TaskAssignee = "provider"  // a provider of the directory (Task.ProviderID)
)

// Valid reports whether a is a known assignee.
func (a TaskAssignee) Valid() bool {
	return a == AssigneeJanitor || a == AssigneeCleaning || a == AssigneeGardening || a == AssigneeProvider
}

// TaskStatus is where a task stands: pending → in progress → completed, and completed may be reopened.
type TaskStatus string

const (
	TaskPending    TaskStatus = "pending"     // Pendiente
	TaskInProgress TaskStatus = "in_progress" // En Proceso
	TaskCompleted  TaskStatus = "completed"   // Completada
)

// Valid reports whether s is a known status.
func (s TaskStatus) Valid() bool {
	return s == TaskPending || s == TaskInProgress || s == TaskCompleted
}

// Recurrence is how often a task repeats; completing a repeating task creates the next one.
type Recurrence string

const (
	RecurNone    Recurrence = "none"
	RecurWeekly  Recurrence = "weekly"
	RecurMonthly Recurrence = "monthly"
	RecurYearly  Recurrence = "yearly"
)

// Valid reports whether r is a known recurrence.
func (r Recurrence) Valid() bool {
	return r == RecurNone || r == RecurWeekly || r == RecurMonthly || r == RecurYearly
}

// Next is the date one period after d; d itself when r does not repeat.
func (r Recurrence) Next(d time.Time) time.Time {
	switch r {
	case RecurWeekly:
		return d.AddDate(0, 0, 7)
	case RecurMonthly:
		return d.AddDate(0, 1, 0)
	case RecurYearly:
		return d.AddDate(1, 0, 0)
	}
	return d
}

// DateLayout is how a calendar day travels and is stored (due dates).
const DateLayout = "2006-01-02"

// Task is a job for the staff or a provider.
type Task struct {
	ID             string
	CommunityID    string
	Title          string
	Description    string
	Assignee       TaskAssignee
	ProviderID     *string
	ProviderName   string
	Priority       Priority
	Status         TaskStatus
	DueDate        *string // DateLayout
	Recurrence     Recurrence
	NextTaskID     *string // the task its completion created
	IncidentID     *string // the incident it was made from
	IncidentTitle  string
	IncidentStatus IncidentStatus
	CreatedBy      *string
	CreatedByName  string
	CreatedAt      time.Time
	UpdatedAt      time.Time
	CompletedAt    *time.Time
	DeletedAt      *time.Time
}

// TaskFilter narrows the task list.
type TaskFilter struct {
	Status   TaskStatus
	Assignee TaskAssignee
	Search   string // SearchText form
	Limit    int
	After    *Cursor
}

// TaskCounts are the counters of /tasks.
type TaskCounts struct {
	Pending, InProgress, Completed int
}

// TaskEditor is a member an admin allowed to create and edit tasks.
type TaskEditor struct {
	UserID   string
	FullName string
}
