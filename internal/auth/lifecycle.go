package auth

import (
	"context"
	"time"

	"vecinos/internal/credentials"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// EmailChangeTokenTTL is how long the link that confirms a new address works.
const EmailChangeTokenTTL = 24 * time.Hour

// RequestEmailChange sends a confirmation link to the new address and a notice to the current one, with
// a link that cancels the change while it is pending; the account keeps its current address until the
// first link is followed (ConfirmEmailChange). An account with a password must give it: a session alone
// (a borrowed phone, a stolen cookie) cannot move the account to another mailbox. Asking again voids
// the previous links.
func (s *Service) RequestEmailChange(ctx context.Context, a *domain.Actor, newEmail, password string) error {
	if err := s.limit(ctx, "email-change:"+a.UserID, loginPerKey); err != nil {
		return err
	}
	email, err := credentials.NormalizeEmail(newEmail)
	if err != nil {
		return err
	}
	if email == a.Email {
		return nil
	}
	u, err := s.user(ctx, a.UserID)
	if err != nil {
		return err
	}
	if err := s.checkCurrentPassword(ctx, u, password, errPasswordForEmail); err != nil {
		return err
	}
	taken, err := s.store.EmailExists(ctx, email)
	if err != nil {
		return err
	}
	if taken {
		return errEmailRegistered
	}
	if err := s.limit(ctx, mailKey(domain.PurposeEmailChange, email), mailPerAddr); err != nil {
		return err
	}
	confirmToken, cancelToken, expires := credentials.NewToken(), credentials.NewToken(), s.now().Add(EmailChangeTokenTTL)
	toNew, err := mail.Compose(KindConfirmEmailChange, u.Language, email, mail.Data{Name: u.FullName, Link: s.link("/confirm-email-change", confirmToken)})
	if err != nil {
		return err
	}
	toOld, err := mail.Compose(KindEmailChangeNotice, u.Language, u.Email, mail.Data{Name: u.FullName, NewEmail: email,
		Link: s.link("/cancel-email-change", cancelToken)})
	if err != nil {
		return err
	}
	change := domain.EmailToken{Hash: credentials.HashToken(confirmToken), UserID: u.ID, Purpose: domain.PurposeEmailChange, Email: email, ExpiresAt: expires,
		SessionID: a.SessionID}
	cancel := domain.EmailToken{Hash: credentials.HashToken(cancelToken), UserID: u.ID, Purpose: domain.PurposeEmailChangeCancel, Email: u.Email, ExpiresAt: expires}
	// Both links and both emails are stored at once.
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.issueLink(ctx, change, toNew); err != nil {
			return err
		}
		return s.issueLink(ctx, cancel, toOld)
	}); err != nil {
		return err
	}
	s.mailWake()
	return nil
}

var errEmailRegistered = domain.Errorf(domain.CodeEmailTaken, "Email ya registrado")

// What to type when a form that needs the current password comes without it.
var (
	errPasswordForEmail  = domain.Errorf(domain.CodeInvalid, "Introduce tu contraseña actual para cambiar el email")
	errPasswordForChange = domain.Errorf(domain.CodeInvalid, "Introduce tu contraseña actual")
)

// checkCurrentPassword checks the password of an account that has one (accounts made through Google or
// Facebook have none); missing says what to type when it is empty.
func (s *Service) checkCurrentPassword(ctx context.Context, u *domain.User, password string, missing *domain.Error) error {
	if u.PasswordHash == "" {
		return nil
	}
	if password == "" {
		return missing
	}
	ok, err := s.hasher.Verify(ctx, u.PasswordHash, password)
	if err != nil {
		return err
	}
	if !ok {
		return domain.Errorf(domain.CodeWrongPassword, "La contraseña actual no es correcta")
	}
	return nil
}

// PendingEmail is the address a user asked to move to and has not confirmed yet ("" when none).
func (s *Service) PendingEmail(ctx context.Context, a *domain.Actor) (string, error) {
	return s.store.PendingEmailChange(ctx, a.UserID, s.now())
}

// ConfirmEmailChange spends an email-change link: the account's address becomes the new one and every
// session ends but the one that asked for the change and, when the browser that opens the link is signed
// in to the same account (sessionToken), that one. It needs no session (the link may be opened on another
// device). It returns the new address.
func (s *Service) ConfirmEmailChange(ctx context.Context, c Client, token, sessionToken string) (string, error) {
	if err := s.limit(ctx, "email-change-confirm:"+c.IP, perIP); err != nil {
		return "", err
	}
	hash, now := credentials.HashToken(token), s.now()
	tok, err := s.store.EmailToken(ctx, hash, domain.PurposeEmailChange)
	if err != nil || tok == nil || tok.UsedAt != nil {
		return "", errTokenInvalid
	}
	if !now.Before(tok.ExpiresAt) {
		return "", domain.Errorf(domain.CodeTokenExpired, "El enlace de confirmación ha expirado. Vuelve a cambiar tu email para recibir uno nuevo.")
	}
	keep := ""
	if a, err := s.Authenticate(ctx, sessionToken, ""); err == nil && a.UserID == tok.UserID {
		keep = a.SessionID
	}
	var email string
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		userID, err := s.store.SpendEmailToken(ctx, hash, domain.PurposeEmailChange, now)
		if err != nil || userID == "" {
			if err == nil {
				err = errTokenInvalid
			}
			return err
		}
		tok, err := s.store.EmailToken(ctx, hash, domain.PurposeEmailChange)
		if err != nil {
			return err
		}
		email = tok.Email
		// Another account may have taken the address since the link was sent.
		taken, err := s.store.EmailTakenByOther(ctx, email, userID)
		if err != nil {
			return err
		}
		if taken {
			return errEmailRegistered
		}
		if ok, err := s.store.SetEmail(ctx, userID, email, now); err != nil || !ok {
			if err == nil {
				err = errEmailRegistered
			}
			return err
		}
		// The link that cancels the change is void, and the sessions end but the one that asked and keep.
		if _, err := s.store.VoidEmailTokens(ctx, userID, domain.PurposeEmailChangeCancel, now); err != nil {
			return err
		}
		return s.store.DeleteSessions(ctx, userID, keep, tok.SessionID)
	})
	if err == nil {
		s.changed(tok.UserID)
	}
	return email, err
}

// CancelEmailChange spends the link of the notice sent to the old address: the pending change is
// voided and the account keeps its address.
func (s *Service) CancelEmailChange(ctx context.Context, c Client, token string) error {
	if err := s.limit(ctx, "email-change-cancel:"+c.IP, perIP); err != nil {
		return err
	}
	now := s.now()
	var userID string
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if userID, err = s.store.SpendEmailToken(ctx, credentials.HashToken(token), domain.PurposeEmailChangeCancel, now); err != nil || userID == "" {
			if err == nil {
				err = errTokenInvalid
			}
			return err
		}
		n, err := s.store.VoidEmailTokens(ctx, userID, domain.PurposeEmailChange, now)
		if err != nil {
			return err
		}
		if n == 0 { // rolled back: the link stays unspent
			return domain.Errorf(domain.CodeConflict, "Este cambio de email ya no está pendiente: se confirmó o caducó.")
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "email change cancelled from the old address", "user_id", userID)
	return nil
}

// DeleteAccount erases the actor's account for good (RGPD right to erasure). An account with a password
// must confirm it. The goodbye email is queued in the same transaction; every session ends with it. Their
// avatars and verification documents are then erased from storage (eraseFiles).
func (s *Service) DeleteAccount(ctx context.Context, a *domain.Actor, password string) error {
	if err := s.limit(ctx, "delete:"+a.UserID, loginPerKey); err != nil {
		return err
	}
	u, err := s.user(ctx, a.UserID)
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
			return domain.Errorf(domain.CodeWrongPassword, "La contraseña no es correcta")
		}
	}
	data := mail.Data{Name: u.FullName}
	if a.CommunityID != "" {
		if c, err := s.store.CommunityByID(ctx, a.CommunityID); err == nil && c != nil {
			data.CommunityName = c.Name
		}
	}
	m, err := mail.Compose(KindAccountDeleted, u.Language, u.Email, data)
	if err != nil {
		return err
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		ok, err := s.store.DeleteUser(ctx, u.ID)
		if err == nil && !ok {
			err = errUserNotFound
		}
		if err != nil {
			return err
		}
		return s.store.QueueMail(ctx, m, s.now())
	}); err != nil {
		return err
	}
	s.changed(u.ID)
	s.mailWake()
	s.eraseFiles(ctx, u.ID)
	return nil
}
