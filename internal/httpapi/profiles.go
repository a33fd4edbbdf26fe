package httpapi

import (
	"context"

	"vecinos/internal/domain"
	"vecinos/internal/profiles"
)

// Profile is the caller's own profile (/settings/profile) and onboarding progress.
type Profile struct {
	ID                  string  `json:"id"`
	Email               string  `json:"email"`
	PendingEmail        *string `json:"pendingEmail" doc:"New address waiting for confirmation by email; null when none"`
	HasPassword         bool    `json:"hasPassword" doc:"false for accounts made through Google/Facebook only"`
	Language            string  `json:"language" enum:"es,ca,en"`
	FullName            string  `json:"fullName"`
	Phone               *string `json:"phone"`
	AvatarURL           *string `json:"avatarUrl"`
	ContactVisible      bool    `json:"contactVisible" doc:"RGPD opt-in: the directory shows phone and email only when true"`
	CommunityID         *string `json:"communityId"`
	UnitID              *string `json:"unitId"`
	Role                *string `json:"role" enum:"admin,moderator,user" doc:"null without a community"`
	Relation            *string `json:"relation" enum:"resident,worker,neighbor" doc:"Vivo aquí / Trabajo aquí / Solo vecino"`
	OnboardingStep      *string `json:"onboardingStep" enum:"join,find-community,choose-unit,verify,done" doc:"Where the wizard resumes; null when completed or never started"`
	OnboardingCompleted bool    `json:"onboardingCompleted"`
	PrivacyAccepted     bool    `json:"privacyAccepted"`
	RulesAccepted       bool    `json:"rulesAccepted"`
}

func profileOf(p *domain.Profile, pending string) Profile {
	out := Profile{ID: p.ID, Email: p.Email, HasPassword: p.HasPassword, Language: string(p.Language), FullName: p.FullName,
		Phone: p.Phone, AvatarURL: p.AvatarURL, ContactVisible: p.ContactVisible, CommunityID: p.CommunityID, UnitID: p.UnitID,
		OnboardingCompleted: p.OnboardingCompleted, PrivacyAccepted: p.PrivacyAcceptedAt != nil, RulesAccepted: p.RulesAcceptedAt != nil}
	if pending != "" {
		out.PendingEmail = &pending
	}
	if p.Role != "" {
		r := string(p.Role)
		out.Role = &r
	}
	if p.Relation != nil {
		r := string(*p.Relation)
		out.Relation = &r
	}
	if p.OnboardingStep != nil {
		st := string(*p.OnboardingStep)
		out.OnboardingStep = &st
	}
	return out
}

type profileOutput struct{ Body Profile }

type updateProfileInput struct {
	Body struct {
		FullName       *string `json:"fullName,omitempty" maxLength:"200" doc:"Trimmed; required, at most 100 characters"`
		Email          *string `json:"email,omitempty" maxLength:"255" doc:"A different address is confirmed by email before it takes effect"`
		Password       string  `json:"password,omitempty" maxLength:"200" doc:"The current password; a different email needs it when the account has one"`
		Phone          *string `json:"phone,omitempty" maxLength:"40" doc:"International form (+34600111222); empty clears it"`
		AvatarURL      *string `json:"avatarUrl,omitempty" maxLength:"1000" doc:"/files/avatars/… from the files API, or an http(s) URL; empty clears it"`
		ContactVisible *bool   `json:"contactVisible,omitempty"`
		Language       *string `json:"language,omitempty" enum:"es,ca,en"`
	}
}

func (s *server) profileBody(ctx context.Context, a *domain.Actor, p *domain.Profile) (*profileOutput, error) {
	pending, err := s.Auth.PendingEmail(ctx, a)
	if err != nil {
		return nil, err
	}
	return &profileOutput{Body: profileOf(p, pending)}, nil
}

func (s *server) getProfile(ctx context.Context, _ *struct{}) (*profileOutput, error) {
	a := actor(ctx)
	p, err := s.Profiles.Profile(ctx, a)
	if err != nil {
		return nil, err
	}
	return s.profileBody(ctx, a, p)
}

func (s *server) updateProfile(ctx context.Context, in *updateProfileInput) (*profileOutput, error) {
	a := actor(ctx)
	b := in.Body
	p, err := s.Profiles.UpdateProfile(ctx, a, profiles.ProfileUpdate{FullName: b.FullName, Email: b.Email, Password: b.Password, Phone: b.Phone,
		AvatarURL: b.AvatarURL, ContactVisible: b.ContactVisible, Language: b.Language})
	if err != nil {
		return nil, err
	}
	return s.profileBody(ctx, a, p)
}
