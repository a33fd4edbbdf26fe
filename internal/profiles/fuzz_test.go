package profiles

import (
	"testing"
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
