package store

import "context"

// CommunityCount is how many communities the database holds (the demo refuses to mix with real ones).
func (db *DB) CommunityCount(ctx context.Context) (int, error) {
	var n int
	err := db.reader().queryRow(ctx, "SELECT COUNT(*) FROM communities").Scan(&n)
	return n, err
}
