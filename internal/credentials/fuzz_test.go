package credentials

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzNormalizeEmail(f *testing.F) {
	for _, s := range []string{"Ana@Example.es", " luis@correo.com ", "a@b", "\"a b\"@c.es", "a@b.c@d.es", "ñ@ñ.es", "<a@b.es>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := NormalizeEmail(s)
		if err != nil {
			return
		}
		if e != strings.ToLower(e) || e != strings.TrimSpace(e) || len(e) > 255 || strings.Count(e, "@") < 1 {
			t.Fatalf("%q normalised to %q", s, e)
		}
		if again, err := NormalizeEmail(e); err != nil || again != e {
			t.Fatalf("%q normalised to %q, then to %q (%v)", s, e, again, err)
		}
	})
}

func FuzzPasswordRules(f *testing.F) {
	for _, s := range []string{"Secreta123", "corta", "SINMINUSCULAS1", strings.Repeat("Aa1", 30), "Contraseña1", "\xff\xfeAa1aaaaa"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		score := Strength(p)
		if score < 0 || score > 100 || score%20 != 0 {
			t.Fatalf("Strength(%q) = %d", p, score)
		}
		n := utf8.RuneCountInString(p)
		if CheckSignupPassword(p) == nil && (n < 8 || n > MaxPasswordLength || score < 80) {
			t.Fatalf("%q (%d characters, strength %d) accepted at sign-up", p, n, score)
		}
		if CheckNewPassword(p) == nil && (n > MaxPasswordLength || score < MinStrength) {
			t.Fatalf("%q accepted as a new password", p)
		}
		if CheckResetPassword(p) == nil && n > MaxPasswordLength {
			t.Fatalf("%q accepted as a reset password", p)
		}
	})
}
