package domain

import "time"

// Role is a member's role in their community. Labels differ per screen (see the web app's locales).
type Role string

const (
	RoleAdmin     Role = "admin"     // Presidente / Administrador
	RoleModerator Role = "moderator" // Propietario / Moderador
	RoleUser      Role = "user"      // Vecino / Inquilino / Usuario
)

// MaxAdmins is the most admins a community may have.
const MaxAdmins = 3

// DefaultCountry is the country of a community unless told otherwise.
const DefaultCountry = "España"

// Community is one comunidad de propietarios.
type Community struct {
	ID                 string
	PublicID           string // the community code; also the token of the invitation link; an admin may replace it
	Name               string
	Address            string
	City               string
	PostalCode         string
	Country            string
	CatastralReference *string
	// The address in parts, when known (registration, onboarding): /find-community searches them.
	Province     string
	StreetType   string
	StreetName   string
	StreetNumber string
	CreatedBy    string // empty when the creator's account is gone
	CreatedAt    time.Time
	// JoinApproval: the code starts a join request that an admin decides, instead of letting the person
	// in ('approval required'). New communities start with it; an admin may turn it off.
	JoinApproval bool
}

// ErrUnitNotFound refuses a unit that is not in the caller's community (or no longer exists).
var ErrUnitNotFound = Errorf(CodeNotFound, "No se encontró la vivienda")

// Unit is one dwelling (vivienda) of a community.
type Unit struct {
	ID          string
	CommunityID string
	UnitNumber  string
	Floor       *string
	Building    *string // the portal; portal-targeted announcements read it
	OwnerID     *string
	// The registry (issue #21).
	Staircase   *string      // the escalera, when the portal has more than one
	Kind        UnitKind     // vivienda (also when empty), local or garaje
	Coefficient *Coefficient // cuota de participación; nil until an admin sets it
	// ProposedBy is the member who gave this unit by floor and door because it was not listed; an admin
	// has yet to accept it. Nil for units of the registry.
	ProposedBy *string
}
