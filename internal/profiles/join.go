package profiles

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// PickTTL is how long the results of a /find-community search can be chosen.
const PickTTL = time.Hour

// picked gives each community a search found a fresh opaque token, bound to the searcher and short-lived
// (the community's id never leaves the server), and stores it; a new search replaces the old tokens.
func (s *Service) picked(ctx context.Context, a *domain.Actor, ms []domain.CommunityMatch, err error) ([]domain.CommunityMatch, error) {
	if err != nil {
		return nil, err
	}
	picks := make(map[string]string, len(ms))
	for i := range ms {
		ms[i].Choice = credentials.NewToken()
		picks[credentials.HashToken(ms[i].Choice)] = ms[i].ID
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		return s.store.SaveCommunityPicks(ctx, a.UserID, picks, s.now().Add(PickTTL))
	}); err != nil {
		return nil, err
	}
	return ms, nil
}

// Units lists the units of a community for /choose-unit (units carry no personal data): the actor's own
// community, by its id, or — for a user without one — the community of a result of their search, by its
// choice token.
func (s *Service) Units(ctx context.Context, a *domain.Actor, ref string) ([]domain.Unit, error) {
	if a.CommunityID != "" {
		if ref != a.CommunityID {
			return nil, domain.Errorf(domain.CodeForbidden, "Ya perteneces a otra comunidad")
		}
		return s.store.CommunityUnits(ctx, a.CommunityID)
	}
	communityID, err := s.pickedCommunity(ctx, a, ref)
	if err != nil {
		return nil, err
	}
	return s.store.CommunityUnits(ctx, communityID)
}

var (
	errPickExpired   = domain.Errorf(domain.CodeNotFound, "La búsqueda ha caducado. Vuelve a buscar tu comunidad.")
	errSearchFirst   = domain.Errorf(domain.CodeInvalid, "Busca tu comunidad antes de elegir tu vivienda")
	errAlreadyMember = domain.Errorf(domain.CodeConflict, "Ya perteneces a una comunidad")
)

// pickedCommunity is the community of a result of the actor's latest search, by its choice token, while
// it is valid.
func (s *Service) pickedCommunity(ctx context.Context, a *domain.Actor, choice string) (string, error) {
	communityID, err := s.store.PickedCommunity(ctx, a.UserID, credentials.HashToken(choice), s.now())
	if err == nil && communityID == "" {
		return "", errPickExpired
	}
	return communityID, err
}

// ChooseUnitInput is the /choose-unit form.
type ChooseUnitInput struct {
	Choice      string // the token of a /find-community result; empty: the user's own community
	UnitID      string
	Floor, Door string
	Owner       bool
}

// ChooseUnit places a member in their unit of their own community, or, for a user without one, asks to
// join the community they chose among their search results: an admin of it decides. Exactly one of the
// unit and the request is returned. Saying one owns the unit is a claim (see domain.OwnerClaim), good at
// once only for an admin.
func (s *Service) ChooseUnit(ctx context.Context, a *domain.Actor, in ChooseUnitInput) (*domain.Unit, *domain.JoinRequest, error) {
	in.Floor, in.Door, in.UnitID, in.Choice = strings.TrimSpace(in.Floor), strings.TrimSpace(in.Door), strings.TrimSpace(in.UnitID), strings.TrimSpace(in.Choice)
	if in.UnitID == "" {
		switch {
		case in.Floor == "" && in.Door == "":
			return nil, nil, domain.Errorf(domain.CodeInvalid, "Debes seleccionar tu vivienda")
		case in.Floor == "" || in.Door == "":
			return nil, nil, domain.Errorf(domain.CodeInvalid, "Indica planta y puerta")
		case utf8.RuneCountInString(in.Floor) > 10 || utf8.RuneCountInString(in.Door) > 10:
			return nil, nil, domain.Errorf(domain.CodeInvalid, "La planta y la puerta no pueden superar 10 caracteres")
		}
	}
	p, err := s.Profile(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	if p.OnboardingCompleted {
		return nil, nil, errCompleted
	}
	if a.CommunityID != "" {
		if in.Choice != "" {
			return nil, nil, errAlreadyMember
		}
		// One joins another community only by its code or by an approved join request: the unit is one of
		// the user's own community, as it is when the choice is made.
		var u *domain.Unit
		err := s.store.InTx(ctx, func(ctx context.Context) error {
			// The community the request acts in (ADR 0040), of which the actor is a member.
			var err error
			u, err = s.placeInUnit(ctx, a.UserID, a.CommunityID, domain.UnitChoice{UnitID: in.UnitID, Floor: in.Floor, Door: in.Door, Owner: in.Owner,
				ConfirmedOwner: a.IsAdmin(), Propose: !a.IsAdmin()}, domain.StepVerify)
			return err
		})
		if err == nil && u != nil {
			s.changed(a.CommunityID, domain.AreaRegistry, u.ID) // a new resident, owner claim or unit to accept
		}
		return u, nil, err
	}
	if in.Choice == "" {
		return nil, nil, errSearchFirst
	}
	communityID, err := s.pickedCommunity(ctx, a, in.Choice)
	if err != nil {
		return nil, nil, err
	}
	opt := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	r := &domain.JoinRequest{ID: domain.NewID(), UserID: a.UserID, CommunityID: communityID, UnitID: opt(in.UnitID), OwnerClaim: in.Owner,
		Status: domain.VerificationPending, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	if in.UnitID == "" {
		r.Floor, r.Door = opt(in.Floor), opt(in.Door)
	}
	// The request replaces the user's earlier pending one.
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		member, err := s.store.CommunityHasMember(ctx, communityID, a.UserID)
		if err != nil {
			return err
		}
		if member {
			return domain.ErrAlreadyMemberHere
		}
		if r.UnitID != nil {
			unit, err := s.store.UnitOfCommunity(ctx, communityID, *r.UnitID)
			if err != nil {
				return err
			}
			if unit == nil {
				return domain.ErrUnitNotFound
			}
		}
		return s.store.SaveJoinRequest(ctx, r)
	}); err != nil {
		return nil, nil, err
	}
	r, err = s.store.MyJoinRequest(ctx, a.UserID)
	return nil, r, err
}

// MyJoinRequest returns the actor's latest join request, nil when they never sent one.
func (s *Service) MyJoinRequest(ctx context.Context, a *domain.Actor) (*domain.JoinRequest, error) {
	return s.store.MyJoinRequest(ctx, a.UserID)
}

// JoinRequests lists the join requests of the admin's community in a status ("" = all).
func (s *Service) JoinRequests(ctx context.Context, a *domain.Actor, status string) ([]domain.JoinRequest, error) {
	return s.store.JoinRequests(ctx, a.CommunityID, domain.ReviewStatus(status))
}

// decision checks an admin's review: approved or rejected, and an optional note of at most 500 characters.
func decision(decision, note string) (domain.ReviewStatus, *string, error) {
	st := domain.ReviewStatus(decision)
	if st != domain.VerificationApproved && st != domain.VerificationRejected {
		return "", nil, domain.Errorf(domain.CodeInvalid, "Indica si apruebas o rechazas la solicitud")
	}
	if note = strings.TrimSpace(note); note == "" {
		return st, nil, nil
	}
	if utf8.RuneCountInString(note) > 500 {
		return "", nil, domain.Errorf(domain.CodeInvalid, "La nota es demasiado larga")
	}
	return st, &note, nil
}

// ReviewJoinRequest approves or rejects a pending join request of the admin's community, with an
// optional reason; the requester is told by email.
func (s *Service) ReviewJoinRequest(ctx context.Context, a *domain.Actor, id, decided, note string) (*domain.JoinRequest, error) {
	st, n, err := decision(decided, note)
	if err != nil {
		return nil, err
	}
	kind, link := KindJoinApproved, domain.CommunityLink(s.link("/verify"), a.CommunityID)
	if st == domain.VerificationRejected {
		kind, link = KindJoinRejected, s.link("/find-community")
	}
	var r *domain.JoinRequest
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if r, err = s.store.JoinRequestForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if r == nil {
			return errRequestNotFound
		}
		if r.Status != domain.VerificationPending {
			return errReviewed
		}
		now := s.now()
		if st == domain.VerificationApproved {
			if err := s.admit(ctx, r, now); err != nil {
				return err
			}
		}
		r.Status, r.Note, r.ReviewedAt = st, n, &now
		if err := s.store.SaveJoinReview(ctx, r, a.UserID); err != nil {
			return err
		}
		return s.notify(ctx, r.UserID, a.CommunityID, "", func(r domain.Recipient) (domain.Mail, error) {
			return mail.Compose(kind, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName, Note: strings.TrimSpace(note), Link: link})
		})
	})
	if err != nil {
		return nil, err
	}
	s.mailWake()
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditJoinRequestDecided, TargetKind: "member", TargetID: r.UserID,
		TargetLabel: r.FullName, Before: map[string]any{"status": domain.VerificationPending}, After: map[string]any{"status": r.Status, "unit": r.UnitLabel, "note": n}})
	return r, nil
}

var (
	errRequestNotFound = domain.Errorf(domain.CodeNotFound, "No se encontró la solicitud")
	errReviewed        = domain.Errorf(domain.CodeConflict, "Esta solicitud ya se ha revisado")
)

// admit carries out an approved join request in the transaction of ctx: the requester becomes a member
// (role user), lives in the unit asked for (an owner claim stays a claim) and their onboarding moves on
// to verification.
func (s *Service) admit(ctx context.Context, r *domain.JoinRequest, now time.Time) error {
	member, err := s.store.CommunityHasMember(ctx, r.CommunityID, r.UserID)
	if err != nil {
		return err
	}
	if member {
		return domain.Errorf(domain.CodeConflict, "Esta persona ya pertenece a esta comunidad")
	}
	if err := s.store.JoinCommunity(ctx, r.UserID, r.CommunityID, now); err != nil {
		return err
	}
	if err := s.store.SaveRole(ctx, r.CommunityID, r.UserID, domain.RoleUser, now); err != nil {
		return err
	}
	if err := s.store.AcceptInvitations(ctx, r.UserID, r.CommunityID, now); err != nil {
		return err
	}
	next := domain.StepVerify
	// A request made with the code may name no unit: the member then chooses it (/choose-unit).
	if r.UnitID == nil && r.Door == nil {
		next = domain.StepChooseUnit
	}
	ch := domain.UnitChoice{Owner: r.OwnerClaim}
	for _, f := range []struct {
		from *string
		to   *string
	}{{r.UnitID, &ch.UnitID}, {r.Floor, &ch.Floor}, {r.Door, &ch.Door}} {
		if f.from != nil {
			*f.to = *f.from
		}
	}
	_, err = s.placeInUnit(ctx, r.UserID, r.CommunityID, ch, next)
	return err
}

// link is an absolute link into the web app, empty without a public URL.
func (s *Service) link(path string) string {
	if s.publicURL == "" {
		return ""
	}
	return s.publicURL + path
}

// OwnerClaims lists the owner claims of the admin's community in a status ("" = all).
func (s *Service) OwnerClaims(ctx context.Context, a *domain.Actor, status string) ([]domain.OwnerClaim, error) {
	return s.store.OwnerClaims(ctx, a.CommunityID, domain.ReviewStatus(status))
}

// ReviewOwnerClaim confirms or rejects a pending owner claim of the admin's community.
func (s *Service) ReviewOwnerClaim(ctx context.Context, a *domain.Actor, id, decided string) (*domain.OwnerClaim, error) {
	st, _, err := decision(decided, "")
	if err != nil {
		return nil, err
	}
	var o *domain.OwnerClaim
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if o, err = s.store.OwnerClaimForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if o == nil {
			return errRequestNotFound
		}
		if o.Status != domain.VerificationPending {
			return errReviewed
		}
		now := s.now()
		if st == domain.VerificationApproved {
			// The claimant owns the unit when nobody does meanwhile.
			ok, err := s.store.TakeUnitOwnership(ctx, o.UnitID, o.UserID, now)
			if err != nil {
				return err
			}
			if !ok {
				return domain.Errorf(domain.CodeConflict, "La vivienda ya tiene propietario")
			}
			// Confirming who owns a unit that was not listed accepts the unit too.
			if err := s.store.AcceptProposedUnit(ctx, o.UnitID, now); err != nil {
				return err
			}
			o.NewUnit = false
		}
		o.Status, o.ReviewedAt = st, &now
		if err := s.store.SaveOwnerClaimReview(ctx, o, a.UserID); err != nil {
			return err
		}
		// The decision carries to the claimant's further unit, if the claim is for one: approved, the
		// membership is confirmed; rejected, it goes.
		if st == domain.VerificationApproved {
			err = s.store.ConfirmMemberUnit(ctx, o.UnitID, o.UserID, a.UserID, "", now)
		} else {
			err = s.store.DropOwnerMembership(ctx, o.UnitID, o.UserID)
		}
		if err != nil {
			return err
		}
		return s.notify(ctx, o.UserID, a.CommunityID, o.UnitLabel, s.claimDecided(st, a.CommunityID))
	})
	if err != nil {
		return nil, err
	}
	s.mailWake()
	s.changed(a.CommunityID, domain.AreaRegistry, o.UnitID)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditOwnerClaimDecided, TargetKind: "member", TargetID: o.UserID,
		TargetLabel: o.FullName, Before: map[string]any{"status": domain.VerificationPending}, After: map[string]any{"status": o.Status, "unit": o.UnitLabel}})
	return o, nil
}

// ProposedUnits lists the units members of the admin's community gave by floor and door, waiting to be
// accepted into the registry.
func (s *Service) ProposedUnits(ctx context.Context, a *domain.Actor) ([]domain.ProposedUnit, error) {
	return s.store.ProposedUnits(ctx, a.CommunityID)
}

// ReviewProposedUnit accepts a proposed unit of the admin's community into the registry or rejects it
// (the unit goes; whoever gave it chooses again).
func (s *Service) ReviewProposedUnit(ctx context.Context, a *domain.Actor, id, decided string) (*domain.ProposedUnit, error) {
	st, _, err := decision(decided, "")
	if err != nil {
		return nil, err
	}
	var u *domain.ProposedUnit
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if u, err = s.store.ProposedUnitForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if u == nil {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la vivienda por aceptar")
		}
		if st == domain.VerificationApproved {
			u.ProposedBy = nil
			return s.store.AcceptProposedUnit(ctx, id, s.now())
		}
		return s.store.DeleteProposedUnit(ctx, id)
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, domain.AreaRegistry, id)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditProposedUnitDecided, TargetKind: "unit", TargetID: u.ID,
		TargetLabel: u.Label, Before: map[string]any{"status": domain.VerificationPending, "proposedBy": u.FullName}, After: map[string]any{"status": st}})
	return u, nil
}
