package store

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"vecinos/internal/domain"
)

// NotifyChannel is the PostgreSQL channel that carries domain.Notice payloads between instances.
const NotifyChannel = "vecinos_events"

// NotifiesOnCommit reports whether the database can carry notices to every instance (PostgreSQL's
// NOTIFY, delivered at commit). On SQLite there is one instance, which publishes in process.
func (db *DB) NotifiesOnCommit() bool { return db.engine == Postgres }

// AfterCommit runs fn once the transaction a service opened with InTx (in ctx) committed, and never if it
// rolls back; outside a transaction it runs fn at once. It is how a change reaches an in-process listener
// only when it is there to read.
func (db *DB) AfterCommit(ctx context.Context, fn func()) {
	tx, err := txOf(ctx)
	if err != nil {
		fn()
		return
	}
	*tx.committed = append(*tx.committed, fn)
}

// Notify announces n to every instance on PostgreSQL. Inside a service's transaction (ctx from InTx) the
// NOTIFY is delivered only if and when it commits, so listeners never hear of a change that was rolled
// back; outside one it goes out at once.
func (db *DB) Notify(ctx context.Context, n domain.Notice) error {
	payload, err := json.Marshal(n)
	if err != nil {
		return err
	}
	return db.writerIn(ctx).execAtCommit(ctx, nil, "SELECT pg_notify(?, ?)", NotifyChannel, string(payload))
}

// Listen holds one connection of the pool on PostgreSQL, LISTENs on NotifyChannel and calls fn with every
// notice, in commit order, until ctx ends. listening is called each time the LISTEN is in place: with
// reconnected=true after a lost connection, when notices may have been missed (subscribers should resync);
// lost is called each time the connection is gone.
func (db *DB) Listen(ctx context.Context, listening func(reconnected bool), lost func(), fn func(domain.Notice)) error {
	backoff, reconnected := 100*time.Millisecond, false
	for {
		err := db.listenOnce(ctx, func() { listening(reconnected); backoff = 100 * time.Millisecond }, fn)
		lost()
		if ctx.Err() != nil {
			return nil
		}
		reconnected = true
		_ = err // the caller learns of a gap through listening(true); the cause is transient by nature
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}
func (db *DB) listenOnce(ctx context.Context, listening func(), fn func(domain.Notice)) error {
	c, err := db.write.Conn(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	return c.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("listen: unexpected driver connection %T", dc)
		}
		pc := sc.Conn()
		if _, err := pc.Exec(ctx, "LISTEN "+NotifyChannel); err != nil {
			return errors.Join(err, driver.ErrBadConn)
		}
		listening()
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				// The connection is unusable (closed on cancel) or still LISTENing: never return it to the pool.
				return errors.Join(err, driver.ErrBadConn)
			}
			var notice domain.Notice
			if json.Unmarshal([]byte(n.Payload), &notice) == nil && notice.Kind != "" {
				fn(notice)
			}
		}
	})
}
