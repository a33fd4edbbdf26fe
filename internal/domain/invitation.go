package domain

import "time"

// InvitationStatus is where an invitation stands: enviada, aceptada, caducada or revocada.
type InvitationStatus string

const (
	InvitationSent     InvitationStatus = "sent"
	InvitationAccepted InvitationStatus = "accepted"
	InvitationExpired  InvitationStatus = "expired" // a sent one past its expiry; never stored
	InvitationRevoked  InvitationStatus = "revoked"
)

// InvitationKind tells an invitation to a neighbour from the one to the president that somebody named
// when registering the community.
type InvitationKind string

const (
	InviteNeighbour InvitationKind = "neighbour"
	InvitePresident InvitationKind = "president"
)

// Invitation is an email an admin sent to bring somebody into the community.
type Invitation struct {
	ID          string
	CommunityID string
	Email       string
	UnitID      *string
	UnitLabel   string // empty without a unit
	Kind        InvitationKind
	Status      InvitationStatus // as stored: sent, accepted or revoked (see State)
	InvitedBy   *string
	Sends       int
	CreatedAt   time.Time
	SentAt      time.Time
	ExpiresAt   time.Time
	AcceptedAt  *time.Time
	RevokedAt   *time.Time
	// Owner: an invitation to own its unit (the office's import of units and owners, issue #35): whoever
	// joins with the address becomes the unit's owner of record when nobody owns it yet.
	Owner bool
	// TokenHash is the hash of the personal token of the email's link (set when it is sent or resent; the
	// token itself is only in the email). Empty when read back.
	TokenHash string
}

// State is the status a person sees at now: a sent invitation past its expiry is caducada.
func (i *Invitation) State(now time.Time) InvitationStatus {
	if i.Status == InvitationSent && !now.Before(i.ExpiresAt) {
		return InvitationExpired
	}
	return i.Status
}

// ProposedUnit is a unit a member gave by floor and door, waiting for an admin to accept it.
type ProposedUnit struct {
	Unit
	Label     string
	FullName  string // who proposed it
	Email     string
	CreatedAt time.Time
}
