// Package testpdf reads back the text of the PDFs the app writes, for tests: pdftotext (Debian's
// poppler-utils, which CI installs) turns a PDF into its text in reading order. Without pdftotext the test
// that asks is skipped, except in CI, where it fails.
package testpdf

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Text returns the text of pdf, its lines' runs of spaces collapsed to one space, with a line feed
// between lines and a form feed between pages. It fails the test when pdf is not a PDF pdftotext reads.
func Text(t testing.TB, pdf []byte) string {
	t.Helper()
	return run(t, pdf)
}

// Page returns the text of page n (from 1) of pdf, as Text does (pdftotext -f n -l n). It fails the test
// when pdf has no such page.
func Page(t testing.TB, pdf []byte, n int) string {
	t.Helper()
	if pages := Pages(t, pdf); n < 1 || n > pages {
		t.Fatalf("the PDF has %d pages, not a page %d", pages, n)
	}
	return strings.TrimRight(run(t, pdf, "-f", strconv.Itoa(n), "-l", strconv.Itoa(n)), "\f\n")
}

// Pages is the number of pages of pdf: the pages pdftotext separates with a form feed.
func Pages(t testing.TB, pdf []byte) int {
	t.Helper()
	return strings.Count(run(t, pdf), "\f")
}

// PageContains fails the test for each of want that page n of pdf lacks, printing the page once, and
// returns the page's text.
func PageContains(t testing.TB, pdf []byte, n int, want ...string) string {
	t.Helper()
	text := Page(t, pdf, n)
	missing := false
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("page %d of the PDF lacks %q", n, w)
			missing = true
		}
	}
	if missing {
		t.Logf("page %d:\n%s", n, text)
	}
	return text
}

// run is pdftotext's text of pdf with args (a page range), its lines' runs of spaces collapsed.
func run(t testing.TB, pdf []byte, args ...string) string {
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
	out, err := exec.Command(bin, append(append([]string{"-layout", "-enc", "UTF-8"}, args...), p, "-")...).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	pages := strings.Split(string(out), "\f") // kept: strings.Fields would take a form feed for a space
	for p, page := range pages {
		lines := strings.Split(page, "\n")
		for i, l := range lines {
			lines[i] = strings.Join(strings.Fields(l), " ")
		}
		pages[p] = strings.Join(lines, "\n")
	}
	return strings.Join(pages, "\f")
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
