// Package profiles runs what members do about their own membership — their profile, the onboarding
// wizard, their dwelling, their verification — and what admins do about their community: its data,
// its members' roles and the verification queue. It owns the rules; the store carries them out.
package profiles

import (
	"context"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/memberships"
	"vecinos/internal/ratelimit"
)

// Store is what the service needs from the database.
type Store interface {
	Profile(ctx context.Context, userID, communityID string) (*domain.Profile, error) // nil: no such user
	ProfileForUpdate(ctx context.Context, userID, communityID string) (*domain.Profile, error)
	SaveProfile(ctx context.Context, p *domain.Profile, now time.Time) error

	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	CommunitiesByParcel(ctx context.Context, parcel string) ([]domain.CommunityMatch, error)
	CommunitiesByAddress(ctx context.Context, q domain.AddressSearch) ([]domain.CommunityMatch, error)

	CommunityUnits(ctx context.Context, communityID string) ([]domain.Unit, error)
	UnitOfCommunity(ctx context.Context, communityID, id string) (*domain.Unit, error)
	MyUnit(ctx context.Context, userID, communityID string) (*domain.UnitView, error)

	SaveCommunityPicks(ctx context.Context, userID string, picks map[string]string, expires time.Time) error
	PickedCommunity(ctx context.Context, userID, hash string, now time.Time) (string, error)
	SaveJoinRequest(ctx context.Context, r *domain.JoinRequest) error
	MyJoinRequest(ctx context.Context, userID string) (*domain.JoinRequest, error)

	SubmitVerification(ctx context.Context, v *domain.VerificationRequest) error
	InsertVerification(ctx context.Context, v *domain.VerificationRequest) error
	SetOnboardingStep(ctx context.Context, userID string, step domain.OnboardingStep, now time.Time) error
	CommunityHasMember(ctx context.Context, communityID, userID string) (bool, error)
	SpendVerificationCode(ctx context.Context, hash, communityID, userID string, now time.Time) (issuedBy, unitID *string, ok bool, err error)
	ConfirmVerifiedOwner(ctx context.Context, userID, communityID, unitID string, reviewerID *string, now time.Time) error
}

// Memberships places a member in their unit and tells their verification (internal/memberships).
type Memberships interface {
	PlaceInUnit(ctx context.Context, userID, communityID string, ch domain.UnitChoice, next domain.OnboardingStep) (*domain.Unit, error)
	Verification(ctx context.Context, a *domain.Actor) (*memberships.Verification, error)
}

// EmailChanger starts an email change (the accounts service): the new address must be confirmed first.
type EmailChanger interface {
	RequestEmailChange(ctx context.Context, a *domain.Actor, newEmail, password string) error
}

// Service is the profiles service.
type Service struct {
	store   Store
	emails  EmailChanger
	members Memberships
	files   files.Storage // nil: uploaded documents are not checked for existence
	limiter ratelimit.Limiter
	now     func() time.Time
	changed func(communityID, area, id string)
}

// Options configure the service.
type Options struct {
	Memberships Memberships       // places a member in their unit, tells their verification
	Files       files.Storage     // where uploads live, to check that a verification document exists; may be nil
	Now         func() time.Time  // the clock; nil = time.Now
	Limiter     ratelimit.Limiter // nil = counts in this process (see accounts.Options.Limiter)

	// Changed is called after a change of the registry's claims committed (area domain.AreaRegistry), so
	// that the open screens of the community refetch them (ADR 0006 addendum); may be nil.
	Changed func(communityID, area, id string)
}

// New returns the service.
func New(store Store, emails EmailChanger, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.Limiter == nil {
		o.Limiter = ratelimit.NewMemory(o.Now)
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: store, emails: emails, members: o.Memberships, files: o.Files, limiter: o.Limiter, now: o.Now,
		changed: o.Changed}
}

func (s *Service) limit(key string, rule ratelimit.Rule) error {
	// The callers' context is not threaded through (yet): a count is one short statement.
	ok, wait, err := ratelimit.Allow(context.Background(), s.limiter, key, rule)
	if err != nil {
		return err
	}
	if !ok {
		secs := int(wait.Round(time.Second) / time.Second)
		return domain.Errorf(domain.CodeRateLimited, "Demasiados intentos. Inténtalo de nuevo en %d segundos.", max(secs, 1))
	}
	return nil
}

// Limits: searches are cheap but enumerate communities; codes are short secrets worth guessing.
var (
	searchPerUser = ratelimit.Rule{Max: 60, Window: 5 * time.Minute}
	codePerUser   = ratelimit.Rule{Max: 10, Window: 15 * time.Minute}
)

// MaxNameLength bounds a person's name (spec §9).
const MaxNameLength = 100

// phoneRE is the international form of spec §5: an optional plus, a first digit 1-9, at most 15 digits.
var phoneRE = regexp.MustCompile(`^\+?[1-9][0-9]{0,14}$`)

// CheckName trims and validates a person's name.
func CheckName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", domain.Errorf(domain.CodeInvalid, "El nombre es requerido")
	}
	if utf8.RuneCountInString(name) > MaxNameLength {
		return "", domain.Errorf(domain.CodeInvalid, "El nombre es demasiado largo")
	}
	return name, nil
}

// CheckPhone validates an optional phone number; empty means none (nil). Spaces, dashes, dots and
// parentheses people type are ignored.
func CheckPhone(phone string) (*string, error) {
	p := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' {
			return -1
		}
		return r
	}, phone)
	if p == "" {
		return nil, nil
	}
	if !phoneRE.MatchString(p) {
		return nil, domain.Errorf(domain.CodeInvalid, "Número de teléfono inválido")
	}
	return &p, nil
}

// CheckAvatarURL validates an optional avatar URL: a file we serve (/files/avatars/…) or an http(s) URL.
func CheckAvatarURL(u string) (*string, error) {
	u = strings.TrimSpace(u)
	if u == "" {
		return nil, nil
	}
	if len(u) > 1000 || strings.ContainsAny(u, " \t\r\n\"'<>") ||
		!(strings.HasPrefix(u, "/files/avatars/") || strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://")) {
		return nil, domain.Errorf(domain.CodeInvalid, "La URL de la imagen no es válida")
	}
	return &u, nil
}

// ProfileUpdate is the /settings/profile form; nil fields stay as they are.
type ProfileUpdate struct {
	FullName       *string
	Email          *string // a different address is only requested: it takes effect once confirmed
	Password       string  // the current password, which a different address needs (accounts.RequestEmailChange)
	Phone          *string // "" clears it
	AvatarURL      *string // "" clears it
	ContactVisible *bool
	Language       *string
}

var errUserNotFound = domain.Errorf(domain.CodeNotFound, "No se encontró la dirección de email. Inicia sesión o regístrate de nuevo.")

// Profile returns the actor's profile.
func (s *Service) Profile(ctx context.Context, a *domain.Actor) (*domain.Profile, error) {
	p, err := s.store.Profile(ctx, a.UserID, a.CommunityID)
	if err == nil && p == nil {
		return nil, errUserNotFound
	}
	return p, err
}

// editProfile reads userID's profile locked, lets edit change it and saves what a profile edit may
// change, in one transaction. An error from edit aborts.
func (s *Service) editProfile(ctx context.Context, a *domain.Actor, edit func(p *domain.Profile) error) (*domain.Profile, error) {
	var p *domain.Profile
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if p, err = s.store.ProfileForUpdate(ctx, a.UserID, a.CommunityID); err != nil {
			return err
		}
		if p == nil {
			return errUserNotFound
		}
		if err := edit(p); err != nil {
			return err
		}
		return s.store.SaveProfile(ctx, p, s.now())
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// UpdateProfile checks the whole form first, then requests the email change (if any), then saves the rest.
func (s *Service) UpdateProfile(ctx context.Context, a *domain.Actor, in ProfileUpdate) (*domain.Profile, error) {
	var ch domain.ProfileChanges
	if in.FullName != nil {
		name, err := CheckName(*in.FullName)
		if err != nil {
			return nil, err
		}
		ch.FullName = &name
	}
	newEmail := ""
	if in.Email != nil {
		email, err := credentials.NormalizeEmail(*in.Email)
		if err != nil {
			return nil, err
		}
		if email != a.Email {
			newEmail = email
		}
	}
	if in.Phone != nil {
		phone, err := CheckPhone(*in.Phone)
		if err != nil {
			return nil, err
		}
		ch.Phone = &phone
	}
	if in.AvatarURL != nil {
		avatar, err := CheckAvatarURL(*in.AvatarURL)
		if err != nil {
			return nil, err
		}
		ch.AvatarURL = &avatar
	}
	if in.Language != nil && domain.ParseLanguage(*in.Language) != domain.Language(*in.Language) {
		return nil, domain.Errorf(domain.CodeInvalid, "Idioma no admitido")
	}
	ch.ContactVisible = in.ContactVisible
	if newEmail != "" {
		if err := s.emails.RequestEmailChange(ctx, a, newEmail, in.Password); err != nil {
			return nil, err
		}
	}
	return s.editProfile(ctx, a, func(p *domain.Profile) error {
		if ch.FullName != nil {
			p.FullName = *ch.FullName
		}
		if ch.Phone != nil {
			p.Phone = *ch.Phone
		}
		if ch.AvatarURL != nil {
			p.AvatarURL = *ch.AvatarURL
		}
		if ch.ContactVisible != nil {
			p.ContactVisible = *ch.ContactVisible
		}
		if in.Language != nil {
			p.Language = domain.Language(*in.Language)
		}
		return nil
	})
}
