// Package testpdf reads back the text of the PDFs the app writes, for tests: pdftotext (Debian's
// poppler-utils, which CI installs) turns a PDF into its text in reading order. Without pdftotext the test
// that asks is skipped, except in CI, where it fails.
package testpdf

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Text returns the text of pdf, its lines' runs of spaces collapsed to one space, with a line feed
// between lines and a form feed between pages. It fails the test when pdf is not a PDF pdftotext reads.
func Text(t testing.TB, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext is missing (apt-get install poppler-utils)")
		}
		t.Skip("pdftotext is not installed (apt-get install poppler-utils)")
	}
	p := filepath.Join(t.TempDir(), "read.pdf")
	if err := os.WriteFile(p, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", "-enc", "UTF-8", p, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// Contains fails the test for each of want that the PDF's text (Text) lacks, printing the text once.
func Contains(t testing.TB, pdf []byte, want ...string) string {
	t.Helper()
	text := Text(t, pdf)
	missing := false
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the PDF lacks %q", w)
			missing = true
		}
	}
	if missing {
		t.Logf("its text:\n%s", text)
	}
	return text
}
