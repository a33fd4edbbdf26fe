// Package profiles runs the person's own profile (/settings/profile): their name, phone, avatar, language
// and, in the community the request acts in, the directory consent; a new address is only requested
// (internal/auth confirms it). The onboarding wizard (internal/onboarding) edits the profile through it.
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
)

// Store is what the service needs from the database.
type Store interface {
	Profile(ctx context.Context, userID, communityID string) (*domain.Profile, error) // nil: no such user
	ProfileForUpdate(ctx context.Context, userID, communityID string) (*domain.Profile, error)
	SaveProfile(ctx context.Context, p *domain.Profile, now time.Time) error
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// EmailChanger starts an email change (the accounts service): the new address must be confirmed first.
type EmailChanger interface {
	RequestEmailChange(ctx context.Context, a *domain.Actor, newEmail, password string) error
}

// Service is the profiles service.
type Service struct {
	store   Store
	emails  EmailChanger
	now     func() time.Time
	changed func(userID string)
}

// Options configure the service.
type Options struct {
	Now func() time.Time // the clock; nil = time.Now
	// SessionsChanged is called after a profile was saved: the name and language a session resolves to
	// may have changed (every instance forgets the sessions it cached, docs/adr/0055); may be nil.
	SessionsChanged func(userID string)
}

// New returns the service.
func New(store Store, emails EmailChanger, o Options) *Service {
	if o.SessionsChanged == nil {
		o.SessionsChanged = func(string) {}
	}
	return &Service{store: store, emails: emails, now: clock.Or(o.Now), changed: o.SessionsChanged}
}

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

// Edit reads the actor's profile locked, lets edit change it and saves what a profile edit may change,
// in one transaction. An error from edit aborts.
func (s *Service) Edit(ctx context.Context, a *domain.Actor, edit func(p *domain.Profile) error) (*domain.Profile, error) {
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
	s.changed(a.UserID)
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
	return s.Edit(ctx, a, func(p *domain.Profile) error {
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
