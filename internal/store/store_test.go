package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		n, err := db.Migrate(ctx) // storetest already migrated once
		if err != nil || n != 0 {
			t.Fatalf("second migrate applied %d migrations (err %v), want 0", n, err)
		}
		v, err := db.SchemaVersion(ctx)
		if err != nil || v < 1 {
			t.Fatalf("schema version %d (err %v), want >= 1", v, err)
		}
	})
}

func TestCommunityCodeLookup(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ref := "4410205WJ0641S0001JH"
		c := &domain.Community{Name: "Comunidad Alcalá 12", Address: "Calle de Alcalá 12", City: "Madrid", PostalCode: "28014", CatastralReference: &ref}
		if err := db.CreateCommunity(ctx, c, time.Now(), errors.New("reference taken")); err != nil {
			t.Fatal(err)
		}
		if !domain.ValidPublicID(c.PublicID) || c.Country != "España" {
			t.Fatalf("community code %q, country %q", c.PublicID, c.Country)
		}
		got, err := db.CommunityByPublicID(ctx, " "+strings.ToLower(c.PublicID)+" ")
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != c.ID || got.Name != c.Name || got.CatastralReference == nil || *got.CatastralReference != ref || !got.CreatedAt.Equal(c.CreatedAt) {
			t.Fatalf("lookup returned %+v, want %+v", got, c)
		}
		if got, err := db.CommunityByPublicID(ctx, "ZZZZZZZZ"); got != nil || err != nil {
			t.Fatalf("unknown code: %v, err %v, want none", got, err)
		}
	})
}

func TestCommunityCodesAreUnique(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		seen := map[string]bool{}
		for range 200 {
			c := &domain.Community{Name: "C"}
			if err := db.CreateCommunity(ctx, c, time.Now(), errors.New("reference taken")); err != nil {
				t.Fatal(err)
			}
			if seen[c.PublicID] {
				t.Fatalf("duplicate community code %s", c.PublicID)
			}
			seen[c.PublicID] = true
		}
	})
}

func TestSQLiteBackupIsAConsistentCopy(t *testing.T) {
	db := storetest.OpenSQLite(t)
	ctx := context.Background()
	if err := db.CreateCommunity(ctx, &domain.Community{Name: "Copia"}, time.Now(), errors.New("reference taken")); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "copy.db")
	if err := db.Backup(ctx, dst); err != nil {
		t.Fatal(err)
	}
	copyDir := filepath.Dir(dst)
	if err := os.Rename(dst, filepath.Join(copyDir, store.SQLiteFile)); err != nil {
		t.Fatal(err)
	}
	restored, err := store.Open(ctx, "", copyDir)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	if v, err := restored.SchemaVersion(ctx); err != nil || v < 1 {
		t.Fatalf("restored schema version %d, err %v", v, err)
	}
	if err := db.Backup(ctx, filepath.Join(copyDir, store.SQLiteFile)); err == nil {
		t.Fatal("backup overwrote an existing file")
	}
}

func TestPostgresBackupExplainsPgDump(t *testing.T) {
	db := storetest.OpenPostgres(t)
	err := db.Backup(context.Background(), filepath.Join(t.TempDir(), "x"))
	if err == nil || !strings.Contains(err.Error(), "pg_dump") {
		t.Fatalf("err %v, want advice to use pg_dump", err)
	}
}
