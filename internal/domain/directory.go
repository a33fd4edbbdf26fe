package domain

// DirectoryRole is the role the directory shows for a resident, derived once on the server.
type DirectoryRole string

const (
	DirectoryAdmin     DirectoryRole = "admin"     // Administrador
	DirectoryPresident DirectoryRole = "president" // Presidente (the moderator role)
	DirectoryOwner     DirectoryRole = "owner"     // Propietario
	DirectoryTenant    DirectoryRole = "tenant"    // Inquilino
	DirectoryUser      DirectoryRole = "user"      // Usuario
)

// Valid reports whether r is a known directory role.
func (r DirectoryRole) Valid() bool {
	switch r {
	case DirectoryAdmin, DirectoryPresident, DirectoryOwner, DirectoryTenant, DirectoryUser:
		return true
	}
	return false
}

// DirectoryRoleOf derives the directory role (spec 01 §6, 02 §4): admin gives admin; moderator gives
// president; owning a unit of the community gives owner; living in a unit someone else owns gives
// tenant; otherwise user.
func DirectoryRoleOf(role Role, ownsUnit, livesInOthersUnit bool) DirectoryRole {
	switch {
	case role == RoleAdmin:
		return DirectoryAdmin
	case role == RoleModerator:
		return DirectoryPresident
	case ownsUnit:
		return DirectoryOwner
	case livesInOthersUnit:
		return DirectoryTenant
	}
	return DirectoryUser
}

// DirectoryUnit is one unit of a member in the directory and how they belong to it: owner (confirmed),
// tenant, family or resident.
type DirectoryUnit struct {
	Label    string
	Relation UnitRelation
}

// DirectoryEntry is a member of the community as the store reads it, before privacy and derivation.
type DirectoryEntry struct {
	ID                string
	FullName          string
	AvatarURL         *string
	Phone             *string
	Email             string
	ContactVisible    bool // RGPD opt-in
	Role              Role
	UnitNumber        *string // the unit they live in, else one they own
	Floor             *string
	Units             []DirectoryUnit // every unit of theirs shown: the one above, then confirmed further ones
	OwnsUnit          bool            // owns a unit of the community
	LivesInOthersUnit bool            // lives in a unit owned by someone else, or is a confirmed tenant of one
	Active            bool            // email confirmed: the account can sign in
}
