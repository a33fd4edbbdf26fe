package memberships

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

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
	if st == domain.VerificationApproved {
		s.revoked(r.UserID) // their requests act in this community now
	}
	s.mailWake()
	if st == domain.VerificationApproved {
		s.changed(a.CommunityID, domain.AreaUnits, r.UserID) // a new resident, and the units an import invited them to own
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditJoinRequestDecided, TargetKind: "member", TargetID: r.UserID,
		TargetLabel: r.FullName, Before: map[string]any{"status": domain.VerificationPending}, After: map[string]any{"status": r.Status, "unit": r.UnitLabel, "note": n}})
	return r, nil
}

var (
	errRequestNotFound = domain.Errorf(domain.CodeNotFound, "No se encontró la solicitud")
	errReviewed        = domain.Errorf(domain.CodeConflict, "Esta solicitud ya se ha revisado")
)

var errAdmittedAlready = domain.Errorf(domain.CodeConflict, "Esta persona ya pertenece a esta comunidad")

// Join makes userID a member of communityID with role, in the transaction of ctx, however they came (the
// code, an invitation's link, an approved join request, a community they create): the units an office's
// import invited their address to own (issue #35) become theirs when nobody owns them yet (a co-owner
// who joins later lives there without being the owner of record), the first their home, and the live
// invitations of their address to the community are accepted. now must be the time an invitation they
// joined by was spent at. Joining a community one belongs to is domain.ErrAlreadyMemberHere.
func (s *Service) Join(ctx context.Context, userID, communityID string, role domain.Role, now time.Time) error {
	member, err := s.store.CommunityHasMember(ctx, communityID, userID)
	if err != nil {
		return err
	}
	if member {
		return domain.ErrAlreadyMemberHere
	}
	if err := s.store.JoinCommunity(ctx, userID, communityID, now); err != nil {
		return err
	}
	if err := s.store.SaveRole(ctx, communityID, userID, role, now); err != nil {
		return err
	}
	owned, err := s.store.OwnerInvitationUnits(ctx, userID, communityID, now)
	if err != nil {
		return err
	}
	for i, unitID := range owned {
		if _, err := s.store.TakeUnitOwnership(ctx, unitID, userID, now); err != nil {
			return err
		}
		// The first is their home; the others are their further units, confirmed by the invitation.
		if i == 0 {
			err = s.store.MoveIn(ctx, userID, unitID, "", now)
		} else {
			err = s.store.InsertConfirmedMemberUnit(ctx, unitID, userID, domain.UnitOwner, now)
		}
		if err != nil {
			return err
		}
	}
	return s.store.AcceptInvitations(ctx, userID, communityID, now)
}

// admit carries out an approved join request in the transaction of ctx: the requester joins (role user,
// with the units the office invited them to own), lives in the unit asked for (an owner claim stays a
// claim) and their onboarding moves on to verification.
func (s *Service) admit(ctx context.Context, r *domain.JoinRequest, now time.Time) error {
	if err := s.Join(ctx, r.UserID, r.CommunityID, domain.RoleUser, now); err != nil {
		if errors.Is(err, domain.ErrAlreadyMemberHere) {
			err = errAdmittedAlready // the admin is told about the requester, not about themselves
		}
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
	_, err := s.PlaceInUnit(ctx, r.UserID, r.CommunityID, ch, next)
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
	s.changed(a.CommunityID, domain.AreaUnits, o.UnitID)
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
	s.changed(a.CommunityID, domain.AreaUnits, id)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditProposedUnitDecided, TargetKind: "unit", TargetID: u.ID,
		TargetLabel: u.Label, Before: map[string]any{"status": domain.VerificationPending, "proposedBy": u.FullName}, After: map[string]any{"status": st}})
	return u, nil
}
