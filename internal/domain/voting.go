package domain

import "time"

// PollKind is what a poll decides: a consulta asks the members (one vote each, not binding); a votación
// de junta takes an agreement of the owners under the Ley de Propiedad Horizontal (one vote per owner,
// weighted by cuota, with a required majority).
type PollKind string

const (
	PollConsulta PollKind = "consulta"
	PollJunta    PollKind = "junta"
)

// Valid reports whether k is one of the kinds.
func (k PollKind) Valid() bool { return k == PollConsulta || k == PollJunta }

// PollStatus is a poll's state: Borrador, Activa, Cerrada, computed from its times when it is read
// (Poll.StatusAt), so a poll is Cerrada from its closing time whether or not the job has settled it yet
// (docs/adr/0037-poll-status-on-read.md).
type PollStatus string

const (
	PollDraft  PollStatus = "draft"
	PollOpen   PollStatus = "open"
	PollClosed PollStatus = "closed"
)

// Majority is the majority a junta vote requires (art. 17 LPH).
type Majority string

const (
	MajoritySimple      Majority = "simple"       // 17.7: majority of owners and of cuotas
	MajorityThreeFifths Majority = "three_fifths" // 17.4: works that are not required
	MajorityOneThird    Majority = "one_third"    // 17.1: telecom or renewable-energy installations
	MajorityUnanimity   Majority = "unanimity"    // 17.6: título constitutivo, estatutos
)

// Valid reports whether m is one of the majorities.
func (m Majority) Valid() bool {
	return m == MajoritySimple || m == MajorityThreeFifths || m == MajorityOneThird || m == MajorityUnanimity
}

// Convocatoria is the call of the junta the vote belongs to; it changes the base of a simple majority.
type Convocatoria string

const (
	FirstCall  Convocatoria = "primera"
	SecondCall Convocatoria = "segunda"
)

// Valid reports whether c is one of the calls.
func (c Convocatoria) Valid() bool { return c == FirstCall || c == SecondCall }

// Choice is what an option of a junta vote means for the agreement.
type Choice string

const (
	ChoiceFavour  Choice = "favour"
	ChoiceAgainst Choice = "against"
	ChoiceAbstain Choice = "abstain"
)

// ObjectionPeriod is how long absent owners may object to an agreement (art. 17.8: 30 días naturales).
const ObjectionPeriod = 30 * 24 * time.Hour

// Poll is a consulta or a junta vote of a community.
type Poll struct {
	ID, CommunityID string
	Kind            PollKind
	Title           string
	Description     string
	Status          PollStatus
	OpensAt         *time.Time // a draft opens by itself at this time; nil: when an admin publishes it
	ClosesAt        time.Time
	OpenedAt        *time.Time
	ClosedAt        *time.Time
	Quorum          int
	Secret          bool
	AllowChange     bool
	Majority        Majority     // junta only
	Convocatoria    Convocatoria // junta only
	JuntaDate       *time.Time   // junta only
	AbsentFavour    bool         // art. 17.8 applies (junta only)
	ObjectionUntil  *time.Time   // end of the absent owners' 30 days, recorded at the close when 17.8 applies
	FinalizedAt     *time.Time   // when the job emailed the final result at the end of those 30 days
	CreatedBy       *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
	Options         []PollOption
}

// StatusAt is the poll's state at now, from its times: a Borrador until it opened (an admin published it or
// the job opened it at OpensAt), Cerrada once an admin closed it or its closing time came, Activa between.
func (p *Poll) StatusAt(now time.Time) PollStatus {
	switch {
	case p.OpenedAt == nil:
		return PollDraft
	case p.ClosedAt != nil || !p.ClosesAt.After(now):
		return PollClosed
	}
	return PollOpen
}

// ClosedTime is when the poll closed, once its status is Cerrada: when an admin closed it, or else its
// closing time (which the job records as ClosedAt); nil before.
func (p *Poll) ClosedTime() *time.Time {
	switch {
	case p.Status != PollClosed:
		return nil
	case p.ClosedAt != nil:
		return p.ClosedAt
	}
	t := p.ClosesAt
	return &t
}

// PollOption is one answer of a poll.
type PollOption struct {
	ID       string
	Position int
	Text     string
	Choice   Choice // junta votes only
}

// PollUnit is a unit of a junta vote's electorate as it was when the vote opened: its owner and its cuota.
// Changing a coeficiente or an owner later never changes the vote.
type PollUnit struct {
	UnitID      string
	Label       string
	OwnerID     *string // nil: no confirmed owner in the app
	OwnerName   string
	Coefficient Coefficient
	Deprived    *string // the reason, when an admin deprived it of its vote (art. 15.2)
}

// PollVoter is one voter's participation: who voted, by whom, with what weight. In a secret poll it does
// not say what they voted (OptionID and Receipt are nil); the ballot lives apart, unlinked.
type PollVoter struct {
	VoterID, VoterName string
	CastBy, CastByName string // the voter, or their representative (art. 15.1)
	OptionID           *string
	Receipt            *string
	Weight             Coefficient
	VotedAt            time.Time // in a secret poll, the start of the day only
	ChangeTag          string    // a secret vote that may be changed: BallotKey.Voter; erased at the close
}

// PollBallot is what was voted: an option and the cuota it carries, with the voter's receipt code. It
// holds nothing that links it to its voter.
type PollBallot struct {
	ID       string
	OptionID string
	Weight   Coefficient
	Receipt  string
	// ChangeTag is, for a secret vote that may be changed, BallotKey.Ballot; erased at the close.
	ChangeTag string
}

// BallotKey is what a change of a secret vote presents: two hashes of the key that only the device that
// cast the vote holds, one matched against the voter's row and one against the ballot. Neither hash can
// be derived from the other without the key, so the stored rows stay unlinked.
type BallotKey struct {
	Voter, Ballot string
}

// PollDelegation is an owner's representation by another member for one poll, or for every vote of a
// junta (art. 15.1).
type PollDelegation struct {
	OwnerID, OwnerName       string
	DelegateID, DelegateName string
	Junta                    bool // given for the whole junta, not for this vote alone
	CreatedAt                time.Time
}

// PollObjection is an absent owner's objection to the agreement (art. 17.8).
type PollObjection struct {
	UserID, Name string
	At           time.Time
}

// PollRecipient is a member a poll's email goes to.
type PollRecipient struct {
	UserID string
	Recipient
}

// DuePoll is a poll with a step of its lifecycle due: it opens, its close is recorded, or its objection
// period ends.
type DuePoll struct{ CommunityID, ID string }
