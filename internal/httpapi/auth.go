package httpapi

import (
	"context"
	"net/http"

	"vecinos/internal/auth"
	"vecinos/internal/domain"
)

// Me is the signed-in user as the web app sees it.
type Me struct {
	ID             string `json:"id"`
	Email          string `json:"email"`
	EmailConfirmed bool   `json:"emailConfirmed"`
	FullName       string `json:"fullName"`
	Language       string `json:"language" enum:"es,ca,en"`
	CommunityID    string `json:"communityId,omitempty" doc:"Empty until the user joins or creates a community"`
	Role           string `json:"role,omitempty" enum:"admin,moderator,user" doc:"Role in the community"`
}

func meOf(a *domain.Actor) Me {
	return Me{ID: a.UserID, Email: a.Email, EmailConfirmed: a.EmailConfirmed, FullName: a.FullName, Language: string(a.Language),
		CommunityID: a.CommunityID, Role: string(a.Role)}
}

type emailBody struct {
	Email string `json:"email" maxLength:"255" doc:"Email address"`
}

type emailInput struct{ Body emailBody }

type tokenInput struct {
	Body struct {
		Token string `json:"token" minLength:"1" maxLength:"200" doc:"The token from the email link"`
	}
}

type meOutput struct {
	SetCookie http.Cookie `header:"Set-Cookie"`
	Body      Me
}

type signedOutOutput struct {
	SetCookie http.Cookie `header:"Set-Cookie"`
}

type signUpInput struct {
	Body struct {
		Email    string                `json:"email" maxLength:"255"`
		Password string                `json:"password" maxLength:"72"`
		FullName string                `json:"fullName" maxLength:"100"`
		Language string                `json:"language,omitempty" enum:"es,ca,en" doc:"Language of the UI and of the emails"`
		Metadata domain.SignupMetadata `json:"metadata" doc:"Registration steps Comunidad and Contactos"`
		// Refused by the service when false or missing, with the spec's message (the schema's would be generic).
		AcceptTerms bool `json:"acceptTerms,omitempty" doc:"Must be true: the person accepts the terms and the privacy policy in force; recorded with its version and time"`
	}
}

type signUpOutput struct {
	Body struct {
		Email string `json:"email" doc:"Where the confirmation email was sent"`
	}
}

type existsOutput struct {
	Body struct {
		Exists bool `json:"exists"`
	}
}

type loginInput struct {
	Body struct {
		Email    string `json:"email" maxLength:"255"`
		Password string `json:"password" maxLength:"200"`
	}
}

type resetInput struct {
	Body struct {
		Token    string `json:"token" minLength:"1" maxLength:"200"`
		Password string `json:"password" maxLength:"200"`
	}
}

type changePasswordInput struct {
	Body struct {
		CurrentPassword string `json:"currentPassword" maxLength:"200"`
		NewPassword     string `json:"newPassword" maxLength:"200"`
	}
}

type meBodyOutput struct{ Body Me }

// CommunitySummary is what a community code reveals before joining: enough to recognise the building.
type CommunitySummary struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	City    string `json:"city"`
}

type lookupInput struct {
	Code string `path:"code" maxLength:"16" doc:"Community code (8 characters)"`
}

type lookupOutput struct{ Body CommunitySummary }

type joinInput struct {
	Body struct {
		Code       string `json:"code,omitempty" maxLength:"16" doc:"The community code; where the community requires approval it sends its admins a join request instead"`
		Invitation string `json:"invitation,omitempty" maxLength:"100" doc:"The token of an invitation email's personal link: lets its addressee in directly, once"`
	}
}

type invitationLookupInput struct {
	Token string `path:"token" maxLength:"100" doc:"The token of an invitation email's personal link"`
}

// InvitationSummary is what the register page shows of a live invitation: its community, the current
// code (to look the community up as with a code) and the address it was sent to.
type InvitationSummary struct {
	Community CommunitySummary `json:"community"`
	Code      string           `json:"code" doc:"The community's current code"`
	Email     string           `json:"email" doc:"The invited address: only an account with it can use the invitation"`
}

type invitationLookupOutput struct{ Body InvitationSummary }

type createCommunityInput struct {
	Body struct {
		Name       string `json:"name" maxLength:"200"`
		Address    string `json:"address" maxLength:"300"`
		City       string `json:"city" maxLength:"100"`
		PostalCode string `json:"postalCode" maxLength:"10"`
		Country    string `json:"country,omitempty" maxLength:"100" doc:"Default España"`
		// The address in parts, when the form knows them (onboarding): /find-community searches them.
		Province     string `json:"province,omitempty" maxLength:"100"`
		StreetType   string `json:"streetType,omitempty" maxLength:"50"`
		StreetName   string `json:"streetName,omitempty" maxLength:"100"`
		StreetNumber string `json:"streetNumber,omitempty" maxLength:"10"`
	}
}

func (s *server) checkEmail(ctx context.Context, in *emailInput) (*existsOutput, error) {
	exists, err := s.Auth.CheckEmail(ctx, clientOf(ctx), in.Body.Email)
	out := &existsOutput{}
	out.Body.Exists = exists
	return out, err
}

func (s *server) signUp(ctx context.Context, in *signUpInput) (*signUpOutput, error) {
	b := in.Body
	err := s.Auth.SignUp(ctx, clientOf(ctx), auth.SignUpInput{Email: b.Email, Password: b.Password, FullName: b.FullName,
		Language: domain.ParseLanguage(b.Language), Metadata: b.Metadata, AcceptTerms: b.AcceptTerms})
	if err != nil {
		return nil, err
	}
	out := &signUpOutput{}
	out.Body.Email = b.Email
	return out, nil
}

func (s *server) resend(ctx context.Context, in *emailInput) (*struct{}, error) {
	return nil, s.Auth.ResendConfirmation(ctx, clientOf(ctx), in.Body.Email)
}

// signedIn answers a request that opened a session: the cookie and the user it belongs to.
func (s *server) signedIn(ctx context.Context, token string, err error) (*meOutput, error) {
	if err != nil {
		return nil, err
	}
	a, err := s.Auth.Authenticate(ctx, token, "")
	if err != nil {
		return nil, err
	}
	return &meOutput{SetCookie: s.sessionCookie(token), Body: meOf(a)}, nil
}

func (s *server) confirm(ctx context.Context, in *tokenInput) (*meOutput, error) {
	token, err := s.Auth.Confirm(ctx, clientOf(ctx), in.Body.Token)
	return s.signedIn(ctx, token, err)
}

func (s *server) login(ctx context.Context, in *loginInput) (*meOutput, error) {
	token, err := s.Auth.Login(ctx, clientOf(ctx), in.Body.Email, in.Body.Password)
	return s.signedIn(ctx, token, err)
}

func (s *server) createTestUser(ctx context.Context, _ *struct{}) (*meOutput, error) {
	token, err := s.Auth.CreateTestUser(ctx, clientOf(ctx))
	return s.signedIn(ctx, token, err)
}

func (s *server) logout(ctx context.Context, _ *struct{}) (*signedOutOutput, error) {
	return &signedOutOutput{SetCookie: s.clearedSessionCookie()}, s.Auth.Logout(ctx, actor(ctx))
}

func (s *server) forgotPassword(ctx context.Context, in *emailInput) (*struct{}, error) {
	return nil, s.Auth.ForgotPassword(ctx, clientOf(ctx), in.Body.Email)
}

func (s *server) checkResetLink(ctx context.Context, in *tokenInput) (*struct{}, error) {
	return nil, s.Auth.CheckResetLink(ctx, clientOf(ctx), in.Body.Token)
}

func (s *server) resetPassword(ctx context.Context, in *resetInput) (*signedOutOutput, error) {
	if err := s.Auth.ResetPassword(ctx, clientOf(ctx), in.Body.Token, in.Body.Password); err != nil {
		return nil, err
	}
	return &signedOutOutput{SetCookie: s.clearedSessionCookie()}, nil
}

func (s *server) changePassword(ctx context.Context, in *changePasswordInput) (*struct{}, error) {
	return nil, s.Auth.ChangePassword(ctx, actor(ctx), in.Body.CurrentPassword, in.Body.NewPassword)
}

func (s *server) me(ctx context.Context, _ *struct{}) (*meBodyOutput, error) {
	return &meBodyOutput{Body: meOf(actor(ctx))}, nil
}

func (s *server) lookupCommunity(ctx context.Context, in *lookupInput) (*lookupOutput, error) {
	c, err := s.Onboarding.CommunityByCode(ctx, clientOf(ctx).IP, in.Code)
	if err != nil {
		return nil, err
	}
	return &lookupOutput{Body: CommunitySummary{Name: c.Name, Address: c.Address, City: c.City}}, nil
}

// afterMembershipChange answers with the user as they are now that their community changed.
func (s *server) afterMembershipChange(ctx context.Context, a *domain.Actor, err error) (*meBodyOutput, error) {
	if err != nil {
		return nil, err
	}
	if a, err = s.Auth.Reload(ctx, a); err != nil {
		return nil, err
	}
	return &meBodyOutput{Body: meOf(a)}, nil
}

func (s *server) joinCommunity(ctx context.Context, in *joinInput) (*meBodyOutput, error) {
	a := actor(ctx)
	if in.Body.Invitation != "" {
		return s.afterMembershipChange(ctx, a, s.Onboarding.JoinByInvitation(ctx, a, in.Body.Invitation))
	}
	// Where the community requires approval the user stays without one: GET /onboarding/join-request says how it stands.
	_, err := s.Onboarding.JoinByCode(ctx, a, in.Body.Code)
	return s.afterMembershipChange(ctx, a, err)
}

func (s *server) lookupInvitation(ctx context.Context, in *invitationLookupInput) (*invitationLookupOutput, error) {
	l, err := s.Onboarding.Invitation(ctx, clientOf(ctx).IP, in.Token)
	if err != nil {
		return nil, err
	}
	c := l.Community
	return &invitationLookupOutput{Body: InvitationSummary{Community: CommunitySummary{Name: c.Name, Address: c.Address, City: c.City},
		Code: c.PublicID, Email: l.Email}}, nil
}

func (s *server) createCommunity(ctx context.Context, in *createCommunityInput) (*meBodyOutput, error) {
	a := actor(ctx)
	b := in.Body
	c := &domain.Community{Name: b.Name, Address: b.Address, City: b.City, PostalCode: b.PostalCode, Country: b.Country,
		Province: b.Province, StreetType: b.StreetType, StreetName: b.StreetName, StreetNumber: b.StreetNumber}
	return s.afterMembershipChange(ctx, a, s.Onboarding.CreateCommunity(ctx, a, c))
}
