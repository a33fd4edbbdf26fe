package money

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The pieces of SEPA direct debits (issue #36) that take no database: the parsers of an IBAN and a
// creditor identifier, and the transliteration to the SEPA Latin character set. mandates.go and
// remittances.go wire them to the community's settings, mandates and remittances.

// mod97 is the ISO 7064 MOD 97-10 remainder of s, letters counting as 10 (A) … 35 (Z); false when s holds
// anything but digits and ASCII capitals.
func mod97(s string) (int, bool) {
	r := 0
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			r = (r*10 + int(c-'0')) % 97
		case c >= 'A' && c <= 'Z':
			r = (r*100 + int(c-'A'+10)) % 97
		default:
			return 0, false
		}
	}
	return r, true
}

// nonEEASepa are the IBAN countries of the SEPA schemes' geographical scope outside the European Economic
// Area (docs/adr/0035-money-ledger.md, "the debtor's address"): for a debit to a bank there the rulebook
// asks for the debtor's address. Guernsey, Jersey and the Isle of Man are in the scope too, but their
// banks' IBANs begin with GB.
var nonEEASepa = []string{"AD", "AL", "CH", "GB", "GI", "MC", "MD", "ME", "MK", "RS", "SM", "VA"}

// NonEEASepaCountries lists the IBAN countries whose debits need the debtor's address, for the form that
// asks for it.
func NonEEASepaCountries() []string { return slices.Clone(nonEEASepa) }

// NeedsDebtorAddress is true when an IBAN (electronic form) is of a bank in a non-EEA SEPA country.
func NeedsDebtorAddress(iban string) bool {
	return len(iban) >= 2 && slices.Contains(nonEEASepa, iban[:2])
}

// compact removes spaces and dashes and upper-cases, as people write IBANs ("ES91 2100 0418 …").
func compact(s string) string {
	return strings.ToUpper(strings.NewReplacer(" ", "", "-", "", "\t", "").Replace(strings.TrimSpace(s)))
}

// ParseIBAN returns the IBAN in its electronic form (no spaces, capitals) when its check digits are right
// (ISO 13616, MOD 97-10); a Spanish IBAN must have 24 characters and its CCC's two control digits must
// be right too. ok is false otherwise.
func ParseIBAN(s string) (string, bool) {
	iban := compact(s)
	if len(iban) < 15 || len(iban) > 34 || iban[0] < 'A' || iban[0] > 'Z' || iban[1] < 'A' || iban[1] > 'Z' ||
		iban[2] < '0' || iban[2] > '9' || iban[3] < '0' || iban[3] > '9' {
		return "", false
	}
	if r, ok := mod97(iban[4:] + iban[:4]); !ok || r != 1 {
		return "", false
	}
	if iban[:2] == "ES" {
		if len(iban) != 24 || !validCCC(iban[4:]) {
			return "", false
		}
	}
	return iban, true
}

// validCCC checks a Spanish account number (código cuenta cliente): bank 4, branch 4, 2 control digits,
// account 10. The first control digit covers "00" + bank + branch, the second the account, with the
// weights 1, 2, 4, 8, 5, 10, 9, 7, 3, 6.
func validCCC(ccc string) bool {
	if len(ccc) != 20 {
		return false
	}
	for _, c := range ccc {
		if c < '0' || c > '9' {
			return false
		}
	}
	digit := func(s string) byte {
		weights := [10]int{1, 2, 4, 8, 5, 10, 9, 7, 3, 6}
		sum := 0
		for i, c := range s {
			sum += int(c-'0') * weights[i]
		}
		d := 11 - sum%11
		switch d {
		case 11:
			d = 0
		case 10:
			d = 1
		}
		return byte('0' + d)
	}
	return digit("00"+ccc[:8]) == ccc[8] && digit(ccc[10:]) == ccc[9]
}

// ParseCreditorID returns a Spanish SEPA creditor identifier in its electronic form when it is right:
// "ES", two check digits, a 3-character suffix (usually 000) and the creditor's NIF. The check digits are
// MOD 97-10 of the NIF followed by "ES00" (the suffix does not count): 98 − (n mod 97).
func ParseCreditorID(s string) (string, bool) {
	id := compact(s)
	if len(id) < 8 || len(id) > 35 || id[:2] != "ES" {
		return "", false
	}
	for _, c := range id[4:] {
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') {
			return "", false
		}
	}
	nif := id[7:]
	if len(nif) != 9 {
		return "", false
	}
	r, ok := mod97(nif + "ES00")
	if !ok {
		return "", false
	}
	want := 98 - r
	if id[2:4] != string([]byte{byte('0' + want/10), byte('0' + want%10)}) {
		return "", false
	}
	return id, true
}

// Transliterate turns text into the SEPA Latin character set (a-z A-Z 0-9 / - ? : ( ) . , ' + and space):
// accents are dropped (á → a, ñ → n, ç → c), a few letters spelled out (ß → ss, æ → ae, € → E), anything
// else becomes a space, runs of spaces collapse, and the result is cut to max characters.
func Transliterate(s string, max int) string {
	var b strings.Builder
	space := false
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		out := ""
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune("/-?:().,'+", r):
			out = string(r)
		case r == 'ß':
			out = "ss"
		case r == 'æ':
			out = "ae"
		case r == 'Æ':
			out = "AE"
		case r == 'ø':
			out = "o"
		case r == 'Ø':
			out = "O"
		case r == '&':
			out = "+"
		case r == '€':
			out = "E"
		case r == 'ª':
			out = "a"
		case r == 'º':
			out = "o"
		default:
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteString(out)
	}
	t := strings.TrimSpace(b.String())
	if len(t) > max {
		t = strings.TrimSpace(t[:max])
	}
	return t
}
