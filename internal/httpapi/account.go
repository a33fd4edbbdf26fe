package httpapi

import (
	"context"
)

type deleteAccountInput struct {
	Body struct {
		Password string `json:"password,omitempty" maxLength:"200" doc:"The current password; required when the account has one"`
	}
}

type emailChangedOutput struct {
	Body struct {
		Email string `json:"email" doc:"The account's address from now on"`
	}
}

// confirmEmailChangeInput is the link's token and, when the browser that opens it is signed in to the
// same account, its session: that one stays open while every other session ends.
type confirmEmailChangeInput struct {
	Session string `cookie:"vecinos_session" doc:"The session cookie, when there is one"`
	Body    struct {
		Token string `json:"token" minLength:"1" maxLength:"200" doc:"The token from the email link"`
	}
}

func (s *server) confirmEmailChange(ctx context.Context, in *confirmEmailChangeInput) (*emailChangedOutput, error) {
	email, err := s.Auth.ConfirmEmailChange(ctx, clientOf(ctx), in.Body.Token, in.Session)
	if err != nil {
		return nil, err
	}
	out := &emailChangedOutput{}
	out.Body.Email = email
	return out, nil
}

func (s *server) cancelEmailChange(ctx context.Context, in *tokenInput) (*struct{}, error) {
	return nil, s.Auth.CancelEmailChange(ctx, clientOf(ctx), in.Body.Token)
}

func (s *server) deleteAccount(ctx context.Context, in *deleteAccountInput) (*signedOutOutput, error) {
	if err := s.Auth.DeleteAccount(ctx, actor(ctx), in.Body.Password); err != nil {
		return nil, err
	}
	return &signedOutOutput{SetCookie: s.clearedSessionCookie()}, nil
}
