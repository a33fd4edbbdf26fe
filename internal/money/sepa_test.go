package money

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseIBAN(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"ES91 2100 0418 4502 0005 1332", "ES9121000418450200051332", true}, // the Spanish example of the ECBS
		{"es91-2100-0418-4502-0005-1332", "ES9121000418450200051332", true},
		{"ES9121000418450200051333", "", false},                        // a wrong check digit
		{"ES7921000813610123456789", "ES7921000813610123456789", true}, // CCC 2100 0813 61 0123456789
		{"ES1721000813620123456789", "", false},                        // IBAN digits right, CCC control digits wrong
		{"DE89 3704 0044 0532 0130 00", "DE89370400440532013000", true},
		{"GB82 WEST 1234 5698 7654 32", "GB82WEST12345698765432", true},
		{"ES91 2100 0418 4502 0005 133", "", false}, // too short for Spain
		{"", "", false},
		{"ñ", "", false},
	} {
		got, ok := ParseIBAN(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("ParseIBAN(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestParseCreditorID(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{
		{"ES77000B85626240", true}, // the example several sources cite (DOMAIN.md)
		{"es77 000 b85626240", true},
		{"ES77ZZZB85626240", true}, // the suffix does not count in the check digits
		{"ES78000B85626240", false},
		{"ES77000B8562624", false},
		{"FR77000B85626240", false},
		{"", false},
	} {
		if _, ok := ParseCreditorID(c.in); ok != c.ok {
			t.Errorf("ParseCreditorID(%q) ok = %v, want %v", c.in, ok, c.ok)
		}
	}
}

func TestTransliterate(t *testing.T) {
	for in, want := range map[string]string{
		"José Muñoz Peñalver":        "Jose Munoz Penalver",
		"Comunidad Pza. España, 3º":  "Comunidad Pza. Espana, 3o",
		"Françoise & Søren — Straße": "Francoise + Soren Strasse",
		"  a\t\tb  ":                 "a b",
		"Recibo 2027-T1 (cuota)":     "Recibo 2027-T1 (cuota)",
	} {
		if got := Transliterate(in, 70); got != want {
			t.Errorf("Transliterate(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Transliterate(strings.Repeat("ñ", 100), 70); got != strings.Repeat("n", 70) {
		t.Errorf("cut: %q", got)
	}
}

func FuzzParseIBAN(f *testing.F) {
	for _, s := range []string{"ES9121000418450200051332", "DE89 3704 0044 0532 0130 00", "ES00", "ñ", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		iban, ok := ParseIBAN(s)
		if !ok {
			return
		}
		// What it accepts is electronic form, and reading it again gives the same.
		if again, ok2 := ParseIBAN(iban); !ok2 || again != iban || strings.ContainsAny(iban, " -") || len(iban) > 34 {
			t.Fatalf("ParseIBAN(%q) = %q, then %q %v", s, iban, again, ok2)
		}
	})
}

func FuzzParseCreditorID(f *testing.F) {
	for _, s := range []string{"ES77000B85626240", "ES77ZZZB85626240", "ES", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ok := ParseCreditorID(s)
		if !ok {
			return
		}
		if again, ok2 := ParseCreditorID(id); !ok2 || again != id || !strings.HasPrefix(id, "ES") {
			t.Fatalf("ParseCreditorID(%q) = %q, then %q %v", s, id, again, ok2)
		}
	})
}

func FuzzTransliterate(f *testing.F) {
	for _, s := range []string{"José Muñoz", "Straße ß æ", "\xff\xfe", "€€€", ""} {
		f.Add(s, 70)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 0 || max > 200 {
			return
		}
		got := Transliterate(s, max)
		if len(got) > max || !utf8.ValidString(got) || got != strings.TrimSpace(got) || strings.Contains(got, "  ") {
			t.Fatalf("Transliterate(%q, %d) = %q", s, max, got)
		}
		for _, r := range got {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/-?:().,'+ ", r)) {
				t.Fatalf("Transliterate(%q) = %q has %q", s, got, r)
			}
		}
		// Transliterating again changes nothing.
		if again := Transliterate(got, max); again != got {
			t.Fatalf("not idempotent: %q → %q", got, again)
		}
	})
}
