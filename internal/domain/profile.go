package domain

import (
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Relation is how a user relates to the building, chosen in the onboarding step /join.
type Relation string

const (
	RelationResident Relation = "resident" // 'Vivo aquí'
	RelationWorker   Relation = "worker"   // 'Trabajo aquí'
	RelationNeighbor Relation = "neighbor" // 'Solo vecino'
)

// OnboardingStep is where a user left the onboarding wizard; the wizard resumes there.
type OnboardingStep string

const (
	StepJoin          OnboardingStep = "join"
	StepFindCommunity OnboardingStep = "find-community"
	StepChooseUnit    OnboardingStep = "choose-unit"
	StepVerify        OnboardingStep = "verify"
	StepDone          OnboardingStep = "done"
)

// ValidStep reports whether s is a step of the wizard.
func ValidStep(s OnboardingStep) bool {
	switch s {
	case StepJoin, StepFindCommunity, StepChooseUnit, StepVerify, StepDone:
		return true
	}
	return false
}

// Profile is a user's personal data and where they are in the community.
type Profile struct {
	ID                  string
	Email               string
	Language            Language
	HasPassword         bool
	FullName            string
	Phone               *string
	AvatarURL           *string
	ContactVisible      bool // RGPD opt-in: the directory shows phone and email only when true
	CommunityID         *string
	UnitID              *string
	Role                Role // empty without a community
	Relation            *Relation
	OnboardingStep      *OnboardingStep
	OnboardingCompleted bool
	PrivacyAcceptedAt   *time.Time
	RulesAcceptedAt     *time.Time
}

// ProfileChanges are the fields of a profile to change; nil leaves a field as it is.
type ProfileChanges struct {
	FullName       *string
	Phone          **string // non-nil: set; *Phone nil clears
	AvatarURL      **string
	ContactVisible *bool
}

// MemberRole is a member of a community as the role-management table shows them.
type MemberRole struct {
	ID           string
	FullName     string
	Email        string
	Role         Role
	PreviousRole Role // after a change: the role before it (empty: none)
}

// CommunityAdmin is an admin of a community with the unit they live in, for /settings/my-community.
type CommunityAdmin struct {
	ID         string
	FullName   string
	UnitNumber *string
}

// CommunityMatch is a community found by /find-community. Its ID never leaves the server: the searcher
// gets Choice, a token of their own search that /choose-unit turns into a join request.
type CommunityMatch struct {
	ID         string
	Choice     string
	Name       string
	Address    string
	City       string
	PostalCode string
	Province   *string
}

// AddressSearch is the /find-community address form, already normalised into search keys.
type AddressSearch struct {
	Province, City, StreetType, Street, Number string // keys (see SearchKey)
}

// VerificationMethod is how a member proves they live in the building (level 2).
type VerificationMethod string

const (
	VerifyByDocument VerificationMethod = "document"
	VerifyByCode     VerificationMethod = "code"
)

// VerificationStatus is the state of a verification request.
type VerificationStatus string

const (
	VerificationPending  VerificationStatus = "pending" // 'Pendiente de revisión'
	VerificationApproved VerificationStatus = "approved"
	VerificationRejected VerificationStatus = "rejected"
)

// VerificationRequest is one attempt of a member at level-2 verification.
type VerificationRequest struct {
	ID          string
	UserID      string
	CommunityID string
	Method      VerificationMethod
	UnitID      *string // the unit it verifies: a document's is the member's home, a code's the one the admin named
	DocumentKey *string
	Status      VerificationStatus
	Note        *string
	ReviewedBy  *string
	ReviewedAt  *time.Time
	CreatedAt   time.Time
	// Filled in lists for admins.
	FullName   string
	Email      string
	UnitNumber *string
}

// SearchKey normalises a piece of an address for matching: lower case, no accents (ñ counts as n),
// anything but letters and digits becomes one space. Bytes that are not UTF-8 count as a space: the
// accent removal gives up on a string that holds any (a fuzz test found one).
func SearchKey(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.ToValidUTF8(s, " "))
	if err != nil {
		out = s
	}
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(out) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return b.String()
}

// StreetKey is the search key of a street name without the particles people often leave out
// ("Calle de Alcalá" and "Alcalá" are the same street).
func StreetKey(name string) string {
	k := SearchKey(name)
	for _, p := range []string{"de la ", "de las ", "de los ", "del ", "de ", "la ", "las ", "los ", "el "} {
		if strings.HasPrefix(k, p) {
			return k[len(p):]
		}
	}
	return k
}

// UnitChoice is the onboarding step /choose-unit in the user's own community: either a listed unit or a
// floor and door that make (or find) one.
type UnitChoice struct {
	UnitID      string
	Floor, Door string
	Owner       bool // the user says they own the unit: a claim, see OwnerClaim
	// ConfirmedOwner makes the claim good at once (an admin's own claim): the unit becomes theirs when
	// it has no owner yet.
	ConfirmedOwner bool
	// Propose marks a unit created from Floor and Door as proposed by the user: not in the registry
	// until an admin accepts it (domain.Unit.ProposedBy).
	Propose bool
}

// ReviewStatus is the state of something an admin reviews: a join request or an owner claim.
type ReviewStatus = VerificationStatus

// JoinRequest is a user's request to join a community they found by searching (not by its code): an
// admin of that community approves or rejects it. Until approved the user is not a member.
type JoinRequest struct {
	ID          string
	UserID      string
	CommunityID string
	UnitID      *string // a listed unit, or Floor and Door
	Floor, Door *string
	OwnerClaim  bool // the requester says they own the unit: on approval a pending OwnerClaim
	Status      ReviewStatus
	Note        *string // the reviewer's reason, shown to the user
	ReviewedAt  *time.Time
	CreatedAt   time.Time
	// Filled for the requester and the admins.
	CommunityName string
	UnitLabel     string // "2º B", the unit or floor and door asked for
	FullName      string // in the admins' queue
	Email         string // in the admins' queue
}

// OwnerClaim is a member's claim to own a unit. It gives no owner rights until an admin confirms it
// or the member reaches level-2 verification; until then they are a resident of the unit.
type OwnerClaim struct {
	ID          string
	UserID      string
	CommunityID string
	UnitID      string
	Status      ReviewStatus
	ReviewedAt  *time.Time
	CreatedAt   time.Time
	// Filled in the admins' queue.
	FullName  string
	Email     string
	UnitLabel string
	NewUnit   bool           // the unit is not in the registry yet: accepting the claim accepts the unit too
	Others    []UnitOccupant // who else lives in or owns the unit
}

// UnitLabel is how a unit is named to people: its portal, floor and number ("Portal 1 · 2º · B").
func UnitLabel(building, floor *string, number string) string {
	parts := []string{}
	for _, p := range []*string{building, floor} {
		// A generated unit's name already says its floor ('1º A' on '1º').
		if p == floor && p != nil && strings.HasPrefix(number, *p+" ") {
			continue
		}
		if p != nil && *p != "" {
			parts = append(parts, *p)
		}
	}
	return strings.Join(append(parts, number), " · ")
}

// MayEditUnit is the rule of /settings/unit-info: only the unit's confirmed owner or an admin of its
// community may change its number, floor or portal (the portal decides who gets portal announcements).
func (a *Actor) MayEditUnit(u *Unit) bool {
	if a.CommunityID == "" || a.CommunityID != u.CommunityID {
		return false
	}
	return a.IsAdmin() || (u.OwnerID != nil && *u.OwnerID == a.UserID)
}

// UnitView is a unit with the name of its owner, for the dwelling card.
type UnitView struct {
	Unit
	OwnerName *string // nil when nobody owns it or the owner's account is gone
	// ClaimPending: the viewer claims to own it and waits for an admin (or level-2 verification).
	ClaimPending bool
}
