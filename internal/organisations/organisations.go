// Package organisations runs the administrador de fincas' office (issue #35, ADR 0045): an organisation
// with its staff, and the communities that name it their processor (RGPD art. 28). While a community's
// processor is active its staff act in it as its administrador; that access is derived in the session
// query (store.SessionActor) and checked by the route's access check, so this package only keeps the
// relations that it follows from.
package organisations

import (
	"context"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// Audit actions of a community's processor.
const (
	AuditProcessorInvited  = "processor.invited"
	AuditProcessorAccepted = "processor.accepted"
	AuditProcessorRevoked  = "processor.revoked"
)

// InvitationTTL is how long an invitation to the staff is valid.
const InvitationTTL = 14 * 24 * time.Hour

const (
	maxName      = 120
	maxColegiado = 20
)

// Store is what the service needs from the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	CreateOrganisation(ctx context.Context, o *domain.Organisation, ownerID string) (bool, error)
	OrganisationOfUser(ctx context.Context, userID string) (*domain.Organisation, error)
	OrganisationByCodeOrNIF(ctx context.Context, code, nif string) (*domain.Organisation, error)
	OrganisationStaff(ctx context.Context, orgID string) ([]domain.StaffMember, error)
	StaffIDs(ctx context.Context, orgID string) ([]string, error)
	RemoveStaff(ctx context.Context, orgID, userID string) (bool, error)
	CreateStaffInvitation(ctx context.Context, inv *domain.StaffInvitation) error
	PendingStaffInvitations(ctx context.Context, orgID string, now time.Time) ([]domain.StaffInvitation, error)
	StaffInvitationByToken(ctx context.Context, tokenHash string) (*domain.StaffInvitation, error)
	AcceptStaffInvitation(ctx context.Context, inv *domain.StaffInvitation, userID string, at time.Time) (bool, error)
	CommunityProcessor(ctx context.Context, communityID string) (*domain.Processor, error)
	OrganisationCommunities(ctx context.Context, orgID string) ([]domain.Processor, error)
	OfficeCommunities(ctx context.Context, orgID, userID string, now time.Time) ([]domain.Processor, map[string]int, error)
	UnreadByCommunity(ctx context.Context, orgID, userID string) (map[string]int, error)
	OfficeMoney(ctx context.Context, orgID, dueBefore string, except map[string]string) (map[string]domain.Debt, []domain.AccountBalance, error)
	SearchOffice(ctx context.Context, orgID, text string, limit int) ([]domain.OfficeHit, error)
	InviteProcessor(ctx context.Context, communityID, orgID, by string, at time.Time) error
	AcceptProcessor(ctx context.Context, communityID, orgID, by string, at time.Time) (bool, error)
	RevokeProcessor(ctx context.Context, communityID, orgID string, at time.Time) (bool, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
	// communities.go
	AdministerCommunity(ctx context.Context, communityID, orgID, by string, at time.Time) error
	CommunityByID(ctx context.Context, id string) (*domain.Community, error)
	AdminUnits(ctx context.Context, communityID string) ([]domain.AdminUnit, error)
}

// Service is the office.
type Service struct {
	store     Store
	now       func() time.Time
	calendar  *time.Location
	publicURL string
	mailWake  func()
	revoked   func(userID string)
	changed   func(communityID, area, id string)
	audit     domain.Auditor
	announcer Announcer
	providers ProviderAdder
	creator   CommunityCreator
	importer  UnitImporter
	inviter   OwnerInviter
}

// Options configure the service.
type Options struct {
	Now       func() time.Time
	Location  *time.Location // the calendar of due dates; nil: Europe/Madrid
	PublicURL string
	MailWake  func()
	// Revoked tells a user's open streams to check their access again (staff who lost a community).
	Revoked func(userID string)
	Changed func(communityID, area, id string)
	Audit   domain.Auditor
	// Announcements and Providers run the bulk actions in each community (bulk.go).
	Announcements Announcer
	Providers     ProviderAdder
	// Communities, Units and Invitations create a community and import its units and owners
	// (communities.go): the accounts', units' and invitations' services.
	Communities CommunityCreator
	Units       UnitImporter
	Invitations OwnerInviter
}

// New returns the service.
func New(store Store, o Options) *Service {
	s := &Service{store: store, now: clock.Or(o.Now), calendar: clock.CalendarOr(o.Location), publicURL: strings.TrimRight(o.PublicURL, "/"),
		mailWake: o.MailWake, revoked: o.Revoked, changed: o.Changed, audit: o.Audit, announcer: o.Announcements, providers: o.Providers,
		creator: o.Communities, importer: o.Units, inviter: o.Invitations}
	if s.mailWake == nil {
		s.mailWake = func() {}
	}
	if s.revoked == nil {
		s.revoked = func(string) {}
	}
	if s.changed == nil {
		s.changed = func(string, string, string) {}
	}
	return s
}

var (
	errNoOrganisation    = domain.Errorf(domain.CodeNotFound, "No formas parte de ningún despacho")
	errAlreadyStaff      = domain.Errorf(domain.CodeConflict, "Ya formas parte de un despacho")
	errNIFTaken          = domain.Errorf(domain.CodeConflict, "Ya hay un despacho con este NIF")
	errInvalidName       = domain.Errorf(domain.CodeInvalid, "Escribe el nombre del despacho (hasta 120 caracteres)")
	errInvalidColegiado  = domain.Errorf(domain.CodeInvalid, "El número de colegiado no es válido")
	errOwnerOnly         = domain.Errorf(domain.CodeForbidden, "Solo el administrador del despacho puede hacer esto")
	errWriteOnly         = domain.Errorf(domain.CodeForbidden, "Tu acceso al despacho es de solo lectura")
	errInvalidRights     = domain.Errorf(domain.CodeInvalid, "Elige permisos de lectura o de escritura")
	errInvitationGone    = domain.Errorf(domain.CodeNotFound, "La invitación no existe o ha caducado")
	errInvitationOther   = domain.Errorf(domain.CodeForbidden, "Esta invitación es para otra dirección de email")
	errStaffNotFound     = domain.Errorf(domain.CodeNotFound, "No se encontró a esta persona en el despacho")
	errOrgNotFound       = domain.Errorf(domain.CodeNotFound, "No hay ningún despacho con ese código o NIF")
	errHasProcessor      = domain.Errorf(domain.CodeConflict, "La comunidad ya tiene un despacho administrador")
	errNoProcessor       = domain.Errorf(domain.CodeNotFound, "La comunidad no tiene despacho administrador")
	errNotInvited        = domain.Errorf(domain.CodeNotFound, "Esta comunidad no ha invitado a tu despacho")
	errResidentAdminOnly = domain.Errorf(domain.CodeForbidden, "Solo los administradores que son vecinos de la comunidad pueden elegir su despacho")
)

// Mine is the organisation whose staff the actor is on, with their rights; nil: none.
func (s *Service) Mine(ctx context.Context, a *domain.Actor) (*domain.Organisation, error) {
	return s.store.OrganisationOfUser(ctx, a.UserID)
}

// mine is the actor's organisation, refused when they are on no staff or lack rights (owner: the
// administrador; write: the administrador or an assistant who may act).
func (s *Service) mine(ctx context.Context, a *domain.Actor, need domain.StaffRights) (*domain.Organisation, error) {
	o, err := s.store.OrganisationOfUser(ctx, a.UserID)
	switch {
	case err != nil:
		return nil, err
	case o == nil:
		return nil, errNoOrganisation
	case need == domain.StaffOwner && o.Rights != domain.StaffOwner:
		return nil, errOwnerOnly
	case need == domain.StaffWrite && o.Rights == domain.StaffRead:
		return nil, errWriteOnly
	}
	return o, nil
}

// CreateInput is the form of a new organisation.
type CreateInput struct {
	Name      string
	NIF       string
	Colegiado string
}

// Create registers an organisation with the actor as its administrador.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in CreateInput) (*domain.Organisation, error) {
	name := strings.TrimSpace(in.Name)
	if name == "" || utf8.RuneCountInString(name) > maxName {
		return nil, errInvalidName
	}
	nif := domain.NormalizeNIF(in.NIF)
	if !domain.ValidNIF(nif) {
		return nil, domain.ErrInvalidNIF
	}
	var colegiado *string
	if c := strings.TrimSpace(in.Colegiado); c != "" {
		if utf8.RuneCountInString(c) > maxColegiado {
			return nil, errInvalidColegiado
		}
		colegiado = &c
	}
	if o, err := s.store.OrganisationOfUser(ctx, a.UserID); err != nil {
		return nil, err
	} else if o != nil {
		return nil, errAlreadyStaff
	}
	if o, err := s.store.OrganisationByCodeOrNIF(ctx, "", nif); err != nil {
		return nil, err
	} else if o != nil {
		return nil, errNIFTaken
	}
	o := &domain.Organisation{ID: domain.NewID(), Name: name, NIF: nif, Colegiado: colegiado, Code: domain.NewPublicID(),
		CreatedAt: s.now().UTC().Truncate(time.Millisecond), Rights: domain.StaffOwner}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		ok, err := s.store.CreateOrganisation(ctx, o, a.UserID)
		if err == nil && !ok {
			err = errAlreadyStaff
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return o, nil
}

// Staff lists the actor's organisation's staff and, for its administrador, the pending invitations.
func (s *Service) Staff(ctx context.Context, a *domain.Actor) ([]domain.StaffMember, []domain.StaffInvitation, error) {
	o, err := s.mine(ctx, a, domain.StaffRead)
	if err != nil {
		return nil, nil, err
	}
	staff, err := s.store.OrganisationStaff(ctx, o.ID)
	if err != nil {
		return nil, nil, err
	}
	invs := []domain.StaffInvitation{}
	if o.Rights == domain.StaffOwner {
		if invs, err = s.store.PendingStaffInvitations(ctx, o.ID, s.now()); err != nil {
			return nil, nil, err
		}
	}
	return staff, invs, nil
}

// InviteStaff emails an invitation to the organisation's staff (its administrador only).
func (s *Service) InviteStaff(ctx context.Context, a *domain.Actor, email string, rights domain.StaffRights) (*domain.StaffInvitation, error) {
	o, err := s.mine(ctx, a, domain.StaffOwner)
	if err != nil {
		return nil, err
	}
	if !rights.Valid() {
		return nil, errInvalidRights
	}
	if email, err = credentials.NormalizeEmail(email); err != nil {
		return nil, err
	}
	token := credentials.NewToken()
	now := s.now().UTC().Truncate(time.Millisecond)
	inv := &domain.StaffInvitation{ID: domain.NewID(), OrganisationID: o.ID, Email: email, Rights: rights, TokenHash: credentials.HashToken(token),
		InvitedBy: a.UserID, CreatedAt: now, ExpiresAt: now.Add(InvitationTTL)}
	m, err := mail.Compose(KindStaffInvitation, a.Language, email, mail.Data{Inviter: a.FullName, Title: o.Name,
		Link: s.publicURL + "/despacho/unirse?" + url.Values{"token": {token}}.Encode()})
	if err != nil {
		return nil, err
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateStaffInvitation(ctx, inv); err != nil {
			return err
		}
		return s.store.QueueMail(ctx, m, now)
	})
	if err != nil {
		return nil, err
	}
	s.mailWake()
	return inv, nil
}

// AcceptStaff puts the actor on the staff the invitation of token names; it must be for their address.
func (s *Service) AcceptStaff(ctx context.Context, a *domain.Actor, token string) (*domain.Organisation, error) {
	inv, err := s.store.StaffInvitationByToken(ctx, credentials.HashToken(strings.TrimSpace(token)))
	if err != nil {
		return nil, err
	}
	if inv == nil || inv.AcceptedAt != nil || !s.now().Before(inv.ExpiresAt) {
		return nil, errInvitationGone
	}
	if !strings.EqualFold(inv.Email, a.Email) {
		return nil, errInvitationOther
	}
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		ok, err := s.store.AcceptStaffInvitation(ctx, inv, a.UserID, s.now())
		if err == nil && !ok {
			err = errAlreadyStaff
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.store.OrganisationOfUser(ctx, a.UserID)
}

// RemoveStaff takes an assistant off the staff (its administrador only): their access ends at once.
func (s *Service) RemoveStaff(ctx context.Context, a *domain.Actor, userID string) error {
	o, err := s.mine(ctx, a, domain.StaffOwner)
	if err != nil {
		return err
	}
	ok, err := s.store.RemoveStaff(ctx, o.ID, userID)
	if err != nil {
		return err
	}
	if !ok {
		return errStaffNotFound
	}
	s.revoked(userID)
	return nil
}

// Communities lists the communities that invited the actor's organisation or that it runs, those it
// runs with their overview's counters (issue #35), counted for all of them at once (each query names the
// office, not its communities): the actor's office, its list with the counters, then its money, three
// round trips.
func (s *Service) Communities(ctx context.Context, a *domain.Actor) ([]domain.Processor, error) {
	o, err := s.mine(ctx, a, domain.StaffRead)
	if err != nil {
		return nil, err
	}
	ps, grace, err := s.store.OfficeCommunities(ctx, o.ID, a.UserID, s.now())
	if err != nil {
		return nil, err
	}
	overview := map[string]*domain.CommunityOverview{}
	for i := range ps {
		ps[i].OrganisationID, ps[i].OrganisationName, ps[i].NIF, ps[i].Colegiado = o.ID, o.Name, o.NIF, o.Colegiado
		if ps[i].Overview != nil {
			overview[ps[i].CommunityID] = ps[i].Overview
		}
	}
	if err := s.moneyOverview(ctx, o.ID, grace, overview); err != nil {
		return nil, err
	}
	return ps, nil
}

// moneyOverview adds to the overview of the communities orgID runs (one entry each) what their units owe
// (the money's rule: a receipt unpaid more than the community's days of grace, those that set some in
// grace, after its due date) and how their banks square with their books.
func (s *Service) moneyOverview(ctx context.Context, orgID string, grace map[string]int, overview map[string]*domain.CommunityOverview) error {
	today := s.now().In(s.calendar).Format(domain.DateLayout)
	except := map[string]string{} // those with days of grace; the others' date is the rule's with none
	for id, days := range grace {
		if d := domain.DebtDueBefore(today, days); d != domain.DebtDueBefore(today, 0) {
			except[id] = d
		}
	}
	debts, balances, err := s.store.OfficeMoney(ctx, orgID, domain.DebtDueBefore(today, 0), except)
	if err != nil {
		return err
	}
	for id, d := range debts {
		if o := overview[id]; o != nil {
			o.Debt, o.UnitsInDebt = d.Owed, d.Units
		}
	}
	for _, b := range balances {
		o := overview[b.CommunityID]
		if o == nil || b.Bank == nil {
			continue
		}
		diff := *b.Bank - b.Book()
		if o.BankDifference != nil {
			diff += *o.BankDifference
		}
		o.BankDifference = &diff
	}
	return nil
}

// StaffCommunities are the communities the actor's office runs now, by name, each with the direct
// messages to the actor there not yet read (the header's switcher lists them with the member ones);
// none when the actor is on no office's staff.
func (s *Service) StaffCommunities(ctx context.Context, a *domain.Actor) ([]domain.Processor, error) {
	o, err := s.store.OrganisationOfUser(ctx, a.UserID)
	if err != nil || o == nil {
		return []domain.Processor{}, err
	}
	ps, err := s.store.OrganisationCommunities(ctx, o.ID)
	if err != nil {
		return nil, err
	}
	run := []domain.Processor{}
	for _, p := range ps {
		if p.Status == domain.ProcessorActive {
			run = append(run, p)
		}
	}
	unread, err := s.store.UnreadByCommunity(ctx, o.ID, a.UserID)
	if err != nil {
		return nil, err
	}
	for i := range run {
		run[i].Overview = &domain.CommunityOverview{UnreadMessages: unread[run[i].CommunityID]}
	}
	return run, nil
}

// AcceptCommunity accepts a community's invitation: from now on the staff act in it as its administrador.
func (s *Service) AcceptCommunity(ctx context.Context, a *domain.Actor, communityID string) error {
	o, err := s.mine(ctx, a, domain.StaffWrite)
	if err != nil {
		return err
	}
	ok, err := s.store.AcceptProcessor(ctx, communityID, o.ID, a.UserID, s.now())
	if err != nil {
		return err
	}
	if !ok {
		return errNotInvited
	}
	in := *a
	in.CommunityID, in.Role, in.OrganisationID, in.OrganisationName, in.StaffRights = communityID, domain.RoleAdmin, o.ID, o.Name, o.Rights
	s.audit.Record(ctx, &in, domain.AuditChange{Action: AuditProcessorAccepted, TargetKind: "organisation", TargetID: o.ID, TargetLabel: o.Name})
	s.changed(communityID, domain.AreaUnits, o.ID)
	return nil
}

// Processor is the organisation the actor's community invited or named its processor; nil: none.
func (s *Service) Processor(ctx context.Context, a *domain.Actor) (*domain.Processor, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.CommunityProcessor(ctx, a.CommunityID)
}

// residentAdmin refuses the community's processor's own staff: only its resident admins choose it.
func residentAdmin(a *domain.Actor) error {
	if err := a.RequireAdmin(errResidentAdminOnly); err != nil {
		return err
	}
	if a.IsStaff() {
		return errResidentAdminOnly
	}
	return nil
}

// InviteProcessor invites an organisation, by its code or NIF, to administer the actor's community.
func (s *Service) InviteProcessor(ctx context.Context, a *domain.Actor, codeOrNIF string) (*domain.Processor, error) {
	if err := residentAdmin(a); err != nil {
		return nil, err
	}
	key := strings.ToUpper(strings.TrimSpace(codeOrNIF))
	o, err := s.store.OrganisationByCodeOrNIF(ctx, key, domain.NormalizeNIF(key))
	if err != nil {
		return nil, err
	}
	if o == nil {
		return nil, errOrgNotFound
	}
	if p, err := s.store.CommunityProcessor(ctx, a.CommunityID); err != nil {
		return nil, err
	} else if p != nil {
		return nil, errHasProcessor
	}
	if err := s.store.InviteProcessor(ctx, a.CommunityID, o.ID, a.UserID, s.now()); err != nil {
		return nil, err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditProcessorInvited, TargetKind: "organisation", TargetID: o.ID, TargetLabel: o.Name,
		After: map[string]any{"nif": o.NIF}})
	s.changed(a.CommunityID, domain.AreaUnits, o.ID)
	return s.store.CommunityProcessor(ctx, a.CommunityID)
}

// RevokeProcessor ends the organisation's invitation or access to the actor's community: its staff's
// next request is refused and their open streams of it close at once.
func (s *Service) RevokeProcessor(ctx context.Context, a *domain.Actor) error {
	if err := residentAdmin(a); err != nil {
		return err
	}
	p, err := s.store.CommunityProcessor(ctx, a.CommunityID)
	if err != nil {
		return err
	}
	if p == nil {
		return errNoProcessor
	}
	ok, err := s.store.RevokeProcessor(ctx, a.CommunityID, p.OrganisationID, s.now())
	if err != nil {
		return err
	}
	if !ok {
		return errNoProcessor
	}
	staff, err := s.store.StaffIDs(ctx, p.OrganisationID)
	if err != nil {
		return err
	}
	for _, id := range staff {
		s.revoked(id)
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditProcessorRevoked, TargetKind: "organisation", TargetID: p.OrganisationID,
		TargetLabel: p.OrganisationName, Before: map[string]any{"status": p.Status}})
	s.changed(a.CommunityID, domain.AreaUnits, p.OrganisationID)
	return nil
}
