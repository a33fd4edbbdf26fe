// Package storetest opens real databases for tests: a SQLite file in a temporary directory, and a fresh
// PostgreSQL database per test run on the server named by VECINOS_TEST_POSTGRES_URL
// (default postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable).
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"hash/crc32"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"vecinos/internal/store"
)

const defaultPostgresURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// Each runs fn once per engine as parallel subtests named "sqlite" and "postgres", each with a freshly
// migrated, empty database. When PostgreSQL is unreachable its subtest is skipped, or fails when CI=true.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run(string(store.SQLite), func(t *testing.T) { t.Parallel(); fn(t, OpenSQLite(t)) })
	t.Run(string(store.Postgres), func(t *testing.T) { t.Parallel(); fn(t, OpenPostgres(t)) })
}

// OpenSQLite returns a migrated SQLite store in a temporary directory.
func OpenSQLite(t testing.TB) *store.DB {
	t.Helper()
	return open(t, "", t.TempDir())
}

// OpenPostgres returns a migrated store on a new, empty PostgreSQL database that is dropped afterwards.
func OpenPostgres(t testing.TB) *store.DB {
	t.Helper()
	return open(t, migratedURL(t), "")
}

// PostgresURL creates a new empty database and returns its URL; the database is dropped when t ends.
// Several stores (instances) may open the same URL.
func PostgresURL(t testing.TB) string {
	t.Helper()
	return newDatabase(t, "")
}

// migratedURL is PostgresURL for a database that already has the schema: a copy of a migrated template,
// which takes a fraction of the time of running every migration for each test.
func migratedURL(t testing.TB) string {
	t.Helper()
	return newDatabase(t, schemaTemplate(t))
}

// newDatabase creates a database, a copy of template unless that is "", dropped when t ends. Commits
// do not wait for the disk: a test database outlives no crash of the server, and the tests' many
// small transactions go several times faster.
//
// A test does not wait for either end of its database: the copy it gets was made while the previous test
// ran, and its DROP (a checkpoint of the whole server) runs after it, in the background. On 2 cores the two
// took 0.5–1.2 s of each PostgreSQL test, most of the time of a short one. What a test binary leaves when
// it exits (its last drops, the copy made ahead) is dropped by the next one (sweep).
func newDatabase(t testing.TB, template string) string {
	t.Helper()
	admin := serverURL()
	server, err := reach(admin)
	if err != nil {
		msg := fmt.Sprintf("PostgreSQL is not reachable at %s (%v); start it or set VECINOS_TEST_POSTGRES_URL to run the PostgreSQL tests", redact(admin), err)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	var name string
	if template != "" {
		name, err = copies(server, template).take()
	} else {
		name, err = createDatabase(server, "")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { drops(server) <- name })
	u, _ := url.Parse(admin)
	u.Path = "/" + name
	return u.String()
}

// namePrefix starts the name of every database this test binary creates: the host and the process, so
// that sweep can tell a database whose binary has exited from one still in use.
var namePrefix = func() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("vecinos_test_%08x_%d_", crc32.ChecksumIEEE([]byte(host)), os.Getpid())
}()

func createDatabase(server *sql.DB, template string) (string, error) {
	name := namePrefix + strings.ToLower(rand.Text()[:8])
	create := "CREATE DATABASE " + name
	if template != "" {
		create += " TEMPLATE " + template
	}
	if _, err := server.Exec(create); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	if _, err := server.Exec("ALTER DATABASE " + name + " SET synchronous_commit = off"); err != nil {
		return "", fmt.Errorf("database %s: %w", name, err)
	}
	return name, nil
}

// aheadCopies makes the next copy of a template while the current one is in use.
type aheadCopies struct{ next chan copyResult }

type copyResult struct {
	name string
	err  error
}

func (c *aheadCopies) take() (string, error) {
	r := <-c.next
	return r.name, r.err
}

var (
	copiesOnce sync.Once
	ahead      *aheadCopies
)

// copies starts, on first use, the goroutine that keeps one copy of template ready (the one template of
// a test binary: its schema's).
func copies(server *sql.DB, template string) *aheadCopies {
	copiesOnce.Do(func() {
		ahead = &aheadCopies{next: make(chan copyResult)}
		go func() {
			for {
				name, err := createDatabase(server, template)
				ahead.next <- copyResult{name, err}
			}
		}()
	})
	return ahead
}

var (
	dropsOnce sync.Once
	dropQueue chan string
)

// drops is the queue of databases to drop, one at a time, in the background.
func drops(server *sql.DB) chan<- string {
	dropsOnce.Do(func() {
		dropQueue = make(chan string, 4096)
		go func() {
			for name := range dropQueue {
				// A failure leaves the database to the next binary's sweep.
				_, _ = server.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			}
		}()
	})
	return dropQueue
}

// sweep drops the test databases that binaries of this host left when they exited (see newDatabase): a
// copy made ahead and the last drops, a few a binary.
func sweep(server *sql.DB) {
	host := namePrefix[:len("vecinos_test_")+9]
	rows, err := server.Query("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", host)
	if err != nil {
		return
	}
	var gone []string
	for rows.Next() {
		var name string
		if rows.Scan(&name) != nil {
			continue
		}
		pid, _, _ := strings.Cut(strings.TrimPrefix(name, host), "_")
		if n, err := strconv.Atoi(pid); err == nil && n != os.Getpid() && !alive(n) {
			gone = append(gone, name)
		}
	}
	rows.Close()
	for _, name := range gone { // at once: a short binary may exit before its queue of drops empties
		_, _ = server.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	}
}

// alive tells whether process pid exists (signal 0 checks without sending anything).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// Instances returns n migrated stores on one new PostgreSQL database: n instances of the app.
func Instances(t testing.TB, n int) []*store.DB {
	t.Helper()
	u := migratedURL(t)
	out := make([]*store.DB, n)
	for i := range out {
		out[i] = open(t, u, "")
	}
	return out
}

func open(t testing.TB, databaseURL, dataDir string) *store.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := store.Open(ctx, databaseURL, dataDir)
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	locations.Store(db, location{url: databaseURL, dir: dataDir})
	t.Cleanup(func() { locations.Delete(db) })
	return db
}

// locations remembers where each store opened here lives, for Exec.
var locations sync.Map // *store.DB → location

type location struct{ url, dir string }

// Exec runs one statement on the database of db (a store opened by this package) through a connection
// of its own, for a change that no store method makes, such as a membership removed by hand. Write the
// placeholders $1, $2…: both engines read them.
func Exec(t testing.TB, db *store.DB, query string, args ...any) {
	t.Helper()
	if err := TryExec(t, db, query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// TryExec is Exec for a statement the database may refuse (a trigger, a constraint): it returns the error.
func TryExec(t testing.TB, db *store.DB, query string, args ...any) error {
	t.Helper()
	raw := rawDB(t, db)
	defer raw.Close()
	_, err := raw.Exec(query, args...)
	return err
}

// rawDB opens a connection of its own to the database of db (a store opened by this package).
func rawDB(t testing.TB, db *store.DB) *sql.DB {
	t.Helper()
	v, ok := locations.Load(db)
	if !ok {
		t.Fatal("storetest: the store was not opened by storetest")
	}
	loc := v.(location)
	driver, dsn := "pgx", loc.url
	if loc.url == "" {
		driver, dsn = "sqlite", "file:"+filepath.Join(loc.dir, store.SQLiteFile)+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	}
	raw, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// Rows runs one query on the database of db as Exec does and returns every row, each value as text
// (NULL as ""), for tests that read the tables as a database reader would.
func Rows(t testing.TB, db *store.DB, query string, args ...any) [][]string {
	t.Helper()
	raw := rawDB(t, db)
	defer raw.Close()
	rows, err := raw.Query(query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out [][]string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			row[i] = v.String
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func serverURL() string {
	if u := os.Getenv("VECINOS_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return defaultPostgresURL
}

// One connection to the server per test binary, for creating and dropping databases.
var (
	serverOnce sync.Once
	serverDB   *sql.DB
	serverErr  error
)

func reach(u string) (*sql.DB, error) {
	serverOnce.Do(func() {
		db, err := sql.Open("pgx", u)
		if err != nil {
			serverErr = err
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if err := db.PingContext(ctx); err != nil {
			db.Close()
			serverErr = err
			return
		}
		serverDB = db
		sweep(db)
	})
	return serverDB, serverErr
}

// The template of migrated databases, one per schema (its name carries the migrations' digest), kept on
// the server between runs and shared by the test binaries that run at once: an advisory lock lets one
// build it while the others wait, and it is built under a temporary name and renamed once complete, so a
// killed run leaves no half-migrated template behind.
var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

func schemaTemplate(t testing.TB) string {
	t.Helper()
	templateOnce.Do(func() { templateName, templateErr = buildTemplate() })
	if templateErr != nil {
		t.Fatalf("template database: %v", templateErr)
	}
	return templateName
}

func buildTemplate() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	server, err := reach(serverURL())
	if err != nil {
		return "", err
	}
	digest, err := store.SchemaDigest(store.Postgres)
	if err != nil {
		return "", err
	}
	name := "vecinos_template_" + digest[:16]
	conn, err := server.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(hashtext('vecinos storetest template'))"); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock(hashtext('vecinos storetest template'))")
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_building"
	if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building); err != nil {
		return "", err
	}
	u, _ := url.Parse(serverURL())
	u.Path = "/" + building
	db, err := store.Open(ctx, u.String(), "")
	if err != nil {
		return "", err
	}
	_, err = db.Migrate(ctx)
	db.Close()
	if err != nil {
		return "", fmt.Errorf("migrate: %w", err)
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name); err != nil {
		return "", err
	}
	return name, nil
}

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	return u.Redacted()
}
