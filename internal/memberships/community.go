package memberships

import (
	"context"
	"strings"
	"unicode/utf8"

	"vecinos/internal/domain"
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
		ref := domain.NormalizeCatastralReference(*in.CatastralReference)
		switch {
		case ref == "":
			c.CatastralReference = nil
		case !domain.ValidCatastralReference(ref):
			return nil, domain.ErrCatastralReference
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
