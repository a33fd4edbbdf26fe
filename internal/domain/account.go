package domain

import "time"

// User is an account: the credentials and the state of its email address.
type User struct {
	ID               string
	Email            string // lower-cased
	PasswordHash     string // empty for OAuth-only accounts
	EmailConfirmedAt *time.Time
	Language         Language
	FullName         string
	SignupMetadata   SignupMetadata
	Consent          *Consent // the terms and privacy policy accepted at sign-up; nil: not yet
}

// SignupMetadata is what the registration form collects beyond the account itself; it is kept on the
// user and read when the email is confirmed (to join or create the community).
type SignupMetadata struct {
	FullName            string   `json:"full_name,omitempty"`
	CommunityRole       string   `json:"community_role,omitempty"` // Presidente, Propietario, Inquilino, Otros
	RoleComments        string   `json:"role_comments,omitempty"`
	InviteToken         string   `json:"invite_token,omitempty"`
	InviteUnit          string   `json:"invite_unit,omitempty"`      // the unit of a letter's link (/register?unit=…), preselected in /choose-unit
	Invitation          string   `json:"invitation,omitempty"`       // the personal token of an invitation email's link (/register?invitation=…)
	CommunityIntent     string   `json:"community_intent,omitempty"` // join or create
	CommunityName       string   `json:"community_name,omitempty"`
	CommunityAddress    string   `json:"community_address,omitempty"`
	CommunityCity       string   `json:"community_city,omitempty"`
	CommunityPostalCode string   `json:"community_postal_code,omitempty"`
	CommunityCountry    string   `json:"community_country,omitempty"`
	CatastralReference  string   `json:"catastral_reference,omitempty"`
	StreetType          string   `json:"street_type,omitempty"`
	StreetName          string   `json:"street_name,omitempty"`
	StreetNumber        string   `json:"street_number,omitempty"`
	Floor               string   `json:"floor,omitempty"`
	FloorsCount         *int     `json:"floors_count,omitempty"`
	DoorsPerFloor       *int     `json:"doors_per_floor,omitempty"`
	Nomenclature        string   `json:"nomenclature,omitempty"`
	StairsCount         *int     `json:"stairs_count,omitempty"`
	PortalsCount        *int     `json:"portals_count,omitempty"`
	Observations        string   `json:"observations,omitempty"`
	KnowsPresident      bool     `json:"knows_president,omitempty"`
	PresidentName       string   `json:"president_name,omitempty"`
	PresidentFloor      string   `json:"president_floor,omitempty"`
	PresidentEmail      string   `json:"president_email,omitempty"`
	PresidentPhone      string   `json:"president_phone,omitempty"`
	InviteeEmails       []string `json:"invitee_emails,omitempty"`
}

// TokenPurpose says what an email link is for.
type TokenPurpose string

const (
	PurposeConfirm     TokenPurpose = "confirm"
	PurposeReset       TokenPurpose = "reset"
	PurposeEmailChange TokenPurpose = "email_change"
	// The link in the notice to the old address: it cancels the change while it is pending.
	PurposeEmailChangeCancel TokenPurpose = "email_change_cancel"
	PurposeDeleteAccount     TokenPurpose = "delete_account"
)

// EmailToken is a single-use link token; only its hash is stored.
type EmailToken struct {
	Hash      string
	UserID    string
	Purpose   TokenPurpose
	Email     string
	ExpiresAt time.Time
	UsedAt    *time.Time // nil until spent
	SessionID string     // email change: the session that asked for it, kept when it is confirmed
}

// Session is a signed-in browser; only the hash of its cookie token is stored.
type Session struct {
	ID         string // hash of the token
	UserID     string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	UserAgent  string
	IP         string
}

// Actor is who is calling: every service call carries it, and every query is scoped by it.
type Actor struct {
	UserID         string
	SessionID      string
	Email          string
	EmailConfirmed bool
	FullName       string
	Language       Language
	CommunityID    string // empty until the user joins or creates a community
	Role           Role   // empty without a community
	// Set when the actor acts in CommunityID as staff of the organisation it named its processor, not as a
	// member (ADR 0045): Role is then RoleAdmin, without a unit, a vote or a place among the 3 admins.
	OrganisationID   string
	OrganisationName string
	StaffRights      StaffRights
}

// ErrNoCommunity refuses what needs a community to a user who has none (spec 02 §8).
var ErrNoCommunity = Errorf(CodeForbidden, "No perteneces a ninguna comunidad")

// ErrNotMember refuses a request that names a community (X-Vecinos-Community, ?community=) the caller is not
// a member of: before any handler runs, whatever the route (ADR 0040).
var ErrNotMember = Errorf(CodeNotMember, "No perteneces a esta comunidad")

// ErrAlreadyMemberHere refuses joining a community (by code, invitation or request) one already belongs to;
// belonging to others is no reason to refuse (ADR 0040).
var ErrAlreadyMemberHere = Errorf(CodeConflict, "Ya perteneces a esta comunidad")

// InCommunity reports whether there is an actor and they belong to a community.
func (a *Actor) InCommunity() bool { return a != nil && a.CommunityID != "" }

// RequireAdmin is nil for an admin of a community; otherwise ErrNoCommunity without a community, and
// denied (each feature says what only admins may do) for anyone else.
func (a *Actor) RequireAdmin(denied error) error {
	if !a.InCommunity() {
		return ErrNoCommunity
	}
	if !a.IsAdmin() {
		return denied
	}
	return nil
}

// IsAdmin reports whether the actor administers their community.
func (a *Actor) IsAdmin() bool { return a.CommunityID != "" && a.Role == RoleAdmin }

// MayModify is the rule for content members create (incidents, events): within the actor's own
// community, its creator or an admin may edit or delete it.
func (a *Actor) MayModify(communityID string, createdBy *string) bool {
	if a.CommunityID != communityID {
		return false
	}
	return a.IsAdmin() || (createdBy != nil && *createdBy == a.UserID)
}

// CommunitySetup is what confirming a sign-up does about the community: join one by its code, or
// create one with the user as its admin. Both empty: nothing (the onboarding wizard continues).
type CommunitySetup struct {
	JoinCode string
	// Ask, instead of joining, when the community of JoinCode requires approval: a pending join request
	// (its community is the code's; its unit, when set, must be of that community).
	Ask *JoinRequest
	// Invitation joins by a personal invitation (its id): spent once, by the address it was sent to.
	Invitation string
	Create     *Community
	// Units of the community created, generated from the building's shape (GenerateUnits).
	Units []Unit
}

// Membership is one community an account belongs to (ADR 0040): its role and home unit there, and how
// many direct messages wait unread there.
type Membership struct {
	CommunityID   string
	CommunityName string
	Role          Role
	UnitNumber    *string
	JoinedAt      time.Time
	Unread        int
}
