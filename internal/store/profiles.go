package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

const profileColumns = `u.id, u.email, u.language, u.password_hash IS NOT NULL, p.full_name, p.phone, p.avatar_url,
	COALESCE(m.contact_visible, FALSE), m.community_id, m.unit_id, r.role, COALESCE(m.relation, p.relation),
	p.onboarding_step, p.onboarding_completed, p.privacy_accepted_at, p.rules_accepted_at`

// profileFrom reads a person with their membership of one community (the first argument; none when it is
// NULL or they are not a member of it), then the user (the second).
const profileFrom = ` FROM users u JOIN profiles p ON p.id = u.id
	LEFT JOIN memberships m ON m.user_id = u.id AND m.community_id = ?
	LEFT JOIN user_roles r ON r.user_id = u.id AND r.community_id = m.community_id
	WHERE u.id = ?`

func scanProfile(row scanner) (*domain.Profile, error) {
	var p domain.Profile
	var lang string
	var role, relation, step *string
	var privacy, rules *int64
	err := row.Scan(&p.ID, &p.Email, &lang, &p.HasPassword, &p.FullName, &p.Phone, &p.AvatarURL, &p.ContactVisible,
		&p.CommunityID, &p.UnitID, &role, &relation, &step, &p.OnboardingCompleted, &privacy, &rules)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
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

// Profile returns a user's profile with their account's email and language, and their membership of
// communityID with its role (none when "" or they are not a member of it); nil when there is no such user.
func (db *DB) Profile(ctx context.Context, userID, communityID string) (*domain.Profile, error) {
	return scanProfile(db.readerIn(ctx).queryRow(ctx, "SELECT "+profileColumns+profileFrom, nullString(communityID), userID))
}

// ProfileForUpdate reads a profile, with its membership of communityID, inside the transaction of ctx
// (InTx) and locks it until that ends; nil when there is no such user.
func (db *DB) ProfileForUpdate(ctx context.Context, userID, communityID string) (*domain.Profile, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE profiles SET updated_at = updated_at WHERE id = ?", userID); err != nil {
		return nil, err
	}
	return scanProfile(tx.queryRow(ctx, "SELECT "+profileColumns+profileFrom, nullString(communityID), userID))
}

// SaveProfile writes what a profile read with ProfileForUpdate may change (the personal data, the
// onboarding progress and the language; and of its membership, when it has one, the relation and the
// directory consent), in the same transaction.
func (db *DB) SaveProfile(ctx context.Context, p *domain.Profile, now time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE profiles SET full_name = ?, phone = ?, avatar_url = ?, relation = ?,
		onboarding_step = ?, onboarding_completed = ?, privacy_accepted_at = ?, rules_accepted_at = ?, updated_at = ? WHERE id = ?`,
		p.FullName, p.Phone, p.AvatarURL, (*string)(p.Relation), (*string)(p.OnboardingStep), p.OnboardingCompleted,
		msOf(p.PrivacyAcceptedAt), msOf(p.RulesAcceptedAt), ms(now), p.ID); err != nil {
		return err
	}
	if p.CommunityID != nil {
		if _, err := tx.exec(ctx, "UPDATE memberships SET relation = ?, contact_visible = ? WHERE user_id = ? AND community_id = ?",
			(*string)(p.Relation), p.ContactVisible, p.ID, *p.CommunityID); err != nil {
			return err
		}
	}
	_, err = tx.exec(ctx, "UPDATE users SET language = ?, updated_at = ? WHERE id = ?", string(p.Language), ms(now), p.ID)
	return err
}

// ProfileCommunityForUpdate locks userID's profile until the transaction of ctx (InTx) ends and returns
// its last community ("" when it has no membership there): joining or creating a community serializes on it.
func (db *DB) ProfileCommunityForUpdate(ctx context.Context, userID string) (string, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return "", err
	}
	if _, err := tx.exec(ctx, "UPDATE profiles SET updated_at = updated_at WHERE id = ?", userID); err != nil {
		return "", err
	}
	return lastCommunity(ctx, tx, userID)
}

// lastCommunity is the community where a request of userID that names none acts: their last one, when
// they are still a member of it ("" otherwise).
func lastCommunity(ctx context.Context, q conn, userID string) (string, error) {
	var current string
	err := q.queryRow(ctx, `SELECT m.community_id FROM profiles p JOIN memberships m ON m.user_id = p.id AND m.community_id = p.last_community_id
		WHERE p.id = ?`, userID).Scan(&current)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return current, err
}

// SetFullName renames userID.
func (db *DB) SetFullName(ctx context.Context, userID, name string, now time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE profiles SET full_name = ?, updated_at = ? WHERE id = ?", name, ms(now), userID)
	return err
}

// PendingEmailChange returns the address a user asked to change to and has not confirmed yet ("" if none).
func (db *DB) PendingEmailChange(ctx context.Context, userID string, now time.Time) (string, error) {
	var email string
	err := db.readerIn(ctx).queryRow(ctx, `SELECT email FROM email_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		ORDER BY created_at DESC LIMIT 1`, userID, string(domain.PurposeEmailChange), now.UnixMilli()).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return email, err
}

// DeleteUser erases an account. It reports false, changing nothing, when there is no such user. The schema does
// the rest: profile, sessions, tokens, roles and verification requests go with the user (ON DELETE
// CASCADE); units they owned and what they wrote for others stay, without an author (ON DELETE SET NULL).
func (db *DB) DeleteUser(ctx context.Context, userID string) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "DELETE FROM users WHERE id = ?", userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// In the export of a member's data (personaldata.go): the profile.
func init() {
	exportPersonalData(
		dataSection{"profile", `SELECT full_name, phone, avatar_url, last_community_id, relation, onboarding_completed,
			privacy_accepted_at, rules_accepted_at, created_at, updated_at FROM profiles WHERE id = ?`},
		dataSection{"memberships", `SELECT community_id, unit_id, relation, contact_visible, joined_at FROM memberships WHERE user_id = ?`},
		dataSection{"former_memberships", `SELECT community_id, unit_id, relation, role, joined_at, left_at FROM former_memberships WHERE user_id = ?`},
	)
}
