package files_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/files/filestest"
)

func zipWith(t *testing.T, entries ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, e := range entries {
		method := zip.Deflate
		if e[0] == "mimetype" {
			method = zip.Store // as OpenDocument requires of its first entry
		}
		w, err := z.CreateHeader(&zip.FileHeader{Name: e[0], Method: method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e[1]))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The archive takes PDF, JPG, PNG, WEBP and the office formats, each told from its bytes: an office
// document is a zip whose entries say which one it is.
func TestArchiveTypes(t *testing.T) {
	contentTypes := [2]string{"[Content_Types].xml", "<Types/>"}
	html := []byte("<!DOCTYPE html><html><script>alert(1)</script></html>")
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"), bytes.Repeat([]byte{0}, 64)...)
	for _, c := range []struct {
		name     string
		data     []byte
		typ, ext string // "" = refused
	}{
		{"pdf", pdfBytes, "application/pdf", "pdf"},
		{"jpeg", jpegBytes, "image/jpeg", "jpg"},
		{"png", pngBytes, "image/png", "png"},
		{"webp", webpBytes, "image/webp", "webp"},
		{"docx", zipWith(t, contentTypes, [2]string{"word/document.xml", "<w/>"}), files.DOCX, "docx"},
		{"xlsx", zipWith(t, contentTypes, [2]string{"xl/workbook.xml", "<x/>"}), files.XLSX, "xlsx"},
		{"odt", zipWith(t, [2]string{"mimetype", files.ODT}, [2]string{"content.xml", "<o/>"}), files.ODT, "odt"},
		{"ods", zipWith(t, [2]string{"mimetype", files.ODS}, [2]string{"content.xml", "<o/>"}), files.ODS, "ods"},
		{"html", html, "", ""},
		{"exe", exe, "", ""},
		{"plain zip", zipWith(t, [2]string{"a.txt", "hola"}), "", ""},
		{"word/ without content types", zipWith(t, [2]string{"word/document.xml", "<w/>"}), "", ""},
		{"both word/ and xl/", zipWith(t, contentTypes, [2]string{"word/a.xml", "<w/>"}, [2]string{"xl/b.xml", "<x/>"}), "", ""},
		{"odt mimetype not first", zipWith(t, [2]string{"content.xml", "<o/>"}, [2]string{"mimetype", files.ODT}), "", ""},
		{"other opendocument (odp)", zipWith(t, [2]string{"mimetype", "application/vnd.oasis.opendocument.presentation"}), "", ""},
		{"pptx (chats take it, the archive does not)", zipWith(t, contentTypes, [2]string{"ppt/presentation.xml", "<p/>"}), "", ""},
		{"truncated zip", zipWith(t, contentTypes, [2]string{"word/document.xml", "<w/>"})[:30], "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			typ, ext, err := files.Archive.Detect(c.data)
			if c.typ == "" {
				if err == nil || domain.ErrorMessage(err) != "Tipo de archivo no válido. Solo se permiten PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT y ODS" {
					t.Fatalf("Detect = %q, %q, %v; want refused", typ, ext, err)
				}
				return
			}
			if err != nil || typ != c.typ || ext != c.ext {
				t.Fatalf("Detect = %q, %q, %v; want %q, %q", typ, ext, err, c.typ, c.ext)
			}
		})
	}
	// A DOCX is not a picture: the image buckets still refuse it.
	if _, _, err := files.IncidentImages.Detect(zipWith(t, contentTypes, [2]string{"word/document.xml", "<w/>"})); err == nil {
		t.Error("an incident photo took a DOCX")
	}
}

// The archive's files are never served by /files/: its bucket is unknown there, so no key of it parses.
func TestArchiveIsNotAPublicBucket(t *testing.T) {
	if _, ok := files.BucketByName(files.Archive.Name); ok {
		t.Fatal("the archive is a /files/ bucket")
	}
	key := files.Archive.NewKey("0190a8f2-1111-7000-8000-000000000001", "pdf", time.Now())
	if _, err := files.ParseKey(key); !errors.Is(err, files.ErrInvalidKey) {
		t.Fatalf("ParseKey(%s) = %v", key, err)
	}
}

// An archive file round-trips on both storages, and its reader seeks, which range requests need.
func TestArchiveStorageSeeks(t *testing.T) {
	filestest.Each(t, func(t *testing.T, s files.Storage) {
		ctx := context.Background()
		data := zipWith(t, [2]string{"mimetype", files.ODS}, [2]string{"content.xml", "<cuentas/>"})
		typ, ext, err := files.Archive.Detect(data)
		if err != nil {
			t.Fatal(err)
		}
		key := files.Archive.NewKey("0190a8f2-1111-7000-8000-000000000001", ext, time.Now())
		if err := s.Put(ctx, key, bytes.NewReader(data), int64(len(data)), typ); err != nil {
			t.Fatal(err)
		}
		rc, info, err := s.Open(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		rs, ok := rc.(io.ReadSeeker)
		if !ok || info.Size != int64(len(data)) {
			t.Fatalf("reader %T, size %d", rc, info.Size)
		}
		if _, err := rs.Seek(30, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, 8)
		if _, err := io.ReadFull(rs, got); err != nil || string(got) != "mimetype" {
			t.Fatalf("after seeking: %q %v", got, err)
		}
		if err := s.Delete(ctx, key); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Open(ctx, key); !errors.Is(err, files.ErrNotFound) {
			t.Fatalf("after delete: %v", err)
		}
	})
}
