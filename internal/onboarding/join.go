package onboarding

import (
	"context"
	"strings"
	"time"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/ratelimit"
)

// Creating a community and joining one by its code or an invitation's personal link (issue 34): from the
// wizard, from an office, and from the sign-up's confirmation, which auth hands over here.

var (
	errNoCommunityWithCode = domain.Errorf(domain.CodeNotFound, "No se encontró ninguna comunidad con este código")
	errCodeRetired         = domain.Errorf(domain.CodeCodeRetired, "Este código ya no es válido: la administración de la comunidad lo ha cambiado. Pídele el código nuevo.")
	errInvitationInvalid   = domain.Errorf(domain.CodeNotFound, "Esta invitación no es válida o ya se ha usado. Pide a la administración de tu comunidad que te invite de nuevo.")
	errInvitationSpent     = domain.Errorf(domain.CodeConflict, "Esta invitación ya no es válida. Pide a la administración de tu comunidad que te invite de nuevo.")
	errReferenceTaken      = domain.Errorf(domain.CodeConflict, "Ya existe una comunidad con esta referencia catastral")
)

// lookupLimit bounds the lookups of codes and invitations per client address, and the joins by them per
// user: a code is a short secret worth guessing.
var lookupLimit = ratelimit.Rule{Max: 60, Window: 5 * time.Minute}

// CommunityOfCode finds the community of a code; a code an admin replaced says so (old letters, links).
func (s *Service) CommunityOfCode(ctx context.Context, code string) (*domain.Community, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if !domain.ValidPublicID(code) {
		return nil, errNoCommunityWithCode
	}
	c, err := s.store.CommunityByPublicID(ctx, code)
	if err != nil || c != nil {
		return c, err
	}
	if retired, rerr := s.store.CodeRetired(ctx, code); rerr != nil || retired {
		if rerr != nil {
			return nil, rerr
		}
		return nil, errCodeRetired
	}
	return nil, errNoCommunityWithCode
}

// joinSetup is what joining community c with its code does: join it, or, when c requires approval,
// ask to (a pending join request, with the unit of the letter's link when it gave one).
func (s *Service) joinSetup(c *domain.Community, code, unitID string) domain.CommunitySetup {
	setup := domain.CommunitySetup{JoinCode: strings.ToUpper(strings.TrimSpace(code))}
	if c.JoinApproval {
		r := &domain.JoinRequest{ID: domain.NewID(), Status: domain.VerificationPending, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
		if unitID = strings.TrimSpace(unitID); unitID != "" && len(unitID) <= 64 {
			r.UnitID = &unitID
		}
		setup.Ask = r
	}
	return setup
}

// invitationFor is the id of the live invitation whose personal link carries token and that was sent to
// email; "" when there is none.
func (s *Service) invitationFor(ctx context.Context, token, email string, now time.Time) string {
	if token == "" {
		return ""
	}
	inv, err := s.store.InvitationByToken(ctx, credentials.HashToken(token))
	if err != nil || inv == nil || inv.State(now) != domain.InvitationSent || !strings.EqualFold(inv.Email, email) {
		return ""
	}
	return inv.ID
}

// CommunityByCode looks a community up by its code, for the registration form of a client at ip.
func (s *Service) CommunityByCode(ctx context.Context, ip, code string) (*domain.Community, error) {
	if err := s.limit("lookup:"+ip, lookupLimit); err != nil {
		return nil, err
	}
	return s.CommunityOfCode(ctx, code)
}

// InvitationLookup is what the register page learns from an invitation email's personal link.
type InvitationLookup struct {
	Community *domain.Community
	Email     string // the address it was sent to: only that account can use it
}

// Invitation looks up the live invitation of a personal link's token, for the registration form of a
// client at ip.
func (s *Service) Invitation(ctx context.Context, ip, token string) (*InvitationLookup, error) {
	if err := s.limit("lookup:"+ip, lookupLimit); err != nil {
		return nil, err
	}
	token = strings.TrimSpace(token)
	if token == "" {
		return nil, errInvitationInvalid
	}
	inv, err := s.store.InvitationByToken(ctx, credentials.HashToken(token))
	if err != nil {
		return nil, err
	}
	if inv == nil || inv.State(s.now()) != domain.InvitationSent {
		return nil, errInvitationInvalid
	}
	community, err := s.store.CommunityByID(ctx, inv.CommunityID)
	if err != nil {
		return nil, err
	}
	if community == nil {
		return nil, errNoCommunityWithCode
	}
	return &InvitationLookup{Community: community, Email: inv.Email}, nil
}

// JoinByCode lets a confirmed user without a community into the community with that code, or, when it
// requires approval, sends its admins a join request (returned; nil when the user joined).
func (s *Service) JoinByCode(ctx context.Context, a *domain.Actor, code string) (*domain.JoinRequest, error) {
	if err := s.limit("lookup:user:"+a.UserID, lookupLimit); err != nil {
		return nil, err
	}
	c, err := s.CommunityOfCode(ctx, code)
	if err != nil {
		return nil, err
	}
	setup := s.joinSetup(c, code, "")
	if err := s.joinOrCreate(ctx, a.UserID, setup); err != nil {
		return nil, err
	}
	return setup.Ask, nil
}

// JoinByInvitation lets a confirmed user without a community in by the personal link of an invitation
// email sent to their address: once, and directly, even where the code needs approval.
func (s *Service) JoinByInvitation(ctx context.Context, a *domain.Actor, token string) error {
	if err := s.limit("lookup:user:"+a.UserID, lookupLimit); err != nil {
		return err
	}
	id := s.invitationFor(ctx, strings.TrimSpace(token), a.Email, s.now())
	if id == "" {
		return errInvitationInvalid
	}
	return s.joinOrCreate(ctx, a.UserID, domain.CommunitySetup{Invitation: id})
}

// CreateCommunity creates a community with the actor as its admin.
func (s *Service) CreateCommunity(ctx context.Context, a *domain.Actor, c *domain.Community) error {
	if err := checkCommunity(c); err != nil {
		return err
	}
	return s.joinOrCreate(ctx, a.UserID, domain.CommunitySetup{Create: c})
}

// CreateAdministered creates a community with the data and checks of CreateCommunity but with no member:
// an office's staff member (createdBy) creates it for the office, and then, in the same transaction, runs
// (the office becoming its processor). Nobody joins it: its owners come in by invitation (issue #35).
func (s *Service) CreateAdministered(ctx context.Context, createdBy string, c *domain.Community, then func(ctx context.Context) error) error {
	if err := checkCommunity(c); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context) error {
		c.CreatedBy = createdBy
		if err := s.store.CreateCommunity(ctx, c, s.now(), errReferenceTaken); err != nil {
			return err
		}
		return then(ctx)
	})
}

// checkCommunity trims a new community's data and refuses it without name, address, city or postal code.
func checkCommunity(c *domain.Community) error {
	c.Name, c.Address, c.City, c.PostalCode = strings.TrimSpace(c.Name), strings.TrimSpace(c.Address), strings.TrimSpace(c.City), strings.TrimSpace(c.PostalCode)
	if c.Name == "" || c.Address == "" || c.City == "" || c.PostalCode == "" {
		return domain.Errorf(domain.CodeInvalid, "Indica el nombre, la dirección, la ciudad y el código postal de la comunidad")
	}
	if c.Country = strings.TrimSpace(c.Country); c.Country == "" {
		c.Country = domain.DefaultCountry
	}
	c.Province, c.StreetType, c.StreetName, c.StreetNumber = strings.TrimSpace(c.Province), strings.TrimSpace(c.StreetType), strings.TrimSpace(c.StreetName), strings.TrimSpace(c.StreetNumber)
	return nil
}

// SignupSetup reads the sign-up intent of u, who is confirming their email: join by the personal
// invitation of the email's link when it was sent to this address and is still live; else by the
// community code when it still exists (asking to join when the community requires approval); or create
// the community when its name and address are complete; otherwise the onboarding wizard takes over.
func (s *Service) SignupSetup(ctx context.Context, u *domain.User, now time.Time) domain.CommunitySetup {
	m := u.SignupMetadata
	if id := s.invitationFor(ctx, m.Invitation, u.Email, now); id != "" {
		return domain.CommunitySetup{Invitation: id}
	}
	if m.InviteToken != "" {
		if c, err := s.store.CommunityByPublicID(ctx, m.InviteToken); err == nil && c != nil {
			return s.joinSetup(c, m.InviteToken, m.InviteUnit)
		}
	}
	if m.CommunityIntent == "create" && m.CommunityName != "" && m.CommunityAddress != "" && m.CommunityCity != "" && m.CommunityPostalCode != "" {
		c := &domain.Community{Name: m.CommunityName, Address: m.CommunityAddress, City: m.CommunityCity, PostalCode: m.CommunityPostalCode, Country: m.CommunityCountry,
			StreetType: strings.TrimSpace(m.StreetType), StreetName: strings.TrimSpace(m.StreetName), StreetNumber: strings.TrimSpace(m.StreetNumber)}
		if m.CatastralReference != "" {
			ref := m.CatastralReference
			c.CatastralReference = &ref
		}
		// The units of the building's shape (registration step 1); the sign-up has bounded their number.
		units, _ := domain.GenerateUnits(domain.LayoutFromSignup(m))
		return domain.CommunitySetup{Create: c, Units: units}
	}
	return domain.CommunitySetup{}
}

// joinOrCreate carries out setup for a signed-in user: a member of other communities may join or create
// one more (ADR 0040); joining refuses the same community twice.
func (s *Service) joinOrCreate(ctx context.Context, userID string, setup domain.CommunitySetup) error {
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.store.ProfileCommunityForUpdate(ctx, userID); err != nil { // joining serializes on the profile
			return err
		}
		return s.SetUpCommunity(ctx, userID, setup, s.now())
	})
	if err == nil {
		s.revoked(userID) // their requests act in the community joined or created (docs/adr/0055)
	}
	return err
}

// SetUpCommunity carries out setup for userID, whose profile the caller has locked in the transaction of
// ctx (ProfileCommunityForUpdate): create the community with them as its admin, join by an invitation or
// by the code, or ask to join.
func (s *Service) SetUpCommunity(ctx context.Context, userID string, setup domain.CommunitySetup, now time.Time) error {
	switch {
	case setup.Create != nil:
		c := setup.Create
		c.CreatedBy = userID
		if err := s.store.CreateCommunity(ctx, c, now, errReferenceTaken); err != nil {
			return err
		}
		for _, u := range setup.Units {
			u.ID, u.CommunityID = domain.NewID(), c.ID
			if err := s.store.SaveUnit(ctx, &u, now); err != nil {
				return err
			}
		}
		return s.members.Join(ctx, userID, c.ID, domain.RoleAdmin, now)
	case setup.Invitation != "":
		communityID, err := s.store.SpendInvitation(ctx, setup.Invitation, userID, now)
		if err != nil {
			return err
		}
		if communityID == "" {
			return errInvitationSpent
		}
		return s.members.Join(ctx, userID, communityID, domain.RoleUser, now)
	case setup.JoinCode != "":
		c, err := s.store.CommunityByPublicID(ctx, setup.JoinCode)
		if err != nil {
			return err
		}
		if c == nil {
			return errNoCommunityWithCode
		}
		if r := setup.Ask; r != nil {
			member, err := s.store.CommunityHasMember(ctx, c.ID, userID)
			if err == nil && member {
				err = domain.ErrAlreadyMemberHere
			}
			if err != nil {
				return err
			}
			r.UserID, r.CommunityID = userID, c.ID
			if r.UnitID != nil { // a letter's unit that is not of this community is left out, not an error
				ok, err := s.store.CommunityHasUnit(ctx, c.ID, *r.UnitID)
				if err != nil {
					return err
				}
				if !ok {
					r.UnitID = nil
				}
			}
			return s.store.SaveJoinRequest(ctx, r)
		}
		return s.members.Join(ctx, userID, c.ID, domain.RoleUser, now)
	}
	return nil
}
