package money

import (
	"bytes"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// AEB Norma 43 (Cuaderno 43) bank statements (issue #37): fixed 80-character lines, amounts of 14 digits
// with 2 implied decimals, sign 1 debit and 2 credit, dates YYMMDD as the AEB document writes them
// (AAMMDD). Records: 11 account header, 22 movement, 23 its concept lines, 24 its currency equivalence
// (read and ignored), 33 account totals, 88 end of file. ParseNorma43 only reads and checks the file;
// ImportNorma43 (statements.go) checks it against the community's accounts and books it.

// N43Statement is one account's block of a Norma 43 file (records 11 … 33).
type N43Statement struct {
	Bank, Branch, Account string // 4, 4 and 10 digits
	Start, End            string // YYYY-MM-DD
	Opening, Closing      domain.Cents
	Currency              string // ISO 4217 numeric: 978 is the euro
	Name                  string
	Movements             []N43Movement
}

// N43Movement is a record 22 with the concept lines (23) that follow it. Amount is positive for a credit
// (money in) and negative for a debit.
type N43Movement struct {
	Line            int
	Branch          string
	Date, ValueDate string // YYYY-MM-DD
	CommonConcept   string // 2 digits (AEB's common concepts)
	OwnConcept      string // 3 characters, the bank's own
	Amount          domain.Cents
	Document        string
	Reference1      string
	Reference2      string
	Concept         string // the 23 records' texts, joined with single spaces
}

// maxN43Records bounds what is read of one file (a year of a busy account has a few thousand movements).
const maxN43Records = 200_000

// n43Lines splits a file into its lines as text: UTF-8 when it is valid UTF-8, else ISO-8859-1 (what
// Spanish banks send), so that each character is one column.
func n43Lines(data []byte) []string {
	text := string(data)
	if !utf8.Valid(data) {
		rs := make([]rune, len(data))
		for i, b := range data {
			rs[i] = rune(b)
		}
		text = string(rs)
	}
	text = strings.TrimRight(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// n43Date reads YYMMDD (years 00–79 are 2000–2079, 80–99 are 1980–1999).
func n43Date(s string) (string, bool) {
	t, err := time.Parse("060102", s)
	if err != nil {
		return "", false
	}
	return t.Format(domain.DateLayout), true
}

// n43Amount reads 14 digits with 2 implied decimals and a sign (1 debit, 2 credit).
func n43Amount(sign byte, digits string) (domain.Cents, bool) {
	if sign != '1' && sign != '2' || len(digits) != 14 {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n > maxAmount {
		return 0, false
	}
	if sign == '1' {
		n = -n
	}
	return n, true
}

func n43Count(s string) (int, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// ParseNorma43 reads a Norma 43 file and checks it whole: every line of 80 characters, each record where
// it may be, every date a date and each movement's within its statement's period, and the totals of each
// account's 33 record (debits and credits, their counts and the closing balance) and the record count of
// the 88 record. The error names the line, in the reader's language.
func ParseNorma43(data []byte) ([]N43Statement, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "El fichero está vacío")
	}
	lines := n43Lines(data)
	if len(lines) > maxN43Records {
		return nil, domain.Errorf(domain.CodeInvalid, "El fichero tiene demasiadas líneas (más de %d)", maxN43Records)
	}
	var out []N43Statement
	var cur *N43Statement
	var debits, credits domain.Cents
	var nDebits, nCredits int
	ended := false
	for i, raw := range lines {
		n := i + 1
		line := []rune(raw)
		if len(line) != 80 {
			return nil, domain.Errorf(domain.CodeInvalid, "La línea %d no tiene 80 caracteres (tiene %d): el fichero está cortado o no es Norma 43", n, len(line))
		}
		if ended {
			return nil, domain.Errorf(domain.CodeInvalid, "La línea %d sigue al registro final (88)", n)
		}
		rec := string(line[:2])
		// Every field but the name and the concepts is ASCII: read them from the line as text.
		f := func(from, to int) string { return string(line[from-1 : to]) }
		switch rec {
		case "11":
			if cur != nil {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d abre una cuenta sin cerrar la anterior (falta el registro 33)", n)
			}
			st := N43Statement{Bank: f(3, 6), Branch: f(7, 10), Account: f(11, 20), Currency: f(48, 50), Name: strings.TrimSpace(f(52, 77))}
			var ok1, ok2, ok3 bool
			st.Start, ok1 = n43Date(f(21, 26))
			st.End, ok2 = n43Date(f(27, 32))
			if line[32] <= 0x7f {
				st.Opening, ok3 = n43Amount(byte(line[32]), f(34, 47))
			}
			if _, okb := n43Count(st.Bank + st.Branch + st.Account); !okb {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d no tiene un número de cuenta válido", n)
			}
			if !ok1 || !ok2 || st.End < st.Start {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d tiene una fecha que no es válida", n)
			}
			if !ok3 {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d tiene un importe que no es válido", n)
			}
			cur, debits, credits, nDebits, nCredits = &st, 0, 0, 0, 0
		case "22":
			if cur == nil {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d es un movimiento fuera de una cuenta (falta el registro 11)", n)
			}
			m := N43Movement{Line: n, Branch: f(7, 10), CommonConcept: f(23, 24), OwnConcept: f(25, 27), Document: strings.TrimSpace(f(43, 52)),
				Reference1: strings.TrimSpace(f(53, 64)), Reference2: strings.TrimSpace(f(65, 80))}
			var ok1, ok2, ok3 bool
			m.Date, ok1 = n43Date(f(11, 16))
			m.ValueDate, ok2 = n43Date(f(17, 22))
			if !ok1 || !ok2 {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d tiene una fecha que no es válida", n)
			}
			if m.Date < cur.Start || m.Date > cur.End {
				return nil, domain.Errorf(domain.CodeInvalid, "La fecha de la línea %d (%s) está fuera del periodo del extracto (%s a %s)", n, m.Date, cur.Start, cur.End)
			}
			if line[27] > 0x7f {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d tiene un importe que no es válido", n)
			}
			if m.Amount, ok3 = n43Amount(byte(line[27]), f(29, 42)); !ok3 || m.Amount == 0 {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d tiene un importe que no es válido", n)
			}
			if m.Amount < 0 {
				debits, nDebits = debits-m.Amount, nDebits+1
			} else {
				credits, nCredits = credits+m.Amount, nCredits+1
			}
			if debits > maxAmount || credits > maxAmount {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d tiene un importe que no es válido", n)
			}
			cur.Movements = append(cur.Movements, m)
		case "23":
			if cur == nil || len(cur.Movements) == 0 {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d es un concepto sin movimiento (falta el registro 22)", n)
			}
			m := &cur.Movements[len(cur.Movements)-1]
			for _, part := range []string{f(5, 42), f(43, 80)} {
				if p := strings.Join(strings.Fields(part), " "); p != "" {
					m.Concept = strings.TrimSpace(m.Concept + " " + p)
				}
			}
		case "24":
			if cur == nil || len(cur.Movements) == 0 {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d es un concepto sin movimiento (falta el registro 22)", n)
			}
		case "33":
			if cur == nil {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d cierra una cuenta que no se abrió (falta el registro 11)", n)
			}
			if f(3, 6) != cur.Bank || f(7, 10) != cur.Branch || f(11, 20) != cur.Account {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d cierra otra cuenta que la abierta", n)
			}
			dn, ok1 := n43Count(f(21, 25))
			dt, ok2 := n43Amount('2', f(26, 39))
			cn, ok3 := n43Count(f(40, 44))
			ct, ok4 := n43Amount('2', f(45, 58))
			if line[58] > 0x7f {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d tiene un importe que no es válido", n)
			}
			closing, ok5 := n43Amount(byte(line[58]), f(60, 73))
			if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d tiene un importe que no es válido", n)
			}
			if dn != nDebits || dt != debits || cn != nCredits || ct != credits {
				return nil, domain.Errorf(domain.CodeInvalid, "Los totales de la línea %d no cuadran con los movimientos: %d cargos por %s y %d abonos por %s en el fichero",
					n, nDebits, domain.EurosText(debits), nCredits, domain.EurosText(credits))
			}
			if closing != cur.Opening+credits-debits {
				return nil, domain.Errorf(domain.CodeInvalid, "El saldo final de la línea %d (%s) no es el inicial más los abonos menos los cargos (%s)", n,
					domain.EurosText(closing), domain.EurosText(cur.Opening+credits-debits))
			}
			cur.Closing = closing
			out = append(out, *cur)
			cur = nil
		case "88":
			if cur != nil {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d cierra el fichero con una cuenta abierta (falta el registro 33)", n)
			}
			if f(3, 20) != strings.Repeat("9", 18) {
				return nil, domain.Errorf(domain.CodeInvalid, "La línea %d no es un registro final válido", n)
			}
			count, ok := n43Count(f(21, 26))
			if !ok || count != i {
				return nil, domain.Errorf(domain.CodeInvalid, "El registro final (línea %d) cuenta %s registros y el fichero tiene %d", n, f(21, 26), i)
			}
			ended = true
		default:
			return nil, domain.Errorf(domain.CodeInvalid, "La línea %d no es un registro de Norma 43 (empieza por «%s»)", n, rec)
		}
	}
	if !ended {
		return nil, domain.Errorf(domain.CodeInvalid, "Falta el registro final (88): el fichero está incompleto")
	}
	if len(out) == 0 {
		return nil, domain.Errorf(domain.CodeInvalid, "El fichero no tiene ninguna cuenta")
	}
	return out, nil
}
