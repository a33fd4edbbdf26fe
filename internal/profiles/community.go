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

// The longest community fields, as the API contract declares them (updateMyCommunity's maxLength; the web
// form reads them from there).
const (
	CommunityNameMax       = 200
	CommunityAddressMax    = 300
	CommunityCityMax       = 100
	CommunityPostalCodeMax = 10
	CommunityCountryMax    = 100
)

// CommunityUpdate is the /settings/community-info form; nil fields stay as they are.
type CommunityUpdate struct {
	Name, Address, City, PostalCode, Country, CatastralReference *string
	// JoinApproval: whether the community code starts a join request for an admin to decide ('approval
	// required') instead of letting the person in.
	JoinApproval *bool
}

// normalizeText trims and collapses runs of spaces (an address typed with double spaces is the same address).
func normalizeText(s string) string { return strings.Join(strings.Fields(s), " ") }

// UpdateCommunity lets an admin edit the community: values trimmed, the address normalised, an empty
// catastral reference cleared and any other one checked.
func (s *Service) UpdateCommunity(ctx context.Context, a *domain.Actor, in CommunityUpdate) (*domain.Community, error) {
	c, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err == nil && c == nil {
		err = errNoCommunityWithCode
	}
	if err != nil {
		return nil, err
	}
	before := *c
	for _, f := range []struct {
		in       *string
		to       *string
		max      int
		required *domain.Error // nil: may be empty
	}{
		{in.Name, &c.Name, CommunityNameMax, domain.Errorf(domain.CodeInvalid, "El nombre de la comunidad es obligatorio")},
		{in.Address, &c.Address, CommunityAddressMax, domain.Errorf(domain.CodeInvalid, "La dirección es obligatoria")},
		{in.City, &c.City, CommunityCityMax, domain.Errorf(domain.CodeInvalid, "La ciudad es obligatoria")},
		{in.PostalCode, &c.PostalCode, CommunityPostalCodeMax, domain.Errorf(domain.CodeInvalid, "El código postal es obligatorio")},
		{in.Country, &c.Country, CommunityCountryMax, nil},
	} {
		if f.in == nil {
			continue
		}
		v := normalizeText(*f.in)
		if v == "" && f.required != nil {
			return nil, f.required
		}
		if utf8.RuneCountInString(v) > f.max {
			return nil, domain.Errorf(domain.CodeInvalid, "El texto es demasiado largo (máximo %d caracteres)", f.max)
		}
		*f.to = v
	}
	if c.Country == "" {
		c.Country = domain.DefaultCountry
	}
	if in.CatastralReference != nil {
		ref := NormalizeReference(*in.CatastralReference)
		switch {
		case ref == "":
			c.CatastralReference = nil
		case !domain.ValidCatastralReference(ref):
			return nil, errReference
		default:
			c.CatastralReference = &ref
		}
	}
	if in.JoinApproval != nil {
		c.JoinApproval = *in.JoinApproval
	}
	if ok, err := s.store.UpdateCommunity(ctx, c, s.now(), errReferenceTaken); err != nil || !ok {
		if err == nil {
			err = errCommunityGone
		}
		return nil, err
	}
	if in.Name != nil || in.Address != nil || in.City != nil || in.PostalCode != nil || in.Country != nil || in.CatastralReference != nil {
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditCommunityEdited, TargetKind: "community", TargetID: c.ID,
			TargetLabel: c.Name, Before: communityFields(&before), After: communityFields(c)})
	}
	if before.JoinApproval != c.JoinApproval {
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditCommunityAccess, TargetKind: "community", TargetID: c.ID,
			TargetLabel: c.Name, Before: map[string]any{"joinApproval": before.JoinApproval}, After: map[string]any{"joinApproval": c.JoinApproval}})
	}
	return c, nil
}

// communityFields are what an admin edits of the community, as the audit keeps them.
func communityFields(c *domain.Community) map[string]any {
	return map[string]any{"name": c.Name, "address": c.Address, "city": c.City, "postalCode": c.PostalCode,
		"country": c.Country, "catastralReference": c.CatastralReference}
}

// RotateCode gives the admin's community a new code. The old one is kept as retired: the letters and
// links that carry it stop letting anyone in and say that the code was changed. Invitation emails'
// personal links go on working.
func (s *Service) RotateCode(ctx context.Context, a *domain.Actor) (*domain.Community, error) {
	var c *domain.Community
	var old string
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if c, err = s.store.CommunityForUpdate(ctx, a.CommunityID); err != nil || c == nil {
			if err == nil {
				err = errCommunityGone
			}
			return err
		}
		old = c.PublicID
		// 31^8 codes: a clash with a used or retired one is rare; a few tries make it vanishingly so.
		for range 8 {
			ok, err := s.store.SaveCommunityCode(ctx, c, domain.NewPublicID(), s.now())
			if err != nil || ok {
				return err
			}
		}
		return domain.Errorf(domain.CodeUnavailable, "No se pudo generar un código nuevo. Inténtalo de nuevo.")
	})
	if err != nil {
		return nil, err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditCommunityAccess, TargetKind: "community", TargetID: c.ID,
		TargetLabel: c.Name, Before: map[string]any{"code": old}, After: map[string]any{"code": c.PublicID}})
	return c, nil
}

// Admins lists the admins of the actor's community with their unit numbers.
func (s *Service) Admins(ctx context.Context, a *domain.Actor) ([]domain.CommunityAdmin, error) {
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	return s.store.CommunityAdmins(ctx, a.CommunityID)
}

// Roles lists the members of the actor's community with their roles, for admins.
func (s *Service) Roles(ctx context.Context, a *domain.Actor) ([]domain.MemberRole, error) {
	return s.store.CommunityRoles(ctx, a.CommunityID)
}

var (
	errCommunityNotFound = domain.Errorf(domain.CodeNotFound, "No se pudo obtener la comunidad")
	errNotAdmin          = domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden acceder a esta sección")
	errOtherCommunity    = domain.Errorf(domain.CodeForbidden, "No puedes modificar usuarios de otras comunidades")
)

// SetRole changes a member's role: only an admin, never their own, only in their community, and never
// beyond domain.MaxAdmins admins.
func (s *Service) SetRole(ctx context.Context, a *domain.Actor, targetID string, role string) (*domain.MemberRole, error) {
	r := domain.Role(role)
	switch r {
	case domain.RoleAdmin, domain.RoleModerator, domain.RoleUser:
	default:
		return nil, domain.Errorf(domain.CodeInvalid, "Rol desconocido")
	}
	if targetID == a.UserID {
		return nil, domain.Errorf(domain.CodeForbidden, "No puedes modificar tu propio rol")
	}
	var m *domain.MemberRole
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		// The count and the change happen under the community's lock: concurrent promotions cannot overshoot.
		found, err := s.store.LockCommunity(ctx, a.CommunityID)
		if err != nil {
			return err
		}
		if !found {
			return errCommunityNotFound
		}
		// The actor must still be an admin when the change happens.
		actor, err := s.store.RoleOf(ctx, a.UserID, a.CommunityID)
		if err != nil {
			return err
		}
		if actor != domain.RoleAdmin {
			return errNotAdmin
		}
		if m, err = s.store.MemberRole(ctx, a.CommunityID, targetID); err != nil {
			return err
		}
		if m == nil {
			return errOtherCommunity
		}
		m.Role = r
		if r == domain.RoleAdmin && m.PreviousRole != domain.RoleAdmin {
			admins, err := s.store.CountAdmins(ctx, a.CommunityID)
			if err != nil {
				return err
			}
			if admins >= domain.MaxAdmins {
				return domain.Errorf(domain.CodeConflict, "No puede haber más de %d administradores en la comunidad", domain.MaxAdmins)
			}
		}
		return s.store.SaveRole(ctx, a.CommunityID, targetID, r, s.now())
	})
	if err != nil {
		return nil, err
	}
	s.revoked(targetID)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditRoleChanged, TargetKind: "member", TargetID: targetID,
		TargetLabel: m.FullName, Before: map[string]any{"role": m.PreviousRole}, After: map[string]any{"role": m.Role}})
	return m, nil
}

// Community is a's community.
func (s *Service) Community(ctx context.Context, a *domain.Actor) (*domain.Community, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	c, err := s.store.CommunityByID(ctx, a.CommunityID)
	if err == nil && c == nil {
		return nil, errNoCommunityWithCode
	}
	return c, err
}

var (
	errNoCommunityWithCode = domain.Errorf(domain.CodeNotFound, "No se encontró ninguna comunidad con este código")
	errCommunityGone       = domain.Errorf(domain.CodeNotFound, "No se pudo obtener la comunidad")
	errReferenceTaken      = domain.Errorf(domain.CodeConflict, "Ya existe una comunidad con esta referencia catastral")
)

// SharedCommunity is a community both viewerID and ownerID belong to, one the viewer administers first,
// with the viewer's role there; "" when none: who may see the owner's private files.
func (s *Service) SharedCommunity(ctx context.Context, viewerID, ownerID string) (string, domain.Role, error) {
	return s.store.SharedCommunity(ctx, viewerID, ownerID)
}

// MyUnit returns the actor's unit, nil when they have none, with whether their claim to own it waits
// for confirmation.
func (s *Service) MyUnit(ctx context.Context, a *domain.Actor) (*domain.UnitView, error) {
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	u, err := s.store.MyUnit(ctx, a.UserID, a.CommunityID)
	if err != nil || u == nil {
		return u, err
	}
	u.ClaimPending, err = s.store.HasOwnerClaim(ctx, a.UserID, u.ID)
	return u, err
}

var errNotYourUnit = domain.Errorf(domain.CodeForbidden, "Solo el propietario de la vivienda o un administrador pueden modificarla")

// UnitUpdate is the /settings/unit-info form.
type UnitUpdate struct {
	UnitNumber, Floor, Building string
}

// SaveMyUnit writes the actor's unit: the number is required, an empty floor or building is cleared.
// Only its confirmed owner or an admin may change an existing unit; a member without one names it: a unit
// of the registry, or a new one that an admin accepts (as in /choose-unit), and claims it (an admin owns
// it at once).
func (s *Service) SaveMyUnit(ctx context.Context, a *domain.Actor, in UnitUpdate) (*domain.UnitView, error) {
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	number := normalizeText(in.UnitNumber)
	if number == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "El número de vivienda es obligatorio")
	}
	opt := func(s string) *string {
		if s = normalizeText(s); s == "" {
			return nil
		}
		return &s
	}
	floor, building := opt(in.Floor), opt(in.Building)
	for _, v := range []string{number, in.Floor, in.Building} {
		if utf8.RuneCountInString(normalizeText(v)) > domain.UnitNameMax {
			return nil, domain.Errorf(domain.CodeInvalid, "El número, la planta y el portal no pueden superar %d caracteres", domain.UnitNameMax)
		}
	}
	var u *domain.UnitView
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		current, err := s.store.MyUnit(ctx, a.UserID, a.CommunityID)
		if err != nil {
			return err
		}
		now := s.now()
		switch {
		case current == nil:
			err = s.nameMyUnit(ctx, a, number, floor, building, now)
		case !a.MayEditUnit(&current.Unit):
			return errNotYourUnit
		default:
			err = s.store.RenameUnit(ctx, current.ID, number, floor, building, now)
		}
		if err != nil {
			return err
		}
		u, err = s.store.MyUnit(ctx, a.UserID, a.CommunityID)
		return err
	})
	if err != nil || u == nil {
		return u, err
	}
	s.changed(a.CommunityID, domain.AreaRegistry, u.ID)
	u.ClaimPending, err = s.store.HasOwnerClaim(ctx, a.UserID, u.ID)
	return u, err
}

// nameMyUnit gives a member without a unit the one they name, in the transaction of ctx: a unit of the
// registry with that portal, floor and name becomes their home, else a new unit is created for it,
// which, given by a member who is not an admin, waits for an admin to accept it into the registry
// (units.proposed_by), as in /choose-unit. They claim to own it (see claimUnit) when nobody does; an
// admin owns it at once.
func (s *Service) nameMyUnit(ctx context.Context, a *domain.Actor, number string, floor, building *string, now time.Time) error {
	unit, err := s.store.UnitNamed(ctx, a.CommunityID, number, floor, building)
	if err != nil {
		return err
	}
	if unit == nil {
		unit = &domain.Unit{ID: domain.NewID(), CommunityID: a.CommunityID, UnitNumber: number, Floor: floor, Building: building}
		if !a.IsAdmin() {
			unit.ProposedBy = &a.UserID
		}
		if err := s.store.InsertUnit(ctx, unit, now); err != nil {
			return err
		}
	}
	if unit.OwnerID == nil {
		if err := s.claimUnit(ctx, a.UserID, unit, a.IsAdmin(), now); err != nil {
			return err
		}
	}
	return s.store.MoveIn(ctx, a.UserID, unit.ID, "", now)
}

// hashCode is what is stored of a verification code (like email tokens, never the code itself).
func hashCode(code string) string { return credentials.HashToken(code) }

// IssueCode makes a new single-use verification code for one member of the admin's community and one
// of its units, and returns it with its expiry. The admin hands it to that neighbour, who enters it in
// /verify: it verifies them for that unit (confirming their claim to own it, if they made one), and
// nobody else can use it.
func (s *Service) IssueCode(ctx context.Context, a *domain.Actor, userID, unitID string) (string, time.Time, error) {
	code := domain.NewPublicID()
	now := s.now()
	expires := now.Add(VerificationCodeTTL)
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		member, err := s.store.CommunityHasMember(ctx, a.CommunityID, userID)
		if err != nil {
			return err
		}
		if !member {
			return domain.Errorf(domain.CodeNotFound, "No se encontró el vecino")
		}
		unit, err := s.store.CommunityHasUnit(ctx, a.CommunityID, unitID)
		if err != nil {
			return err
		}
		if !unit {
			return domain.ErrUnitNotFound
		}
		return s.store.InsertVerificationCode(ctx, hashCode(code), a.CommunityID, a.UserID, userID, unitID, now, expires)
	})
	if err != nil {
		return "", time.Time{}, err
	}
	return code, expires, nil
}

// Verifications lists the verification requests of the admin's community in a status ("" = all).
func (s *Service) Verifications(ctx context.Context, a *domain.Actor, status string) ([]domain.VerificationRequest, error) {
	return s.store.Verifications(ctx, a.CommunityID, domain.VerificationStatus(status))
}

// Review approves or rejects a pending request of the admin's community, with an optional note.
func (s *Service) Review(ctx context.Context, a *domain.Actor, id, decided, note string) (*domain.VerificationRequest, error) {
	st, n, err := decision(decided, note)
	if err != nil {
		return nil, err
	}
	kind := KindVerificationApproved
	if st == domain.VerificationRejected {
		kind = KindVerificationRejected
	}
	link := domain.CommunityLink(s.link("/settings/my-community"), a.CommunityID)
	notify := func(r domain.Recipient) (domain.Mail, error) {
		return mail.Compose(kind, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName, Note: strings.TrimSpace(note), Link: link})
	}
	now := s.now()
	// Approved, the member's pending claim to own the unit the request names is confirmed (and no other).
	// The document's key is erased from storage once this has committed.
	var v *domain.VerificationRequest
	var document *string
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if v, err = s.store.VerificationForUpdate(ctx, id, a.CommunityID); err != nil {
			return err
		}
		if v == nil {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la solicitud de verificación")
		}
		if v.Status != domain.VerificationPending {
			return domain.Errorf(domain.CodeConflict, "Esta solicitud ya se ha revisado")
		}
		document = v.DocumentKey
		if err := s.store.SaveVerificationReview(ctx, v, st, n, a.UserID, now); err != nil {
			return err
		}
		if st == domain.VerificationApproved && v.UnitID != nil {
			if err := s.store.ConfirmVerifiedOwner(ctx, v.UserID, a.CommunityID, *v.UnitID, &a.UserID, now); err != nil {
				return err
			}
		}
		return s.notify(ctx, v.UserID, a.CommunityID, "", notify)
	})
	if err != nil {
		return nil, err
	}
	s.mailWake()
	s.eraseDocument(ctx, document)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditVerificationDecided, TargetKind: "member", TargetID: v.UserID,
		TargetLabel: v.FullName, Before: map[string]any{"status": domain.VerificationPending}, After: map[string]any{"status": v.Status, "note": n}})
	return v, nil
}
