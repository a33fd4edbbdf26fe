package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
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

func registerAccount(api huma.API, s *server) {
	tags := []string{"accounts"}
	huma.Register(api, huma.Operation{OperationID: "confirmEmailChange", Method: http.MethodPost, Path: "/api/v1/auth/confirm-email-change",
		Summary: "Confirmar el email nuevo con el token del enlace", Tags: tags}, s.confirmEmailChange)
	huma.Register(api, huma.Operation{OperationID: "deleteAccount", Method: http.MethodPost, Path: "/api/v1/account/delete",
		Summary: "Eliminar mi cuenta y mis datos personales (envía un email de confirmación)", Tags: tags, Security: signedIn,
		DefaultStatus: http.StatusNoContent}, s.deleteAccount)
}

func (s *server) confirmEmailChange(ctx context.Context, in *tokenInput) (*emailChangedOutput, error) {
	email, err := s.Accounts.ConfirmEmailChange(ctx, clientOf(ctx), in.Body.Token)
	if err != nil {
		return nil, err
	}
	out := &emailChangedOutput{}
	out.Body.Email = email
	return out, nil
}

func (s *server) deleteAccount(ctx context.Context, in *deleteAccountInput) (*signedOutOutput, error) {
	if err := s.Accounts.DeleteAccount(ctx, actor(ctx), in.Body.Password); err != nil {
		return nil, err
	}
	return &signedOutOutput{SetCookie: s.clearedSessionCookie()}, nil
}
