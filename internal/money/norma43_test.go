package money

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// n43 writes Norma 43 records as a bank does: each field at its column, the line padded to 80.
type n43 struct{ lines []string }

func (w *n43) add(fields ...string) {
	l := strings.Join(fields, "")
	n := utf8.RuneCountInString(l)
	if n > 80 {
		panic(fmt.Sprintf("record of %d characters: %q", n, l))
	}
	w.lines = append(w.lines, l+strings.Repeat(" ", 80-n))
}

func n43Amt(c domain.Cents) (string, string) {
	sign := "2"
	if c < 0 {
		sign, c = "1", -c
	}
	return sign, fmt.Sprintf("%014d", c)
}

// n43Mov is a movement of the fixture: its date (YYMMDD), amount and concept.
type n43Mov struct {
	date    string
	amount  domain.Cents
	concept string
	ref2    string
}

// n43Fixture is a real-shaped statement of the account of IBAN ES91 2100 0418 4502 0005 1332 for January
// 2027: an opening balance, a remittance's credit, a transfer, an invoice paid, a bank charge, in
// ISO-8859-1 as the banks send it, with CRLF line ends.
func n43Fixture(opening domain.Cents, movs []n43Mov) []byte {
	return n43FixtureOf("0200051332", "270101", "270131", opening, movs)
}

// n43FixtureOf is a statement of the account number (10 digits) of bank 2100, branch 0418, for a period.
func n43FixtureOf(account, start, end string, opening domain.Cents, movs []n43Mov) []byte {
	w := &n43{}
	s, a := n43Amt(opening)
	w.add("11", "2100", "0418", account, start, end, s, a, "978", "3", fmt.Sprintf("%-26s", "COMUNIDAD PROP LOS OLIVOS"))
	var debits, credits domain.Cents
	var nd, nc int
	for i, m := range movs {
		s, a := n43Amt(m.amount)
		w.add("22", "    ", "0418", m.date, m.date, "02", "000", s, a, fmt.Sprintf("%010d", i+1), fmt.Sprintf("%-12s", "REF"+fmt.Sprint(i+1)),
			fmt.Sprintf("%-16s", m.ref2))
		c := []rune(fmt.Sprintf("%-38s", m.concept))[:38]
		w.add("23", "01", string(c), fmt.Sprintf("%-38s", "OLIVOS"))
		if m.amount < 0 {
			debits, nd = debits-m.amount, nd+1
		} else {
			credits, nc = credits+m.amount, nc+1
		}
	}
	fs, fa := n43Amt(opening + credits - debits)
	w.add("33", "2100", "0418", account, fmt.Sprintf("%05d", nd), fmt.Sprintf("%014d", debits), fmt.Sprintf("%05d", nc),
		fmt.Sprintf("%014d", credits), fs, fa, "978")
	w.add("88", strings.Repeat("9", 18), fmt.Sprintf("%06d", len(w.lines)))
	text := strings.Join(w.lines, "\r\n") + "\r\n"
	// ISO-8859-1: one byte a character.
	out := make([]byte, 0, len(text))
	for _, r := range text {
		out = append(out, byte(r))
	}
	return out
}

var fixtureMovements = []n43Mov{
	{"270105", 114000, "ADEUDO REMESA PRE20270105CUOTAS", "PRE202701050001"},
	{"270110", 28500, "TRANSF OLGA GARCÍA RECIBO 2027/000003", ""},
	{"270115", -106000, "PAGO FACTURA FONTANERIA RAPIDA SL", ""},
	{"270120", -450, "COMISION DEVOLUCION RECIBO", ""},
}

// writeFixtures writes the fixture and its corrupted twin (one amount changed, the totals left as they
// were) where the tests read them from, as a bank's download would be.
func writeFixtures(t *testing.T) (good, corrupted string) {
	t.Helper()
	dir := t.TempDir()
	data := n43Fixture(500000, fixtureMovements)
	good, corrupted = filepath.Join(dir, "extracto-2027-01.n43"), filepath.Join(dir, "extracto-2027-01-corrupto.n43")
	twin := strings.Replace(string(data), "00000000028500", "00000000028600", 1)
	if twin == string(data) {
		t.Fatal("the twin is not corrupted")
	}
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(corrupted, []byte(twin), 0o644); err != nil {
		t.Fatal(err)
	}
	return good, corrupted
}

func TestParseNorma43(t *testing.T) {
	good, corrupted := writeFixtures(t)
	data, _ := os.ReadFile(good)
	sts, err := ParseNorma43(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(sts) != 1 {
		t.Fatalf("%d statements", len(sts))
	}
	st := sts[0]
	if st.Bank != "2100" || st.Branch != "0418" || st.Account != "0200051332" || st.Start != "2027-01-01" || st.End != "2027-01-31" ||
		st.Opening != 500000 || st.Closing != 500000+114000+28500-106000-450 || st.Currency != "978" || st.Name != "COMUNIDAD PROP LOS OLIVOS" {
		t.Fatalf("statement %+v", st)
	}
	if len(st.Movements) != 4 {
		t.Fatalf("movements %+v", st.Movements)
	}
	m := st.Movements[1]
	// The dates are YYMMDD, as the AEB document says (AAMMDD), not DDMMYY.
	if m.Date != "2027-01-10" || m.Amount != 28500 || m.Concept != "TRANSF OLGA GARCÍA RECIBO 2027/000003 OLIVOS" || m.Line != 4 {
		t.Fatalf("transfer %+v", m)
	}
	if r := st.Movements[0]; r.Reference2 != "PRE202701050001" || r.Document != "0000000001" {
		t.Fatalf("remittance %+v", r)
	}
	if st.Movements[2].Amount != -106000 {
		t.Fatalf("debit %+v", st.Movements[2])
	}
	twin, _ := os.ReadFile(corrupted)
	if _, err := ParseNorma43(twin); err == nil || !strings.Contains(domain.ErrorMessage(err), "no cuadran") {
		t.Fatalf("the corrupted twin: %v", err)
	}
	// The same file in UTF-8 and with LF line ends reads the same.
	if again, err := ParseNorma43([]byte(strings.Join(n43Lines(data), "\n"))); err != nil || again[0].Movements[1].Concept != m.Concept {
		t.Fatalf("UTF-8: %v", err)
	}
}

func TestParseNorma43Refuses(t *testing.T) {
	base := string(n43Fixture(500000, fixtureMovements))
	lines := strings.Split(strings.TrimRight(base, "\r\n"), "\r\n")
	join := func(ls []string) []byte { return []byte(strings.Join(ls, "\r\n")) }
	replaced := func(i int, l string) []byte {
		c := append([]string(nil), lines...)
		c[i] = l
		return join(c)
	}
	outOfRange := n43Fixture(500000, []n43Mov{{"270201", 100, "FEBRERO", ""}})
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "El fichero está vacío"},
		{"truncated", replaced(3, lines[3][:60]), "La línea 4 no tiene 80 caracteres (tiene 60): el fichero está cortado o no es Norma 43"},
		{"cut short", join(lines[:5]), "Falta el registro final (88): el fichero está incompleto"},
		{"out of range", outOfRange, "La fecha de la línea 2 (2027-02-01) está fuera del periodo del extracto (2027-01-01 a 2027-01-31)"},
		{"bad date", replaced(1, lines[1][:10]+"271301"+lines[1][16:]), "La línea 2 tiene una fecha que no es válida"},
		{"bad amount", replaced(1, lines[1][:28]+"0000000001140X"+lines[1][42:]), "La línea 2 tiene un importe que no es válido"},
		{"unknown record", replaced(2, "77"+lines[2][2:]), "La línea 3 no es un registro de Norma 43 (empieza por «77»)"},
		{"88 count", replaced(len(lines)-1, "88"+strings.Repeat("9", 18)+"000003"+strings.Repeat(" ", 54)),
			"El registro final (línea 11) cuenta 000003 registros y el fichero tiene 10"},
		{"closing", replaced(len(lines)-2, lines[len(lines)-2][:59]+"00000000000001"+lines[len(lines)-2][73:]),
			"El saldo final de la línea 10 (0,01 €) no es el inicial más los abonos menos los cargos (5.360,50 €)"},
		{"no header", join(lines[1:]), "La línea 1 es un movimiento fuera de una cuenta (falta el registro 11)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseNorma43(tc.data)
			if err == nil || domain.ErrorMessage(err) != tc.want {
				t.Fatalf("got %v, want %q", err, tc.want)
			}
			for _, lang := range []domain.Language{domain.Catalan, domain.English} {
				if msg := domain.ErrorMessageIn(err, lang); msg == domain.ErrorMessage(err) {
					t.Errorf("not translated to %s: %q", lang, msg)
				}
			}
		})
	}
}

// FuzzParseNorma43: whatever the bytes, the parser does not panic, and what it accepts adds up: each
// statement's closing balance is its opening plus its movements, and every movement is in its period.
func FuzzParseNorma43(f *testing.F) {
	f.Add(n43Fixture(500000, fixtureMovements))
	f.Add(n43Fixture(-1200, []n43Mov{{"270131", -1, "X", ""}}))
	f.Add([]byte("88999999999999999999000000"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sts, err := ParseNorma43(data)
		if err != nil {
			return
		}
		for _, st := range sts {
			sum := st.Opening
			for _, m := range st.Movements {
				sum += m.Amount
				if m.Date < st.Start || m.Date > st.End || m.Amount == 0 {
					t.Fatalf("movement %+v outside %s–%s", m, st.Start, st.End)
				}
			}
			if sum != st.Closing {
				t.Fatalf("closing %d, movements add up to %d", st.Closing, sum)
			}
		}
	})
}
