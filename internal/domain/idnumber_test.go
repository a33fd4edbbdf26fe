package domain

import "testing"

func TestValidIDNumberChecksTheLetter(t *testing.T) {
	for in, want := range map[string]bool{
		"12345678Z": true,  // DNI: 12345678 mod 23 = 14 → Z
		"12345678A": false, // wrong letter
		"X1234567L": true,  // NIE: 01234567 mod 23 = 19 → L
		"Y1234567X": true,  // 11234567 mod 23 = 10 → X
		"Z1234567R": true,  // 21234567 mod 23 = 1 → R
		"X1234567A": false,
		"1234567Z":  false, // too short
		"A2345678Z": false, // not a NIE prefix
		"12345678":  false,
		"":          false,
	} {
		if got := ValidIDNumber(in); got != want {
			t.Errorf("ValidIDNumber(%q) = %v, want %v", in, got, want)
		}
	}
	if got := NormalizeNIF(" 12.345.678-z "); got != "12345678Z" {
		t.Errorf("NormalizeNIF = %q", got)
	}
}
