package profiles

import (
	"strings"
	"testing"

	"vecinos/internal/domain"
)

func FuzzCheckPhone(f *testing.F) {
	for _, s := range []string{"+34 600 123 456", "(91) 555-12.34", "0034600", "+", "", "600\u00a0123", "+340000000000000000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := CheckPhone(s)
		if err != nil || p == nil {
			return
		}
		if !phoneRE.MatchString(*p) {
			t.Fatalf("%q accepted as %q", s, *p)
		}
		if again, err := CheckPhone(*p); err != nil || again == nil || *again != *p {
			t.Fatalf("%q accepted as %q but not read back", s, *p)
		}
	})
}

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

// FuzzInvitationCode is a community code as people type it (the registration form upper-cases it).
func FuzzInvitationCode(f *testing.F) {
	f.Add(domain.NewPublicID())
	for _, s := range []string{"abc123", "", "ÑÑÑÑÑÑ", "0O1IL"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code := strings.ToUpper(strings.TrimSpace(s))
		if !domain.ValidPublicID(code) {
			return
		}
		// Only the unambiguous alphabet of NewPublicID: no 0/O, 1/I/L look-alikes, nothing a URL escapes.
		if len(code) != domain.PublicIDLength || strings.ContainsAny(code, "0O1IL/?#% ") || strings.ContainsFunc(code, func(r rune) bool {
			return (r < 'A' || r > 'Z') && (r < '2' || r > '9')
		}) {
			t.Fatalf("%q accepted as a code", s)
		}
	})
}
