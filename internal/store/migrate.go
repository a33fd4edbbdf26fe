package store

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Migrations live in migrations/NNNN_name.sql and are shared by both engines. Where an engine needs other
// DDL for a few statements (a trigger's body, a table option), the shared file holds both versions between
// marker lines: the lines after `-- sqlite only:` or `-- postgres only:` run on that engine alone, up to the
// next marker, and `-- both engines:` returns to shared lines. Where most of a file differs,
// migrations/<engine>/NNNN_name.sql replaces the shared file for that engine.
//
//go:embed migrations
var migrationFS embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

func (db *DB) migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFS, "migrations")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		num, name, ok := strings.Cut(strings.TrimSuffix(e.Name(), ".sql"), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("migration %s: name must be NNNN_name.sql", e.Name())
		}
		body, err := fs.ReadFile(migrationFS, path.Join("migrations", string(db.engine), e.Name()))
		if errors.Is(err, fs.ErrNotExist) {
			body, err = fs.ReadFile(migrationFS, path.Join("migrations", e.Name()))
		}
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: name, sql: forEngine(string(body), db.engine)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	return ms, nil
}

// forEngine keeps the lines of a shared migration that run on engine (see the marker lines above).
func forEngine(sql string, engine Engine) string {
	var b strings.Builder
	keep := true
	for _, line := range strings.SplitAfter(sql, "\n") {
		switch strings.TrimSpace(line) {
		case "-- sqlite only:":
			keep = engine == SQLite
			continue
		case "-- postgres only:":
			keep = engine == Postgres
			continue
		case "-- both engines:":
			keep = true
			continue
		}
		if keep {
			b.WriteString(line)
		}
	}
	return b.String()
}

// SchemaDigest identifies the migrations of engine (a hash of their texts): a database migrated with the
// same digest has the same schema.
func SchemaDigest(engine Engine) (string, error) {
	ms, err := (&DB{engine: engine}).migrations()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, m := range ms {
		fmt.Fprintf(h, "%d %s %d\n%s\n", m.version, m.name, len(m.sql), m.sql)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Migrate applies the pending migrations, each in its own transaction, and returns how many it applied.
// Several instances may start at once on PostgreSQL: an advisory lock lets one migrate while the others wait.
func (db *DB) Migrate(ctx context.Context) (applied int, err error) {
	ms, err := db.migrations()
	if err != nil {
		return 0, err
	}
	if _, err := db.writer().exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
		return 0, fmt.Errorf("create schema_migrations: %w", err)
	}
	for _, m := range ms {
		// The runner is its own caller: no service stands above it, so it opens each migration's
		// transaction through InTx as a service would.
		err := db.InTx(ctx, func(ctx context.Context) error {
			tx := db.writerIn(ctx)
			if db.engine == Postgres {
				// Any constant works; it only has to be the same for every instance of Vecinos.
				if _, err := tx.exec(ctx, "SELECT pg_advisory_xact_lock(7340651)"); err != nil {
					return err
				}
			}
			var done int
			if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.version).Scan(&done); err != nil {
				return err
			}
			if done > 0 {
				return nil
			}
			if _, err := tx.exec(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
			}
			if step := migrationSteps[migrationStep{db.engine, m.version}]; step != nil {
				if err := step(ctx, tx); err != nil {
					return fmt.Errorf("migration %04d_%s: %w", m.version, m.name, err)
				}
			}
			applied++
			// applied_at is for an operator reading the table, and Migrate runs before any service and
			// its clock exist: the wall clock is the right one here (migrate.go keeps this one exemption).
			_, err := tx.exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				m.version, m.name, time.Now().UnixMilli())
			return err
		})
		if err != nil {
			return applied, err
		}
	}
	return applied, nil
}

// migrationStep names a migration of one engine that has work done in Go after its SQL.
type migrationStep struct {
	engine  Engine
	version int
}

// migrationSteps run in their migration's transaction, after its SQL: the data a migration derives in
// Go, as the store derives it for new rows.
var migrationSteps = map[migrationStep]func(ctx context.Context, tx conn) error{
	{SQLite, 48}:   indexIncidentWords,
	{Postgres, 53}: indexIncidentWords,
}

// SchemaVersion returns the highest applied migration.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&v)
	return v, err
}
