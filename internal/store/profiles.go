package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

const profileColumns = `u.id, u.email, u.language, u.password_hash IS NOT NULL, p.full_name, p.phone, p.avatar_url, p.contact_visible,
	p.community_id, p.unit_id, r.role, p.relation, p.onboarding_step, p.onboarding_completed, p.privacy_accepted_at, p.rules_accepted_at`

const profileFrom = ` FROM users u JOIN profiles p ON p.id = u.id
	LEFT JOIN user_roles r ON r.user_id = u.id AND r.community_id = p.community_id
	WHERE u.id = ?`

func scanProfile(row interface{ Scan(...any) error }) (*domain.Profile, error) {
	var p domain.Profile
	var lang string
	var role, relation, step *string
	var privacy, rules *int64
	err := row.Scan(&p.ID, &p.Email, &lang, &p.HasPassword, &p.FullName, &p.Phone, &p.AvatarURL, &p.ContactVisible,
		&p.CommunityID, &p.UnitID, &role, &relation, &step, &p.OnboardingCompleted, &privacy, &rules)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errUserNotFound
	}
	if err != nil {
		return nil, err
	}
	p.Language = domain.ParseLanguage(lang)
	if role != nil {
		p.Role = domain.Role(*role)
	}
	if relation != nil {
		r := domain.Relation(*relation)
		p.Relation = &r
	}
	if step != nil {
		s := domain.OnboardingStep(*step)
		p.OnboardingStep = &s
	}
	p.PrivacyAcceptedAt, p.RulesAcceptedAt = msTime(privacy), msTime(rules)
	return &p, nil
}

func msTime(v *int64) *time.Time {
	if v == nil {
		return nil
	}
	t := time.UnixMilli(*v).UTC()
	return &t
}

func msOf(t *time.Time) *int64 {
	if t == nil {
		return nil
	}
	v := t.UnixMilli()
	return &v
}

// Profile returns a user's profile with their account's email and language and their role.
func (db *DB) Profile(ctx context.Context, userID string) (*domain.Profile, error) {
	return scanProfile(db.reader().queryRow(ctx, "SELECT "+profileColumns+profileFrom, userID))
}

// EditProfile reads a profile, lets edit change it and writes back what edit may change (the personal
// data, the onboarding progress and the language), all in one transaction. An error from edit aborts.
func (db *DB) EditProfile(ctx context.Context, userID string, edit func(p *domain.Profile) error) (*domain.Profile, error) {
	var p *domain.Profile
	err := db.inTx(ctx, func(tx conn) error {
		var err error
		if p, err = scanProfile(tx.queryRow(ctx, "SELECT "+profileColumns+profileFrom, userID)); err != nil {
			return err
		}
		if err := edit(p); err != nil {
			return err
		}
		now := time.Now().UnixMilli()
		var relation, step *string
		if p.Relation != nil {
			relation = (*string)(p.Relation)
		}
		if p.OnboardingStep != nil {
			step = (*string)(p.OnboardingStep)
		}
		if _, err := tx.exec(ctx, `UPDATE profiles SET full_name = ?, phone = ?, avatar_url = ?, contact_visible = ?, relation = ?,
			onboarding_step = ?, onboarding_completed = ?, privacy_accepted_at = ?, rules_accepted_at = ?, updated_at = ? WHERE id = ?`,
			p.FullName, p.Phone, p.AvatarURL, p.ContactVisible, relation, step, p.OnboardingCompleted,
			msOf(p.PrivacyAcceptedAt), msOf(p.RulesAcceptedAt), now, userID); err != nil {
			return err
		}
		_, err = tx.exec(ctx, "UPDATE users SET language = ?, updated_at = ? WHERE id = ?", string(p.Language), now, userID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

var errEmailRegistered = domain.Errorf(domain.CodeEmailTaken, "Email ya registrado")

// PendingEmailChange returns the address a user asked to change to and has not confirmed yet ("" if none).
func (db *DB) PendingEmailChange(ctx context.Context, userID string, now time.Time) (string, error) {
	var email string
	err := db.reader().queryRow(ctx, `SELECT email FROM email_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		ORDER BY created_at DESC LIMIT 1`, userID, string(domain.PurposeEmailChange), now.UnixMilli()).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return email, err
}

// ChangeEmail spends an email-change token: the account's address becomes the one the token was sent to
// (which the click proves to be the user's), the link that cancels the change is voided, and every
// session of the user ends but the one that asked for the change and keepSessionID ("" = none). It fails with 'Email ya registrado' when
// another account took that address in the meantime. It returns the user and the new address.
func (db *DB) ChangeEmail(ctx context.Context, hash string, now time.Time, keepSessionID string) (userID, email string, err error) {
	err = db.inTx(ctx, func(tx conn) error {
		if userID, err = consumeEmailToken(ctx, tx, hash, domain.PurposeEmailChange, now); err != nil {
			return err
		}
		if err := tx.queryRow(ctx, "SELECT email FROM email_tokens WHERE token_hash = ?", hash).Scan(&email); err != nil {
			return err
		}
		var taken int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM users WHERE email = ? AND id <> ?", email, userID).Scan(&taken); err != nil {
			return err
		}
		if taken > 0 {
			return errEmailRegistered
		}
		_, err := tx.exec(ctx, "UPDATE users SET email = ?, email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?",
			email, now.UnixMilli(), now.UnixMilli(), userID)
		if isUniqueViolation(err) {
			return errEmailRegistered
		}
		if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL",
			now.UnixMilli(), userID, string(domain.PurposeEmailChangeCancel)); err != nil {
			return err
		}
		_, err = tx.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND id <> ?
			AND id <> COALESCE((SELECT session_id FROM email_tokens WHERE token_hash = ?), '')`, userID, keepSessionID, hash)
		return err
	})
	return userID, email, err
}

// DeleteUser erases an account and queues the goodbye email m in the same transaction. The schema does
// the rest: profile, sessions, tokens, roles and verification requests go with the user (ON DELETE
// CASCADE); units they owned and what they wrote for others stay, without an author (ON DELETE SET NULL).
func (db *DB) DeleteUser(ctx context.Context, userID string, m domain.Mail) error {
	return db.inTx(ctx, func(tx conn) error {
		res, err := tx.exec(ctx, "DELETE FROM users WHERE id = ?", userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errUserNotFound
		}
		return enqueueMail(ctx, tx, m)
	})
}

// In the export of a member's data (personaldata.go): the profile.
func init() {
	exportPersonalData(
		dataSection{"profile", `SELECT full_name, phone, avatar_url, community_id, unit_id, relation, contact_visible, onboarding_completed,
			privacy_accepted_at, rules_accepted_at, created_at, updated_at FROM profiles WHERE id = ?`},
	)
}
