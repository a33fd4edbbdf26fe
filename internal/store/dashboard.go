package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// DashboardCounts counts, in one round trip of index-only COUNTs, what the dashboard of communityID
// shows: open incidents, events starting from now, and incidents and events created since.
func (db *DB) DashboardCounts(ctx context.Context, communityID string, now, since time.Time) (domain.DashboardCounts, error) {
	var c domain.DashboardCounts
	err := db.reader().queryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM incidents WHERE community_id = ? AND status = 'open' AND deleted_at IS NULL),
		(SELECT COUNT(*) FROM events WHERE community_id = ? AND start_at >= ? AND deleted_at IS NULL),
		(SELECT COUNT(*) FROM incidents WHERE community_id = ? AND created_at >= ? AND deleted_at IS NULL),
		(SELECT COUNT(*) FROM events WHERE community_id = ? AND created_at >= ? AND deleted_at IS NULL)`,
		communityID, communityID, ms(now), communityID, ms(since), communityID, ms(since)).
		Scan(&c.OpenIncidents, &c.UpcomingEvents, &c.NewIncidents, &c.NewEvents)
	return c, err
}
