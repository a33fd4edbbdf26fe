package money

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// WriteNorma43 writes statements as a Spanish bank's Norma 43 file (the inverse of ParseNorma43): each
// field at its column, lines of 80 characters ending in CRLF, the totals of each account's 33 record and
// the record count of the 88 record computed from the movements. It returns the text; a bank sends it
// in ISO-8859-1 (Latin1), which the import also reads. The demo community's year of bank statements is
// written with it. A field longer than its columns is cut to them.
func WriteNorma43(statements []N43Statement) string {
	var lines []string
	add := func(fields ...string) {
		l := strings.Join(fields, "")
		if n := utf8.RuneCountInString(l); n < 80 {
			l += strings.Repeat(" ", 80-n)
		}
		lines = append(lines, l)
	}
	for _, st := range statements {
		sign, amount := n43Field(st.Opening)
		add("11", n43Fit(st.Bank, 4), n43Fit(st.Branch, 4), n43Fit(st.Account, 10), n43Day(st.Start), n43Day(st.End), sign, amount,
			n43Fit(n43Or(st.Currency, "978"), 3), "3", n43Fit(st.Name, 26))
		var debits, credits domain.Cents
		var nd, nc int
		for i, m := range st.Movements {
			sign, amount := n43Field(m.Amount)
			doc := m.Document
			if doc == "" {
				doc = fmt.Sprintf("%010d", i+1)
			}
			add("22", "    ", n43Fit(n43Or(m.Branch, st.Branch), 4), n43Day(m.Date), n43Day(n43Or(m.ValueDate, m.Date)),
				n43Fit(n43Or(m.CommonConcept, "99"), 2), n43Fit(m.OwnConcept, 3), sign, amount, n43Fit(doc, 10), n43Fit(m.Reference1, 12),
				n43Fit(m.Reference2, 16))
			// Up to five 23 records of two 38-character concepts each, broken between words (the import
			// joins the parts with a space).
			parts := n43Parts(m.Concept, 38)
			for n := 1; n <= 5 && (n == 1 || len(parts) > 0); n++ {
				var first, second string
				if len(parts) > 0 {
					first, parts = parts[0], parts[1:]
				}
				if len(parts) > 0 {
					second, parts = parts[0], parts[1:]
				}
				add("23", fmt.Sprintf("%02d", n), n43Fit(first, 38), n43Fit(second, 38))
			}
			if m.Amount < 0 {
				debits, nd = debits-m.Amount, nd+1
			} else {
				credits, nc = credits+m.Amount, nc+1
			}
		}
		sign, amount = n43Field(st.Opening + credits - debits)
		add("33", n43Fit(st.Bank, 4), n43Fit(st.Branch, 4), n43Fit(st.Account, 10), fmt.Sprintf("%05d", nd), fmt.Sprintf("%014d", debits),
			fmt.Sprintf("%05d", nc), fmt.Sprintf("%014d", credits), sign, amount, n43Fit(n43Or(st.Currency, "978"), 3))
	}
	add("88", strings.Repeat("9", 18), fmt.Sprintf("%06d", len(lines)))
	return strings.Join(lines, "\r\n") + "\r\n"
}

// Latin1 encodes text (of characters up to U+00FF, as WriteNorma43 writes) in ISO-8859-1, one byte a
// character, as the banks send it; any other character becomes '?'.
func Latin1(text string) []byte {
	out := make([]byte, 0, len(text))
	for _, r := range text {
		if r > 0xFF {
			r = '?'
		}
		out = append(out, byte(r))
	}
	return out
}

// n43Field writes an amount as its sign (1 debit, 2 credit) and 14 digits with 2 implied decimals.
func n43Field(c domain.Cents) (string, string) {
	if c < 0 {
		return "1", fmt.Sprintf("%014d", -c)
	}
	return "2", fmt.Sprintf("%014d", c)
}

// n43Day writes a YYYY-MM-DD date as YYMMDD.
func n43Day(date string) string {
	t, err := time.Parse(domain.DateLayout, date)
	if err != nil {
		return "000000"
	}
	return t.Format("060102")
}

// n43Fit pads s with spaces, or cuts it, to n characters.
func n43Fit(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s + strings.Repeat(" ", n-len(r))
}

// n43Parts breaks text into parts of at most n characters between its words (a longer word is cut).
func n43Parts(text string, n int) []string {
	var parts []string
	cur := ""
	for _, w := range strings.Fields(text) {
		for utf8.RuneCountInString(w) > n {
			if cur != "" {
				parts, cur = append(parts, cur), ""
			}
			r := []rune(w)
			parts, w = append(parts, string(r[:n])), string(r[n:])
		}
		switch {
		case cur == "":
			cur = w
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) <= n:
			cur += " " + w
		default:
			parts, cur = append(parts, cur), w
		}
	}
	if cur != "" {
		parts = append(parts, cur)
	}
	return parts
}

func n43Or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
