package domain

import "strings"

// Spanish tax and identity numbers: a person's DNI or NIE, and any NIF (a company's CIF too), each with
// its control character.

// ErrInvalidNIF refuses a NIF whose control character does not match.
var ErrInvalidNIF = Errorf(CodeInvalid, "El NIF no es válido")

// dniLetters are the check letters of a DNI or NIE: the number modulo 23 picks one.
const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE"

// NormalizeNIF writes a NIF, DNI or NIE as it is checked and kept: upper case, without spaces, dots or
// dashes ('12.345.678-z' → '12345678Z').
func NormalizeNIF(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.':
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(s)))
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ValidIDNumber reports whether s (normalized) is a person's number: a DNI (8 digits and its letter) or a
// NIE (X, Y or Z, 7 digits and its letter, the X, Y, Z read as 0, 1, 2), with the right check letter.
func ValidIDNumber(s string) bool {
	if len(s) != 9 {
		return false
	}
	digits := s[:8]
	if i := strings.IndexByte("XYZ", s[0]); i >= 0 {
		digits = string(rune('0'+i)) + s[1:8]
	}
	if !allDigits(digits) {
		return false
	}
	n := 0
	for _, r := range digits {
		n = n*10 + int(r-'0')
	}
	return s[8] == dniLetters[n%23]
}

// ValidNIF checks a normalised Spanish tax id with its control character: a company's (CIF: a letter,
// seven digits and a digit or letter), or a person's (DNI or NIE, ValidIDNumber).
func ValidNIF(s string) bool {
	if len(s) != 9 {
		return false
	}
	if c := s[0]; strings.IndexByte("ABCDEFGHJNPQRSUVW", c) < 0 {
		return ValidIDNumber(s)
	}
	if !allDigits(s[1:8]) {
		return false
	}
	sum := 0
	for i := 1; i <= 7; i++ {
		d := int(s[i] - '0')
		if i%2 == 1 { // odd positions (1st, 3rd…) are doubled and their digits added
			d *= 2
			d = d/10 + d%10
		}
		sum += d
	}
	control := (10 - sum%10) % 10
	last := s[8]
	return last == byte('0'+control) || last == "JABCDEFGHI"[control]
}
