// Package voting runs the polls of a community (issue #15): consultas, one vote per member and not
// binding, and votes of a junta de propietarios under the Ley de Propiedad Horizontal, one vote per owner
// weighted by cuota, with the double majority of art. 17 (majority.go), representation (15.1), owners
// deprived of the vote (15.2), absent owners (17.8) and secret ballots that nobody can link to a voter.
// Admins create, edit, publish and close; a poll changes only as a Borrador. docs/adr/0020-voting.md.
package voting

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
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
	// Every is how often the job settles the polls whose state must move on.
	Every = time.Minute
)

// Store is what the service needs from the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	RunExclusive(ctx context.Context, name string, fn func(ctx context.Context) error) (bool, error)
	Poll(ctx context.Context, communityID, id string) (*domain.Poll, error)
	ListPolls(ctx context.Context, communityID string, withDrafts bool) ([]domain.Poll, error)
	CreatePoll(ctx context.Context, p *domain.Poll) error
	PollForUpdate(ctx context.Context, communityID, id string) (*domain.Poll, error)
	SavePoll(ctx context.Context, p *domain.Poll) error
	DuePolls(ctx context.Context, communityID string, now time.Time) ([]domain.DuePoll, error)
	CoefficientSum(ctx context.Context, communityID string) (domain.Coefficient, error)
	SnapshotElectorate(ctx context.Context, p *domain.Poll) error
	PollUnits(ctx context.Context, p *domain.Poll) ([]domain.PollUnit, error)
	SetUnitDeprived(ctx context.Context, p *domain.Poll, unitID string, reason *string, by string, at time.Time) error
	CommunityMember(ctx context.Context, communityID, userID string) (string, error)
	PollDelegations(ctx context.Context, p *domain.Poll, juntaDay string) ([]domain.PollDelegation, error)
	SetDelegation(ctx context.Context, pollID, ownerID, delegateID string, at time.Time) error
	SetJuntaDelegation(ctx context.Context, communityID, juntaDay, ownerID, delegateID string, at time.Time) error
	FreezeJuntaDelegations(ctx context.Context, p *domain.Poll, juntaDay string) error
	DeletePoll(ctx context.Context, communityID, id string) error
	CommunityTimeZone(ctx context.Context, communityID string) (string, error)
	CastVote(ctx context.Context, pollID string, v domain.PollVoter, b domain.PollBallot) error
	ChangeVote(ctx context.Context, pollID, voterID, optionID string, key *domain.BallotKey) (string, error)
	PollVoters(ctx context.Context, pollID string) ([]domain.PollVoter, error)
	PollBallots(ctx context.Context, pollID string) ([]domain.PollBallot, error)
	SealBallots(ctx context.Context, pollID string) error
	AddObjection(ctx context.Context, pollID, userID string, at time.Time) error
	PollObjections(ctx context.Context, pollID string) ([]domain.PollObjection, error)
	PollRecipients(ctx context.Context, p *domain.Poll) ([]domain.PollRecipient, error)
	QueuePollMail(ctx context.Context, m domain.Mail) error
	QueuePush(ctx context.Context, p domain.Push) error // in the transaction of InTx
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
	if o.Now == nil {
		o.Now = time.Now
	}
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
	errNotAdmin     = domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden crear, editar, abrir o cerrar votaciones")
	errNotDraft     = domain.Errorf(domain.CodeConflict, "Solo se puede modificar una votación en borrador")
	errNotOpen      = domain.Errorf(domain.CodeConflict, "La votación no está activa")
	errNotOwner     = domain.Errorf(domain.CodeForbidden, "En una votación de junta solo votan los propietarios")
	errDeprived     = domain.Errorf(domain.CodeForbidden, "Tu vivienda está privada del voto en esta votación (art. 15.2 LPH)")
	errAlreadyVoted = domain.Errorf(domain.CodeConflict, "Ya has votado en esta votación")
	errNotRepresent = domain.Errorf(domain.CodeForbidden, "No representas a ese propietario en esta votación")
	errBadOption    = domain.Errorf(domain.CodeInvalid, "Elige una de las opciones de la votación")
	// A secret vote is changed with the key its casting device received, by the voter or their
	// representative at that moment: never with the receipt, which only proves that it was counted.
	errBadReceipt    = domain.Errorf(domain.CodeInvalid, "Para cambiar un voto secreto indica el justificante que recibiste al votar")
	errJuntaOnly     = domain.Errorf(domain.CodeInvalid, "La representación y la privación del voto son propias de las votaciones de junta")
	errVotedNoChange = domain.Errorf(domain.CodeConflict, "Ya se ha votado: la representación no se puede cambiar")
)

// juntaOptions are the answers of a junta vote when the admin gives none.
var juntaOptions = []domain.PollOption{
	{Text: "A favor", Choice: domain.ChoiceFavour},
	{Text: "En contra", Choice: domain.ChoiceAgainst},
	{Text: "Abstención", Choice: domain.ChoiceAbstain},
}

// Input is the form of a poll. A consulta's answers are Options; a junta vote's are JuntaOptions, each
// saying what it means for the agreement (at least one in favour and one against), or, when none are
// given, A favor, En contra, Abstención. AbsentFavour nil is on (DOMAIN.md: a setting of the vote, on
// by default).
type Input struct {
	Kind         domain.PollKind
	Title        string
	Description  string
	Options      []string
	JuntaOptions []JuntaOption
	OpensAt      *time.Time
	ClosesAt     time.Time
	Quorum       int // 0: DefaultQuorum
	Secret       bool
	AllowChange  bool
	Majority     domain.Majority     // junta; empty: simple
	Convocatoria domain.Convocatoria // junta; empty: primera
	JuntaDate    *time.Time          // junta, required
	AbsentFavour *bool
}

// JuntaOption is an answer of a junta vote and what it means for the agreement: in favour, against or
// abstention. Several answers may mean the same (two ways of approving it, for example).
type JuntaOption struct {
	Text   string
	Choice domain.Choice
}

// apply writes the form into p (a draft), with its defaults.
func (in Input) apply(p *domain.Poll) {
	p.Kind, p.Title, p.Description = in.Kind, strings.TrimSpace(in.Title), strings.TrimSpace(in.Description)
	if p.Kind == "" {
		p.Kind = domain.PollConsulta
	}
	p.OpensAt, p.ClosesAt = truncate(in.OpensAt), in.ClosesAt.UTC().Truncate(time.Millisecond)
	p.Quorum, p.Secret, p.AllowChange = in.Quorum, in.Secret, in.AllowChange
	if p.Quorum == 0 {
		p.Quorum = DefaultQuorum
	}
	p.Majority, p.Convocatoria, p.JuntaDate, p.AbsentFavour = "", "", nil, false
	p.Options = nil
	if p.Kind == domain.PollJunta {
		p.Majority, p.Convocatoria, p.JuntaDate = in.Majority, in.Convocatoria, truncate(in.JuntaDate)
		if p.Majority == "" {
			p.Majority = domain.MajoritySimple
		}
		if p.Convocatoria == "" {
			p.Convocatoria = domain.FirstCall
		}
		p.AbsentFavour = in.AbsentFavour == nil || *in.AbsentFavour
		options := juntaOptions
		if len(in.JuntaOptions) > 0 {
			options = make([]domain.PollOption, len(in.JuntaOptions))
			for i, o := range in.JuntaOptions {
				options[i] = domain.PollOption{Text: strings.TrimSpace(o.Text), Choice: o.Choice}
			}
		}
		for i, o := range options {
			o.ID, o.Position = domain.NewID(), i
			p.Options = append(p.Options, o)
		}
		return
	}
	for i, text := range in.Options {
		p.Options = append(p.Options, domain.PollOption{ID: domain.NewID(), Position: i, Text: strings.TrimSpace(text)})
	}
}

func truncate(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := t.UTC().Truncate(time.Millisecond)
	return &v
}

func validate(p *domain.Poll, now time.Time) error {
	switch {
	case !p.Kind.Valid():
		return domain.Errorf(domain.CodeInvalid, "El tipo de votación no es válido")
	case p.Title == "":
		return domain.Errorf(domain.CodeInvalid, "El título es obligatorio")
	case utf8.RuneCountInString(p.Title) > maxTitle:
		return domain.Errorf(domain.CodeInvalid, "El título no puede superar los %d caracteres", maxTitle)
	case utf8.RuneCountInString(p.Description) > maxDescription:
		return domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", maxDescription)
	case len(p.Options) < minOptions:
		return domain.Errorf(domain.CodeInvalid, "Una votación necesita al menos %d opciones", minOptions)
	case len(p.Options) > maxOptions:
		return domain.Errorf(domain.CodeInvalid, "Una votación no puede tener más de %d opciones", maxOptions)
	case p.Quorum < 1 || p.Quorum > maxQuorum:
		return domain.Errorf(domain.CodeInvalid, "El quórum debe estar entre 1 y %d votos", maxQuorum)
	case !p.ClosesAt.After(now):
		return domain.Errorf(domain.CodeInvalid, "El cierre de la votación debe ser posterior a este momento")
	case p.OpensAt != nil && !p.OpensAt.Before(p.ClosesAt):
		return domain.Errorf(domain.CodeInvalid, "La apertura debe ser anterior al cierre")
	}
	seen := map[string]bool{}
	for _, o := range p.Options {
		key := strings.ToLower(o.Text)
		switch {
		case o.Text == "":
			return domain.Errorf(domain.CodeInvalid, "Las opciones no pueden estar vacías")
		case utf8.RuneCountInString(o.Text) > maxOption:
			return domain.Errorf(domain.CodeInvalid, "Una opción no puede superar los %d caracteres", maxOption)
		case seen[key]:
			return domain.Errorf(domain.CodeInvalid, "La opción «%s» está repetida", o.Text)
		}
		seen[key] = true
	}
	if p.Kind == domain.PollJunta {
		switch {
		case !p.Majority.Valid():
			return domain.Errorf(domain.CodeInvalid, "La mayoría requerida no es válida")
		case !p.Convocatoria.Valid():
			return domain.Errorf(domain.CodeInvalid, "La convocatoria debe ser primera o segunda")
		case p.JuntaDate == nil:
			return domain.Errorf(domain.CodeInvalid, "Indica la fecha de la junta")
		}
		meaning := map[domain.Choice]bool{}
		for _, o := range p.Options {
			if o.Choice != domain.ChoiceFavour && o.Choice != domain.ChoiceAgainst && o.Choice != domain.ChoiceAbstain {
				return domain.Errorf(domain.CodeInvalid, "Indica si la opción «%s» es a favor, en contra o abstención", o.Text)
			}
			meaning[o.Choice] = true
		}
		if !meaning[domain.ChoiceFavour] || !meaning[domain.ChoiceAgainst] {
			return domain.Errorf(domain.CodeInvalid, "Una votación de junta necesita al menos una opción a favor y otra en contra del acuerdo")
		}
	}
	return nil
}

// Create stores a new poll as a Borrador; only admins may.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*domain.Poll, error) {
	p, err := s.draft(a, in)
	if err != nil {
		return nil, err
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error { return s.store.CreatePoll(ctx, p) }); err != nil {
		return nil, err
	}
	s.record(ctx, a, domain.AuditPollCreated, p, nil, auditOf(p))
	s.changed(a.CommunityID, Area, p.ID)
	return p, nil
}

func (s *Service) draft(a *domain.Actor, in Input) (*domain.Poll, error) {
	now := s.now().UTC().Truncate(time.Millisecond)
	p := &domain.Poll{ID: domain.NewID(), CommunityID: a.CommunityID, Status: domain.PollDraft, CreatedBy: &a.UserID, CreatedAt: now, UpdatedAt: now}
	in.apply(p)
	return p, validate(p, now)
}

// CreateConsulta creates a consulta and opens it at once (the wall's 'Votación' button): title, the
// options and the closing time; the rest takes its defaults. Only admins may.
func (s *Service) CreateConsulta(ctx context.Context, a *domain.Actor, title string, options []string, closesAt time.Time) (*domain.Poll, error) {
	if err := a.RequireAdmin(errNotAdmin); err != nil {
		return nil, err
	}
	return s.openConsulta(ctx, a, title, options, closesAt)
}

// CreateWallConsulta is CreateConsulta for any member of the community: the wall's 'Votación' lets a
// member ask the neighbours a quick question, and a consulta binds nobody. Only the wall calls it, with
// its own limits (docs/adr/0022).
func (s *Service) CreateWallConsulta(ctx context.Context, a *domain.Actor, title string, options []string, closesAt time.Time) (*domain.Poll, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.openConsulta(ctx, a, title, options, closesAt)
}

func (s *Service) openConsulta(ctx context.Context, a *domain.Actor, title string, options []string, closesAt time.Time) (*domain.Poll, error) {
	p, err := s.draft(a, Input{Kind: domain.PollConsulta, Title: title, Options: options, ClosesAt: closesAt})
	if err != nil {
		return nil, err
	}
	queued := 0
	draft := auditOf(p)
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.CreatePoll(ctx, p); err != nil {
			return err
		}
		if queued, err = s.open(ctx, p, s.now()); err != nil {
			return err
		}
		return s.store.SavePoll(ctx, p)
	})
	if err != nil {
		return nil, err
	}
	if a.IsAdmin() { // the audit is of admins' actions: a member's consulta from the wall is not one
		s.record(ctx, a, domain.AuditPollCreated, p, nil, draft)
		s.record(ctx, a, domain.AuditPollPublished, p, draft, auditOf(p))
	}
	s.after(p.CommunityID, p.ID, queued)
	return p, nil
}

// Update replaces the form of a Borrador; only admins may.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, in Input) (*domain.Poll, error) {
	return s.change(ctx, a, id, domain.AuditPollEdited, func(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
		if p.Status != domain.PollDraft {
			return 0, errNotDraft
		}
		in.apply(p)
		return 0, validate(p, now)
	})
}

// Publish opens a Borrador now; only admins may. A junta vote opens only when the coeficientes add up
// to 100 %.
func (s *Service) Publish(ctx context.Context, a *domain.Actor, id string) (*domain.Poll, error) {
	return s.change(ctx, a, id, domain.AuditPollPublished, func(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
		if p.Status != domain.PollDraft {
			return 0, errNotDraft
		}
		return s.open(ctx, p, now)
	})
}

// Close closes an active poll now, before its closing time; only admins may.
func (s *Service) Close(ctx context.Context, a *domain.Actor, id string) (*domain.Poll, error) {
	return s.change(ctx, a, id, domain.AuditPollClosed, func(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
		if p.Status != domain.PollOpen {
			return 0, errNotOpen
		}
		return s.close(ctx, p, now)
	})
}

// Delete deletes a Borrador; only admins may. Once open, a poll is part of the community's record.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	if err := s.settle(ctx, a.CommunityID); err != nil {
		return err
	}
	var deleted *domain.Poll
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.store.PollForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if p.Status != domain.PollDraft {
			return domain.Errorf(domain.CodeConflict, "Solo se puede eliminar una votación en borrador")
		}
		deleted = p
		return s.store.DeletePoll(ctx, a.CommunityID, id)
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, domain.AuditPollDeleted, deleted, auditOf(deleted), nil)
	s.changed(a.CommunityID, Area, id)
	return nil
}

// change is the one way an admin changes a poll, in one transaction: read it locked, apply fn (which
// checks the state and may queue emails), write it; then record it in the audit as action (with the
// poll before and after; none when action is empty), announce it and wake the mail worker.
func (s *Service) change(ctx context.Context, a *domain.Actor, id, action string, fn func(ctx context.Context, p *domain.Poll, now time.Time) (int, error)) (*domain.Poll, error) {
	if err := s.settle(ctx, a.CommunityID); err != nil {
		return nil, err
	}
	var saved *domain.Poll
	var before *pollAudit
	queued := 0
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.store.PollForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		before = auditOf(p)
		now := s.now().UTC().Truncate(time.Millisecond)
		if queued, err = fn(ctx, p, now); err != nil {
			return err
		}
		p.UpdatedAt = now
		saved = p
		return s.store.SavePoll(ctx, p)
	})
	if err != nil {
		return nil, err
	}
	if action != "" {
		s.record(ctx, a, action, saved, before, auditOf(saved))
	}
	s.after(a.CommunityID, id, queued)
	return saved, nil
}

func (s *Service) after(communityID, id string, queued int) {
	if queued > 0 {
		s.mailWake()
	}
	s.changed(communityID, Area, id)
}

// open makes a draft Activa at now (inside the caller's transaction): a junta vote copies its electorate,
// which must hold 100 % of the coeficientes. The audience is told by email. It returns the emails queued.
func (s *Service) open(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
	now = now.UTC().Truncate(time.Millisecond)
	if !p.ClosesAt.After(now) {
		return 0, domain.Errorf(domain.CodeInvalid, "El cierre de la votación ya ha pasado: cambia la fecha de cierre")
	}
	if p.Kind == domain.PollJunta {
		sum, err := s.store.CoefficientSum(ctx, p.CommunityID)
		if err != nil {
			return 0, err
		}
		if !domain.CoefficientsComplete(sum) {
			return 0, domain.Errorf(domain.CodeConflict,
				"Los coeficientes de las viviendas suman %s %%: deben sumar 100 %% para abrir una votación de junta", domain.CoefficientText(sum))
		}
		if err := s.store.SnapshotElectorate(ctx, p); err != nil {
			return 0, err
		}
	}
	p.Status, p.OpenedAt = domain.PollOpen, &now
	if p.OpensAt == nil || p.OpensAt.After(now) {
		p.OpensAt = &now
	}
	return s.notify(ctx, p, func(domain.PollRecipient) (mail.Kind, string) { return KindPollOpened, "" },
		func(lang domain.Language) (string, string) {
			return domain.Localized(lang, "Votación abierta", "Votació oberta", "Poll open"), p.Title
		})
}

// close makes an active poll Cerrada at now (inside the caller's transaction). Where art. 17.8 applies,
// the absent owners get 30 days to object, and their email says so; the others get the result.
func (s *Service) close(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
	now = now.UTC().Truncate(time.Millisecond)
	if day := s.juntaDay(ctx, p); day != "" {
		if err := s.store.FreezeJuntaDelegations(ctx, p, day); err != nil {
			return 0, err
		}
	}
	p.Status, p.ClosedAt = domain.PollClosed, &now
	if err := s.store.SealBallots(ctx, p.ID); err != nil {
		return 0, err
	}
	r, err := s.result(ctx, p)
	if err != nil {
		return 0, err
	}
	absent := map[string]bool{}
	if r.Decision != nil && p.Kind == domain.PollJunta && r.rule.Presumes() && r.Decision.Absent > 0 {
		until := now.Add(domain.ObjectionPeriod)
		p.ObjectionUntil = &until
		r.ObjectionUntil = &until
		for _, e := range r.electors {
			if e.id != "" && !e.Voted && e.Eligible() {
				absent[e.id] = true
			}
		}
	}
	summary := r.Summary()
	return s.notify(ctx, p, func(to domain.PollRecipient) (mail.Kind, string) {
		if absent[to.UserID] {
			return KindPollAbsent, summary
		}
		return KindPollClosed, summary
	}, func(lang domain.Language) (string, string) {
		return domain.Localized(lang, "Votación cerrada", "Votació tancada", "Poll closed"), p.Title
	})
}

// finalize ends the objection period of art. 17.8 (inside the caller's transaction): the result, now
// final, is emailed.
func (s *Service) finalize(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
	p.FinalizedAt = &now
	r, err := s.result(ctx, p)
	if err != nil {
		return 0, err
	}
	summary := r.Summary()
	return s.notify(ctx, p, func(domain.PollRecipient) (mail.Kind, string) { return KindPollFinal, summary }, nil)
}

// notify queues one email per recipient of the poll, of the kind pick says, with the result line, and, with
// pushText, a push to each of them.
func (s *Service) notify(ctx context.Context, p *domain.Poll, pick func(domain.PollRecipient) (mail.Kind, string),
	pushText func(domain.Language) (string, string)) (int, error) {
	recipients, err := s.store.PollRecipients(ctx, p)
	if err != nil {
		return 0, err
	}
	date := p.ClosesAt
	if p.ObjectionUntil != nil {
		date = *p.ObjectionUntil
	}
	when := dateTime(date, s.zone(ctx, p.CommunityID))
	for _, r := range recipients {
		kind, result := pick(r)
		m, err := mail.Compose(kind, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName, Title: p.Title,
			Note: result, Date: when, Link: s.link(p.ID)})
		if err != nil {
			return 0, err
		}
		if err := s.store.QueuePollMail(ctx, m); err != nil {
			return 0, err
		}
	}
	if pushText != nil {
		users := make([]string, 0, len(recipients))
		for _, r := range recipients {
			users = append(users, r.UserID)
		}
		if err := s.store.QueuePush(ctx, domain.Push{Kind: domain.PushPoll, Users: users, URL: "/voting?poll=" + p.ID,
			Tag: "poll-" + p.ID, Text: pushText}); err != nil {
			return 0, err
		}
	}
	return len(recipients), nil
}

func (s *Service) link(id string) string {
	if s.publicURL == "" {
		return ""
	}
	return s.publicURL + "/voting?poll=" + id
}

// settle moves on, in communityID (every community when empty), the polls whose time came: drafts due
// to open, active polls due to close, closed ones at the end of their objection period. Reads and
// votes settle their community first, so nobody sees or votes in a poll past its time; the job settles
// the rest. A junta draft that cannot open (coeficientes short of 100 %) stays a draft.
func (s *Service) settle(ctx context.Context, communityID string) error {
	now := s.now().UTC().Truncate(time.Millisecond)
	due, err := s.store.DuePolls(ctx, communityID, now)
	if err != nil {
		return err
	}
	for _, d := range due {
		queued := 0
		err := s.store.InTx(ctx, func(ctx context.Context) error {
			p, err := s.store.PollForUpdate(ctx, d.CommunityID, d.ID)
			if err != nil {
				return err
			}
			switch {
			case p.Status == domain.PollDraft && p.OpensAt != nil && !p.OpensAt.After(now) && p.ClosesAt.After(now):
				queued, err = s.open(ctx, p, *p.OpensAt)
			case p.Status == domain.PollOpen && !p.ClosesAt.After(now):
				queued, err = s.close(ctx, p, p.ClosesAt)
			case p.Status == domain.PollClosed && p.FinalizedAt == nil && p.ObjectionUntil != nil && !p.ObjectionUntil.After(now):
				queued, err = s.finalize(ctx, p, now)
			default:
				return nil // another request settled it first
			}
			if err != nil {
				return err
			}
			p.UpdatedAt = now
			return s.store.SavePoll(ctx, p)
		})
		if err != nil && domain.ErrorCode(err) != domain.CodeInternal {
			s.log.Warn("voting: poll cannot move on", "poll", d.ID, "err", err)
			continue
		}
		if err != nil {
			return err
		}
		s.after(d.CommunityID, d.ID, queued)
	}
	return nil
}

// Run settles every community's due polls at once and then every minute until ctx ends; on PostgreSQL
// one instance at a time.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(Every)
	defer t.Stop()
	for {
		if _, err := s.store.RunExclusive(ctx, "voting", func(ctx context.Context) error { return s.settle(ctx, "") }); err != nil && ctx.Err() == nil {
			s.log.Warn("voting: settle failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// VoteInput is a vote: the option, for whom (empty: oneself; else an owner one represents) and, to
// change a secret vote, the key it was given (Voted.Key). Who may change a vote is who the caller is:
// the voter, or the owner's representative at that moment; the key only finds the ballot.
type VoteInput struct {
	OptionID string
	For      string
	Key      string
}

// Voted is the answer to a vote: the receipt code to check it after the close and, in a secret poll that
// allows changes, the key to change it (kept on the device; the server stores only two hashes of it).
type Voted struct {
	Receipt string
	Key     string
	Changed bool
}

// Vote casts a's vote (or, as representative, an owner's) in an active poll. One vote per voter: a
// second one is refused, or changes the first when the poll allows it.
func (s *Service) Vote(ctx context.Context, a *domain.Actor, id string, in VoteInput) (*Voted, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if err := s.settle(ctx, a.CommunityID); err != nil {
		return nil, err
	}
	var out Voted
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.store.PollForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if p.Status != domain.PollOpen {
			return errNotOpen
		}
		if !slices.ContainsFunc(p.Options, func(o domain.PollOption) bool { return o.ID == in.OptionID }) {
			return errBadOption
		}
		voter := a.UserID
		if in.For != "" && in.For != a.UserID {
			if p.Kind != domain.PollJunta {
				return errJuntaOnly
			}
			ds, err := s.delegations(ctx, p)
			if err != nil {
				return err
			}
			if !slices.ContainsFunc(ds, func(d domain.PollDelegation) bool { return d.OwnerID == in.For && d.DelegateID == a.UserID }) {
				return errNotRepresent
			}
			voter = in.For
		}
		var weight domain.Coefficient
		if p.Kind == domain.PollJunta {
			units, err := s.store.PollUnits(ctx, p)
			if err != nil {
				return err
			}
			e := electorOf(units, voter)
			if len(e.Units) == 0 {
				return errNotOwner
			}
			if !e.Eligible() {
				return errDeprived
			}
			weight = e.Weight()
		}
		voters, err := s.store.PollVoters(ctx, p.ID)
		if err != nil {
			return err
		}
		if i := slices.IndexFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == voter }); i >= 0 {
			if !p.AllowChange {
				return errAlreadyVoted
			}
			// The voter is who the caller is, or whom they represent now (above); in a secret poll the key
			// must also be the one this voter's vote was cast with.
			var key *domain.BallotKey
			if p.Secret {
				if in.Key == "" {
					return errBadReceipt
				}
				k := ballotKey(p.ID, in.Key)
				key = &k
			}
			receipt, err := s.store.ChangeVote(ctx, p.ID, voter, in.OptionID, key)
			if err != nil {
				return err
			}
			if receipt == "" {
				return errBadReceipt
			}
			out = Voted{Receipt: receipt, Key: in.Key, Changed: true}
			return nil
		}
		voterName, err := s.store.CommunityMember(ctx, a.CommunityID, voter)
		if err != nil {
			return err
		}
		castByName, err := s.store.CommunityMember(ctx, a.CommunityID, a.UserID)
		if err != nil {
			return err
		}
		receipt := newReceipt()
		v := domain.PollVoter{VoterID: voter, VoterName: voterName, CastBy: a.UserID, CastByName: castByName, Weight: weight,
			VotedAt: s.now().UTC().Truncate(time.Millisecond)}
		// A random (v4) id: a time-ordered one would tell when the ballot was cast.
		b := domain.PollBallot{ID: uuid.NewString(), OptionID: in.OptionID, Weight: weight, Receipt: receipt}
		out = Voted{Receipt: receipt}
		if !p.Secret {
			v.OptionID, v.Receipt = &in.OptionID, &receipt
		} else {
			// Who took part is on the record by the day only: a time would pair the vote with a count.
			v.VotedAt = startOfDay(v.VotedAt, s.zone(ctx, p.CommunityID))
			if p.AllowChange {
				out.Key = newBallotKey()
				k := ballotKey(p.ID, out.Key)
				v.ChangeTag, b.ChangeTag = k.Voter, k.Ballot
			}
		}
		return s.store.CastVote(ctx, p.ID, v, b)
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, id)
	return &out, nil
}

// newReceipt is a voter's receipt code: 12 characters without look-alikes, about 59 random bits.
func newReceipt() string {
	return domain.NewPublicID()[:6] + "-" + domain.NewPublicID()[:6]
}

// newBallotKey is the key to change a secret vote: 128 random bits, given once to the device that cast it.
func newBallotKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ballotKey is the pair of hashes of a change key that the voter's row and the ballot keep. The key has
// 128 random bits, so neither hash can be found from the other, nor from the receipts published after the
// close, without it.
func ballotKey(pollID, key string) domain.BallotKey {
	hash := func(role string) string {
		sum := sha256.Sum256([]byte("vecinos/ballot/" + role + "\x00" + pollID + "\x00" + key))
		return hex.EncodeToString(sum[:])
	}
	return domain.BallotKey{Voter: hash("voter"), Ballot: hash("ballot")}
}

// startOfDay is the midnight of t's day in loc.
func startOfDay(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc).UTC()
}

// Delegate makes delegateID a's representative in a junta vote (art. 15.1), or revokes it when empty.
// Only an owner of the electorate may. For this vote alone (junta false) only until their vote is cast;
// for the whole junta (junta true) it applies to every vote of the junta's day in which they have not
// voted yet, those open now and those to come, and a vote they cast keeps who cast it. A representation
// for one vote overrides the one for the junta.
func (s *Service) Delegate(ctx context.Context, a *domain.Actor, id, delegateID string, junta bool) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	if err := s.settle(ctx, a.CommunityID); err != nil {
		return err
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.store.PollForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if p.Kind != domain.PollJunta {
			return errJuntaOnly
		}
		if p.Status == domain.PollClosed {
			return errNotOpen
		}
		units, err := s.store.PollUnits(ctx, p)
		if err != nil {
			return err
		}
		if len(electorOf(units, a.UserID).Units) == 0 {
			return domain.Errorf(domain.CodeForbidden, "Solo un propietario puede delegar su voto")
		}
		if delegateID != "" {
			if delegateID == a.UserID {
				return domain.Errorf(domain.CodeInvalid, "No puedes delegar el voto en ti mismo")
			}
			if _, err := s.store.CommunityMember(ctx, a.CommunityID, delegateID); err != nil {
				return err
			}
		}
		if junta {
			return s.store.SetJuntaDelegation(ctx, a.CommunityID, s.juntaDay(ctx, p), a.UserID, delegateID, s.now())
		}
		voters, err := s.store.PollVoters(ctx, p.ID)
		if err != nil {
			return err
		}
		if slices.ContainsFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == a.UserID }) {
			return errVotedNoChange
		}
		return s.store.SetDelegation(ctx, p.ID, a.UserID, delegateID, s.now())
	})
	if err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, id)
	return nil
}

// Deprive marks a unit as deprived of its vote in a junta vote (art. 15.2), with the reason, or gives
// it back when reason is nil; only admins may, while the vote is a draft or active, never once closed.
// While active it is refused when the unit's owner has voted (themselves or through a representative):
// their ballot carries the cuota of the unit, and in a secret vote nobody can find that ballot to take
// it back or weigh it again. The change is audited as an edit of the poll.
func (s *Service) Deprive(ctx context.Context, a *domain.Actor, id, unitID string, reason *string) error {
	if reason != nil {
		r := strings.TrimSpace(*reason)
		if r == "" {
			return domain.Errorf(domain.CodeInvalid, "Indica el motivo de la privación del voto")
		}
		if utf8.RuneCountInString(r) > maxReason {
			return domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", maxReason)
		}
		reason = &r
	}
	var before, after deprivationAudit
	p, err := s.change(ctx, a, id, "", func(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
		if p.Kind != domain.PollJunta {
			return 0, errJuntaOnly
		}
		if p.Status == domain.PollClosed {
			return 0, domain.Errorf(domain.CodeConflict, "La votación está cerrada: ya no se puede cambiar la privación del voto")
		}
		units, err := s.store.PollUnits(ctx, p)
		if err != nil {
			return 0, err
		}
		i := slices.IndexFunc(units, func(u domain.PollUnit) bool { return u.UnitID == unitID })
		if i < 0 {
			return 0, domain.Errorf(domain.CodeNotFound, "Esa vivienda no vota en esta votación")
		}
		u := units[i]
		if owner := u.OwnerID; owner != nil && p.Status == domain.PollOpen {
			voters, err := s.store.PollVoters(ctx, p.ID)
			if err != nil {
				return 0, err
			}
			if slices.ContainsFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == *owner }) {
				return 0, domain.Errorf(domain.CodeConflict,
					"El propietario de %s ya ha votado: su voto no se puede retirar ni volver a pesar, así que la privación del voto ya no se puede cambiar en esta votación", u.Label)
			}
		}
		before, after = deprivationAudit{Unit: u.Label, DeprivedReason: u.Deprived}, deprivationAudit{Unit: u.Label, DeprivedReason: reason}
		return 0, s.store.SetUnitDeprived(ctx, p, unitID, reason, a.UserID, now)
	})
	if err != nil {
		return err
	}
	s.record(ctx, a, domain.AuditPollEdited, p, before, after)
	return nil
}

// Object records a's objection to the agreement of a closed junta vote they were absent from, within
// the 30 days of art. 17.8; the result is recomputed with it.
func (s *Service) Object(ctx context.Context, a *domain.Actor, id string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	if err := s.settle(ctx, a.CommunityID); err != nil {
		return err
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.store.PollForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		now := s.now()
		if p.Status != domain.PollClosed || p.ObjectionUntil == nil || !now.Before(*p.ObjectionUntil) {
			return domain.Errorf(domain.CodeConflict, "El plazo para oponerse a este acuerdo no está abierto")
		}
		units, err := s.store.PollUnits(ctx, p)
		if err != nil {
			return err
		}
		voters, err := s.store.PollVoters(ctx, p.ID)
		if err != nil {
			return err
		}
		e := electorOf(units, a.UserID)
		if !e.Eligible() || slices.ContainsFunc(voters, func(v domain.PollVoter) bool { return v.VoterID == a.UserID }) {
			return domain.Errorf(domain.CodeForbidden, "Solo los propietarios ausentes pueden oponerse al acuerdo")
		}
		return s.store.AddObjection(ctx, p.ID, a.UserID, now)
	})
	if err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, id)
	return nil
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
