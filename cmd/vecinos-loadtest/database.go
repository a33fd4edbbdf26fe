package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"vecinos/internal/loadseed"
	"vecinos/internal/store"
)

// database is the fresh database of one case.
type database struct {
	url     string       // VECINOS_DATABASE_URL: empty for SQLite
	dataDir string       // VECINOS_DATA_DIR: the SQLite file and uploaded files
	drop    func() error // removes a PostgreSQL database; nil for SQLite (its file goes with the temp dir)
}

// createDatabase makes an empty database: a SQLite file under dir, or a new database on the PostgreSQL
// server that adminURL reaches.
func createDatabase(ctx context.Context, engine store.Engine, dir, adminURL string) (*database, error) {
	d := &database{dataDir: filepath.Join(dir, "data")}
	if engine == store.SQLite {
		return d, nil
	}
	admin, err := connectAdmin(ctx, adminURL)
	if err != nil {
		return nil, err
	}
	name := "vecinos_load_" + strings.ToLower(rand.Text()[:12])
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		return nil, fmt.Errorf("create database %s: %w", name, err)
	}
	d.drop = func() error {
		defer admin.Close()
		// FORCE: a server that was killed may have left connections behind.
		_, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		return err
	}
	u, _ := url.Parse(adminURL)
	u.Path = "/" + name
	d.url = u.String()
	return d, nil
}

// dropUnlessKept drops a PostgreSQL database, or with keep leaves it and says where it is (-keep).
func (d *database) dropUnlessKept(keep bool, engine store.Engine, progress io.Writer) {
	switch {
	case d.drop != nil && keep:
		fmt.Fprintf(progress, "%s: the database is kept: %s (drop it by hand)\n", engine, d.url)
	case d.drop != nil:
		d.drop()
	}
}

// connectAdmin opens a connection to the PostgreSQL server for creating and dropping databases.
func connectAdmin(ctx context.Context, adminURL string) (*sql.DB, error) {
	u, err := url.Parse(adminURL)
	if err != nil {
		return nil, fmt.Errorf("-postgres: %w", err)
	}
	admin, err := sql.Open("pgx", adminURL)
	if err == nil {
		ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		if err = admin.PingContext(ctx); err != nil {
			admin.Close()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL is not reachable at %s: %w", u.Redacted(), err)
	}
	return admin, nil
}

// seed migrates the database and fills it with one community of n signed-in members.
func (d *database) seed(ctx context.Context, n int) (*loadseed.Community, error) {
	db, err := store.Open(ctx, d.url, d.dataDir)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return loadseed.Members(ctx, db, n)
}
