package domain

import "strings"

// catastroWeights and catastroLetters are the Catastro's check-letter algorithm (see DOMAIN.md).
var catastroWeights = [11]int{13, 15, 12, 5, 4, 17, 9, 21, 3, 7, 1}

const catastroLetters = "MQWERTYUIOPASDFGHJKLBZX"

// catastroValue counts letters A=1 … N=14, Ñ=15, O=16 … Z=27 and digits as themselves.
func catastroValue(c rune) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'N':
		return int(c-'A') + 1
	case c == 'Ñ':
		return 15
	case c >= 'O' && c <= 'Z':
		return int(c-'O') + 16
	}
	return -1
}

// ValidCatastralReference reports whether ref is a 20-character reference whose two check letters
// (positions 19 and 20) match the rest. ref must already be upper-cased without spaces.
func ValidCatastralReference(ref string) bool {
	r := []rune(ref)
	if len(r) != 20 || strings.ContainsFunc(ref, func(c rune) bool { return catastroValue(c) < 0 }) {
		return false
	}
	check := func(first []rune) rune {
		sum := 0
		for i, c := range append(append([]rune{}, first...), r[14:18]...) {
			sum += catastroValue(c) * catastroWeights[i]
		}
		return rune(catastroLetters[sum%23])
	}
	return check(r[0:7]) == r[18] && check(r[7:14]) == r[19]
}

// NormalizeCatastralReference removes spaces and upper-cases a catastral reference, as people type it
// (the community's data, /find-community).
func NormalizeCatastralReference(ref string) string {
	return strings.ToUpper(strings.Join(strings.Fields(strings.ToValidUTF8(ref, "")), ""))
}

// ErrCatastralReference refuses a catastral reference whose length or check letters are wrong.
var ErrCatastralReference = Errorf(CodeInvalid, "La referencia catastral no es válida")
