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

// NotifiesOnCommit reports whether the store itself announces changes to every instance (PostgreSQL:
// NOTIFY inside the writing transaction, delivered at commit). When false (SQLite, one instance), the
// caller publishes in process after the write returns.
func (db *DB) NotifiesOnCommit() bool { return db.engine == Postgres }

// notify queues n in tx on PostgreSQL; NOTIFY is delivered only if and when tx commits, so listeners
// never hear of a change that was rolled back. On SQLite it does nothing.
func (db *DB) notify(ctx context.Context, tx conn, n domain.Notice) error {
	if db.engine != Postgres {
		return nil
	}
	payload, err := json.Marshal(n)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "SELECT pg_notify(?, ?)", NotifyChannel, string(payload))
	return err
}

// Notify announces n to every instance on PostgreSQL, outside any transaction: for a change that has
// already committed (a session that ended). On SQLite it does nothing.
func (db *DB) Notify(ctx context.Context, n domain.Notice) error {
	return db.notify(ctx, db.writer(), n)
}

// Listen holds one connection of the pool on PostgreSQL, LISTENs on NotifyChannel and calls fn with every
// notice, in commit order, until ctx ends. listening is called each time the LISTEN is in place: with
// reconnected=true after a lost connection, when notices may have been missed (subscribers should resync).
// On SQLite it returns at once: there is nobody else to listen to.
func (db *DB) Listen(ctx context.Context, listening func(reconnected bool), fn func(domain.Notice)) error {
	if db.engine != Postgres {
		return nil
	}
	backoff, reconnected := 100*time.Millisecond, false
	for {
		err := db.listenOnce(ctx, func() { listening(reconnected); backoff = 100 * time.Millisecond }, fn)
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
