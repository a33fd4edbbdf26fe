package domain

import "strings"

// dniLetters are the check letters of a DNI or NIE: the number modulo 23 picks one.
const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE"

// NormalizeIDNumber writes a DNI or NIE as it is checked and kept: upper case, without spaces, dots or
// dashes ('12.345.678-z' → '12345678Z').
func NormalizeIDNumber(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '.' || r == '-':
			return -1
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// ValidIDNumber reports whether s (normalized) is a Spanish DNI (8 digits and its letter) or NIE (X, Y or
// Z, 7 digits and its letter, the X, Y, Z read as 0, 1, 2), with the right check letter.
func ValidIDNumber(s string) bool {
	if len(s) != 9 {
		return false
	}
	digits := s[:8]
	if i := strings.IndexByte("XYZ", s[0]); i >= 0 {
		digits = string(rune('0'+i)) + s[1:8]
	}
	n := 0
	for _, r := range digits {
		if r < '0' || r > '9' {
			return false
		}
		n = n*10 + int(r-'0')
	}
	return s[8] == dniLetters[n%23]
}
