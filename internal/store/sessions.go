package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// CreateSession stores a new session.
func (db *DB) CreateSession(ctx context.Context, s domain.Session) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, user_agent, ip)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, s.ID, s.UserID, ms(s.CreatedAt), ms(s.LastSeenAt), ms(s.ExpiresAt), s.UserAgent, s.IP)
	return err
}

// SessionActor resolves a session to the calling actor with one indexed read: the account, its profile,
// and its membership and role in the community the request names (communityID), or without one in the
// account's last community (profiles.last_community_id). It returns the session's last-seen and expiry
// times for the caller to apply the idle and absolute limits. A nil actor: there is no such session;
// outsider: the request named a community the account is not a member of.
func (db *DB) SessionActor(ctx context.Context, sessionID, communityID string) (a *domain.Actor, lastSeenAt, expiresAt time.Time, outsider bool, err error) {
	a = &domain.Actor{}
	var confirmed *int64
	var lang string
	var community, role *string
	var lastSeen, expires int64
	var staffCommunity, orgID, orgName, rights *string
	named := nullString(communityID)
	// Without a membership there, the staff of the community's active processor act in it (ADR 0045): an
	// account is on one organisation's staff at most, and a community names it once, so one row.
	err = db.readerIn(ctx).queryRow(ctx, `SELECT s.user_id, s.last_seen_at, s.expires_at, u.email, u.email_confirmed_at, u.language,
			p.full_name, m.community_id, r.role, cp.community_id, o.id, o.name, os.rights
		FROM sessions s
		JOIN users u ON u.id = s.user_id
		JOIN profiles p ON p.id = s.user_id
		LEFT JOIN memberships m ON m.user_id = s.user_id AND m.community_id = COALESCE(CAST(? AS TEXT), p.last_community_id)
		LEFT JOIN user_roles r ON r.user_id = s.user_id AND r.community_id = m.community_id
		LEFT JOIN organisation_staff os ON os.user_id = s.user_id AND m.community_id IS NULL
		LEFT JOIN community_processors cp ON cp.organisation_id = os.organisation_id AND cp.status = 'active'
			AND cp.community_id = COALESCE(CAST(? AS TEXT), p.last_community_id)
		LEFT JOIN organisations o ON o.id = cp.organisation_id
		WHERE s.id = ?`, named, named, sessionID).
		Scan(&a.UserID, &lastSeen, &expires, &a.Email, &confirmed, &lang, &a.FullName, &community, &role,
			&staffCommunity, &orgID, &orgName, &rights)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, time.Time{}, time.Time{}, false, nil
	}
	if err != nil {
		return nil, time.Time{}, time.Time{}, false, err
	}
	a.SessionID, a.EmailConfirmed, a.Language = sessionID, confirmed != nil, domain.ParseLanguage(lang)
	if community != nil {
		a.CommunityID = *community
	}
	if role != nil && community != nil {
		a.Role = domain.Role(*role)
	}
	if community == nil && staffCommunity != nil && orgID != nil {
		community = staffCommunity
		a.CommunityID, a.Role = *staffCommunity, domain.RoleAdmin
		a.OrganisationID, a.OrganisationName, a.StaffRights = *orgID, *orgName, domain.StaffRights(*rights)
	}
	return a, time.UnixMilli(lastSeen), time.UnixMilli(expires), communityID != "" && community == nil, nil
}

// TouchSession records activity on a session (callers do it at most once in a while: it is a write).
func (db *DB) TouchSession(ctx context.Context, sessionID string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE sessions SET last_seen_at = ? WHERE id = ?", at.UnixMilli(), sessionID)
	return err
}

// DeleteSession ends one session.
func (db *DB) DeleteSession(ctx context.Context, sessionID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM sessions WHERE id = ?", sessionID)
	return err
}

// DeleteSessions ends every session of userID but those of keep.
func (db *DB) DeleteSessions(ctx context.Context, userID string, keep ...string) error {
	q, args := "DELETE FROM sessions WHERE user_id = ?", []any{userID}
	for _, id := range keep {
		q += " AND id <> ?"
		args = append(args, id)
	}
	_, err := db.writerIn(ctx).exec(ctx, q, args...)
	return err
}

// DeleteExpiredSessions removes sessions past their absolute expiry or idle since before idleCutoff.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now, idleCutoff time.Time) (int64, error) {
	res, err := db.writerIn(ctx).exec(ctx, "DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at < ?", now.UnixMilli(), idleCutoff.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// In the export of a member's data (personaldata.go): their sessions.
func init() {
	exportPersonalData(
		dataSection{"sessions", `SELECT created_at, last_seen_at, expires_at, user_agent, ip FROM sessions WHERE user_id = ? ORDER BY created_at`},
	)
}
