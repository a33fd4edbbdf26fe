package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"hash/fnv"
	"time"
)

// DeleteStaleEmailTokens removes the email tokens that expired, or were spent, before before: links
// nobody can use any more. The caller keeps them a while (before lies in the past) so that a link
// followed again still gets its precise answer ("ya confirmado", "ha expirado").
func (db *DB) DeleteStaleEmailTokens(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.writer().exec(ctx, "DELETE FROM email_tokens WHERE expires_at < ? OR used_at < ?", ms(before), ms(before))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// RunExclusive runs fn unless another instance runs the job called name at the same moment, and reports
// whether it ran. On PostgreSQL it holds a session advisory lock (pg_try_advisory_lock) on a connection
// of its own while fn runs: an instance that finds it taken skips its turn. On SQLite there is one
// instance: fn runs.
func (db *DB) RunExclusive(ctx context.Context, name string, fn func(ctx context.Context) error) (bool, error) {
	if db.engine != Postgres {
		return true, fn(ctx)
	}
	c, err := db.write.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer c.Close()
	key := lockKey(name)
	var got bool
	if err := c.QueryRowContext(ctx, "SELECT pg_try_advisory_lock($1)", key).Scan(&got); err != nil {
		return false, err
	}
	if !got {
		return false, nil
	}
	defer unlock(c, key)
	return true, fn(ctx)
}

// unlock releases the advisory lock; if that fails the connection is dropped, which releases it too.
func unlock(c *sql.Conn, key int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := c.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", key); err != nil {
		_ = c.Raw(func(any) error { return driver.ErrBadConn })
	}
}

// lockKey is the advisory lock key of a job name: "vecinos:" + name hashed to 64 bits.
func lockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("vecinos:" + name))
	return int64(h.Sum64())
}
