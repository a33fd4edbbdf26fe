package memberships

import (
	"strings"
	"testing"

	"vecinos/internal/domain"
)

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
