// Package providers runs a community's directory of service providers (/services): members suggest
// providers and rate them, admins approve or reject suggestions and add, edit and archive providers. It
// owns the rules; the store carries them out, always scoped to the caller's community.
package providers

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Area is the realtime area of the directory: the web client's query keys are rooted at it.
const Area = "providers"

const (
	maxName        = 120
	maxDescription = 2000
	maxPhone       = 30
	maxEmail       = 254
	maxAddress     = 300
	maxComment     = 1000
	maxReason      = 500
)

// Store is what the service needs from the database.
type Store interface {
	CreateProvider(ctx context.Context, p *domain.Provider) error
	Provider(ctx context.Context, communityID, id, viewer string) (*domain.Provider, error) // nil: none
	ListProviders(ctx context.Context, communityID string, f domain.ProviderFilter) ([]domain.Provider, error)
	ProviderRatings(ctx context.Context, id string) ([]domain.ProviderRating, error)
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	ProviderForUpdate(ctx context.Context, communityID, id string) (*domain.Provider, error) // nil: none
	SaveProvider(ctx context.Context, p *domain.Provider) error
	RateProvider(ctx context.Context, communityID, id, userID string, stars int, comment *string, at time.Time) (bool, error) // false: not listed
}

// Service is the providers service.
type Service struct {
	store   Store
	now     func() time.Time
	changed func(communityID, area, id string)
}

// Options configure the service.
type Options struct {
	Now func() time.Time // nil: time.Now
	// Changed tells the community's open streams that a provider changed (after the commit); nil: nobody.
	Changed func(communityID, area, id string)
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: store, now: o.Now, changed: o.Changed}
}

var (
	errNotFound    = domain.Errorf(domain.CodeNotFound, "El proveedor no existe")
	errNotListed   = domain.Errorf(domain.CodeConflict, "Solo se pueden valorar los proveedores aprobados")
	errNotPending  = domain.Errorf(domain.CodeConflict, "Esta sugerencia ya se revisó")
	errNeedsReason = domain.Errorf(domain.CodeInvalid, "Indica el motivo del rechazo")
)

// Input is the form of a provider: a suggestion from a member, or a provider an admin adds.
type Input struct {
	Name        string
	Category    domain.ProviderCategory
	Description string
	Phone       *string
	Email       *string
	Address     *string
	Emergency   bool
	Verified    bool // admins only; ignored in a member's suggestion
}

// Create adds a provider. A member's is a suggestion (pending, unverified) until an admin approves it; an
// admin's is listed at once.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*domain.Provider, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	p := &domain.Provider{ID: domain.NewID(), CommunityID: a.CommunityID, Name: strings.TrimSpace(in.Name), Category: in.Category,
		Description: strings.TrimSpace(in.Description), Phone: domain.Optional(in.Phone), Email: domain.Optional(in.Email),
		Address: domain.Optional(in.Address), Emergency: in.Emergency, Status: domain.ProviderPending, SuggestedBy: &a.UserID,
		SuggestedByName: a.FullName, CreatedAt: now, UpdatedAt: now}
	if a.IsAdmin() {
		p.Status, p.Verified = domain.ProviderApproved, in.Verified
	}
	if err := validate(p); err != nil {
		return nil, err
	}
	if err := s.store.CreateProvider(ctx, p); err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, p.ID)
	return p, nil
}

func validate(p *domain.Provider) error {
	switch {
	case p.Name == "":
		return domain.Errorf(domain.CodeInvalid, "El nombre es obligatorio")
	case utf8.RuneCountInString(p.Name) > maxName:
		return domain.Errorf(domain.CodeInvalid, "El nombre no puede superar los %d caracteres", maxName)
	case !p.Category.Valid():
		return domain.Errorf(domain.CodeInvalid, "La categoría no es válida")
	case utf8.RuneCountInString(p.Description) > maxDescription:
		return domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", maxDescription)
	case p.Phone == nil && p.Email == nil:
		return domain.Errorf(domain.CodeInvalid, "Indica un teléfono o un email de contacto")
	case p.Phone != nil && !validPhone(*p.Phone):
		return domain.Errorf(domain.CodeInvalid, "El teléfono no es válido")
	case p.Email != nil && !validEmail(*p.Email):
		return domain.Errorf(domain.CodeInvalid, "El email no es válido")
	case p.Address != nil && utf8.RuneCountInString(*p.Address) > maxAddress:
		return domain.Errorf(domain.CodeInvalid, "La dirección no puede superar los %d caracteres", maxAddress)
	}
	return nil
}

// validPhone accepts what a `tel:` link dials: digits, spaces, dashes, dots, brackets and a leading +.
func validPhone(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '-', r == '.', r == '(', r == ')':
		default:
			return false
		}
	}
	return digits >= 3 && len(s) <= maxPhone
}

func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && len(s) <= maxEmail
}

// ListInput are the directory's filters.
type ListInput struct {
	Category domain.ProviderCategory
	Query    string
}

// List returns a's community's listed providers by name, with the suggestions a may see: their own, and
// every pending one for an admin.
func (s *Service) List(ctx context.Context, a *domain.Actor, in ListInput) ([]domain.Provider, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if in.Category != "" && !in.Category.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "La categoría no es válida")
	}
	return s.store.ListProviders(ctx, a.CommunityID, domain.ProviderFilter{Category: in.Category,
		Search: domain.SearchText(in.Query), Viewer: a.UserID, Admin: a.IsAdmin()})
}

// Ratings returns the ratings of a provider of a's community, newest first.
func (s *Service) Ratings(ctx context.Context, a *domain.Actor, id string) ([]domain.ProviderRating, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if _, err := s.provider(ctx, a, id); err != nil {
		return nil, err
	}
	return s.store.ProviderRatings(ctx, id)
}

// provider reads a provider of a's community, whatever its status, as a sees it.
func (s *Service) provider(ctx context.Context, a *domain.Actor, id string) (*domain.Provider, error) {
	p, err := s.store.Provider(ctx, a.CommunityID, id, a.UserID)
	if err == nil && p == nil {
		err = errNotFound
	}
	return p, err
}

// Patch is an admin's edit: nil fields stay; an empty phone, email or address removes it.
type Patch struct {
	Name        *string
	Category    *domain.ProviderCategory
	Description *string
	Phone       *string
	Email       *string
	Address     *string
	Emergency   *bool
	Verified    *bool
}

// Update edits a provider; only admins may.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, p Patch) (*domain.Provider, error) {
	return s.edit(ctx, a, id, func(v *domain.Provider) error {
		if v.Status == domain.ProviderArchived {
			return errNotFound
		}
		p.apply(v)
		return validate(v)
	})
}

// Archive takes a provider off the directory; only admins may.
func (s *Service) Archive(ctx context.Context, a *domain.Actor, id string) error {
	_, err := s.edit(ctx, a, id, func(v *domain.Provider) error {
		v.Status = domain.ProviderArchived
		return nil
	})
	return err
}

// Review approves a pending suggestion (it is listed) or rejects it with a reason; only admins may.
func (s *Service) Review(ctx context.Context, a *domain.Actor, id string, approve bool, reason string) (*domain.Provider, error) {
	reason = strings.TrimSpace(reason)
	return s.edit(ctx, a, id, func(v *domain.Provider) error {
		if v.Status != domain.ProviderPending {
			return errNotPending
		}
		if approve {
			v.Status = domain.ProviderApproved
			return nil
		}
		switch {
		case reason == "":
			return errNeedsReason
		case utf8.RuneCountInString(reason) > maxReason:
			return domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", maxReason)
		}
		v.Status, v.RejectionReason = domain.ProviderRejected, &reason
		return nil
	})
}

// edit is the one way a provider changes: an admin's, in one transaction, reading it locked.
func (s *Service) edit(ctx context.Context, a *domain.Actor, id string, change func(*domain.Provider) error) (*domain.Provider, error) {
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		old, err := s.store.ProviderForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if old == nil {
			return errNotFound
		}
		v := *old
		if err := change(&v); err != nil {
			return err
		}
		v.UpdatedAt = s.now().UTC().Truncate(time.Millisecond)
		return s.store.SaveProvider(ctx, &v)
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, id)
	return s.provider(ctx, a, id)
}

func (p Patch) apply(v *domain.Provider) {
	if p.Name != nil {
		v.Name = strings.TrimSpace(*p.Name)
	}
	if p.Category != nil {
		v.Category = *p.Category
	}
	if p.Description != nil {
		v.Description = strings.TrimSpace(*p.Description)
	}
	if p.Phone != nil {
		v.Phone = domain.Optional(p.Phone)
	}
	if p.Email != nil {
		v.Email = domain.Optional(p.Email)
	}
	if p.Address != nil {
		v.Address = domain.Optional(p.Address)
	}
	if p.Emergency != nil {
		v.Emergency = *p.Emergency
	}
	if p.Verified != nil {
		v.Verified = *p.Verified
	}
}

// Rate records a's rating of a listed provider, 1 to 5 stars with an optional comment: one per member, a
// second one replaces the first.
func (s *Service) Rate(ctx context.Context, a *domain.Actor, id string, stars int, comment *string) (*domain.Provider, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	comment = domain.Optional(comment)
	switch {
	case stars < 1 || stars > 5:
		return nil, domain.Errorf(domain.CodeInvalid, "La valoración debe ser de 1 a 5 estrellas")
	case comment != nil && utf8.RuneCountInString(*comment) > maxComment:
		return nil, domain.Errorf(domain.CodeInvalid, "El comentario no puede superar los %d caracteres", maxComment)
	}
	p, err := s.provider(ctx, a, id)
	if err != nil {
		return nil, err
	}
	if p.Status != domain.ProviderApproved {
		return nil, errNotListed
	}
	rated, err := s.store.RateProvider(ctx, a.CommunityID, id, a.UserID, stars, comment, s.now().UTC())
	if err != nil {
		return nil, err
	}
	if !rated { // unlisted meanwhile
		return nil, errNotFound
	}
	s.changed(a.CommunityID, Area, id)
	return s.provider(ctx, a, id)
}
