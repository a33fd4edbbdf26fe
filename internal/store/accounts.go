package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"vecinos/internal/domain"
)

// CreateUser stores a new, unconfirmed account with its profile (and the consent it gave, if any). It
// reports false, storing nothing, when the email is taken.
func (db *DB) CreateUser(ctx context.Context, u *domain.User, now time.Time) (bool, error) {
	tx := db.writerIn(ctx)
	meta, err := json.Marshal(u.SignupMetadata)
	if err != nil {
		return false, err
	}
	var taken int
	if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM users WHERE email = ?", u.Email).Scan(&taken); err != nil {
		return false, err
	}
	if taken > 0 {
		return false, nil
	}
	_, err = tx.exec(ctx, `INSERT INTO users (id, email, password_hash, email_confirmed_at, language, signup_metadata, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u.ID, u.Email, nullString(u.PasswordHash), msOf(u.EmailConfirmedAt), string(u.Language), string(meta), ms(now), ms(now))
	if isUniqueViolation(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if _, err = tx.exec(ctx, "INSERT INTO profiles (id, full_name, created_at, updated_at) VALUES (?, ?, ?, ?)", u.ID, u.FullName, ms(now), ms(now)); err != nil {
		return false, err
	}
	if u.Consent != nil {
		return true, insertConsent(ctx, tx, u.ID, *u.Consent)
	}
	return true, nil
}

func nullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

const userColumns = `u.id, u.email, COALESCE(u.password_hash, ''), u.email_confirmed_at, u.language, u.signup_metadata, p.full_name`

func scanUser(row scanner) (*domain.User, error) {
	var u domain.User
	var confirmed *int64
	var lang, meta string
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &confirmed, &lang, &meta, &u.FullName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	u.EmailConfirmedAt = msTime(confirmed)
	u.Language = domain.ParseLanguage(lang)
	if err := json.Unmarshal([]byte(meta), &u.SignupMetadata); err != nil {
		return nil, err
	}
	return &u, nil
}

// UserByEmail finds an account by its (normalized) email; nil when there is none.
func (db *DB) UserByEmail(ctx context.Context, email string) (*domain.User, error) {
	return scanUser(db.readerIn(ctx).queryRow(ctx, "SELECT "+userColumns+" FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = ?", email))
}

// UserByID finds an account by id; nil when there is none.
func (db *DB) UserByID(ctx context.Context, id string) (*domain.User, error) {
	return scanUser(db.readerIn(ctx).queryRow(ctx, "SELECT "+userColumns+" FROM users u JOIN profiles p ON p.id = u.id WHERE u.id = ?", id))
}

// EmailExists reports whether an account uses email.
func (db *DB) EmailExists(ctx context.Context, email string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM users WHERE email = ?", email).Scan(&n)
	return n > 0, err
}

// EmailTakenByOther reports whether an account other than userID uses email.
func (db *DB) EmailTakenByOther(ctx context.Context, email, userID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM users WHERE email = ? AND id <> ?", email, userID).Scan(&n)
	return n > 0, err
}

// IssueEmailToken stores a new link token, voiding the user's older unused tokens of the same purpose.
func (db *DB) IssueEmailToken(ctx context.Context, tok domain.EmailToken, now time.Time) error {
	tx := db.writerIn(ctx)
	if _, err := tx.exec(ctx, "DELETE FROM email_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL", tok.UserID, string(tok.Purpose)); err != nil {
		return err
	}
	_, err := tx.exec(ctx, `INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at, session_id)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, tok.Hash, tok.UserID, string(tok.Purpose), tok.Email, ms(now), ms(tok.ExpiresAt),
		nullString(tok.SessionID))
	return err
}

// EmailToken finds a token by its hash and purpose (used or not); nil when there is none.
func (db *DB) EmailToken(ctx context.Context, hash string, purpose domain.TokenPurpose) (*domain.EmailToken, error) {
	var s domain.EmailToken
	var expires int64
	var used *int64
	var session *string
	err := db.readerIn(ctx).queryRow(ctx, "SELECT user_id, email, expires_at, used_at, session_id FROM email_tokens WHERE token_hash = ? AND purpose = ?",
		hash, string(purpose)).Scan(&s.UserID, &s.Email, &expires, &used, &session)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s.Hash, s.Purpose, s.ExpiresAt, s.UsedAt = hash, purpose, time.UnixMilli(expires).UTC(), msTime(used)
	if session != nil {
		s.SessionID = *session
	}
	return &s, nil
}

// SpendEmailToken marks an unused, unexpired token used and returns its user; "" when there is no such
// token. Exactly one caller wins when two spend the same token at once.
func (db *DB) SpendEmailToken(ctx context.Context, hash string, purpose domain.TokenPurpose, now time.Time) (string, error) {
	tx := db.writerIn(ctx)
	res, err := tx.exec(ctx, "UPDATE email_tokens SET used_at = ? WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
		ms(now), hash, string(purpose), ms(now))
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return "", nil
	}
	var userID string
	err = tx.queryRow(ctx, "SELECT user_id FROM email_tokens WHERE token_hash = ?", hash).Scan(&userID)
	return userID, err
}

// VoidEmailTokens marks userID's live (unused, unexpired) tokens of purpose used, and counts them.
func (db *DB) VoidEmailTokens(ctx context.Context, userID string, purpose domain.TokenPurpose, now time.Time) (int64, error) {
	res, err := db.writerIn(ctx).exec(ctx, "UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
		ms(now), userID, string(purpose), ms(now))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// DeleteUnusedEmailTokens deletes every unused link of userID.
func (db *DB) DeleteUnusedEmailTokens(ctx context.Context, userID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM email_tokens WHERE user_id = ? AND used_at IS NULL", userID)
	return err
}

// ConfirmEmail marks userID's email confirmed (when it was not yet).
func (db *DB) ConfirmEmail(ctx context.Context, userID string, now time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?",
		ms(now), ms(now), userID)
	return err
}

// SetPassword replaces userID's password hash.
func (db *DB) SetPassword(ctx context.Context, userID, passwordHash string, now time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?", passwordHash, ms(now), userID)
	return err
}

// SetEmail gives userID the address email, which counts as confirmed (the click on its link proved it).
// It reports false, changing nothing, when another account has it.
func (db *DB) SetEmail(ctx context.Context, userID, email string, now time.Time) (bool, error) {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE users SET email = ?, email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?",
		email, ms(now), ms(now), userID)
	if isUniqueViolation(err) {
		return false, nil
	}
	return err == nil, err
}

// UserIDByOAuth finds the account linked to a provider identity; "" when none is.
func (db *DB) UserIDByOAuth(ctx context.Context, provider, subject string) (string, error) {
	var id string
	err := db.readerIn(ctx).queryRow(ctx, "SELECT user_id FROM oauth_identities WHERE provider = ? AND subject = ?", provider, subject).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// LinkOAuth links a provider identity to an account; following the provider's verified email proves
// the address, so the account counts as confirmed. The service runs it in its transaction (InTx).
func (db *DB) LinkOAuth(ctx context.Context, userID, provider, subject string, now time.Time) error {
	if _, err := db.writerIn(ctx).exec(ctx, "INSERT INTO oauth_identities (provider, subject, user_id, created_at) VALUES (?, ?, ?, ?)",
		provider, subject, userID, ms(now)); err != nil {
		return err
	}
	return db.ConfirmEmail(ctx, userID, now)
}

// TakeOverUnconfirmed readies an account that never confirmed its email for the provider identity that
// proved the address: the email counts as confirmed, and the password and sign-up choices (community,
// role) of whoever registered are cleared. It reports false, changing nothing, when the account was
// confirmed already.
func (db *DB) TakeOverUnconfirmed(ctx context.Context, userID string, now time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `UPDATE users SET password_hash = NULL, signup_metadata = '{}', email_confirmed_at = ?, updated_at = ?
		WHERE id = ? AND email_confirmed_at IS NULL`, ms(now), ms(now), userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SeedMember stores the account u as a member of a community: the one setup.Create makes (u its admin),
// else the one of setup.JoinCode. Demo data, load tests and tests seed with it, without the accounts
// service and its rules; being its own caller, it opens its transaction through InTx.
func (db *DB) SeedMember(ctx context.Context, u *domain.User, setup domain.CommunitySetup, now time.Time) error {
	return db.InTx(ctx, func(ctx context.Context) error {
		if ok, err := db.CreateUser(ctx, u, now); err != nil || !ok {
			if err == nil {
				err = fmt.Errorf("seed member: %s is taken", u.Email)
			}
			return err
		}
		if c := setup.Create; c != nil {
			c.CreatedBy = u.ID
			if err := db.CreateCommunity(ctx, c, now, fmt.Errorf("seed member: community %q: catastral reference taken", c.Name)); err != nil {
				return err
			}
			return db.seedJoin(ctx, u.ID, c.ID, domain.RoleAdmin, now)
		}
		c, err := db.CommunityByPublicID(ctx, setup.JoinCode)
		if err != nil || c == nil {
			if err == nil {
				err = fmt.Errorf("seed member: no community with code %q", setup.JoinCode)
			}
			return err
		}
		return db.seedJoin(ctx, u.ID, c.ID, domain.RoleUser, now)
	})
}

// seedJoin makes the seeded user a member of communityID with role, as the accounts service does.
func (db *DB) seedJoin(ctx context.Context, userID, communityID string, role domain.Role, now time.Time) error {
	if err := db.JoinCommunity(ctx, userID, communityID, now); err != nil {
		return err
	}
	if err := db.SaveRole(ctx, communityID, userID, role, now); err != nil {
		return err
	}
	return db.AcceptInvitations(ctx, userID, communityID, now)
}

// In the export of a member's data (personaldata.go): the account and its sign-in providers.
func init() {
	exportPersonalData(
		dataSection{"account", `SELECT id, email, email_confirmed_at, language, signup_metadata, created_at, updated_at FROM users WHERE id = ?`},
		dataSection{"sign_in_providers", `SELECT provider, created_at FROM oauth_identities WHERE user_id = ?`},
	)
}
