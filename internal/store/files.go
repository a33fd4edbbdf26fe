package store

import (
	"context"
	"database/sql"
	"errors"
)

// CommunityOfUser returns the community userID belongs to, "" when they have none or do not exist. File
// access uses it: a file's key names its uploader, and their community decides who else may read it.
func (db *DB) CommunityOfUser(ctx context.Context, userID string) (string, error) {
	var community sql.NullString
	err := db.readerIn(ctx).queryRow(ctx, "SELECT community_id FROM profiles WHERE id = ?", userID).Scan(&community)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return community.String, err
}
