package files

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
)

// Local keeps objects as files in a directory. All access goes through an os.Root, so neither a key nor
// a symbolic link planted in the directory can reach a file outside it. A file appears complete or not
// at all: it is written under a temporary dot-name (which CheckKey refuses as a key) and then renamed.
type Local struct {
	root *os.Root
}

// NewLocal opens (creating it if needed) the directory dir.
func NewLocal(dir string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("files directory: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("files directory: %w", err)
	}
	return &Local{root: root}, nil
}

// Close releases the directory.
func (l *Local) Close() error { return l.root.Close() }

// Put writes the object; the content type is not kept (TypeOfKey derives it from the extension).
func (l *Local) Put(ctx context.Context, key string, r io.Reader, size int64, _ string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	dir := path.Dir(key)
	if err := l.root.MkdirAll(dir, 0o750); err != nil {
		return err
	}
	tmp := path.Join(dir, ".tmp-"+rand.Text())
	f, err := l.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	n, err := io.Copy(f, r)
	if err == nil && size >= 0 && n != size {
		err = fmt.Errorf("files: wrote %d bytes of %d", n, size)
	}
	if err == nil {
		err = ctx.Err()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = l.root.Rename(tmp, key)
	}
	if err != nil {
		l.root.Remove(tmp)
		return err
	}
	return nil
}

// Open opens the object's file.
func (l *Local) Open(_ context.Context, key string) (io.ReadCloser, Info, error) {
	if err := CheckKey(key); err != nil {
		return nil, Info{}, err
	}
	f, err := l.root.Open(key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Info{}, ErrNotFound
	}
	if err != nil {
		return nil, Info{}, err
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = ErrNotFound
		}
		return nil, Info{}, err
	}
	return f, Info{Size: st.Size(), ContentType: TypeOfKey(key), ModTime: st.ModTime()}, nil
}

// Delete removes the object's file.
func (l *Local) Delete(_ context.Context, key string) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if err := l.root.Remove(key); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// DeleteAll removes the folder's directory and everything in it.
func (l *Local) DeleteAll(_ context.Context, prefix string) error {
	if err := CheckKey(prefix); err != nil {
		return err
	}
	return l.root.RemoveAll(prefix)
}
