package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// SetCalendarFeed stores the hash of userID's feed token for communityID, replacing (revoking) the one
// they had: one statement, as a member has one feed (user_id is the key).
func (db *DB) SetCalendarFeed(ctx context.Context, userID, communityID, tokenHash string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO calendar_feeds (user_id, community_id, token_hash, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET community_id = excluded.community_id, token_hash = excluded.token_hash, created_at = excluded.created_at`,
		userID, communityID, tokenHash, at.UnixMilli())
	return err
}

// DeleteCalendarFeed revokes userID's feed, if any.
func (db *DB) DeleteCalendarFeed(ctx context.Context, userID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM calendar_feeds WHERE user_id = ?", userID)
	return err
}

// CalendarFeedCreatedAt tells when userID's feed was created; nil when they have none.
func (db *DB) CalendarFeedCreatedAt(ctx context.Context, userID string) (*time.Time, error) {
	var at int64
	err := db.readerIn(ctx).queryRow(ctx, "SELECT created_at FROM calendar_feeds WHERE user_id = ?", userID).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	t := fromMS(at)
	return &t, nil
}

// CalendarFeed resolves a feed token hash to its owner, their community and its time zone. The feed works
// only while its owner still belongs to that community: leaving it (or deleting the account) revokes the URL.
// nil when there is no such feed.
func (db *DB) CalendarFeed(ctx context.Context, tokenHash string) (*domain.CalendarFeedOwner, error) {
	var communityID string
	var o domain.CalendarFeedOwner
	err := db.readerIn(ctx).queryRow(ctx, `SELECT f.community_id, f.user_id, c.time_zone FROM calendar_feeds f
		JOIN members p ON p.id = f.user_id AND p.community_id = f.community_id
		JOIN communities c ON c.id = f.community_id
		WHERE f.token_hash = ?`, tokenHash).Scan(&communityID, &o.UserID, &o.TimeZone)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if o.Community, err = db.CommunityByID(ctx, communityID); err != nil || o.Community == nil {
		return nil, err
	}
	return &o, nil
}

// In the export of a member's data (personaldata.go): their calendar feeds.
func init() {
	exportPersonalData(
		dataSection{"calendar_feeds", `SELECT community_id, created_at FROM calendar_feeds WHERE user_id = ?`},
	)
}
