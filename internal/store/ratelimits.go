package store

import (
	"context"
	"time"
)

// HitRateLimit counts one attempt in bucket's fixed window of the given length, starting a new window
// when the last one has ended, and returns the window's count and start. One statement, so concurrent
// attempts from several instances are all counted (ratelimit.Shared).
func (db *DB) HitRateLimit(ctx context.Context, bucket string, now time.Time, window time.Duration) (int, time.Time, error) {
	var hits int
	var start int64
	err := db.writer().queryRow(ctx, `INSERT INTO rate_limits (bucket, window_start, expires_at, hits) VALUES (?, ?, ?, 1)
		ON CONFLICT (bucket) DO UPDATE SET
			hits = CASE WHEN rate_limits.expires_at <= excluded.window_start THEN 1 ELSE rate_limits.hits + 1 END,
			window_start = CASE WHEN rate_limits.expires_at <= excluded.window_start THEN excluded.window_start ELSE rate_limits.window_start END,
			expires_at = CASE WHEN rate_limits.expires_at <= excluded.window_start THEN excluded.expires_at ELSE rate_limits.expires_at END
		RETURNING hits, window_start`, bucket, now.UnixMilli(), now.Add(window).UnixMilli()).Scan(&hits, &start)
	return hits, time.UnixMilli(start), err
}

// DeleteExpiredRateLimits removes the counters whose window ended before before; it returns how many.
func (db *DB) DeleteExpiredRateLimits(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.writer().exec(ctx, "DELETE FROM rate_limits WHERE expires_at < ?", before.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
