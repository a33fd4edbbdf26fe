package domain

import "time"

// The administrador de fincas' office (issue #35, ADR 0045): an organisation, its staff, and the
// communities that name it their processor (RGPD art. 28).

// StaffRights are what a member of an organisation's staff may do in the communities it runs.
type StaffRights string

const (
	StaffOwner StaffRights = "owner" // the administrador: owns the organisation, manages its staff
	StaffWrite StaffRights = "write" // an assistant who may act
	StaffRead  StaffRights = "read"  // an assistant who may only read
)

// Valid reports whether r is one of the rights an assistant may be given (the owner is not given).
func (r StaffRights) Valid() bool { return r == StaffWrite || r == StaffRead }

// Organisation is an administrador de fincas' office.
type Organisation struct {
	ID        string
	Name      string
	NIF       string
	Colegiado *string
	Code      string // what a community types to invite it
	CreatedAt time.Time
	Rights    StaffRights // of the account that reads it
}

// StaffMember is one person on an organisation's staff.
type StaffMember struct {
	UserID   string
	FullName string
	Email    string
	Rights   StaffRights
	JoinedAt time.Time
}

// StaffInvitation invites an address to an organisation's staff.
type StaffInvitation struct {
	ID             string
	OrganisationID string
	Email          string
	Rights         StaffRights
	TokenHash      string
	InvitedBy      string
	CreatedAt      time.Time
	ExpiresAt      time.Time
	AcceptedAt     *time.Time
}

// ProcessorStatus is where a community's relation with its processor stands.
type ProcessorStatus string

const (
	ProcessorInvited ProcessorStatus = "invited"
	ProcessorActive  ProcessorStatus = "active"
	ProcessorRevoked ProcessorStatus = "revoked"
)

// Processor is an organisation a community named to administer it.
type Processor struct {
	CommunityID      string
	CommunityName    string
	OrganisationID   string
	OrganisationName string
	NIF              string
	Colegiado        *string
	Status           ProcessorStatus
	InvitedAt        time.Time
	AcceptedAt       *time.Time         // when its access began
	Overview         *CommunityOverview // the office's counters, for the communities it runs (active)
}

// CommunityOverview is what the office's overview counts in one community it runs (issue #35). Open
// incidents are those not resolved, by age: under 7 days, 7 to 30 days, over 30 days.
type CommunityOverview struct {
	IncidentsUnder7 int
	Incidents7To30  int
	IncidentsOver30 int
	PendingBookings int        // reservations awaiting approval that have not started
	NextJuntaAt     *time.Time // the first call of the next convened junta; nil: none
	UnreadMessages  int        // direct messages to the staff member who asks, not yet read
	Debt            Cents      // what the units owe in receipts past their due date and the days of grace
	UnitsInDebt     int        // how many units owe it
	// BankDifference is the bank's balance less the books', summed over the accounts with an imported
	// statement; nil when none has one.
	BankDifference *Cents
}

// IsStaff reports whether the actor acts in their community as staff of its processor, not as a member.
func (a *Actor) IsStaff() bool { return a != nil && a.OrganisationID != "" }

// ReadOnly reports whether the actor may only read in their community: an assistant with read rights.
func (a *Actor) ReadOnly() bool { return a.IsStaff() && a.StaffRights == StaffRead }

// ErrReadOnly refuses a write to an assistant with read rights, at the route's access check.
var ErrReadOnly = Errorf(CodeForbidden, "Tu acceso a esta comunidad es de solo lectura")

// OfficeHitKind is what a hit of the office's search is.
type OfficeHitKind string

// The kinds of the office's search, in the order it shows them.
const (
	OfficeHitPerson   OfficeHitKind = "person"
	OfficeHitUnit     OfficeHitKind = "unit"
	OfficeHitIncident OfficeHitKind = "incident"
)

// OfficeHit is one result of the search across an office's communities (issue #35): a person (by name,
// with their unit), a unit (by portal, staircase and name, with its owner) or an incident (by its text).
type OfficeHit struct {
	Kind          OfficeHitKind
	CommunityID   string
	CommunityName string
	ID            string
	Title         string // the person's name, the unit's label, the incident's title
	Detail        string // the person's unit, the unit's owner, the incident's status
	CreatedAt     *time.Time
}
