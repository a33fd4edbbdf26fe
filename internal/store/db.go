// Package store is the database access of Vecinos. Every business query is written once, with `?`
// placeholders, and runs on SQLite (the embedded default) and PostgreSQL; only the DDL of the migrations
// differs per engine.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver

	"vecinos/internal/groupcommit"
)

// Engine names a database engine.
type Engine string

const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// DB is the store. On SQLite writes go through a single connection (SQLite allows one writer; a Go-side
// queue beats SQLITE_BUSY retries) while reads use a pool. On PostgreSQL both are the same pool.
type DB struct {
	engine Engine
	write  *sql.DB
	read   *sql.DB
	path   string // SQLite file, empty on PostgreSQL
	binds  sync.Map
	stmts  stmtCache

	gate           *gate                            // the requests' turns for the database (admission.go)
	incidentWrites groupcommit.Group[incidentWrite] // CreateIncident
	vocabulary     vocabulary                       // SQLite's search words (search.go)
	receiptLines   receiptLinesCache                // the lines of receipts, which never change (money.go)
}

// SQLiteFile is the name of the database file inside the data dir.
const SQLiteFile = "vecinos.db"

// Open connects to PostgreSQL when databaseURL is a postgres:// URL, otherwise to the SQLite file in
// dataDir (created if missing). It does not migrate; call Migrate.
func Open(ctx context.Context, databaseURL, dataDir string) (*DB, error) {
	if strings.HasPrefix(databaseURL, "postgres://") || strings.HasPrefix(databaseURL, "postgresql://") {
		return openPostgres(ctx, databaseURL)
	}
	if databaseURL != "" {
		return nil, fmt.Errorf("VECINOS_DATABASE_URL must be empty (SQLite) or a postgres:// URL")
	}
	return openSQLite(ctx, dataDir)
}

func openPostgres(ctx context.Context, databaseURL string) (*DB, error) {
	pool, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	conns := max(8, 4*runtime.NumCPU())
	pool.SetMaxOpenConns(conns)
	pool.SetMaxIdleConns(conns)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	db := &DB{engine: Postgres, write: pool, read: pool, gate: newGate(admissionSize(Postgres, conns, 0))}
	db.incidentWrites = groupcommit.Group[incidentWrite]{MaxLeaders: db.parallelCommits(), MaxBatch: maxIncidentBatch, Run: db.insertIncidents}
	if err := db.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	return db, nil
}

func openSQLite(ctx context.Context, dataDir string) (*DB, error) {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("create data dir: %w", err)
	}
	path := filepath.Join(dataDir, SQLiteFile)
	// busy_timeout comes first so that the pragmas after it already wait instead of failing.
	pragmas := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)"
	u := "file:" + (&url.URL{Path: path}).EscapedPath()
	write, err := sql.Open("sqlite", u+"?"+pragmas+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxIdleTime(0)
	write.SetConnMaxLifetime(0)
	read, err := sql.Open("sqlite", u+"?"+pragmas+"&_pragma=query_only(1)")
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	readers := max(4, 2*runtime.NumCPU())
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	db := &DB{engine: SQLite, write: write, read: read, path: path, stmts: stmtCache{on: true, stmts: map[stmtKey]*sql.Stmt{}},
		gate: newGate(admissionSize(SQLite, 1, readers))}
	db.incidentWrites = groupcommit.Group[incidentWrite]{MaxLeaders: db.parallelCommits(), MaxBatch: maxIncidentBatch, Run: db.insertIncidents}
	// The writer connects first: it creates the file and switches it to WAL before any reader opens it.
	if err := write.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	if err := read.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	return db, nil
}

// parallelCommits is how many batches of grouped writes (groupcommit) should run at once: on PostgreSQL a
// few, whose commits (and WAL flushes) coalesce, leaving the pool's other connections for reads; on SQLite
// one, the next batch gathering while it commits, since there is one writer.
func (db *DB) parallelCommits() int {
	if db.engine == Postgres {
		return 4
	}
	return 1
}

// Engine tells which engine this store runs on.
func (db *DB) Engine() Engine { return db.engine }

// Ping checks that the database answers (readiness).
func (db *DB) Ping(ctx context.Context) error {
	if err := db.write.PingContext(ctx); err != nil {
		return err
	}
	if db.read != db.write {
		return db.read.PingContext(ctx)
	}
	return nil
}

// Close closes every connection.
func (db *DB) Close() error {
	db.stmts.close()
	err := db.write.Close()
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	return err
}

// Backup writes a consistent copy of the SQLite database to dst while the server keeps running.
func (db *DB) Backup(ctx context.Context, dst string) error {
	if db.engine != SQLite {
		return errors.New("backup of PostgreSQL: use pg_dump, e.g. `pg_dump --format=custom --file=vecinos.dump \"$VECINOS_DATABASE_URL\"`")
	}
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("%s already exists; refusing to overwrite it", dst)
	}
	// VACUUM INTO reads one snapshot of the database and writes a compact copy; writers are not blocked.
	_, err := db.write.ExecContext(ctx, "VACUUM INTO ?", dst)
	return err
}

// IntegrityCheck runs SQLite's integrity check (on a restored or copied database); on PostgreSQL, whose
// server checks its own pages, it pings.
func (db *DB) IntegrityCheck(ctx context.Context) error {
	if db.engine != SQLite {
		return db.Ping(ctx)
	}
	var res string
	if err := db.read.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return fmt.Errorf("integrity check: %s", res)
	}
	return nil
}

// querier is what *sql.DB and *sql.Tx have in common.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// conn runs queries written with `?` placeholders on either engine: on a pool, or in a transaction
// (tx) on one of the pool's connections.
type conn struct {
	pool *sql.DB
	tx   *sql.Tx // nil: on the pool, or in pg's transaction
	pg   *pgTx   // a transaction on PostgreSQL (pgtx.go)
	// The queries the transaction ran unprepared, to prepare once it has ended: preparing needs one of
	// the pool's connections, and SQLite's writer pool has one, which the transaction holds.
	unprepared *[]string
	// What runs once the transaction committed (AfterCommit): nil on a pool.
	committed *[]func()
	db        *DB
}

// rows are a query's rows: *sql.Rows, or pgx's in a transaction on PostgreSQL (pgRows).
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Columns() ([]string, error)
	Err() error
	Close() error
}

// inTransaction says whether c is a transaction's, not a pool's.
func (c conn) inTransaction() bool { return c.tx != nil || c.pg != nil }

// querier runs an unprepared query: in the transaction if there is one.
func (c conn) querier() querier {
	if c.tx != nil {
		return c.tx
	}
	return c.pool
}

// admit waits for the request's turn (admission.go) before a query on the pool; a transaction's request
// was admitted when it began.
func (c conn) admit(ctx context.Context) {
	if !c.inTransaction() {
		admit(ctx)
	}
}

// prepared is query's cached statement, bound to the transaction when there is one: database/sql reuses
// the statement already prepared on the transaction's connection instead of parsing the query again
// (parsing was a quarter of a booking's CPU on SQLite). nil: run it unprepared.
func (c conn) prepared(ctx context.Context, query string) *sql.Stmt {
	if c.tx == nil {
		return c.db.stmts.get(ctx, c.pool, query)
	}
	st := c.db.stmts.cached(c.pool, query)
	if st == nil {
		if c.db.stmts.on {
			*c.unprepared = append(*c.unprepared, query)
		}
		return nil
	}
	return c.tx.StmtContext(ctx, st)
}

func (c conn) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if c.pg != nil {
		return c.pg.exec(ctx, c.db.rebind(query), args)
	}
	c.admit(ctx)
	if st := c.prepared(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return c.querier().ExecContext(ctx, c.db.rebind(query), args...)
}

// execAtCommit runs query, whose caller needs no answer but its error, as late as it may: in a
// transaction on PostgreSQL it goes out with the next statement or the COMMIT (pgtx.go), and its error,
// through refused (nil: as it is), is then that statement's or the commit's; elsewhere it runs at once.
func (c conn) execAtCommit(ctx context.Context, refused func(error) error, query string, args ...any) error {
	if c.pg != nil {
		c.pg.atCommit(refused, c.db.rebind(query), args)
		return nil
	}
	_, err := c.exec(ctx, query, args...)
	if err != nil && refused != nil {
		err = refused(err)
	}
	return err
}

func (c conn) query(ctx context.Context, query string, args ...any) (rows, error) {
	if c.pg != nil {
		return c.pg.query(ctx, c.db.rebind(query), args)
	}
	c.admit(ctx)
	if st := c.prepared(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return c.querier().QueryContext(ctx, c.db.rebind(query), args...)
}

func (c conn) queryRow(ctx context.Context, query string, args ...any) scanner {
	if c.pg != nil {
		r, err := c.pg.query(ctx, c.db.rebind(query), args)
		return pgRow{rows: r, err: err}
	}
	c.admit(ctx)
	if st := c.prepared(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return c.querier().QueryRowContext(ctx, c.db.rebind(query), args...)
}

// stmtCache keeps SQLite's prepared statements: parsing and planning a query costs more than running
// most of ours (a fifth of a list request's CPU was the SQL parser). database/sql prepares a statement
// once per connection and reuses it. On PostgreSQL pgx already caches statements, so the cache is off.
type stmtCache struct {
	on    bool
	mu    sync.Mutex
	stmts map[stmtKey]*sql.Stmt
}

type stmtKey struct {
	pool  *sql.DB
	query string
}

// maxStmts bounds the cache; queries built from filters have a bounded number of shapes, but a bug that
// inlined values into SQL must not grow memory without end.
const maxStmts = 1000

// cached returns the prepared statement of query on pool, or nil when there is none yet.
func (c *stmtCache) cached(pool *sql.DB, query string) *sql.Stmt {
	if !c.on {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stmts[stmtKey{pool, query}]
}

// get returns the prepared statement of query on pool, preparing it the first time, or nil to run it
// unprepared: on PostgreSQL, when the cache is full or when preparing fails (the plain call then reports
// the error). It prepares without holding the cache: that waits for a connection of the pool, which a
// transaction looking up its statements (cached) may hold.
func (c *stmtCache) get(ctx context.Context, pool *sql.DB, query string) *sql.Stmt {
	if st := c.cached(pool, query); st != nil || !c.on {
		return st
	}
	c.mu.Lock()
	full := c.stmts == nil || len(c.stmts) >= maxStmts
	c.mu.Unlock()
	if full {
		return nil
	}
	st, err := pool.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	key := stmtKey{pool, query}
	if had, ok := c.stmts[key]; ok || c.stmts == nil {
		st.Close() // prepared meanwhile by another caller, or the cache is closed
		return had
	}
	c.stmts[key] = st
	return st
}

func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.stmts {
		st.Close()
	}
	c.stmts = nil
}

func (db *DB) reader() conn { return conn{pool: db.read, db: db} }
func (db *DB) writer() conn { return conn{pool: db.write, db: db} }

// readerIn is the transaction a service opened with InTx when ctx carries one (so a read inside it sees
// the transaction's own writes and locks), otherwise the read pool.
func (db *DB) readerIn(ctx context.Context) conn {
	if tx, err := txOf(ctx); err == nil {
		return tx
	}
	return db.reader()
}

// writerIn is the transaction a service opened with InTx when ctx carries one, otherwise the write pool:
// a write outside a service's transaction commits on its own.
func (db *DB) writerIn(ctx context.Context) conn {
	if tx, err := txOf(ctx); err == nil {
		return tx
	}
	return db.writer()
}

// scanner is a row to scan: *sql.Row or *sql.Rows.
type scanner = interface{ Scan(...any) error }

// queryAll runs query on c and scans every row with scan: the one loop over rows of the store.
func queryAll[T any](ctx context.Context, c conn, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	return queryInto(ctx, c, nil, scan, query, args...)
}

// queryInto is queryAll appending the rows to out: a page whose limit bounds its rows comes with that
// capacity, so its rows are not copied again and again as the slice grows (a third of the bytes a page of
// incidents allocated).
func queryInto[T any](ctx context.Context, c conn, out []T, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := c.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// repeated is item n times, separated by commas: a list of placeholders, or of rows of VALUES.
func repeated(item string, n int) string {
	return strings.TrimSuffix(strings.Repeat(item+", ", n), ", ")
}

// scanValue scans a row of one column.
func scanValue[T any](row scanner) (T, error) {
	var v T
	err := row.Scan(&v)
	return v, err
}

// values adapts a scan function that returns a pointer to queryAll's lists of values.
func values[T any](scan func(scanner) (*T, error)) func(scanner) (T, error) {
	return func(row scanner) (T, error) {
		p, err := scan(row)
		if err != nil {
			var zero T
			return zero, err
		}
		return *p, nil
	}
}

// inTx runs fn in a write transaction, committing when fn returns nil. On SQLite the transaction starts
// IMMEDIATE (it takes the write lock at once), so two transactions never deadlock upgrading their locks.
func (db *DB) inTx(ctx context.Context, fn func(tx conn) error) (err error) {
	if db.engine == Postgres {
		return db.pgInTx(ctx, fn)
	}
	admit(ctx)
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	var unprepared []string
	var committed []func()
	defer func() {
		if p := recover(); p != nil {
			tx.Rollback()
			panic(p)
		}
		if err != nil {
			tx.Rollback()
		}
		// The transaction has ended: its connection is free to prepare what it ran unprepared.
		for _, q := range unprepared {
			db.stmts.get(ctx, db.write, q)
		}
	}()
	if err = fn(conn{pool: db.write, tx: tx, unprepared: &unprepared, committed: &committed, db: db}); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return err
	}
	for _, f := range committed {
		f()
	}
	return nil
}

type txKey struct{}

// InTx runs fn in one write transaction, committing when fn returns nil. The transaction travels in the
// context fn receives: the store's ForUpdate and Save methods run in it, so a service reads, checks its
// rule and writes as one plain sequence (docs/adr/0012). Other methods called with that context use their
// own connections, as they always do.
func (db *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return db.inTx(ctx, func(tx conn) error { return fn(context.WithValue(ctx, txKey{}, tx)) })
}

// InGroupTx is InTx for a batch of calls that wait for it (groupcommit): it takes no turn at the gate
// (admission.go), which those calls' requests may be holding.
func (db *DB) InGroupTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return db.InTx(withoutTicket(ctx), fn)
}

// txOf is the transaction InTx put in ctx.
func txOf(ctx context.Context) (conn, error) {
	tx, ok := ctx.Value(txKey{}).(conn)
	if !ok {
		return conn{}, errors.New("store: ForUpdate and Save methods run inside InTx")
	}
	return tx, nil
}

// rebind turns `?` placeholders into `$1, $2, …` for PostgreSQL. Results are cached: queries are constants.
func (db *DB) rebind(query string) string {
	if db.engine != Postgres {
		return query
	}
	if q, ok := db.binds.Load(query); ok {
		return q.(string)
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n, quoted := 0, false
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'':
			quoted = !quoted
		case c == '?' && !quoted:
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteByte(c)
	}
	db.binds.Store(query, b.String())
	return b.String()
}

// lockLiveRow takes the write lock on row id of table in communityID when it is not soft-deleted, and
// reports notFound otherwise. A no-op UPDATE locks the row on PostgreSQL (SQLite's IMMEDIATE transaction
// already holds the database's write lock), so concurrent edits of one row serialize. table is always
// a constant of this package, never input.
func lockLiveRow(ctx context.Context, tx conn, table, id, communityID string, notFound error) error {
	res, err := tx.exec(ctx, "UPDATE "+table+" SET updated_at = updated_at WHERE id = ? AND community_id = ? AND deleted_at IS NULL", id, communityID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return notFound
	}
	return nil
}

// queryStrings runs a query of one text column (ids, most often) and returns its values.
func queryStrings(ctx context.Context, tx conn, query string, args ...any) ([]string, error) {
	rows, err := tx.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
