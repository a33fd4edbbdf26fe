package backup_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"vecinos/internal/backup"
	"vecinos/internal/files"
	"vecinos/internal/files/filestest"
	"vecinos/internal/loadseed"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// populate fills an instance: members and incidents through the load seed, and uploaded files into
// storage; it returns the files' bytes by key.
func populate(t *testing.T, db *store.DB, storage files.Storage) map[string][]byte {
	t.Helper()
	ctx := context.Background()
	c, err := loadseed.Workload(ctx, db, 300)
	if err != nil {
		t.Fatal(err)
	}
	uploads := []struct {
		bucket *files.Bucket
		ext    string
	}{{files.Avatars, "png"}, {files.IncidentImages, "jpg"}, {files.CommunityDocuments, "pdf"}}
	out := map[string][]byte{}
	for i, u := range uploads {
		body := []byte(fmt.Sprintf("%d ", i) + rand.Text() + strings.Repeat("ñ", i*1000))
		key := u.bucket.NewKey(c.UserIDs[i%len(c.UserIDs)], u.ext, time.Now())
		if err := storage.Put(ctx, key, bytes.NewReader(body), int64(len(body)), ""); err != nil {
			t.Fatal(err)
		}
		out[key] = body
	}
	return out
}

// populateDataDir populates an instance on the embedded default, whose files are in dataDir, plus a
// half-written upload, which a backup leaves out.
func populateDataDir(t *testing.T, db *store.DB, dataDir string) {
	t.Helper()
	local, err := files.NewLocal(filepath.Join(dataDir, "files"))
	if err != nil {
		t.Fatal(err)
	}
	defer local.Close()
	populate(t, db, local)
	if err := os.WriteFile(filepath.Join(dataDir, "files", "avatars", ".tmp-partial"), []byte("half"), 0o640); err != nil {
		t.Fatal(err)
	}
}

// tables reads every row of every table of a database, each row printed, sorted: two databases with the
// same rows compare equal whatever their physical order.
func tables(t *testing.T, driver, dsn, list string) map[string][]string {
	t.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	names := queryStrings(t, db, list)
	out := map[string][]string{}
	for _, name := range names {
		rows, err := db.Query("SELECT * FROM " + name)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out[name] = append(out[name], fmt.Sprintf("%v", vals))
		}
		rows.Close()
		slices.Sort(out[name])
	}
	return out
}

func queryStrings(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	return out
}

const sqliteTables = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"

// fileTree reads every file under dir but the dot-names, by path.
func fileTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = b
		return err
	})
	return out
}

func compare(t *testing.T, what string, got, want map[string][]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d tables, want %d", what, len(got), len(want))
	}
	rows := 0
	for name, w := range want {
		if !slices.Equal(got[name], w) {
			t.Fatalf("%s: table %s differs: %d rows, want %d", what, name, len(got[name]), len(w))
		}
		rows += len(w)
	}
	if rows < 300 {
		t.Fatalf("%s: only %d rows compared", what, rows)
	}
}

func TestABackupTakenWhileServingRestoresEveryRowAndFile(t *testing.T) {
	ctx := context.Background()
	live := t.TempDir()
	src, err := store.Open(ctx, "", live)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if _, err := src.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	populateDataDir(t, src, live)
	unlock, err := backup.Lock(live, false) // a server runs on it
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	want := tables(t, "sqlite", filepath.Join(live, store.SQLiteFile), sqliteTables)

	var archive bytes.Buffer
	m, err := backup.Write(ctx, src, live, "test", time.Now(), &archive)
	if err != nil {
		t.Fatal(err)
	}
	if m.Files != 3 {
		t.Fatalf("manifest %+v: want the 3 uploaded files", m)
	}
	// The server goes on writing: none of it is in the snapshot.
	if _, err := loadseed.Workload(ctx, src, 10); err != nil {
		t.Fatal(err)
	}

	restored := t.TempDir()
	if _, _, err := backup.Restore(ctx, &archive, restored, time.Now()); err != nil {
		t.Fatal(err)
	}
	compare(t, "restored", tables(t, "sqlite", filepath.Join(restored, store.SQLiteFile), sqliteTables), want)
	wantFiles, gotFiles := fileTree(t, filepath.Join(live, "files")), fileTree(t, filepath.Join(restored, "files"))
	if len(wantFiles) != 3 || len(gotFiles) != len(wantFiles) {
		t.Fatalf("files: %d restored, %d live", len(gotFiles), len(wantFiles))
	}
	for p, b := range wantFiles {
		if !bytes.Equal(gotFiles[p], b) {
			t.Fatalf("file %s differs", p)
		}
	}
	if _, err := os.Stat(filepath.Join(restored, "files", "avatars", ".tmp-partial")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("a half-written upload was backed up")
	}
}

func TestRestoreRefusesWhileAServerUsesTheDataDirAndKeepsWhatWasThere(t *testing.T) {
	ctx := context.Background()
	live := t.TempDir()
	src, err := store.Open(ctx, "", live)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := src.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var archive bytes.Buffer
	if _, err := backup.Write(ctx, src, live, "test", time.Now(), &archive); err != nil {
		t.Fatal(err)
	}
	src.Close()

	target := t.TempDir()
	os.WriteFile(filepath.Join(target, store.SQLiteFile), []byte("the old database"), 0o640)
	unlock, err := backup.Lock(target, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := backup.Restore(ctx, bytes.NewReader(archive.Bytes()), target, time.Now()); !errors.Is(err, backup.ErrBusy) {
		t.Fatalf("restore under a running server: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(target, store.SQLiteFile)); string(b) != "the old database" {
		t.Fatal("the refused restore touched the database")
	}
	unlock()
	_, aside, err := backup.Restore(ctx, bytes.NewReader(archive.Bytes()), target, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(aside, store.SQLiteFile)); string(b) != "the old database" {
		t.Fatal("the previous database was not kept aside")
	}
}

func TestRestoreRefusesArchivesThatAreNotBackups(t *testing.T) {
	archive := func(entries map[string]string) *bytes.Buffer {
		var b bytes.Buffer
		gz := gzip.NewWriter(&b)
		tw := tar.NewWriter(gz)
		for name, body := range entries {
			tw.WriteHeader(&tar.Header{Name: name, Mode: 0o640, Size: int64(len(body)), Typeflag: tar.TypeReg})
			tw.Write([]byte(body))
		}
		tw.Close()
		gz.Close()
		return &b
	}
	for name, a := range map[string]*bytes.Buffer{
		"escapes the directory": archive(map[string]string{"files/../../evil": "x", "vecinos-backup.json": `{"format":1}`}),
		"absolute name":         archive(map[string]string{"/etc/evil": "x"}),
		"no manifest":           archive(map[string]string{store.SQLiteFile: "x"}),
		"damaged database":      archive(map[string]string{store.SQLiteFile: "not a database at all", "vecinos-backup.json": `{"format":1}`}),
		"not gzip":              bytes.NewBufferString("hello"),
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if _, _, err := backup.Restore(context.Background(), a, dir, time.Now()); err == nil {
				t.Fatal("restored")
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if e.Name() != ".lock" {
					t.Fatalf("left %s behind", e.Name())
				}
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "evil")); err == nil {
				t.Fatal("wrote outside the data directory")
			}
		})
	}
}

// On PostgreSQL with S3 storage the operator's tools are pg_dump, pg_restore and rclone (README): this
// proves that the documented commands restore every row and every file of a populated instance.
func TestPostgresDumpRestoreAndBucketCopyRoundTrip(t *testing.T) {
	for _, tool := range []string{"pg_dump", "pg_restore", "rclone"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	ctx := context.Background()
	srcURL := storetest.PostgresURL(t)
	src, err := store.Open(ctx, srcURL, "")
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if _, err := src.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	srcBucket := filestest.S3Server(t)
	want := populate(t, src, filestest.S3At(t, srcBucket))

	dir := t.TempDir()
	dump := filepath.Join(dir, "vecinos.dump")
	run(t, nil, "pg_dump", "--format=custom", "--no-owner", "--file="+dump, srcURL)
	dstURL := storetest.PostgresURL(t)
	run(t, nil, "pg_restore", "--no-owner", "--exit-on-error", "--dbname="+dstURL, dump)
	list := "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1"
	compare(t, "pg_restore", tables(t, "pgx", dstURL, list), tables(t, "pgx", srcURL, list))

	// The bucket: copied to a folder, and from the folder into a new bucket, as the README says.
	dstBucket := filestest.S3Server(t)
	copied := filepath.Join(dir, "vecinos-files")
	run(t, rcloneRemote(srcBucket), "rclone", "sync", "vecinos:"+filestest.Bucket, copied)
	run(t, rcloneRemote(dstBucket), "rclone", "sync", copied, "vecinos:"+filestest.Bucket)
	restored := filestest.S3At(t, dstBucket)
	for key, body := range want {
		r, _, err := restored.Open(ctx, key)
		if err != nil {
			t.Fatalf("%s after the copy: %v", key, err)
		}
		got, err := io.ReadAll(r)
		r.Close()
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("%s differs after the copy (%d bytes, want %d): %v", key, len(got), len(body), err)
		}
	}
	if n := len(fileTree(t, copied)); n != len(want) {
		t.Fatalf("the copy holds %d files, want %d", n, len(want))
	}
}

// rcloneRemote is the environment that names the S3 server at endpoint rclone's remote "vecinos".
func rcloneRemote(endpoint string) []string {
	return []string{"RCLONE_CONFIG_VECINOS_TYPE=s3", "RCLONE_CONFIG_VECINOS_PROVIDER=Other",
		"RCLONE_CONFIG_VECINOS_ENDPOINT=" + endpoint, "RCLONE_CONFIG_VECINOS_REGION=us-east-1",
		"RCLONE_CONFIG_VECINOS_ACCESS_KEY_ID=test-access-key", "RCLONE_CONFIG_VECINOS_SECRET_ACCESS_KEY=test-secret-key",
		"RCLONE_CONFIG_VECINOS_FORCE_PATH_STYLE=true"}
}

// run runs a command with env added to the test's environment, and fails the test with its output if it
// fails. AWS_CA_BUNDLE, set on some machines for their proxy, is left out: rclone's S3 client refuses to
// load it with its own transport, and the test's servers are plain HTTP.
func run(t *testing.T, env []string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "AWS_CA_BUNDLE=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, out)
	}
}
