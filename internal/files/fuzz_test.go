package files

import (
	"slices"
	"testing"
	"time"
)

// FuzzDetect is the upload type sniffer on any bytes: a bucket only ever accepts one of its own types,
// whatever the file says it is.
func FuzzDetect(f *testing.F) {
	for _, s := range []string{"%PDF-1.7\n", "\xff\xd8\xff\xe0\x00\x10JFIF", "\x89PNG\r\n\x1a\n", "RIFF\x00\x00\x00\x00WEBPVP8 ",
		"<!DOCTYPE html><script>alert(1)</script>", "MZ\x90\x00", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		for _, b := range buckets {
			ct, ext, err := b.Detect(head)
			if err != nil {
				continue
			}
			if !slices.Contains(b.Types, ct) || ext == "" || TypeOfKey("x."+ext) != ct {
				t.Fatalf("%s took %q as %q (.%s)", b.Name, head, ct, ext)
			}
		}
	})
}

// FuzzParseKey is a file key from a URL: only keys NewKey makes are accepted, and they read back whole.
func FuzzParseKey(f *testing.F) {
	f.Add(Avatars.NewKey("0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f", "png", time.UnixMilli(1)))
	for _, s := range []string{"avatars/../../etc/passwd", "/avatars/x/1.png", "community-documents/0190f5a4-7b5e-7c3e-8f1a-9d2b3c4d5e6f/1.pdf", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		k, err := ParseKey(key)
		if err != nil {
			return
		}
		if k.String() != key || CheckKey(key) != nil {
			t.Fatalf("%q parsed as %q", key, k.String())
		}
	})
}
