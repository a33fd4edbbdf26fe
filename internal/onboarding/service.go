// Package onboarding runs the wizard a new account goes through (/start, /join, /find-community,
// /choose-unit, /verify, /done): the consents, finding a community by its catastral reference or address,
// choosing one's unit or asking to join the community found, verifying oneself and finishing; and creating
// a community or joining one by its code or an invitation's link, the sign-up's included. A member's
// place in their community once there is internal/memberships; the person's profile, internal/profiles.
package onboarding

import (
	"context"
	"time"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/memberships"
	"vecinos/internal/ratelimit"
)

// Store is what the service needs from the database.
type Store interface {
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
	// join.go
	CommunityByPublicID(ctx context.Context, publicID string) (*domain.Community, error)
	CodeRetired(ctx context.Context, code string) (bool, error)
	CommunityByID(ctx context.Context, id string) (*domain.Community, error)
	InvitationByToken(ctx context.Context, hash string) (*domain.Invitation, error) // nil: none
	ProfileCommunityForUpdate(ctx context.Context, userID string) (string, error)
	CreateCommunity(ctx context.Context, c *domain.Community, now time.Time, referenceTaken error) error
	SaveUnit(ctx context.Context, u *domain.Unit, at time.Time) error
	SpendInvitation(ctx context.Context, id, userID string, now time.Time) (string, error) // "": not theirs to spend
	CommunityHasUnit(ctx context.Context, communityID, unitID string) (bool, error)
}

// Profiles reads and edits the person's profile, where the wizard keeps its step (internal/profiles).
type Profiles interface {
	Profile(ctx context.Context, a *domain.Actor) (*domain.Profile, error)
	Edit(ctx context.Context, a *domain.Actor, edit func(p *domain.Profile) error) (*domain.Profile, error)
}

// Memberships makes a person a member, places a member in their unit and tells their verification
// (internal/memberships).
type Memberships interface {
	Join(ctx context.Context, userID, communityID string, role domain.Role, now time.Time) error
	PlaceInUnit(ctx context.Context, userID, communityID string, ch domain.UnitChoice, next domain.OnboardingStep) (*domain.Unit, error)
	Verification(ctx context.Context, a *domain.Actor) (*memberships.Verification, error)
}

// Service is the onboarding service.
type Service struct {
	store    Store
	profiles Profiles
	members  Memberships
	files    files.Storage // nil: uploaded documents are not checked for existence
	limiter  ratelimit.Limiter
	now      func() time.Time
	changed  func(communityID, area, id string)
	revoked  func(userID string)
}

// Options configure the service.
type Options struct {
	Profiles    Profiles          // the person's profile, where the wizard keeps its step
	Memberships Memberships       // makes members, places a member in their unit, tells their verification
	Files       files.Storage     // where uploads live, to check that a verification document exists; may be nil
	Now         func() time.Time  // the clock; nil = time.Now
	Limiter     ratelimit.Limiter // nil = counts in this process (see accounts.Options.Limiter)

	// Changed is called after a change of the registry's claims committed (area domain.AreaUnits), so
	// that the open screens of the community refetch them (ADR 0006 addendum); may be nil.
	Changed func(communityID, area, id string)
	// Revoked is called after a user joined or created a community: every instance forgets the sessions
	// it cached for them (docs/adr/0055) and their streams check their access again; may be nil.
	Revoked func(userID string)
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.Limiter == nil {
		o.Limiter = ratelimit.NewMemory(o.Now)
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	if o.Revoked == nil {
		o.Revoked = func(string) {}
	}
	return &Service{store: store, profiles: o.Profiles, members: o.Memberships, files: o.Files, limiter: o.Limiter, now: o.Now,
		changed: o.Changed, revoked: o.Revoked}
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
