package onboarding

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/memberships"
	"vecinos/internal/profiles"
)

var errCompleted = domain.Errorf(domain.CodeConflict, "Ya has completado el registro")

// Start records the /start page once the account exists: the language and the privacy consent.
func (s *Service) Start(ctx context.Context, a *domain.Actor, language string, privacyConsent bool) (*domain.Profile, error) {
	if !privacyConsent {
		return nil, domain.Errorf(domain.CodeInvalid, "Debes aceptar la política de privacidad para continuar")
	}
	lang := domain.ParseLanguage(language)
	if language != "" && string(lang) != language {
		return nil, domain.Errorf(domain.CodeInvalid, "Idioma no admitido")
	}
	now := s.now().UTC()
	return s.profiles.Edit(ctx, a, func(p *domain.Profile) error {
		if p.OnboardingCompleted {
			return errCompleted
		}
		if language != "" {
			p.Language = lang
		}
		if p.PrivacyAcceptedAt == nil {
			p.PrivacyAcceptedAt = &now
		}
		step := domain.StepJoin
		p.OnboardingStep = &step
		return nil
	})
}

// Join records the /join page: how the user relates to the building and, optionally, their phone.
func (s *Service) Join(ctx context.Context, a *domain.Actor, relation, phone string) (*domain.Profile, error) {
	r := domain.Relation(relation)
	switch r {
	case domain.RelationResident, domain.RelationWorker, domain.RelationNeighbor:
	default:
		return nil, domain.Errorf(domain.CodeInvalid, "Indica tu relación con la comunidad")
	}
	ph, err := profiles.CheckPhone(phone)
	if err != nil {
		return nil, err
	}
	return s.profiles.Edit(ctx, a, func(p *domain.Profile) error {
		if p.OnboardingCompleted {
			return errCompleted
		}
		p.Relation = &r
		if ph != nil {
			p.Phone = ph
		}
		// A user whose sign-up already placed them in a community has nothing to find.
		step := domain.StepFindCommunity
		if p.CommunityID != nil {
			step = domain.StepChooseUnit
		}
		p.OnboardingStep = &step
		return nil
	})
}

// SetStep saves where the user is in the wizard (going back included), so they resume there.
func (s *Service) SetStep(ctx context.Context, a *domain.Actor, step string) (*domain.Profile, error) {
	st := domain.OnboardingStep(step)
	if !domain.ValidStep(st) {
		return nil, domain.Errorf(domain.CodeInvalid, "Paso del registro desconocido")
	}
	return s.profiles.Edit(ctx, a, func(p *domain.Profile) error {
		if p.OnboardingCompleted {
			return errCompleted
		}
		p.OnboardingStep = &st
		return nil
	})
}

// FindByReference finds the communities of the building a catastral reference belongs to: the first 14
// characters name the parcel, which all units of the building share.
func (s *Service) FindByReference(ctx context.Context, a *domain.Actor, ref string) ([]domain.CommunityMatch, error) {
	if err := s.limit("search:"+a.UserID, searchPerUser); err != nil {
		return nil, err
	}
	ref = domain.NormalizeCatastralReference(ref)
	if ref == "" {
		return nil, domain.Errorf(domain.CodeInvalid, "Introduce la referencia catastral")
	}
	if utf8.RuneCountInString(ref) != 20 || !domain.ValidCatastralReference(ref) {
		return nil, domain.ErrCatastralReference
	}
	ms, err := s.store.CommunitiesByParcel(ctx, string([]rune(ref)[:14]))
	return s.picked(ctx, a, ms, err)
}

// AddressQuery is the /find-community address form.
type AddressQuery struct {
	Province, Municipality, StreetType, StreetName, Number, Floor string
}

// FindByAddress finds communities by their address, ignoring case and accents.
func (s *Service) FindByAddress(ctx context.Context, a *domain.Actor, q AddressQuery) ([]domain.CommunityMatch, error) {
	if err := s.limit("search:"+a.UserID, searchPerUser); err != nil {
		return nil, err
	}
	for _, f := range []struct {
		v       string
		missing *domain.Error
	}{
		{q.Province, domain.Errorf(domain.CodeInvalid, "La provincia es obligatoria")},
		{q.Municipality, domain.Errorf(domain.CodeInvalid, "El municipio es obligatorio")},
		{q.StreetType, domain.Errorf(domain.CodeInvalid, "El tipo de vía es obligatorio")},
		{q.StreetName, domain.Errorf(domain.CodeInvalid, "El nombre de la calle es obligatorio")},
		{q.Number, domain.Errorf(domain.CodeInvalid, "El número es obligatorio")},
	} {
		if strings.TrimSpace(f.v) == "" {
			return nil, f.missing
		}
	}
	switch {
	case utf8.RuneCountInString(strings.TrimSpace(q.StreetName)) > 100:
		return nil, domain.Errorf(domain.CodeInvalid, "El nombre de la calle es demasiado largo")
	case utf8.RuneCountInString(strings.TrimSpace(q.Number)) > 10:
		return nil, domain.Errorf(domain.CodeInvalid, "El número es demasiado largo")
	case utf8.RuneCountInString(strings.TrimSpace(q.Floor)) > 10:
		return nil, domain.Errorf(domain.CodeInvalid, "La planta es demasiado larga")
	}
	search := domain.AddressSearch{Province: domain.SearchKey(q.Province), City: domain.SearchKey(q.Municipality),
		StreetType: domain.SearchKey(q.StreetType), Street: domain.StreetKey(q.StreetName), Number: domain.SearchKey(q.Number)}
	if search.City == "" || search.Street == "" || search.Number == "" {
		return []domain.CommunityMatch{}, nil
	}
	ms, err := s.store.CommunitiesByAddress(ctx, search)
	return s.picked(ctx, a, ms, err)
}

// MinCodeLength is the shortest code the form accepts (spec §5).
const MinCodeLength = 6

// VerifyInput is the /verify form: Auto, Documento or Código.
type VerifyInput struct {
	Method      string // auto, document, code
	DocumentKey string // the key the files API returned for the upload to verification-documents
	Code        string
}

// Verify carries out the /verify step and returns the verification state.
func (s *Service) Verify(ctx context.Context, a *domain.Actor, in VerifyInput) (*memberships.Verification, error) {
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	switch in.Method {
	case "auto":
		if _, err := s.profiles.Edit(ctx, a, func(p *domain.Profile) error {
			if !p.OnboardingCompleted {
				step := domain.StepDone
				p.OnboardingStep = &step
			}
			return nil
		}); err != nil {
			return nil, err
		}
	case string(domain.VerifyByDocument):
		key := strings.TrimPrefix(strings.TrimSpace(in.DocumentKey), "/files/")
		if key == "" {
			return nil, domain.Errorf(domain.CodeInvalid, "Necesitas adjuntar un documento para verificar")
		}
		if err := s.checkDocument(ctx, a, key); err != nil {
			return nil, err
		}
		// The document is about the member's home: approved, it confirms their claim to own that unit only.
		home, err := s.store.MyUnit(ctx, a.UserID, a.CommunityID)
		if err != nil {
			return nil, err
		}
		v := &domain.VerificationRequest{ID: domain.NewID(), UserID: a.UserID, CommunityID: a.CommunityID, Method: domain.VerifyByDocument,
			DocumentKey: &key, Status: domain.VerificationPending, CreatedAt: now}
		if home != nil {
			v.UnitID = &home.ID
		}
		if err := s.store.InTx(ctx, func(ctx context.Context) error {
			if err := s.store.SubmitVerification(ctx, v); err != nil {
				return err
			}
			return s.store.SetOnboardingStep(ctx, a.UserID, domain.StepDone, now)
		}); err != nil {
			return nil, err
		}
	case string(domain.VerifyByCode):
		code := strings.ToUpper(strings.Join(strings.Fields(in.Code), ""))
		if utf8.RuneCountInString(code) < MinCodeLength {
			return nil, domain.Errorf(domain.CodeInvalid, "El código debe tener al menos 6 caracteres")
		}
		if err := s.limit("code:"+a.UserID, codePerUser); err != nil {
			return nil, err
		}
		v := &domain.VerificationRequest{ID: domain.NewID(), UserID: a.UserID, CommunityID: a.CommunityID, Method: domain.VerifyByCode,
			Status: domain.VerificationApproved, ReviewedAt: &now, CreatedAt: now}
		ok, err := s.redeemCode(ctx, credentials.HashToken(code), v, now)
		if err != nil {
			return nil, err
		}
		if !ok { // no such code, another member's, spent or expired: all look the same
			return nil, domain.Errorf(domain.CodeInvalid, "El código no es válido o ha caducado")
		}
	default:
		return nil, domain.Errorf(domain.CodeInvalid, "Elige cómo verificarte")
	}
	return s.members.Verification(ctx, a)
}

// checkDocument accepts only a key of the verification-documents bucket uploaded by the actor (and, when
// the storage is known, one that exists).
func (s *Service) checkDocument(ctx context.Context, a *domain.Actor, key string) error {
	bad := domain.Errorf(domain.CodeInvalid, "El documento no es válido. Vuelve a adjuntarlo.")
	k, err := files.ParseKey(key)
	if err != nil || k.Bucket != files.VerificationDocuments || k.UserID != a.UserID {
		return bad
	}
	if s.files != nil {
		r, _, err := s.files.Open(ctx, key)
		if err != nil {
			return bad
		}
		r.Close()
	}
	return nil
}

// DoneInput is the /done form.
type DoneInput struct {
	DisplayName   string
	AvatarURL     string
	RulesAccepted bool
}

// Done finishes the wizard: the name to show, the avatar and the acceptance of the community rules.
func (s *Service) Done(ctx context.Context, a *domain.Actor, in DoneInput) (*domain.Profile, error) {
	name, err := profiles.CheckName(in.DisplayName)
	if err != nil {
		return nil, err
	}
	avatar, err := profiles.CheckAvatarURL(in.AvatarURL)
	if err != nil {
		return nil, err
	}
	if !in.RulesAccepted {
		return nil, domain.Errorf(domain.CodeInvalid, "Debes aceptar las normas de la comunidad para continuar")
	}
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	now := s.now().UTC()
	return s.profiles.Edit(ctx, a, func(p *domain.Profile) error {
		p.FullName = name
		if avatar != nil {
			p.AvatarURL = avatar
		}
		if p.RulesAcceptedAt == nil {
			p.RulesAcceptedAt = &now
		}
		p.OnboardingCompleted, p.OnboardingStep = true, nil
		return nil
	})
}

// redeemCode spends a code of v's community that was issued for v's user: they are verified at once (v,
// approved, for the code's unit and reviewed by the admin who issued it; their pending claim to own that
// unit, and that one only, confirmed) and their onboarding is done. It reports false when there is no
// such code.
func (s *Service) redeemCode(ctx context.Context, hash string, v *domain.VerificationRequest, now time.Time) (bool, error) {
	ok := false
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if v.ReviewedBy, v.UnitID, ok, err = s.store.SpendVerificationCode(ctx, hash, v.CommunityID, v.UserID, now); err != nil || !ok {
			return err
		}
		if err := s.store.InsertVerification(ctx, v); err != nil {
			return err
		}
		if v.UnitID != nil {
			if err := s.store.ConfirmVerifiedOwner(ctx, v.UserID, v.CommunityID, *v.UnitID, v.ReviewedBy, now); err != nil {
				return err
			}
		}
		return s.store.SetOnboardingStep(ctx, v.UserID, domain.StepDone, now)
	})
	return ok, err
}
