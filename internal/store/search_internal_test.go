package store

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// containsRare answers as strings.Contains does, on random texts over a small alphabet (so that partial
// matches are frequent) with multi-byte letters, and on needles taken from the text, shifted or not.
func TestContainsRareIsStringsContains(t *testing.T) {
	alphabet := []string{"a", "e", "g", "u", " ", "ñ", "€", "%", "_", "x", "🙂"}
	rnd := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[rnd.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 200000 {
		h := word(rnd.IntN(40))
		n := word(rnd.IntN(5))
		if len(h) > 0 && rnd.IntN(2) == 0 { // a needle from the text itself: a true match, maybe at the very end
			i := rnd.IntN(len(h))
			n = h[i:min(len(h), i+1+rnd.IntN(8))]
		}
		if got, want := containsRare(h, n), strings.Contains(h, n); got != want {
			t.Fatalf("containsRare(%q, %q) = %v, want %v", h, n, got, want)
		}
	}
}

// go test -run XXX -bench Contains ./internal/store: the search's test of one incident of the benchmark.
func BenchmarkContains(b *testing.B) {
	text := "averia en el ascensor #1234 " + strings.Repeat("los vecinos del tercero avisan de que el problema se repite desde hace dias y piden que lo revise el conserje o una empresa de mantenimiento cuanto antes, por favor. ", 2)[:260]
	for _, c := range []struct {
		name string
		fn   func(string, string) bool
	}{{"strings", strings.Contains}, {"rare", containsRare}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if c.fn(text, "agua") {
					b.Fatal("found")
				}
			}
		})
	}
}
