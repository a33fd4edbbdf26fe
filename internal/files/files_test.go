package files_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vecinos/internal/files"
	"vecinos/internal/files/filestest"
)

// Tiny but genuine files: their first bytes are what type detection reads.
var (
	pngBytes  = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"), bytes.Repeat([]byte{7}, 64)...)
	jpegBytes = append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"), bytes.Repeat([]byte{7}, 64)...)
	webpBytes = append([]byte("RIFF\x24\x00\x00\x00WEBPVP8 "), bytes.Repeat([]byte{7}, 64)...)
	pdfBytes  = []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
)

func TestRoundTripPutOpenDelete(t *testing.T) {
	filestest.Each(t, func(t *testing.T, s files.Storage) {
		ctx := context.Background()
		key := "avatars/0190a8f2-1111-7000-8000-000000000001/1735000000000.png"
		if _, _, err := s.Open(ctx, key); !errors.Is(err, files.ErrNotFound) {
			t.Fatalf("open before put: %v, want ErrNotFound", err)
		}
		if err := s.Put(ctx, key, bytes.NewReader(pngBytes), int64(len(pngBytes)), "image/png"); err != nil {
			t.Fatal(err)
		}
		rc, info, err := s.Open(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(got, pngBytes) || info.Size != int64(len(pngBytes)) || info.ContentType != "image/png" || info.ModTime.IsZero() {
			t.Fatalf("read back %d bytes, info %+v", len(got), info)
		}
		if _, ok := rc.(io.Seeker); !ok {
			t.Error("the reader cannot seek: range requests would not work")
		}
		// Replacing keeps one, complete object.
		if err := s.Put(ctx, key, bytes.NewReader(jpegBytes), int64(len(jpegBytes)), "image/jpeg"); err != nil {
			t.Fatal(err)
		}
		rc, _, err = s.Open(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		got, _ = io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(got, jpegBytes) {
			t.Fatal("replaced object differs")
		}
		if err := s.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Open(ctx, key); !errors.Is(err, files.ErrNotFound) {
			t.Fatalf("open after delete: %v, want ErrNotFound", err)
		}
		if err := s.Delete(ctx, key); err != nil {
			t.Fatalf("deleting a missing object: %v", err)
		}
	})
}

func TestStoragesRefuseKeysThatLeaveTheirRoot(t *testing.T) {
	bad := []string{"", "../x", "../../etc/passwd", "/etc/passwd", "avatars/../../x", "a//b", "a/./b", "a/b/", `a\..\b`,
		".tmp-x", "a/.hidden", "%2e%2e/x", "a%2fb", "a/b c", "a/\x00", strings.Repeat("a", 600)}
	filestest.Each(t, func(t *testing.T, s files.Storage) {
		ctx := context.Background()
		for _, key := range bad {
			if err := s.Put(ctx, key, bytes.NewReader(pngBytes), int64(len(pngBytes)), "image/png"); !errors.Is(err, files.ErrInvalidKey) {
				t.Errorf("Put(%q) = %v, want ErrInvalidKey", key, err)
			}
			if _, _, err := s.Open(ctx, key); !errors.Is(err, files.ErrInvalidKey) {
				t.Errorf("Open(%q) = %v, want ErrInvalidKey", key, err)
			}
			if err := s.Delete(ctx, key); !errors.Is(err, files.ErrInvalidKey) {
				t.Errorf("Delete(%q) = %v, want ErrInvalidKey", key, err)
			}
		}
	})
}

func TestLocalDoesNotFollowLinksOutOfItsDirectory(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.png")
	if err := os.WriteFile(secret, pngBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s, err := files.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := os.Symlink(secret, filepath.Join(dir, "link.png")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "avatars")); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if rc, _, err := s.Open(ctx, "link.png"); err == nil {
		rc.Close()
		t.Fatal("opened a file outside the directory through a link")
	}
	if rc, _, err := s.Open(ctx, "avatars/secret.png"); err == nil {
		rc.Close()
		t.Fatal("opened a file outside the directory through a linked directory")
	}
	if err := s.Put(ctx, "avatars/new.png", bytes.NewReader(pngBytes), int64(len(pngBytes)), "image/png"); err == nil {
		t.Fatal("wrote outside the directory through a linked directory")
	}
	if _, err := os.Stat(filepath.Join(outside, "new.png")); err == nil {
		t.Fatal("a file appeared outside the directory")
	}
}

func TestLocalPutRefusesAShortBody(t *testing.T) {
	s := filestest.Local(t)
	key := "avatars/0190a8f2-1111-7000-8000-000000000001/1.png"
	if err := s.Put(context.Background(), key, bytes.NewReader(pngBytes), int64(len(pngBytes))+1, "image/png"); err == nil {
		t.Fatal("a body shorter than its size was stored")
	}
	if _, _, err := s.Open(context.Background(), key); !errors.Is(err, files.ErrNotFound) {
		t.Fatalf("a failed put left an object: %v", err)
	}
}

func TestOpenChoosesTheStorage(t *testing.T) {
	dir := t.TempDir()
	s, err := files.Open("", dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*files.Local); !ok {
		t.Fatalf("empty URL gave %T", s)
	}
	key := "avatars/0190a8f2-1111-7000-8000-000000000001/1.png"
	if err := s.Put(context.Background(), key, bytes.NewReader(pngBytes), int64(len(pngBytes)), "image/png"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "files", filepath.FromSlash(key))); err != nil {
		t.Fatalf("local files are not in $VECINOS_DATA_DIR/files: %v", err)
	}
	if s, err := files.Open("s3://bucket?endpoint=http://127.0.0.1:9000&region=eu-west-1&path_style=true", dir); err != nil {
		t.Fatal(err)
	} else if _, ok := s.(*files.S3); !ok {
		t.Fatalf("s3 URL gave %T", s)
	}
	for _, bad := range []string{"ftp://bucket", "s3://", "s3://b?path_style=maybe", "s3://b?endpont=x", "s3://b?endpoint=ftp://host", "s3://b?endpoint=http://host/path", "s3://b/../x"} {
		if _, err := files.Open(bad, dir); err == nil {
			t.Errorf("Open(%q) accepted a bad storage URL", bad)
		}
	}
}

func TestS3KeyPrefix(t *testing.T) {
	t.Setenv("AWS_ACCESS_KEY_ID", "k")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "s")
	u := filestest.S3URL(t)
	prefixed, err := files.Open(strings.Replace(u, "?", "/vecinos/prod?", 1), "")
	if err != nil {
		t.Fatal(err)
	}
	whole, err := files.Open(u, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	key := "avatars/0190a8f2-1111-7000-8000-000000000001/1.png"
	if err := prefixed.Put(ctx, key, bytes.NewReader(pngBytes), int64(len(pngBytes)), "image/png"); err != nil {
		t.Fatal(err)
	}
	rc, _, err := whole.Open(ctx, "vecinos/prod/"+key)
	if err != nil {
		t.Fatalf("the object is not under the prefix: %v", err)
	}
	rc.Close()
	if _, _, err := whole.Open(ctx, key); !errors.Is(err, files.ErrNotFound) {
		t.Fatalf("the object is also outside the prefix: %v", err)
	}
}

// A person's folder goes at once, on both storages; other people's files and other buckets stay.
func TestEraseOwnerDeletesTheirPersonalFilesOnly(t *testing.T) {
	const ana, luis = "0190a8f2-1111-7000-8000-00000000000a", "0190a8f2-1111-7000-8000-00000000000b"
	filestest.Each(t, func(t *testing.T, s files.Storage) {
		ctx := context.Background()
		put := func(key string, data []byte) string {
			t.Helper()
			if err := s.Put(ctx, key, bytes.NewReader(data), int64(len(data)), files.TypeOfKey(key)); err != nil {
				t.Fatal(err)
			}
			return key
		}
		gone := []string{put("avatars/"+ana+"/1.png", pngBytes), put("avatars/"+ana+"/2.webp", webpBytes),
			put("verification-documents/"+ana+"/3.pdf", pdfBytes), put("verification-documents/"+ana+"/4.jpg", jpegBytes)}
		kept := []string{put("incident-images/"+ana+"/5.png", pngBytes), put("community-documents/"+ana+"/6.pdf", pdfBytes),
			put("avatars/"+luis+"/7.png", pngBytes), put("verification-documents/"+luis+"/8.pdf", pdfBytes)}
		if err := files.EraseOwner(ctx, s, ana); err != nil {
			t.Fatal(err)
		}
		for _, key := range gone {
			if _, _, err := s.Open(ctx, key); !errors.Is(err, files.ErrNotFound) {
				t.Errorf("%s: %v, want ErrNotFound", key, err)
			}
		}
		for _, key := range kept {
			rc, _, err := s.Open(ctx, key)
			if err != nil {
				t.Errorf("%s: %v", key, err)
				continue
			}
			rc.Close()
		}
		if err := files.EraseOwner(ctx, s, ana); err != nil {
			t.Fatalf("erasing again: %v", err)
		}
		if err := files.EraseOwner(ctx, s, "../"+luis); !errors.Is(err, files.ErrInvalidKey) {
			t.Fatalf("a user ID that is not one: %v", err)
		}
	})
}
