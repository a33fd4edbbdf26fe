// Package files stores uploaded files (avatars, incident photos, verification documents) in a directory
// under the data dir or in an S3-compatible bucket, behind one small interface. The rules of each logical
// bucket (size limit, allowed types, who may read) and the detection of a file's type from its bytes live
// in buckets.go; see docs/adr/0005-file-storage.md.
package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Storage keeps objects by key. Keys are relative slash-separated paths; every implementation refuses
// keys that could leave its root (see CheckKey).
type Storage interface {
	// Put stores exactly size bytes of r under key (size < 0: unknown), replacing any object there.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open returns the object's bytes and what is known about it, or ErrNotFound. The reader is also an
	// io.Seeker when the implementation can seek (both of ours can).
	Open(ctx context.Context, key string) (io.ReadCloser, Info, error)
	// Delete removes the object; deleting a missing object is not an error.
	Delete(ctx context.Context, key string) error
	// DeleteAll removes every object under the folder prefix (keys starting with prefix + "/"); an empty
	// folder is not an error.
	DeleteAll(ctx context.Context, prefix string) error
}

// Info describes a stored object.
type Info struct {
	Size        int64
	ContentType string // as stored; callers serving a file should prefer TypeOfKey
	ModTime     time.Time
}

var (
	// ErrNotFound is returned by Open when there is no object under the key.
	ErrNotFound = errors.New("files: object not found")
	// ErrInvalidKey is returned for keys that are not plain relative paths.
	ErrInvalidKey = errors.New("files: invalid key")
)

// CheckKey accepts only plain relative paths: slash-separated segments of letters, digits, '-', '_' and
// '.', none empty and none starting with a dot (so no "..", no hidden or temporary files), at most 512
// bytes. It is the storage layer's own guard; ParseKey applies the stricter shape of our keys.
func CheckKey(key string) error {
	if key == "" || len(key) > 512 {
		return ErrInvalidKey
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" || seg[0] == '.' {
			return ErrInvalidKey
		}
		for i := 0; i < len(seg); i++ {
			c := seg[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
				return ErrInvalidKey
			}
		}
	}
	return nil
}

// Open returns the storage an instance is configured with: with storageURL empty, a directory "files"
// under dataDir; with s3://bucket[/prefix]?endpoint=…&region=…[&path_style=true], that bucket, with
// credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN).
func Open(storageURL, dataDir string) (Storage, error) {
	return open(storageURL, dataDir, os.Getenv)
}

func open(storageURL, dataDir string, getenv func(string) string) (Storage, error) {
	if storageURL == "" {
		return NewLocal(filepath.Join(dataDir, "files"))
	}
	u, err := url.Parse(storageURL)
	if err != nil {
		return nil, fmt.Errorf("VECINOS_STORAGE_URL: %w", err)
	}
	switch u.Scheme {
	case "s3":
		o, err := parseS3URL(u)
		if err != nil {
			return nil, fmt.Errorf("VECINOS_STORAGE_URL: %w", err)
		}
		o.AccessKey, o.SecretKey, o.SessionToken = getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY"), getenv("AWS_SESSION_TOKEN")
		return NewS3(o)
	default:
		return nil, fmt.Errorf("VECINOS_STORAGE_URL: unsupported scheme %q (empty or s3://bucket?endpoint=…&region=…)", u.Scheme)
	}
}
