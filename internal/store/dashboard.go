package store

import (
	"context"
	"math"
	"time"

	"vecinos/internal/domain"
)

// dayMS is the width of the day buckets of incident_day_tallies (UTC days of created_at).
const dayMS = 24 * 60 * 60 * 1000

// DashboardCounts counts, in one round trip, what the dashboard of communityID shows userID: open
// incidents, events starting from now, incidents, events and community chat messages created since, and
// the announcements userID has not opened.
//
// The incident counts add up tallies that triggers keep in the transaction of every incident write
// (migration 0008, docs/adr/0008): the open ones are the rows of status 'open' (one per shard), the new
// ones the rows of the whole days after since's day, plus an index range count of the incidents created
// in that day from since on. So a request reads a few dozen rows, not every open or recent incident.
// Events are few and still counted from their index.
//
// Every range is bounded on both sides, the open ones by noEnd (the largest time, so nothing is left
// out): PostgreSQL's generic plan of the statement then estimates each range as narrow as its custom
// plans do, and it keeps the generic plan after the fifth run on a connection instead of planning the
// statement on every request, which was two thirds of PostgreSQL's CPU for a dashboard (docs/adr/0008,
// its addendum on the dashboard's plan; TestDashboardPlans).
func (db *DB) DashboardCounts(ctx context.Context, communityID, userID string, now, since time.Time) (domain.DashboardCounts, error) {
	var c domain.DashboardCounts
	var wholeDays, sinceDay int
	sinceMS := max(ms(since), 0) // created_at is never before 1970; day buckets truncate like the SQL does
	dayEnd := (sinceMS/dayMS + 1) * dayMS
	q, args := dashboardQuery(communityID, userID, ms(now), sinceMS, dayEnd)
	err := db.reader().queryRow(ctx, q, args...).
		Scan(&c.OpenIncidents, &c.UpcomingEvents, &wholeDays, &sinceDay, &c.NewEvents, &c.CommunityMessages, &c.UnreadAnnouncements)
	c.NewIncidents = wholeDays + sinceDay
	return c, err
}

// noEnd is the upper bound of a range that has none: later than every time and day.
const noEnd = math.MaxInt64

// dashboardQuery is DashboardCounts' statement and its arguments (times in ms; dayEnd: the end of since's
// day), explained by TestDashboardPlans.
func dashboardQuery(communityID, userID string, now, since, dayEnd int64) (string, []any) {
	return `SELECT
		(SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM incident_status_tallies WHERE community_id = ? AND status = 'open'),
		(SELECT COUNT(*) FROM events WHERE community_id = ? AND start_at >= ? AND start_at < ? AND deleted_at IS NULL),
		(SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM incident_day_tallies WHERE community_id = ? AND day >= ? AND day < ?),
		(SELECT COUNT(*) FROM incidents WHERE community_id = ? AND created_at >= ? AND created_at < ? AND deleted_at IS NULL),
		(SELECT COUNT(*) FROM events WHERE community_id = ? AND created_at >= ? AND created_at < ? AND deleted_at IS NULL),
		(SELECT COUNT(*) FROM messages m JOIN channels ch ON ch.id = m.channel_id
			WHERE ch.community_id = ? AND ch.kind = 'community' AND m.created_at >= ? AND m.created_at < ?),
		(` + unreadAnnouncements + `)`,
		[]any{communityID, communityID, now, noEnd, communityID, dayEnd / dayMS, noEnd, communityID, since, dayEnd,
			communityID, since, noEnd, communityID, since, noEnd, communityID, now, userID, userID}
}
