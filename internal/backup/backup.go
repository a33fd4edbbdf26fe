// Package backup writes and restores one archive of an instance on the embedded default: a consistent
// snapshot of the SQLite database, taken while the server runs, and the local files. On PostgreSQL the
// database has its own tools (pg_dump, pg_restore) and an S3 bucket its own copy; the README says how.
package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"vecinos/internal/store"
)

// The archive is a gzipped tar of these names; anything else in it is refused.
const (
	manifestName = "vecinos-backup.json"
	filesDir     = "files"
	format       = 1
)

// Manifest describes an archive; it is its last entry.
type Manifest struct {
	Format        int       `json:"format"`
	Version       string    `json:"version"` // of the binary that wrote it
	SchemaVersion int       `json:"schemaVersion"`
	CreatedAt     time.Time `json:"createdAt"`
	Files         int       `json:"files"`
	Bytes         int64     `json:"bytes"` // of the database and the files, before compression
}

// ErrBusy refuses a restore while a server holds the data directory.
var ErrBusy = errors.New("a Vecinos server is using this data directory: stop it before restoring")

// Lock takes the data directory: shared by every server (serve), exclusive by a restore, so that a
// restore never swaps the files under a running server. unlock releases it; the kernel does too when
// the process dies, so a crash leaves no stale lock.
func Lock(dataDir string, exclusive bool) (unlock func(), err error) {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dataDir, ".lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrBusy
		}
		return nil, err
	}
	return func() { f.Close() }, nil
}

// Write writes the archive of the instance whose database is db and whose local files are under
// dataDir/files. The database is one snapshot (SQLite's VACUUM INTO: writers go on meanwhile); the files
// are read after it, so every file the snapshot names is there (a file uploaded later is an extra that
// nothing refers to). Half-written uploads (dot-names) are left out.
func Write(ctx context.Context, db *store.DB, dataDir, version string, now time.Time, w io.Writer) (*Manifest, error) {
	if db.Engine() != store.SQLite {
		return nil, errors.New("the backup archive is for the embedded default (SQLite); on PostgreSQL use pg_dump and copy the bucket (see the README)")
	}
	schema, err := db.SchemaVersion(ctx)
	if err != nil {
		return nil, err
	}
	snapshot := filepath.Join(dataDir, ".backup-"+rand.Text()+".db")
	if err := db.Backup(ctx, snapshot); err != nil {
		return nil, fmt.Errorf("database snapshot: %w", err)
	}
	defer os.Remove(snapshot)

	m := &Manifest{Format: format, Version: version, SchemaVersion: schema, CreatedAt: now.UTC()}
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	n, err := addFile(tw, store.SQLiteFile, snapshot, now)
	if err != nil {
		return nil, err
	}
	m.Bytes += n
	local := filepath.Join(dataDir, filesDir)
	err = filepath.WalkDir(local, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == local {
			return fs.SkipDir // no files yet
		}
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(local, p)
		if err != nil {
			return err
		}
		n, err := addFile(tw, path.Join(filesDir, filepath.ToSlash(rel)), p, now)
		m.Files++
		m.Bytes += n
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("files: %w", err)
	}
	body, _ := json.MarshalIndent(m, "", "  ")
	if err := tw.WriteHeader(&tar.Header{Name: manifestName, Mode: 0o640, Size: int64(len(body)), ModTime: now, Typeflag: tar.TypeReg}); err != nil {
		return nil, err
	}
	if _, err := tw.Write(body); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return m, gz.Close()
}

func addFile(tw *tar.Writer, name, src string, now time.Time) (int64, error) {
	f, err := os.Open(src)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o640, Size: st.Size(), ModTime: st.ModTime(), Typeflag: tar.TypeReg}); err != nil {
		return 0, err
	}
	return io.Copy(tw, f)
}

// Restore replaces the database and the local files of dataDir with those of the archive r. It refuses
// while a server holds dataDir (see Lock). The archive is unpacked and its database checked before
// anything is touched; what was there before is moved aside to dataDir/before-restore-{time}, never
// deleted.
func Restore(ctx context.Context, r io.Reader, dataDir string, now time.Time) (*Manifest, string, error) {
	unlock, err := Lock(dataDir, true)
	if err != nil {
		return nil, "", err
	}
	defer unlock()
	staging := filepath.Join(dataDir, ".restore-"+rand.Text())
	if err := os.Mkdir(staging, 0o750); err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(staging)
	m, err := unpack(r, staging)
	if err != nil {
		return nil, "", fmt.Errorf("the archive cannot be restored: %w", err)
	}
	if err := check(ctx, staging); err != nil {
		return nil, "", fmt.Errorf("the archive's database is damaged: %w", err)
	}

	aside := filepath.Join(dataDir, "before-restore-"+now.UTC().Format("20060102-150405"))
	if err := os.Mkdir(aside, 0o750); err != nil {
		return nil, "", err
	}
	db := store.SQLiteFile
	for _, name := range []string{db, db + "-wal", db + "-shm", filesDir} {
		if err := os.Rename(filepath.Join(dataDir, name), filepath.Join(aside, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, "", err
		}
	}
	for _, name := range []string{db, filesDir} {
		if err := os.Rename(filepath.Join(staging, name), filepath.Join(dataDir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, "", err
		}
	}
	return m, aside, nil
}

// unpack writes the archive's entries under dir through an os.Root, so no name can reach outside it.
func unpack(r io.Reader, dir string) (*Manifest, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	gz, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	var m *Manifest
	hasDB := false
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		name := h.Name
		switch {
		case h.Typeflag != tar.TypeReg:
			return nil, fmt.Errorf("%q is not a regular file", name)
		case name != path.Clean(name) || path.IsAbs(name) || strings.HasPrefix(name, "../"):
			return nil, fmt.Errorf("%q is not a name of this archive", name)
		case name == manifestName:
			m = &Manifest{}
			if err := json.NewDecoder(io.LimitReader(tr, 1<<20)).Decode(m); err != nil {
				return nil, fmt.Errorf("manifest: %w", err)
			}
			continue
		case name == store.SQLiteFile:
			hasDB = true
		case !strings.HasPrefix(name, filesDir+"/"):
			return nil, fmt.Errorf("%q is not a name of this archive", name)
		}
		if err := root.MkdirAll(path.Dir(name), 0o750); err != nil {
			return nil, err
		}
		f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
		if err != nil {
			return nil, err
		}
		_, err = io.Copy(f, tr)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
	}
	if m == nil || !hasDB {
		return nil, errors.New("not a Vecinos backup (no manifest or no database)")
	}
	if m.Format != format {
		return nil, fmt.Errorf("archive format %d; this binary reads format %d", m.Format, format)
	}
	return m, nil
}

// check opens the unpacked database and runs SQLite's integrity check on it.
func check(ctx context.Context, dir string) error {
	db, err := store.Open(ctx, "", dir)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.IntegrityCheck(ctx)
}
