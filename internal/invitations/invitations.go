// Package invitations runs how admins bring the neighbours in (issue #21): invitation emails through the
// outbox (from the admins' screen and from registration step 2), their states, resending and revoking,
// the limits that stop abuse, and the letters for the mailboxes (letters.go).
package invitations

import (
	"context"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"vecinos/internal/clock"
	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
	"vecinos/internal/ratelimit"
)

// Limits: an invitation is an email to a stranger sent in the community's name.
const (
	TTL        = 30 * 24 * time.Hour // after which a sent invitation is caducada
	PerDay     = 50                  // invitations and resends per community and day
	MaxPending = 200                 // live (sent, not expired) invitations per community
)

// Store is what the service needs from the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	CommunityByID(ctx context.Context, id string) (*domain.Community, error)
	CommunityOfUser(ctx context.Context, userID string) (string, error)
	CommunityUnits(ctx context.Context, communityID string) ([]domain.Unit, error)
	Profile(ctx context.Context, userID, communityID string) (*domain.Profile, error)
	UserByID(ctx context.Context, id string) (*domain.User, error)
	Invitations(ctx context.Context, communityID string) ([]domain.Invitation, error)
	EmailIsMember(ctx context.Context, email, communityID string) (bool, error)
	UnitOfCommunity(ctx context.Context, communityID, id string) (*domain.Unit, error)
	LiveInvitations(ctx context.Context, communityID, email string, now time.Time) (int, error)
	InsertInvitation(ctx context.Context, inv *domain.Invitation) error
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
	InvitationForUpdate(ctx context.Context, communityID, id string) (*domain.Invitation, error)
	SaveInvitation(ctx context.Context, inv *domain.Invitation) error
	InvitedUnit(ctx context.Context, userID, communityID, inviteUnit string) (string, error)
	OwnerInvited(ctx context.Context, communityID, email, unitID string, now time.Time) (bool, error)
}

// Options configure the service.
type Options struct {
	PublicURL string            // base of the invitation links
	Now       func() time.Time  // nil = time.Now
	MailWake  func()            // nil = the worker finds the mail on its next poll
	Limiter   ratelimit.Limiter // nil = counts in this process
	Log       *slog.Logger      // nil = slog.Default()
	// Changed is called after invitations of a community changed (area domain.AreaUnits), so that the
	// admins' open screens refetch them (ADR 0006 addendum); may be nil.
	Changed func(communityID, area, id string)
}

// Service is the invitations service.
type Service struct {
	store     Store
	publicURL string
	now       func() time.Time
	mailWake  func()
	limiter   ratelimit.Limiter
	log       *slog.Logger
	changed   func(communityID, area, id string)
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	if o.Limiter == nil {
		o.Limiter = ratelimit.NewMemory(o.Now)
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: store, publicURL: strings.TrimRight(o.PublicURL, "/"), now: o.Now, mailWake: o.MailWake, limiter: o.Limiter, log: o.Log,
		changed: o.Changed}
}

// Link is the community's invitation link: /register with its code, and the unit preselected when
// unitID is not empty.
func (s *Service) Link(code, unitID string) string {
	q := url.Values{"token": {code}}
	if unitID != "" {
		q.Set("unit", unitID)
	}
	return s.publicURL + "/register?" + q.Encode()
}

// PersonalLink is an invitation email's own link: /register with its personal token, which lets in the
// address it was sent to, once, even where the code needs approval; the unit preselected when unitID
// is not empty.
func (s *Service) PersonalLink(token, unitID string) string {
	q := url.Values{"invitation": {token}}
	if unitID != "" {
		q.Set("unit", unitID)
	}
	return s.publicURL + "/register?" + q.Encode()
}

// countSend counts one invitation email of the community against the daily limit.
func (s *Service) countSend(ctx context.Context, communityID string) error {
	ok, _, err := ratelimit.Allow(ctx, s.limiter, "invitations:"+communityID, ratelimit.Rule{Max: PerDay, Window: 24 * time.Hour})
	if err != nil {
		return err
	}
	if !ok {
		return domain.Errorf(domain.CodeRateLimited, "Has alcanzado el límite de %d invitaciones al día. Podrás enviar más mañana.", PerDay)
	}
	return nil
}

// compose writes the invitation's email with a new personal token, whose hash it keeps in inv.
func (s *Service) compose(inv *domain.Invitation, c *domain.Community, inviter string) (domain.Mail, error) {
	token := credentials.NewToken()
	inv.TokenHash = credentials.HashToken(token)
	kind := KindInvitation
	if inv.Kind == domain.InvitePresident {
		kind = KindPresidentInvitation
	}
	unit := ""
	if inv.UnitID != nil {
		unit = *inv.UnitID
	}
	return mail.Compose(kind, domain.Spanish, inv.Email, mail.Data{CommunityName: c.Name, Inviter: inviter, Unit: inv.UnitLabel,
		Code: c.PublicID, Link: s.PersonalLink(token, unit)})
}

// InviteInput is the admins' form: an address and, optionally, the unit the invitation is for.
type InviteInput struct {
	Email  string
	UnitID string
}

// Invite emails an invitation to join the admin's community.
func (s *Service) Invite(ctx context.Context, a *domain.Actor, in InviteInput) (*domain.Invitation, error) {
	inv, err := s.send(ctx, a.CommunityID, a.UserID, in.Email, strings.TrimSpace(in.UnitID), domain.InviteNeighbour)
	if err != nil {
		return nil, err
	}
	s.mailWake()
	s.changed(a.CommunityID, domain.AreaUnits, inv.ID)
	return inv, nil
}

// send stores an invitation and queues its email, within the limits.
func (s *Service) send(ctx context.Context, communityID, inviterID, email, unitID string, kind domain.InvitationKind) (*domain.Invitation, error) {
	email, err := credentials.NormalizeEmail(email)
	if err != nil {
		return nil, err
	}
	c, err := s.community(ctx, communityID)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	inv := &domain.Invitation{ID: domain.NewID(), CommunityID: communityID, Email: email, Kind: kind, InvitedBy: &inviterID,
		CreatedAt: now, SentAt: now, ExpiresAt: now.Add(TTL)}
	if unitID != "" {
		units, err := s.store.CommunityUnits(ctx, communityID)
		if err != nil {
			return nil, err
		}
		for _, u := range units {
			if u.ID == unitID {
				inv.UnitID, inv.UnitLabel = &u.ID, domain.UnitLabel(u.Building, u.Floor, u.UnitNumber)
			}
		}
		if inv.UnitID == nil {
			return nil, domain.ErrUnitNotFound
		}
	}
	inviter := ""
	if p, err := s.store.Profile(ctx, inviterID, ""); err == nil && p != nil {
		inviter = p.FullName
	}
	m, err := s.compose(inv, c, inviter)
	if err != nil {
		return nil, err
	}
	if err := s.countSend(ctx, communityID); err != nil {
		return nil, err
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error { return s.create(ctx, inv, m) }); err != nil {
		return nil, err
	}
	return inv, nil
}

// create stores a new invitation of its community and queues its email, in the transaction of ctx. It
// refuses an address that already belongs to a member (409), one with a live invitation (409), a unit of
// another community (404), and a community with MaxPending live invitations already (429).
func (s *Service) create(ctx context.Context, inv *domain.Invitation, m domain.Mail) error {
	member, err := s.store.EmailIsMember(ctx, inv.Email, inv.CommunityID)
	if err != nil {
		return err
	}
	if member {
		return domain.Errorf(domain.CodeConflict, "Esta dirección ya pertenece a un miembro de la comunidad")
	}
	if inv.UnitID != nil {
		unit, err := s.store.UnitOfCommunity(ctx, inv.CommunityID, *inv.UnitID)
		if err != nil {
			return err
		}
		if unit == nil {
			return domain.ErrUnitNotFound
		}
	}
	n, err := s.store.LiveInvitations(ctx, inv.CommunityID, inv.Email, inv.SentAt)
	if err != nil {
		return err
	}
	if n > 0 {
		return domain.Errorf(domain.CodeConflict, "Ya hay una invitación pendiente para esta dirección. Puedes reenviarla desde la lista.")
	}
	if n, err = s.store.LiveInvitations(ctx, inv.CommunityID, "", inv.SentAt); err != nil {
		return err
	}
	if n >= MaxPending {
		return domain.Errorf(domain.CodeRateLimited, "La comunidad ya tiene %d invitaciones pendientes. Espera a que se acepten o revoca alguna.", MaxPending)
	}
	if err := s.store.InsertInvitation(ctx, inv); err != nil {
		return err
	}
	return s.store.QueueMail(ctx, m, inv.SentAt)
}

// OwnerOutcome is what InviteOwner did for one owner.
type OwnerOutcome int

const (
	OwnerInvited        OwnerOutcome = iota // an invitation was stored and its email queued
	OwnerAlreadyInvited                     // every unit of theirs has an invitation live or accepted
	OwnerAlreadyMember                      // the address is a member's already: nobody is invited
)

// InviteOwner invites email to join communityID c as the owner of units (an office's import, issue #35),
// in the caller's transaction (ctx): one invitation to own each unit not already invited to (live or
// accepted), and one email, sent once, for all of them. A member's address is not invited. The daily
// and pending limits of Invite do not apply: the import is bounded by its lines (units.MaxImportLines)
// and done by the community's processor. The caller wakes the mail worker after its commit.
func (s *Service) InviteOwner(ctx context.Context, c *domain.Community, inviterID, inviter, email string, units []*domain.Unit,
	now time.Time) (OwnerOutcome, error) {
	email, err := credentials.NormalizeEmail(email)
	if err != nil {
		return 0, err
	}
	member, err := s.store.EmailIsMember(ctx, email, c.ID)
	if err != nil || member {
		return OwnerAlreadyMember, err
	}
	now = now.UTC().Truncate(time.Millisecond)
	var invs []*domain.Invitation
	var labels []string
	for _, u := range units {
		invited, err := s.store.OwnerInvited(ctx, c.ID, email, u.ID, now)
		if err != nil {
			return 0, err
		}
		if invited {
			continue
		}
		id := u.ID
		invs = append(invs, &domain.Invitation{ID: domain.NewID(), CommunityID: c.ID, Email: email, Kind: domain.InviteNeighbour,
			InvitedBy: &inviterID, CreatedAt: now, SentAt: now, ExpiresAt: now.Add(TTL), UnitID: &id, UnitLabel: u.Label(), Owner: true})
		labels = append(labels, u.Label())
	}
	if len(invs) == 0 {
		return OwnerAlreadyInvited, nil
	}
	// The email names every unit; its link carries the first invitation's token (joining by it makes
	// all of them theirs) and preselects the first unit.
	first := *invs[0]
	first.UnitLabel = strings.Join(labels, ", ")
	m, err := s.compose(&first, c, inviter)
	if err != nil {
		return 0, err
	}
	invs[0].TokenHash = first.TokenHash
	for _, inv := range invs {
		if err := s.store.InsertInvitation(ctx, inv); err != nil {
			return 0, err
		}
	}
	return OwnerInvited, s.store.QueueMail(ctx, m, now)
}

// forUpdate reads an invitation of the community locked in the transaction of ctx.
func (s *Service) forUpdate(ctx context.Context, communityID, id string) (*domain.Invitation, error) {
	inv, err := s.store.InvitationForUpdate(ctx, communityID, id)
	if err == nil && inv == nil {
		return nil, domain.Errorf(domain.CodeNotFound, "No se encontró la invitación")
	}
	return inv, err
}

// List lists the invitations of the admin's community, newest first.
func (s *Service) List(ctx context.Context, a *domain.Actor) ([]domain.Invitation, error) {
	return s.store.Invitations(ctx, a.CommunityID)
}

// community reads the community of an invitation, which must exist.
func (s *Service) community(ctx context.Context, id string) (*domain.Community, error) {
	c, err := s.store.CommunityByID(ctx, id)
	if err == nil && c == nil {
		return nil, domain.Errorf(domain.CodeNotFound, "No se encontró ninguna comunidad con este código")
	}
	return c, err
}

// Now is the service's clock: the states of invitations are read at it.
func (s *Service) Now() time.Time { return s.now() }

// Resend emails a sent or expired invitation again, with a new expiry.
func (s *Service) Resend(ctx context.Context, a *domain.Actor, id string) (*domain.Invitation, error) {
	c, err := s.community(ctx, a.CommunityID)
	if err != nil {
		return nil, err
	}
	inviter := ""
	if p, err := s.store.Profile(ctx, a.UserID, ""); err == nil && p != nil {
		inviter = p.FullName
	}
	var out *domain.Invitation
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		inv, err := s.forUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		switch inv.Status {
		case domain.InvitationAccepted:
			return domain.Errorf(domain.CodeConflict, "Esta invitación ya se ha aceptado")
		case domain.InvitationRevoked:
			return domain.Errorf(domain.CodeConflict, "Esta invitación está revocada. Invita de nuevo a esta dirección si quieres.")
		}
		if err := s.countSend(ctx, a.CommunityID); err != nil {
			return err
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		inv.SentAt, inv.ExpiresAt, inv.Sends = now, now.Add(TTL), inv.Sends+1
		m, err := s.compose(inv, c, inviter)
		if err != nil {
			return err
		}
		out = inv
		if err := s.store.SaveInvitation(ctx, inv); err != nil {
			return err
		}
		return s.store.QueueMail(ctx, m, now)
	})
	if err != nil {
		return nil, err
	}
	s.mailWake()
	s.changed(a.CommunityID, domain.AreaUnits, id)
	return out, nil
}

// Revoke revokes a sent or expired invitation: its personal link no longer lets anybody in. (The
// community's code still lets whoever has it join, or ask to where the community requires approval.)
func (s *Service) Revoke(ctx context.Context, a *domain.Actor, id string) (*domain.Invitation, error) {
	var out *domain.Invitation
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		inv, err := s.forUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		switch inv.Status {
		case domain.InvitationAccepted:
			return domain.Errorf(domain.CodeConflict, "Esta invitación ya se ha aceptado")
		case domain.InvitationRevoked:
			out = inv
			return nil
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		inv.Status, inv.RevokedAt = domain.InvitationRevoked, &now
		out = inv
		return s.store.SaveInvitation(ctx, inv)
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, domain.AreaUnits, id)
	return out, nil
}

// FromRegistration emails the invitations a community's creator asked for in registration step 2: to
// the neighbours' addresses, and to the president's when one was given. It runs once the community
// exists (the creator confirmed their email); what fails is logged and left out, never blocking the
// confirmation: the admin sees the list in Invitaciones and can invite again.
func (s *Service) FromRegistration(ctx context.Context, userID string, m domain.SignupMetadata) {
	communityID, err := s.store.CommunityOfUser(ctx, userID)
	if err != nil || communityID == "" {
		return
	}
	type target struct {
		email string
		kind  domain.InvitationKind
	}
	var targets []target
	if e := strings.TrimSpace(m.PresidentEmail); e != "" && m.CommunityRole != "Presidente" {
		targets = append(targets, target{e, domain.InvitePresident})
	}
	for _, e := range m.InviteeEmails {
		if e = strings.TrimSpace(e); e != "" {
			targets = append(targets, target{e, domain.InviteNeighbour})
		}
	}
	seen := map[string]bool{}
	sent := 0
	for _, t := range targets {
		key := strings.ToLower(t.email)
		if seen[key] {
			continue
		}
		seen[key] = true
		if _, err := s.send(ctx, communityID, userID, t.email, "", t.kind); err != nil {
			s.log.WarnContext(ctx, "invitation from registration left out", "community", communityID, "err", err)
			continue
		}
		sent++
	}
	if sent > 0 {
		s.mailWake()
		s.changed(communityID, domain.AreaUnits, "")
	}
}

// InvitedUnit is the unit to preselect when the actor chooses theirs: the one of the invitation they
// accepted, else the one of the letter's link they registered with (/register?unit=…); "" when none.
func (s *Service) InvitedUnit(ctx context.Context, a *domain.Actor) (string, error) {
	if a.CommunityID == "" {
		return "", nil
	}
	u, err := s.store.UserByID(ctx, a.UserID)
	if err != nil || u == nil {
		return "", err
	}
	return s.store.InvitedUnit(ctx, a.UserID, a.CommunityID, strings.TrimSpace(u.SignupMetadata.InviteUnit))
}
