package files_test

import (
	"bytes"
	"image"
	_ "image/jpeg"
	_ "image/png"
	"testing"

	_ "golang.org/x/image/webp"

	"vecinos/internal/files"
	"vecinos/internal/files/filestest"
)

// CheckStripped fails when a stored picture still has the photo's metadata or lost its orientation.
func checkStripped(t *testing.T, name string, stored []byte) {
	t.Helper()
	for _, s := range filestest.Secrets {
		if bytes.Contains(stored, s) {
			t.Errorf("%s: the stored picture still has %q", name, s)
		}
	}
	if !bytes.Contains(stored, files.MinimalExif(filestest.Orientation)) {
		t.Errorf("%s: the orientation was lost", name)
	}
}

func TestStripMetadataKeepsThePictureAndItsOrientationOnly(t *testing.T) {
	for _, c := range []struct {
		name, contentType string
		data              []byte
		w, h              int
	}{
		{"jpeg", "image/jpeg", filestest.GPSJPEG(t, 40, 30), 40, 30},
		{"png", "image/png", filestest.GPSPNG(t, 40, 30), 40, 30},
		{"webp", "image/webp", filestest.GPSWEBP(t), 1, 1},
	} {
		if !bytes.Contains(c.data, []byte("Calle Secreta 7")) {
			t.Fatalf("%s: the fixture has no metadata", c.name)
		}
		out := files.StripMetadata(c.contentType, c.data)
		checkStripped(t, c.name, out)
		cfg, format, err := image.DecodeConfig(bytes.NewReader(out))
		if err != nil || cfg.Width != c.w || cfg.Height != c.h || "image/"+format != c.contentType {
			t.Errorf("%s: the stripped picture reads as %s %dx%d (%v)", c.name, format, cfg.Width, cfg.Height, err)
		}
		if _, _, err := image.Decode(bytes.NewReader(out)); err != nil {
			t.Errorf("%s: the stripped picture does not decode: %v", c.name, err)
		}
		if again := files.StripMetadata(c.contentType, out); !bytes.Equal(again, out) {
			t.Errorf("%s: stripping twice changed it again", c.name)
		}
	}
	// A picture without metadata, and any other type, come back as they are.
	pdf := []byte("%PDF-1.7\nGPS")
	if out := files.StripMetadata("application/pdf", pdf); !bytes.Equal(out, pdf) {
		t.Error("a PDF was changed")
	}
}

// FuzzStripMetadata: on any bytes, the stripper does not fail, and what it gives is already stripped.
func FuzzStripMetadata(f *testing.F) {
	f.Add(filestest.GPSJPEG(f, 8, 8))
	f.Add(filestest.GPSPNG(f, 8, 8))
	f.Add(filestest.GPSWEBP(f))
	f.Add([]byte("\xff\xd8\xff\xe1\x00\x10Exif\x00\x00II*\x00\x08\x00\x00\x00\xff\xd9"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, ct := range []string{"image/jpeg", "image/png", "image/webp"} {
			out := files.StripMetadata(ct, data)
			if again := files.StripMetadata(ct, out); !bytes.Equal(again, out) {
				t.Fatalf("%s: %q stripped to %q, then to %q", ct, data, out, again)
			}
		}
	})
}
