package store

import (
	"context"
	"time"
)

// The office's import of units and owners (issue #35, ADR 0045 addendum): invitations to own a unit.

// OwnerInvited reports whether the community already invited email to own unitID, with an invitation
// still live at now or accepted: a second import of the same file invites nobody again.
func (db *DB) OwnerInvited(ctx context.Context, communityID, email, unitID string, now time.Time) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COUNT(*) FROM invitations WHERE community_id = ? AND email = ? AND unit_id = ?
		AND unit_relation = 'owner' AND (status = 'accepted' OR (status = 'sent' AND expires_at > ?))`, communityID, email, unitID, ms(now)).Scan(&n)
	return n > 0, err
}

// OwnerInvitationUnits are the units the community invited userID's address to own with invitations
// to accept (sent, live at now) or accepted by them at now (the one whose link they joined by, spent in
// the same transaction), oldest first: what joining makes theirs.
func (db *DB) OwnerInvitationUnits(ctx context.Context, userID, communityID string, now time.Time) ([]string, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (string, error) {
		var id string
		return id, row.Scan(&id)
	}, `SELECT i.unit_id FROM invitations i JOIN units un ON un.id = i.unit_id AND un.community_id = i.community_id
		WHERE i.community_id = ? AND i.email = (SELECT email FROM users WHERE id = ?) AND i.unit_relation = 'owner'
		AND ((i.status = 'sent' AND i.expires_at > ?) OR (i.status = 'accepted' AND i.accepted_by = ? AND i.accepted_at = ?))
		ORDER BY i.created_at, i.id`, communityID, userID, ms(now), userID, ms(now)))
}

// AdministerCommunity makes orgID the active processor of a community its staff member by just created:
// its access begins at at (issue #35, ADR 0045 addendum).
func (db *DB) AdministerCommunity(ctx context.Context, communityID, orgID, by string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO community_processors (community_id, organisation_id, status, invited_by, invited_at, accepted_by, accepted_at)
		VALUES (?, ?, 'active', ?, ?, ?, ?)`, communityID, orgID, by, ms(at), by, ms(at))
	return err
}
