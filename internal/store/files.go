package store

import (
	"context"
	"database/sql"
	"errors"

	"vecinos/internal/domain"
)

// CommunityOfUser returns the community where userID's requests that name none act (their last one), ""
// when they have none or do not exist.
func (db *DB) CommunityOfUser(ctx context.Context, userID string) (string, error) {
	return lastCommunity(ctx, db.readerIn(ctx), userID)
}

// SharedCommunity is a community both viewerID and ownerID are members of, the one where the viewer is an
// admin first, with the viewer's role there; "" when they share none. File access uses it: a file's key
// names its uploader, and a community of theirs decides who else may read it.
func (db *DB) SharedCommunity(ctx context.Context, viewerID, ownerID string) (string, domain.Role, error) {
	var community, role string
	err := db.readerIn(ctx).queryRow(ctx, `SELECT v.community_id, COALESCE(r.role, 'user') FROM memberships v
		JOIN memberships o ON o.community_id = v.community_id AND o.user_id = ?
		LEFT JOIN user_roles r ON r.user_id = v.user_id AND r.community_id = v.community_id
		WHERE v.user_id = ? ORDER BY CASE WHEN r.role = 'admin' THEN 0 ELSE 1 END, v.community_id LIMIT 1`, ownerID, viewerID).Scan(&community, &role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	return community, domain.Role(role), err
}
