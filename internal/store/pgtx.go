package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// pgTx is a write transaction on PostgreSQL, run on pgx's own connection under database/sql's pool
// (sql.Conn.Raw), so that what needs no answer of its own shares a round trip with what does
// (docs/adr/0058):
//   - BEGIN goes out with the transaction's first statement, in one pipeline (pgx's batch);
//   - statements queued with atCommit (a NOTIFY, a booking's INSERT) go out with the next statement, or
//     with the COMMIT.
//
// database/sql sends BEGIN and COMMIT on their own, a round trip each, and the locks the transaction took
// are held across every one of them: a booking's facility lock was held for four.
type pgTx struct {
	conn   *pgx.Conn
	begun  bool         // BEGIN has gone out
	queued []queuedExec // atCommit's, not sent yet
}

// queuedExec is a statement whose answer nobody waits for. refused turns its error into the one the
// transaction reports (nil: the error as it is).
type queuedExec struct {
	query   string
	args    []any
	refused func(error) error
}

// errCommitRolledBack is a COMMIT that PostgreSQL turned into a rollback (the transaction had failed).
var errCommitRolledBack = errors.New("commit: the transaction was rolled back")

// pgInTx is inTx on PostgreSQL: fn runs on one connection of the pool, taken for the whole transaction.
func (db *DB) pgInTx(ctx context.Context, fn func(tx conn) error) error {
	admit(ctx)
	sc, err := db.write.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer sc.Close()
	var committed []func()
	err = sc.Raw(func(dc any) error {
		d, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("begin: unexpected driver connection %T", dc)
		}
		t := &pgTx{conn: d.Conn()}
		ok = false
		defer func() {
			if !ok {
				t.rollback(ctx)
			}
		}()
		if err := fn(conn{pool: db.write, pg: t, committed: &committed, db: db}); err != nil {
			return err
		}
		ok = true
		return t.commit(ctx)
	})
	if err != nil {
		return err
	}
	for _, f := range committed {
		f()
	}
	return nil
}

// atCommit queues query to go out with the transaction's next statement or its COMMIT.
func (t *pgTx) atCommit(refused func(error) error, query string, args []any) {
	t.queued = append(t.queued, queuedExec{query: query, args: args, refused: refused})
}

// send sends what is pending (BEGIN, the queued statements) and then query, as one pipeline when there is
// anything pending, and reads the pending ones' results: the batch it returns is at query's.
func (t *pgTx) send(ctx context.Context, query string, args []any) (pgx.BatchResults, error) {
	b, begin := &pgx.Batch{}, !t.begun
	if begin {
		b.Queue("BEGIN")
	}
	for _, q := range t.queued {
		b.Queue(q.query, q.args...)
	}
	b.Queue(query, args...)
	queued := t.queued
	t.begun, t.queued = true, nil
	br := t.conn.SendBatch(ctx, b)
	if begin {
		if _, err := br.Exec(); err != nil {
			br.Close()
			return nil, err
		}
	}
	for _, q := range queued {
		if _, err := br.Exec(); err != nil {
			br.Close()
			if q.refused != nil {
				err = q.refused(err)
			}
			return nil, err
		}
	}
	return br, nil
}

// pending says whether anything must go out before or with the next statement.
func (t *pgTx) pending() bool { return !t.begun || len(t.queued) > 0 }

func (t *pgTx) exec(ctx context.Context, query string, args []any) (sql.Result, error) {
	if !t.pending() {
		tag, err := t.conn.Exec(ctx, query, args...)
		return pgResult(tag), err
	}
	br, err := t.send(ctx, query, args)
	if err != nil {
		return nil, err
	}
	tag, err := br.Exec()
	return pgResult(tag), errors.Join(err, closeUnlessFailed(br, err))
}

func (t *pgTx) query(ctx context.Context, query string, args []any) (rows, error) {
	if !t.pending() {
		r, err := t.conn.Query(ctx, query, args...)
		if err != nil {
			return nil, err
		}
		return &pgRows{Rows: r}, nil
	}
	br, err := t.send(ctx, query, args)
	if err != nil {
		return nil, err
	}
	r, err := br.Query()
	if err != nil {
		br.Close()
		return nil, err
	}
	return &pgRows{Rows: r, batch: br}, nil
}

// closeUnlessFailed closes br after its last result was read; after an error it closes it too, but only
// the read's error is reported.
func closeUnlessFailed(br pgx.BatchResults, err error) error {
	cerr := br.Close()
	if err != nil {
		return nil
	}
	return cerr
}

// commit sends COMMIT, with whatever is queued. A transaction that never sent a statement has nothing to
// end.
func (t *pgTx) commit(ctx context.Context) error {
	if !t.begun && len(t.queued) == 0 {
		return nil
	}
	var tag pgconn.CommandTag
	var err error
	if t.pending() {
		var br pgx.BatchResults
		if br, err = t.send(ctx, "COMMIT", nil); err == nil {
			tag, err = br.Exec()
			err = errors.Join(err, closeUnlessFailed(br, err))
		}
	} else {
		tag, err = t.conn.Exec(ctx, "COMMIT")
	}
	if err == nil && tag.String() == "ROLLBACK" {
		err = errCommitRolledBack
	}
	if err != nil {
		t.rollback(ctx)
	}
	return err
}

// rollback ends the transaction when it is still open on the connection; a connection it cannot bring back
// to idle is closed, so that database/sql never hands it out again.
func (t *pgTx) rollback(ctx context.Context) {
	t.queued = nil
	pc := t.conn.PgConn()
	if !t.begun || pc.IsClosed() || pc.TxStatus() == 'I' {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if _, err := t.conn.Exec(ctx, "ROLLBACK"); err != nil || pc.TxStatus() != 'I' {
		t.conn.Close(ctx)
	}
}

// pgResult is a command tag as database/sql reports it.
type pgResult pgconn.CommandTag

func (r pgResult) LastInsertId() (int64, error) {
	return 0, errors.New("store: LastInsertId is not supported by PostgreSQL")
}
func (r pgResult) RowsAffected() (int64, error) { return pgconn.CommandTag(r).RowsAffected(), nil }

// pgRows are a query's rows as database/sql's: Close reports the error, and ends the batch they came in.
type pgRows struct {
	pgx.Rows
	batch pgx.BatchResults // nil: not in one
}

func (r *pgRows) Close() error {
	r.Rows.Close()
	err := r.Rows.Err()
	if r.batch != nil {
		err = errors.Join(err, closeUnlessFailed(r.batch, err))
	}
	return err
}

func (r *pgRows) Columns() ([]string, error) {
	fields := r.FieldDescriptions()
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Name
	}
	return out, nil
}

// pgRow is the first row of a query, as database/sql's Row: sql.ErrNoRows when there is none.
type pgRow struct {
	rows rows
	err  error
}

func (r pgRow) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	defer r.rows.Close()
	if !r.rows.Next() {
		if err := r.rows.Close(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	if err := r.rows.Scan(dest...); err != nil {
		return err
	}
	return r.rows.Close()
}
