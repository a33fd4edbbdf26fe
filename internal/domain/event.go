package domain

import "time"

// EventStatus is scheduled until the event is marked completed.
type EventStatus string

const (
	EventScheduled EventStatus = "scheduled"
	EventCompleted EventStatus = "completed"
)

// Valid reports whether s is a known status.
func (s EventStatus) Valid() bool { return s == EventScheduled || s == EventCompleted }

// Event is a meeting or activity of the community.
type Event struct {
	ID            string
	CommunityID   string
	Title         string
	Description   *string
	Location      *string
	StartAt       time.Time
	EndAt         *time.Time
	Status        EventStatus
	CreatedBy     *string // nil once the creator's account is gone
	CreatedByName string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	DeletedAt     *time.Time
}

// EventFilter selects events of one community, by start time ascending.
type EventFilter struct {
	From           *time.Time // start_at >= From
	To             *time.Time // start_at < To
	CreatedBy      string
	Status         EventStatus
	Search         string // already normalized with SearchText
	IncludeDeleted bool
	Limit          int
}

// Member is a member of a community as lists of people show them.
type Member struct {
	ID        string
	FullName  string
	AvatarURL *string
	Role      Role
}

// DashboardCounts are the counters of the dashboard, all of one community.
type DashboardCounts struct {
	OpenIncidents  int
	UpcomingEvents int
	NewIncidents   int // created in the activity window
	NewEvents      int // created in the activity window
	// CommunityMessages are the community chat's messages created in the activity window.
	CommunityMessages int
	// UnreadAnnouncements are the published, unexpired announcements targeted to the reader that they
	// have not opened.
	UnreadAnnouncements int
}

// CalendarFeedOwner is whose private calendar feed a token opens: the member, their community and its time
// zone. The feed shows the community's events and the member's own reservations.
type CalendarFeedOwner struct {
	Community *Community
	UserID    string
	TimeZone  string
}
