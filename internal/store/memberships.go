package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// Memberships lists the communities userID is a member of (ADR 0040), by name, each with their role,
// home unit and unread direct messages there.
func (db *DB) Memberships(ctx context.Context, userID string) ([]domain.Membership, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.Membership, error) {
		var m domain.Membership
		var role string
		var joined int64
		err := row.Scan(&m.CommunityID, &m.CommunityName, &role, &m.UnitNumber, &joined, &m.Unread)
		m.Role, m.JoinedAt = domain.Role(role), time.UnixMilli(joined).UTC()
		return m, err
	}, `SELECT m.community_id, c.name, COALESCE(r.role, 'user'), un.unit_number, m.joined_at,
			(SELECT COUNT(*) FROM direct_messages d JOIN conversations cv ON cv.id = d.conversation_id
				JOIN conversation_participants me ON me.conversation_id = d.conversation_id AND me.user_id = d.recipient_id
				WHERE d.recipient_id = m.user_id AND d.read_at IS NULL AND cv.community_id = m.community_id AND d.deleted_at IS NULL
				AND d.id > COALESCE(me.cleared_before, ''))
		FROM memberships m JOIN communities c ON c.id = m.community_id
		LEFT JOIN user_roles r ON r.user_id = m.user_id AND r.community_id = m.community_id
		LEFT JOIN units un ON un.id = m.unit_id
		WHERE m.user_id = ? ORDER BY c.name, c.id`, userID))
}

// CountMembers counts the members of a community.
func (db *DB) CountMembers(ctx context.Context, communityID string) (int, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM memberships WHERE community_id = ?", communityID).Scan(&n)
	return n, err
}

// EndMembership ends userID's membership of communityID inside the transaction of ctx: it moves to
// former_memberships with its role and dates; their role, further units, pending claims and notification
// opt-outs there go; and when it was their last community another of theirs (the latest joined) takes its
// place. The account and its other memberships stay. It reports false when there was no such membership.
func (db *DB) EndMembership(ctx context.Context, userID, communityID string, at time.Time) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	res, err := tx.exec(ctx, `INSERT INTO former_memberships (user_id, community_id, unit_id, relation, role, joined_at, left_at)
		SELECT m.user_id, m.community_id, m.unit_id, m.relation, r.role, m.joined_at, ? FROM memberships m
		LEFT JOIN user_roles r ON r.user_id = m.user_id AND r.community_id = m.community_id
		WHERE m.user_id = ? AND m.community_id = ?`, ms(at), userID, communityID)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	for _, q := range []string{
		"DELETE FROM memberships WHERE user_id = ? AND community_id = ?",
		"DELETE FROM user_roles WHERE user_id = ? AND community_id = ?",
		"DELETE FROM unit_members WHERE user_id = ? AND unit_id IN (SELECT id FROM units WHERE community_id = ?)",
		"DELETE FROM owner_claims WHERE user_id = ? AND community_id = ? AND status = 'pending'",
		"DELETE FROM push_opt_outs WHERE user_id = ? AND community_id = ?",
		"DELETE FROM document_mail_optouts WHERE user_id = ? AND community_id = ?",
	} {
		if _, err := tx.exec(ctx, q, userID, communityID); err != nil {
			return false, err
		}
	}
	_, err = tx.exec(ctx, `UPDATE profiles SET last_community_id = (SELECT m.community_id FROM memberships m WHERE m.user_id = profiles.id
			ORDER BY m.joined_at DESC, m.community_id LIMIT 1), updated_at = ?
		WHERE id = ? AND (last_community_id IS NULL OR last_community_id = ?)`, ms(at), userID, communityID)
	return err == nil, err
}
