package files

import (
	"maps"
	"slices"
	"testing"
	"time"
)

// FuzzDetect is the upload type sniffer on any bytes: a bucket (the archive's too) only ever accepts one
// of its own types, and a chat only one of its documents or pictures, whatever the file says it is.
func FuzzDetect(f *testing.F) {
	for _, s := range []string{"%PDF-1.7\n", "\xff\xd8\xff\xe0\x00\x10JFIF", "\x89PNG\r\n\x1a\n", "RIFF\x00\x00\x00\x00WEBPVP8 ",
		"<!DOCTYPE html><script>alert(1)</script>", "MZ\x90\x00", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", ""} {
		f.Add([]byte(s))
	}
	for _, z := range []map[string]string{{"[Content_Types].xml": "x", "ppt/presentation.xml": "x"}, {"mimetype": ODT}} {
		f.Add(zipOf(f, z)) // office documents: the zip's entries decide
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		if ct, ext, _, err := DetectChatFile(head, "x.doc"); err == nil && (ChatTypeOfExt(ext) != ct || ct == "application/octet-stream") {
			t.Fatalf("a chat took %q as %q (.%s)", head, ct, ext)
		}
		for _, b := range append(slices.Collect(maps.Values(buckets)), Archive) {
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
