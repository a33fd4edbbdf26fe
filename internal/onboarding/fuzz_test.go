package onboarding

import (
	"strings"
	"testing"

	"vecinos/internal/domain"
)

// FuzzCatastralLookup is the reference as /find-community reads it: normalised, then checked.
func FuzzCatastralLookup(f *testing.F) {
	for _, s := range []string{"9872023 VH5797S 0001 WX", " 9872023vh5797s0001wx ", "ñ", "\t\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ref := domain.NormalizeCatastralReference(s)
		if domain.NormalizeCatastralReference(ref) != ref || strings.ContainsAny(ref, " \t\n") {
			t.Fatalf("%q normalised to %q", s, ref)
		}
		_ = domain.ValidCatastralReference(ref)
	})
}
