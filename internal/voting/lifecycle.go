package voting

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// The lifecycle of a poll: the form, and the steps admins take (create, edit, publish, close, delete) and
// the job takes (settle.go) with their effects.

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
	s.record(ctx, a, AuditPollCreated, p, nil, auditOf(p))
	s.changed(a.CommunityID, Area, p.ID)
	return p, nil
}

func (s *Service) draft(a *domain.Actor, in Input) (*domain.Poll, error) {
	now := s.now().UTC().Truncate(time.Millisecond)
	p := &domain.Poll{ID: domain.NewID(), CommunityID: a.CommunityID, Status: domain.PollDraft, CreatedBy: &a.UserID, CreatedAt: now, UpdatedAt: now}
	in.apply(p)
	return p, validate(p, now)
}

// CreateWallConsulta creates a consulta and opens it at once (the wall's 'Votación' button): title, the
// options and the closing time; the rest takes its defaults. Any member of the community may: the wall
// lets a member ask the neighbours a quick question, and a consulta binds nobody. Only the wall calls it,
// with its own limits (docs/adr/0022).
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
		s.record(ctx, a, AuditPollCreated, p, nil, draft)
		s.record(ctx, a, AuditPollPublished, p, draft, auditOf(p))
	}
	s.after(p.CommunityID, p.ID, queued)
	return p, nil
}

// Update replaces the form of a Borrador; only admins may.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, in Input) (*domain.Poll, error) {
	return s.change(ctx, a, id, AuditPollEdited, func(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
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
	return s.change(ctx, a, id, AuditPollPublished, func(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
		if p.Status != domain.PollDraft {
			return 0, errNotDraft
		}
		return s.open(ctx, p, now)
	})
}

// Close closes an active poll now, before its closing time; only admins may.
func (s *Service) Close(ctx context.Context, a *domain.Actor, id string) (*domain.Poll, error) {
	return s.change(ctx, a, id, AuditPollClosed, func(ctx context.Context, p *domain.Poll, now time.Time) (int, error) {
		if p.Status != domain.PollOpen {
			return 0, errNotOpen
		}
		return s.close(ctx, p, now)
	})
}

// Delete deletes a Borrador; only admins may. Once open, a poll is part of the community's record.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	var deleted *domain.Poll
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.lock(ctx, a.CommunityID, id, s.now())
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
	s.record(ctx, a, AuditPollDeleted, deleted, auditOf(deleted), nil)
	s.changed(a.CommunityID, Area, id)
	return nil
}

// change is the one way an admin changes a poll, in one transaction: read it locked, apply fn (which
// checks the state and may queue emails), write it; then record it in the audit as action (with the
// poll before and after; none when action is empty), announce it and wake the mail worker.
func (s *Service) change(ctx context.Context, a *domain.Actor, id, action string, fn func(ctx context.Context, p *domain.Poll, now time.Time) (int, error)) (*domain.Poll, error) {
	var saved *domain.Poll
	var before *pollAudit
	queued := 0
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		now := s.now().UTC().Truncate(time.Millisecond)
		p, err := s.lock(ctx, a.CommunityID, id, now)
		if err != nil {
			return err
		}
		before = auditOf(p)
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

// close records the close of an active poll at now (inside the caller's transaction): an admin closing it
// early, or the job at its closing time. The representations of its junta are frozen into it and its
// ballots sealed. Where art. 17.8 applies, the absent owners get 30 days to object, and their email says
// so; the others get the result.
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
	// The result computes the 17.8 period from the close (a read computes the same before the close is
	// recorded); it is recorded here, and the job ends it.
	p.ObjectionUntil = r.ObjectionUntil
	absent := map[string]bool{}
	if r.ObjectionUntil != nil {
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
