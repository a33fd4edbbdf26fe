package domain

import (
	"strings"
	"time"
)

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
	AcceptedAt       *time.Time // when its access began
}

// IsStaff reports whether the actor acts in their community as staff of its processor, not as a member.
func (a *Actor) IsStaff() bool { return a != nil && a.OrganisationID != "" }

// ReadOnly reports whether the actor may only read in their community: an assistant with read rights.
func (a *Actor) ReadOnly() bool { return a.IsStaff() && a.StaffRights == StaffRead }

// ErrReadOnly refuses a write to an assistant with read rights, at the route's access check.
var ErrReadOnly = Errorf(CodeForbidden, "Tu acceso a esta comunidad es de solo lectura")

// NormalizeNIF upper-cases a NIF and drops spaces, dots and dashes.
func NormalizeNIF(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.':
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(s)))
}

const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE"

// ValidNIF checks a normalised Spanish tax id with its control character: a company's (CIF: a letter,
// seven digits and a digit or letter), a person's (DNI: eight digits and a letter) or a foreigner's
// (NIE: X, Y or Z, seven digits and a letter).
func ValidNIF(s string) bool {
	if len(s) != 9 {
		return false
	}
	digits := func(d string) bool {
		for _, c := range d {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	letterOf := func(n string) byte {
		v := 0
		for _, c := range n {
			v = v*10 + int(c-'0')
		}
		return dniLetters[v%23]
	}
	switch c := s[0]; {
	case c >= '0' && c <= '9':
		return digits(s[:8]) && s[8] == letterOf(s[:8])
	case c == 'X' || c == 'Y' || c == 'Z':
		return digits(s[1:8]) && s[8] == letterOf(string(rune('0'+strings.IndexByte("XYZ", c)))+s[1:8])
	case strings.IndexByte("ABCDEFGHJNPQRSUVW", c) >= 0:
		if !digits(s[1:8]) {
			return false
		}
		sum := 0
		for i := 1; i <= 7; i++ {
			d := int(s[i] - '0')
			if i%2 == 1 { // odd positions (1st, 3rd…) are doubled and their digits added
				d *= 2
				d = d/10 + d%10
			}
			sum += d
		}
		control := (10 - sum%10) % 10
		last := s[8]
		return last == byte('0'+control) || last == "JABCDEFGHI"[control]
	}
	return false
}
