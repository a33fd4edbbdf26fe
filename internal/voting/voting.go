// Package voting runs the polls of a community (issue #15): consultas, one vote per member and not
// binding, and votes of a junta de propietarios under the Ley de Propiedad Horizontal, one vote per owner
// weighted by cuota, with the double majority of art. 17 (majority.go), representation (15.1), owners
// deprived of the vote (15.2), absent owners (17.8) and secret ballots that nobody can link to a voter.
// Admins create, edit, publish and close; a poll changes only as a Borrador. docs/adr/0020-voting.md.
//
// A poll's status is computed from its times when it is read (domain.Poll.StatusAt); the steps with
// effects a read cannot have (opening at OpensAt, recording the close and its emails, the end of the
// 17.8 period) are taken by Settle, which the background job of internal/purge runs every minute
// (docs/adr/0037-poll-status-on-read.md). The files split by concern: lifecycle.go (the form and the
// admins' steps), settle.go (the job's), vote.go, delegation.go, deprival.go, objection.go, notify.go
// (emails and pushes), results.go and majority.go (the count), views.go (what a member sees), audit.go.
package voting

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Area is the name of this feature in the realtime `change` event (ADR 0006 addendum).
const Area = "voting"

// Limits and defaults of the form.
const (
	DefaultQuorum  = 25 // the spec's quorum
	maxQuorum      = 100000
	maxTitle       = 200
	maxDescription = 5000
	maxOption      = 200
	minOptions     = 2
	maxOptions     = 20
	maxReason      = 500
)

// Store is what the service needs from the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// Poll, ListPolls and PollForUpdate compute each poll's status at now; a poll not found is nil.
	Poll(ctx context.Context, communityID, id string, now time.Time) (*domain.Poll, error)
	ListPolls(ctx context.Context, communityID string, withDrafts bool, now time.Time) ([]domain.Poll, error)
	CreatePoll(ctx context.Context, p *domain.Poll) error
	PollForUpdate(ctx context.Context, communityID, id string, now time.Time) (*domain.Poll, error)
	SavePoll(ctx context.Context, p *domain.Poll) error
	DuePolls(ctx context.Context, now time.Time) ([]domain.DuePoll, error)
	CoefficientSum(ctx context.Context, communityID string) (domain.Coefficient, error)
	SnapshotElectorate(ctx context.Context, p *domain.Poll) error
	PollUnits(ctx context.Context, p *domain.Poll) ([]domain.PollUnit, error)
	SetUnitDeprived(ctx context.Context, p *domain.Poll, unitID string, reason *string, by string, at time.Time) (bool, error)
	CommunityMember(ctx context.Context, communityID, userID string) (string, bool, error)
	PollDelegations(ctx context.Context, p *domain.Poll, juntaDay string) ([]domain.PollDelegation, error)
	SetDelegation(ctx context.Context, pollID, ownerID, delegateID string, at time.Time) error
	SetJuntaDelegation(ctx context.Context, communityID, juntaDay, ownerID, delegateID string, at time.Time) error
	FreezeJuntaDelegations(ctx context.Context, p *domain.Poll, juntaDay string) error
	DeletePoll(ctx context.Context, communityID, id string) error
	CommunityTimeZone(ctx context.Context, communityID string) (string, error)
	CastVote(ctx context.Context, pollID string, v domain.PollVoter, b domain.PollBallot) (bool, error)
	ChangeVote(ctx context.Context, pollID, voterID, optionID string, key *domain.BallotKey) (string, error)
	PollVoters(ctx context.Context, pollID string) ([]domain.PollVoter, error)
	PollBallots(ctx context.Context, pollID string) ([]domain.PollBallot, error)
	SealBallots(ctx context.Context, pollID string) error
	AddObjection(ctx context.Context, pollID, userID string, at time.Time) error
	PollObjections(ctx context.Context, pollID string) ([]domain.PollObjection, error)
	PollRecipients(ctx context.Context, p *domain.Poll) ([]domain.PollRecipient, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
	QueuePush(ctx context.Context, p domain.Push, at time.Time) error // in the transaction of InTx
}

// Service is the voting service.
type Service struct {
	store     Store
	now       func() time.Time
	publicURL string
	mailWake  func()
	changed   func(communityID, area, id string)
	audit     domain.Auditor
	log       *slog.Logger
}

// Options configure the service.
type Options struct {
	Now       func() time.Time                   // the clock; nil = time.Now
	PublicURL string                             // links in the emails
	MailWake  func()                             // called after emails were queued; may be nil
	Changed   func(communityID, area, id string) // realtime: called after a change committed; may be nil
	Audit     domain.Auditor                     // records the admins' changes; nil records nothing
	Log       *slog.Logger                       // nil = slog.Default()
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return &Service{store: store, now: o.Now, publicURL: strings.TrimRight(o.PublicURL, "/"), mailWake: o.MailWake, changed: o.Changed, audit: o.Audit, log: o.Log}
}

var (
	errPollNotFound = domain.Errorf(domain.CodeNotFound, "No se encontró la votación")
	errNotMember    = domain.Errorf(domain.CodeNotFound, "Esa persona no es miembro de tu comunidad")
	errNotDraft     = domain.Errorf(domain.CodeConflict, "Solo se puede modificar una votación en borrador")
	errNotOpen      = domain.Errorf(domain.CodeConflict, "La votación no está activa")
	errNotOwner     = domain.Errorf(domain.CodeForbidden, "En una votación de junta solo votan los propietarios")
	errDeprived     = domain.Errorf(domain.CodeForbidden, "Tu vivienda está privada del voto en esta votación (art. 15.2 LPH)")
	errAlreadyVoted = domain.Errorf(domain.CodeConflict, "Ya has votado en esta votación")
	errVoteRace     = domain.Errorf(domain.CodeConflict, "Ya se ha votado") // another request cast this voter's vote first
	errNotRepresent = domain.Errorf(domain.CodeForbidden, "No representas a ese propietario en esta votación")
	errBadOption    = domain.Errorf(domain.CodeInvalid, "Elige una de las opciones de la votación")
	// A secret vote is changed with the key its casting device received, by the voter or their
	// representative at that moment: never with the receipt, which only proves that it was counted.
	errBadReceipt    = domain.Errorf(domain.CodeInvalid, "Para cambiar un voto secreto indica el justificante que recibiste al votar")
	errJuntaOnly     = domain.Errorf(domain.CodeInvalid, "La representación y la privación del voto son propias de las votaciones de junta")
	errVotedNoChange = domain.Errorf(domain.CodeConflict, "Ya se ha votado: la representación no se puede cambiar")
)

// poll reads a poll of communityID with its status now.
func (s *Service) poll(ctx context.Context, communityID, id string) (*domain.Poll, error) {
	p, err := s.store.Poll(ctx, communityID, id, s.now())
	if err == nil && p == nil {
		err = errPollNotFound
	}
	return p, err
}

// lock reads a poll of communityID with its status at now and locks it until the transaction of ctx ends.
func (s *Service) lock(ctx context.Context, communityID, id string, now time.Time) (*domain.Poll, error) {
	p, err := s.store.PollForUpdate(ctx, communityID, id, now)
	if err == nil && p == nil {
		err = errPollNotFound
	}
	return p, err
}

// member is the name of userID, a member of communityID.
func (s *Service) member(ctx context.Context, communityID, userID string) (string, error) {
	name, ok, err := s.store.CommunityMember(ctx, communityID, userID)
	if err == nil && !ok {
		err = errNotMember
	}
	return name, err
}

// electorOf is userID's units in an electorate.
func electorOf(units []domain.PollUnit, userID string) Elector {
	var e Elector
	for _, u := range units {
		if u.OwnerID != nil && *u.OwnerID == userID {
			e.Units = append(e.Units, Share{Cuota: u.Coefficient, Deprived: u.Deprived != nil})
		}
	}
	return e
}
