package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"vecinos/internal/domain"
)

var (
	errEmailTaken   = domain.Errorf(domain.CodeEmailTaken, "Usuario ya registrado")
	errUserNotFound = domain.Errorf(domain.CodeNotFound, "No se encontró la dirección de email. Inicia sesión o regístrate de nuevo.")
	errTokenInvalid = domain.Errorf(domain.CodeTokenInvalid, "El enlace no es válido o ya se ha usado.")
)

// CreateUser stores a new, unconfirmed account with its profile and its confirmation token, and queues
// the confirmation email, all at once. Without a token it only stores the account (the dev test user).
func (db *DB) CreateUser(ctx context.Context, u *domain.User, tok domain.EmailToken, m domain.Mail) error {
	return db.inTx(ctx, func(tx conn) error {
		if err := createUser(ctx, tx, u); err != nil {
			return err
		}
		if tok.Hash == "" {
			return nil
		}
		return replaceEmailToken(ctx, tx, tok, m)
	})
}

func createUser(ctx context.Context, tx conn, u *domain.User) error {
	meta, err := json.Marshal(u.SignupMetadata)
	if err != nil {
		return err
	}
	now := time.Now().UnixMilli()
	var taken int
	if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM users WHERE email = ?", u.Email).Scan(&taken); err != nil {
		return err
	}
	if taken > 0 {
		return errEmailTaken
	}
	var confirmed *int64
	if u.EmailConfirmedAt != nil {
		v := u.EmailConfirmedAt.UnixMilli()
		confirmed = &v
	}
	_, err = tx.exec(ctx, `INSERT INTO users (id, email, password_hash, email_confirmed_at, language, signup_metadata, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u.ID, u.Email, nullString(u.PasswordHash), confirmed, string(u.Language), string(meta), now, now)
	if isUniqueViolation(err) {
		return errEmailTaken
	}
	if err != nil {
		return err
	}
	if _, err = tx.exec(ctx, "INSERT INTO profiles (id, full_name, created_at, updated_at) VALUES (?, ?, ?, ?)", u.ID, u.FullName, now, now); err != nil {
		return err
	}
	if u.Consent != nil {
		return insertConsent(ctx, tx, u.ID, *u.Consent)
	}
	return nil
}

func nullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

const userColumns = `u.id, u.email, COALESCE(u.password_hash, ''), u.email_confirmed_at, u.language, u.signup_metadata, p.full_name`

func scanUser(row interface{ Scan(...any) error }) (*domain.User, error) {
	var u domain.User
	var confirmed *int64
	var lang, meta string
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &confirmed, &lang, &meta, &u.FullName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errUserNotFound
	}
	if err != nil {
		return nil, err
	}
	if confirmed != nil {
		t := time.UnixMilli(*confirmed).UTC()
		u.EmailConfirmedAt = &t
	}
	u.Language = domain.ParseLanguage(lang)
	if err := json.Unmarshal([]byte(meta), &u.SignupMetadata); err != nil {
		return nil, err
	}
	return &u, nil
}

// UserByEmail finds an account by its (normalized) email.
func (db *DB) UserByEmail(ctx context.Context, email string) (*domain.User, error) {
	return scanUser(db.reader().queryRow(ctx, "SELECT "+userColumns+" FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = ?", email))
}

// UserByID finds an account by id.
func (db *DB) UserByID(ctx context.Context, id string) (*domain.User, error) {
	return scanUser(db.reader().queryRow(ctx, "SELECT "+userColumns+" FROM users u JOIN profiles p ON p.id = u.id WHERE u.id = ?", id))
}

// EmailExists reports whether an account uses email.
func (db *DB) EmailExists(ctx context.Context, email string) (bool, error) {
	var n int
	err := db.reader().queryRow(ctx, "SELECT COUNT(*) FROM users WHERE email = ?", email).Scan(&n)
	return n > 0, err
}

// IssueEmailToken stores a new link token, voiding the user's older unused tokens of the same purpose,
// and queues the email that carries it.
func (db *DB) IssueEmailToken(ctx context.Context, tok domain.EmailToken, m domain.Mail) error {
	return db.inTx(ctx, func(tx conn) error { return replaceEmailToken(ctx, tx, tok, m) })
}

func replaceEmailToken(ctx context.Context, tx conn, tok domain.EmailToken, m domain.Mail) error {
	if _, err := tx.exec(ctx, "DELETE FROM email_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL", tok.UserID, string(tok.Purpose)); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at, session_id)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, tok.Hash, tok.UserID, string(tok.Purpose), tok.Email, time.Now().UnixMilli(), tok.ExpiresAt.UnixMilli(),
		nullString(tok.SessionID)); err != nil {
		return err
	}
	return enqueueMail(ctx, tx, m)
}

// EmailToken finds a token by its hash and purpose (used or not).
func (db *DB) EmailToken(ctx context.Context, hash string, purpose domain.TokenPurpose) (*domain.EmailToken, error) {
	var s domain.EmailToken
	var expires int64
	var used *int64
	err := db.reader().queryRow(ctx, "SELECT user_id, email, expires_at, used_at FROM email_tokens WHERE token_hash = ? AND purpose = ?", hash, string(purpose)).
		Scan(&s.UserID, &s.Email, &expires, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errTokenInvalid
	}
	if err != nil {
		return nil, err
	}
	s.Hash, s.Purpose, s.ExpiresAt = hash, purpose, time.UnixMilli(expires).UTC()
	if used != nil {
		t := time.UnixMilli(*used).UTC()
		s.UsedAt = &t
	}
	return &s, nil
}

// consumeEmailToken marks an unused, unexpired token used and returns its user. Exactly one caller wins
// when two spend the same token at once.
func consumeEmailToken(ctx context.Context, tx conn, hash string, purpose domain.TokenPurpose, now time.Time) (string, error) {
	res, err := tx.exec(ctx, "UPDATE email_tokens SET used_at = ? WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
		now.UnixMilli(), hash, string(purpose), now.UnixMilli())
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return "", errTokenInvalid
	}
	var userID string
	err = tx.queryRow(ctx, "SELECT user_id FROM email_tokens WHERE token_hash = ?", hash).Scan(&userID)
	return userID, err
}

// ConfirmSignup spends a confirmation token: the email becomes confirmed and, when the user has no
// community yet, setup is carried out (join by code, or create with the user as admin) — one transaction.
func (db *DB) ConfirmSignup(ctx context.Context, hash string, now time.Time, setup domain.CommunitySetup) (string, error) {
	var userID string
	err := db.inTx(ctx, func(tx conn) error {
		var err error
		if userID, err = consumeEmailToken(ctx, tx, hash, domain.PurposeConfirm, now); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?",
			now.UnixMilli(), now.UnixMilli(), userID); err != nil {
			return err
		}
		return setUpCommunity(ctx, tx, userID, setup)
	})
	return userID, err
}

func setUpCommunity(ctx context.Context, tx conn, userID string, setup domain.CommunitySetup) error {
	var current *string
	if err := tx.queryRow(ctx, "SELECT community_id FROM profiles WHERE id = ?", userID).Scan(&current); err != nil {
		return err
	}
	if current != nil {
		return nil
	}
	switch {
	case setup.Create != nil:
		setup.Create.CreatedBy = userID
		if err := createCommunity(ctx, tx, setup.Create); err != nil {
			return err
		}
		units := make([]domain.Unit, len(setup.Units))
		for i, u := range setup.Units {
			u.ID, u.CommunityID = domain.NewID(), setup.Create.ID
			units[i] = u
		}
		if err := insertUnits(ctx, tx, units, time.Now()); err != nil {
			return err
		}
		return addMember(ctx, tx, userID, setup.Create.ID, domain.RoleAdmin)
	case setup.Invitation != "":
		communityID, err := spendInvitation(ctx, tx, setup.Invitation, userID)
		if err != nil {
			return err
		}
		return addMember(ctx, tx, userID, communityID, domain.RoleUser)
	case setup.JoinCode != "":
		var communityID string
		err := tx.queryRow(ctx, "SELECT id FROM communities WHERE public_id = ?", setup.JoinCode).Scan(&communityID)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.Errorf(domain.CodeNotFound, "No se encontró ninguna comunidad con este código")
		}
		if err != nil {
			return err
		}
		if r := setup.Ask; r != nil {
			r.UserID, r.CommunityID = userID, communityID
			if r.UnitID != nil { // a letter's unit that is not of this community is left out, not an error
				var n int
				if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM units WHERE id = ? AND community_id = ?", *r.UnitID, communityID).Scan(&n); err != nil {
					return err
				}
				if n == 0 {
					r.UnitID = nil
				}
			}
			return submitJoinRequest(ctx, tx, r)
		}
		return addMember(ctx, tx, userID, communityID, domain.RoleUser)
	}
	return nil
}

func addMember(ctx context.Context, tx conn, userID, communityID string, role domain.Role) error {
	now := time.Now().UnixMilli()
	if _, err := tx.exec(ctx, "UPDATE profiles SET community_id = ?, updated_at = ? WHERE id = ?", communityID, now, userID); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "INSERT INTO user_roles (user_id, community_id, role, created_at) VALUES (?, ?, ?, ?)", userID, communityID, string(role), now); err != nil {
		return err
	}
	return acceptInvitations(ctx, tx, userID, communityID, now)
}

// JoinOrCreateCommunity carries out setup for a signed-in user who has no community yet.
func (db *DB) JoinOrCreateCommunity(ctx context.Context, userID string, setup domain.CommunitySetup) error {
	return db.inTx(ctx, func(tx conn) error {
		var current *string
		if err := tx.queryRow(ctx, "SELECT community_id FROM profiles WHERE id = ?", userID).Scan(&current); err != nil {
			return err
		}
		if current != nil {
			return domain.Errorf(domain.CodeConflict, "Ya perteneces a una comunidad")
		}
		return setUpCommunity(ctx, tx, userID, setup)
	})
}

// ResetPassword spends a reset token, sets the new password hash and ends every session of the user.
func (db *DB) ResetPassword(ctx context.Context, hash, passwordHash string, now time.Time) (string, error) {
	var userID string
	err := db.inTx(ctx, func(tx conn) error {
		var err error
		if userID, err = consumeEmailToken(ctx, tx, hash, domain.PurposeReset, now); err != nil {
			return err
		}
		// Following the link proves the mailbox is theirs, so the email counts as confirmed too.
		if _, err := tx.exec(ctx, "UPDATE users SET password_hash = ?, email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?",
			passwordHash, now.UnixMilli(), now.UnixMilli(), userID); err != nil {
			return err
		}
		_, err = tx.exec(ctx, "DELETE FROM sessions WHERE user_id = ?", userID)
		return err
	})
	return userID, err
}

// SetPassword replaces a user's password and ends their other sessions.
func (db *DB) SetPassword(ctx context.Context, userID, passwordHash, keepSessionID string) error {
	return db.inTx(ctx, func(tx conn) error {
		now := time.Now().UnixMilli()
		if _, err := tx.exec(ctx, "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", passwordHash, now, userID); err != nil {
			return err
		}
		_, err := tx.exec(ctx, "DELETE FROM sessions WHERE user_id = ? AND id <> ?", userID, keepSessionID)
		return err
	})
}

// UserIDByOAuth finds the account linked to a provider identity; "" when none is.
func (db *DB) UserIDByOAuth(ctx context.Context, provider, subject string) (string, error) {
	var id string
	err := db.reader().queryRow(ctx, "SELECT user_id FROM oauth_identities WHERE provider = ? AND subject = ?", provider, subject).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// LinkOAuth links a provider identity to an account; following the provider's verified email proves
// the address, so the account counts as confirmed.
func (db *DB) LinkOAuth(ctx context.Context, userID, provider, subject string) error {
	return db.inTx(ctx, func(tx conn) error { return linkOAuth(ctx, tx, userID, provider, subject) })
}

func linkOAuth(ctx context.Context, tx conn, userID, provider, subject string) error {
	now := time.Now().UnixMilli()
	if _, err := tx.exec(ctx, "INSERT INTO oauth_identities (provider, subject, user_id, created_at) VALUES (?, ?, ?, ?)", provider, subject, userID, now); err != nil {
		return err
	}
	_, err := tx.exec(ctx, "UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?", now, now, userID)
	return err
}

// CreateOAuthUser creates a confirmed account, without password, for a provider identity.
func (db *DB) CreateOAuthUser(ctx context.Context, u *domain.User, provider, subject string) error {
	return db.inTx(ctx, func(tx conn) error {
		if err := createUser(ctx, tx, u); err != nil {
			return err
		}
		return linkOAuth(ctx, tx, u.ID, provider, subject)
	})
}

// In the export of a member's data (personaldata.go): the account and its sign-in providers.
func init() {
	exportPersonalData(
		dataSection{"account", `SELECT id, email, email_confirmed_at, language, signup_metadata, created_at, updated_at FROM users WHERE id = ?`},
		dataSection{"sign_in_providers", `SELECT provider, created_at FROM oauth_identities WHERE user_id = ?`},
	)
}
