package domain

import (
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// IncidentStatus is where an incident stands. Any status may follow any other (spec §4).
type IncidentStatus string

const (
	IncidentOpen       IncidentStatus = "open"        // Abierta
	IncidentInProgress IncidentStatus = "in_progress" // En Progreso
	IncidentResolved   IncidentStatus = "resolved"    // Resuelta
)

// Valid reports whether s is a known status.
func (s IncidentStatus) Valid() bool {
	return s == IncidentOpen || s == IncidentInProgress || s == IncidentResolved
}

// Priority is how urgent an incident is.
type Priority string

const (
	PriorityLow    Priority = "low"    // Baja
	PriorityMedium Priority = "medium" // Media
	PriorityHigh   Priority = "high"   // Alta
)

// Valid reports whether p is a known priority.
func (p Priority) Valid() bool { return p == PriorityLow || p == PriorityMedium || p == PriorityHigh }

// Incident is a problem in the building that a member reported.
type Incident struct {
	ID             string
	CommunityID    string
	Title          string
	Description    string
	Location       *string
	Priority       Priority
	Status         IncidentStatus
	CreatedBy      *string // nil once the creator's account is gone
	CreatedByName  string
	AssignedTo     *string // nil once the assignee's account is gone
	AssignedToName string
	ImageURL       *string
	CreatedAt      time.Time
	UpdatedAt      time.Time
	DeletedAt      *time.Time
}

// StatusChange is one entry of an incident's status history.
type StatusChange struct {
	From          *IncidentStatus // nil for the creation
	To            IncidentStatus
	ChangedBy     *string // nil once the account is gone
	ChangedByName string
	ChangedAt     time.Time
}

// IncidentFilter selects incidents of one community, newest first.
type IncidentFilter struct {
	Status         IncidentStatus // empty: any
	Priority       Priority       // empty: any
	AssignedTo     string
	CreatedBy      string
	Mine           string // a user id: created by or assigned to them
	Search         string // already normalized with SearchText
	IncludeDeleted bool
	Limit          int
	After          *Cursor // the last item of the previous page
}

// SearchText is how text is compared by search: lower-cased, without accents or other diacritics, with
// runs of white space collapsed, so 'agua' finds 'Fuga de AGUA' and 'Fuga de água'.
func SearchText(parts ...string) string {
	s := norm.NFD.String(strings.ToLower(strings.Join(parts, " ")))
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsSpace(r):
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}
