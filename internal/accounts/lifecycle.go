package accounts

import (
	"context"
	"time"

	"vecinos/internal/auth"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// EmailChangeTokenTTL is how long the link that confirms a new address works.
const EmailChangeTokenTTL = 24 * time.Hour

// RequestEmailChange sends a confirmation link to the new address; the account keeps its current address
// until the link is followed (ConfirmEmailChange). Asking again voids the previous link.
func (s *Service) RequestEmailChange(ctx context.Context, a *domain.Actor, newEmail string) error {
	if err := s.limit("email-change:"+a.UserID, loginPerKey); err != nil {
		return err
	}
	email, err := auth.NormalizeEmail(newEmail)
	if err != nil {
		return err
	}
	if email == a.Email {
		return nil
	}
	taken, err := s.store.EmailExists(ctx, email)
	if err != nil {
		return err
	}
	if taken {
		return domain.Errorf(domain.CodeEmailTaken, "Email ya registrado")
	}
	if err := s.limit(mailKey(domain.PurposeEmailChange, email), mailPerAddr); err != nil {
		return err
	}
	u, err := s.store.UserByID(ctx, a.UserID)
	if err != nil {
		return err
	}
	token := auth.NewToken()
	m, err := mail.Compose(mail.KindConfirmEmailChange, u.Language, email, mail.Data{Name: u.FullName, Link: s.link("/confirm-email-change", token)})
	if err != nil {
		return err
	}
	tok := domain.EmailToken{Hash: auth.HashToken(token), UserID: u.ID, Purpose: domain.PurposeEmailChange, Email: email,
		ExpiresAt: s.now().Add(EmailChangeTokenTTL)}
	if err := s.store.IssueEmailToken(ctx, tok, m); err != nil {
		return err
	}
	s.mailWake()
	return nil
}

// PendingEmail is the address a user asked to move to and has not confirmed yet ("" when none).
func (s *Service) PendingEmail(ctx context.Context, a *domain.Actor) (string, error) {
	return s.store.PendingEmailChange(ctx, a.UserID, s.now())
}

// ConfirmEmailChange spends an email-change link: the account's address becomes the new one. It needs
// no session (the link may be opened on another device) and returns the new address.
func (s *Service) ConfirmEmailChange(ctx context.Context, c Client, token string) (string, error) {
	if err := s.limit("email-change-confirm:"+c.IP, perIP); err != nil {
		return "", err
	}
	hash, now := auth.HashToken(token), s.now()
	tok, err := s.store.EmailToken(ctx, hash, domain.PurposeEmailChange)
	if err != nil || tok.UsedAt != nil {
		return "", domain.Errorf(domain.CodeTokenInvalid, "El enlace no es válido o ya se ha usado.")
	}
	if !now.Before(tok.ExpiresAt) {
		return "", domain.Errorf(domain.CodeTokenExpired, "El enlace de confirmación ha expirado. Vuelve a cambiar tu email para recibir uno nuevo.")
	}
	_, email, err := s.store.ChangeEmail(ctx, hash, now)
	return email, err
}

// DeleteAccount erases the actor's account for good (RGPD right to erasure). An account with a password
// must confirm it. The goodbye email is queued in the same transaction; every session ends with it. Their
// avatars and verification documents are then erased from storage (eraseFiles).
func (s *Service) DeleteAccount(ctx context.Context, a *domain.Actor, password string) error {
	if err := s.limit("delete:"+a.UserID, loginPerKey); err != nil {
		return err
	}
	u, err := s.store.UserByID(ctx, a.UserID)
	if err != nil {
		return err
	}
	if u.PasswordHash != "" {
		if password == "" {
			return domain.Errorf(domain.CodeInvalid, "Introduce tu contraseña para eliminar la cuenta")
		}
		ok, err := s.hasher.Verify(ctx, u.PasswordHash, password)
		if err != nil {
			return err
		}
		if !ok {
			return domain.Errorf(domain.CodeInvalidCredentials, "La contraseña no es correcta")
		}
	}
	data := mail.Data{Name: u.FullName}
	if a.CommunityID != "" {
		if c, err := s.store.CommunityByID(ctx, a.CommunityID); err == nil {
			data.CommunityName = c.Name
		}
	}
	m, err := mail.Compose(mail.KindAccountDeleted, u.Language, u.Email, data)
	if err != nil {
		return err
	}
	if err := s.store.DeleteUser(ctx, u.ID, m); err != nil {
		return err
	}
	s.mailWake()
	s.eraseFiles(ctx, u.ID)
	return nil
}
