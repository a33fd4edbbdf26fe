package money

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// A bank statement as CSV (issue #37: for banks that offer only that). The admin says which columns hold
// the date, the concept and the amount (or a debit and a credit column) and, when there is one, the
// balance after each movement; ParseCSVStatement reads the file whole with that mapping, and the import
// books it as a Norma 43 statement (ImportNorma43's checks and tables, in one transaction).

// CSVMapping says where each datum is: columns are numbered from 1, 0 is "none".
type CSVMapping struct {
	Date, Concept   int
	Amount          int // signed: negative is money out
	Debit, Credit   int // instead of Amount: money out and money in
	Balance         int // optional: the balance after the movement
	HeaderRows      int // rows before the movements (the column names), skipped
	DecimalComma    bool
	ThousandsPeriod bool
}

// maxCSVRows bounds what is read of one file.
const maxCSVRows = 200_000

var (
	errCSVMapping = domain.Errorf(domain.CodeInvalid, "Indica las columnas de la fecha, el concepto y el importe (o las de cargo y abono)")
	errCSVEmpty   = domain.Errorf(domain.CodeInvalid, "El fichero CSV no tiene movimientos")
	errCSVSize    = domain.Errorf(domain.CodeInvalid, "El fichero CSV tiene demasiadas líneas")
)

// csvSeparator is the separator of the file's first line: the one of ';', tab and ',' it has most of
// (Spanish banks write ';' and a decimal comma).
func csvSeparator(first string) rune {
	best, n := ';', strings.Count(first, ";")
	for _, r := range []rune{'\t', ','} {
		if c := strings.Count(first, string(r)); c > n {
			best, n = r, c
		}
	}
	return best
}

// csvDate reads DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY, DD/MM/YY or YYYY-MM-DD.
func csvDate(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"02/01/2006", "02-01-2006", "02.01.2006", "02/01/06", "2006-01-02", "2/1/2006"} {
		if t, err := time.Parse(layout, s); err == nil && t.Year() >= 1980 && t.Year() <= 2100 {
			return t.Format(domain.DateLayout), true
		}
	}
	return "", false
}

// csvAmount reads an amount in euros as banks write it: "-1.234,56", "1234,56", "+12,1", "1,234.56 €"
// (decimalComma: the comma separates the cents, else the period), without float. Empty is zero.
func csvAmount(s string, decimalComma bool) (domain.Cents, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(strings.ReplaceAll(s, "\u00a0", " ")), "€"))
	s = strings.ReplaceAll(strings.TrimSpace(strings.TrimSuffix(s, "EUR")), " ", "")
	if s == "" {
		return 0, true
	}
	neg := false
	switch s[0] {
	case '-':
		neg, s = true, s[1:]
	case '+':
		s = s[1:]
	}
	dec, thousands := ".", ","
	if decimalComma {
		dec, thousands = ",", "."
	}
	s = strings.ReplaceAll(s, thousands, "")
	whole, frac, _ := strings.Cut(s, dec)
	if whole == "" && frac == "" || len(whole) > 13 || len(frac) > 2 {
		return 0, false
	}
	for len(frac) < 2 {
		frac += "0"
	}
	var c domain.Cents
	for _, r := range whole + frac {
		if r < '0' || r > '9' {
			return 0, false
		}
		c = c*10 + domain.Cents(r-'0')
	}
	if neg {
		c = -c
	}
	return c, true
}

// ParseCSVStatement reads a CSV statement with mapping m, whole: a row that cannot be read stops it, with
// the line named. Rows newest first (as many banks write them) are put in date order. With a balance
// column, each balance must be the one before plus the movement, and the statement opens at the first
// balance less its movement; without one, Opening is 0 and Closing the movements' sum (the import opens
// it at the account's last closing balance). Empty rows are skipped.
func ParseCSVStatement(data []byte, m CSVMapping) (*N43Statement, bool, error) {
	if m.Date <= 0 || m.Concept <= 0 || (m.Amount <= 0) == (m.Debit <= 0 && m.Credit <= 0) || m.Amount > 0 && (m.Debit > 0 || m.Credit > 0) ||
		m.HeaderRows < 0 || m.Balance < 0 || m.Debit < 0 || m.Credit < 0 {
		return nil, false, errCSVMapping
	}
	lines := n43Lines(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(lines) > maxCSVRows {
		return nil, false, errCSVSize
	}
	if len(lines) <= m.HeaderRows {
		return nil, false, errCSVEmpty
	}
	r := csv.NewReader(strings.NewReader(strings.Join(lines, "\n")))
	r.Comma = csvSeparator(lines[min(m.HeaderRows, len(lines)-1)])
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	st := &N43Statement{Currency: "978"}
	var balances []domain.Cents
	cell := func(row []string, col int) string {
		if col <= 0 || col > len(row) {
			return ""
		}
		return strings.TrimSpace(row[col-1])
	}
	for row := 1; ; row++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			line, _ := r.FieldPos(0)
			return nil, false, domain.Errorf(domain.CodeInvalid, "La línea %d del CSV no se puede leer", max(line, row))
		}
		line, _ := r.FieldPos(0)
		if line <= m.HeaderRows || strings.TrimSpace(strings.Join(rec, "")) == "" {
			continue
		}
		need := max(m.Date, m.Concept, m.Amount, m.Debit, m.Credit, m.Balance)
		if len(rec) < need {
			return nil, false, domain.Errorf(domain.CodeInvalid, "La línea %d del CSV no tiene la columna %d", line, need)
		}
		date, ok := csvDate(cell(rec, m.Date))
		if !ok {
			return nil, false, domain.Errorf(domain.CodeInvalid, "La fecha de la línea %d del CSV no es válida: «%s»", line, cell(rec, m.Date))
		}
		var amount domain.Cents
		if m.Amount > 0 {
			if amount, ok = csvAmount(cell(rec, m.Amount), m.DecimalComma); !ok {
				return nil, false, domain.Errorf(domain.CodeInvalid, "El importe de la línea %d del CSV no es válido: «%s»", line, cell(rec, m.Amount))
			}
		} else {
			debit, ok1 := csvAmount(cell(rec, m.Debit), m.DecimalComma)
			credit, ok2 := csvAmount(cell(rec, m.Credit), m.DecimalComma)
			if !ok1 || !ok2 {
				return nil, false, domain.Errorf(domain.CodeInvalid, "El importe de la línea %d del CSV no es válido: «%s»", line,
					cell(rec, m.Debit)+cell(rec, m.Credit))
			}
			amount = abs(credit) - abs(debit)
		}
		if amount == 0 {
			return nil, false, domain.Errorf(domain.CodeInvalid, "El importe de la línea %d del CSV no es válido: «%s»", line,
				cell(rec, m.Amount)+cell(rec, m.Debit)+cell(rec, m.Credit))
		}
		if m.Balance > 0 {
			b, ok := csvAmount(cell(rec, m.Balance), m.DecimalComma)
			if !ok || cell(rec, m.Balance) == "" {
				return nil, false, domain.Errorf(domain.CodeInvalid, "El saldo de la línea %d del CSV no es válido: «%s»", line, cell(rec, m.Balance))
			}
			balances = append(balances, b)
		}
		concept := []rune(strings.Join(strings.Fields(cell(rec, m.Concept)), " "))
		if len(concept) > 500 {
			concept = concept[:500]
		}
		st.Movements = append(st.Movements, N43Movement{Line: line, Date: date, ValueDate: date, Amount: amount, Concept: string(concept)})
	}
	ms := st.Movements
	if len(ms) == 0 {
		return nil, false, errCSVEmpty
	}
	if ms[0].Date > ms[len(ms)-1].Date {
		for i, j := 0, len(ms)-1; i < j; i, j = i+1, j-1 {
			ms[i], ms[j] = ms[j], ms[i]
		}
		for i, j := 0, len(balances)-1; i < j; i, j = i+1, j-1 {
			balances[i], balances[j] = balances[j], balances[i]
		}
	}
	for i := 1; i < len(ms); i++ {
		if ms[i].Date < ms[i-1].Date {
			return nil, false, domain.Errorf(domain.CodeInvalid, "Las fechas del CSV no están en orden (línea %d)", ms[i].Line)
		}
	}
	st.Start, st.End = ms[0].Date, ms[len(ms)-1].Date
	var sum domain.Cents
	for _, mv := range ms {
		sum += mv.Amount
	}
	if m.Balance == 0 {
		st.Closing = sum
		return st, false, nil
	}
	st.Opening = balances[0] - ms[0].Amount
	for i := 1; i < len(ms); i++ {
		if balances[i] != balances[i-1]+ms[i].Amount {
			return nil, false, domain.Errorf(domain.CodeInvalid, "El saldo de la línea %d del CSV (%s) no es el anterior más el movimiento (%s)",
				ms[i].Line, domain.EurosText(balances[i]), domain.EurosText(balances[i-1]+ms[i].Amount))
		}
	}
	st.Closing = balances[len(balances)-1]
	return st, true, nil
}

func abs(c domain.Cents) domain.Cents {
	if c < 0 {
		return -c
	}
	return c
}

// PreviewCSVStatement reads a CSV statement as the import would, writing nothing; admins only (the route).
func (s *Service) PreviewCSVStatement(ctx context.Context, a *domain.Actor, accountID string, data []byte, m CSVMapping) (*N43Statement, error) {
	acc, err := s.store.BankAccount(ctx, a.CommunityID, accountID)
	if err != nil {
		return nil, err
	}
	if acc == nil {
		return nil, errAccountGone
	}
	st, withBalance, err := ParseCSVStatement(data, m)
	if err != nil {
		return nil, err
	}
	if !withBalance {
		if err := s.openAtLast(ctx, acc, st); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// openAtLast opens a statement without balances at the account's last imported closing balance (its
// opening balance before any).
func (s *Service) openAtLast(ctx context.Context, acc *domain.BankAccount, st *N43Statement) error {
	last, err := s.store.LastBankStatement(ctx, acc.ID)
	if err != nil {
		return err
	}
	opening := acc.Opening
	if last != nil {
		opening = last.Closing
	}
	st.Opening, st.Closing = opening, opening+st.Closing
	return nil
}

// ImportCSVStatement imports a CSV statement read with m into one of the community's bank accounts, with
// ImportNorma43's guarantees: one transaction, a file imported once, a movement never twice, the opening
// balance following the last imported closing balance, dates from the account's opening to today. A CSV
// names no account: the admin chose it.
func (s *Service) ImportCSVStatement(ctx context.Context, a *domain.Actor, accountID, fileName string, data []byte, m CSVMapping) (
	*domain.BankStatement, error) {
	st, withBalance, err := ParseCSVStatement(data, m)
	if err != nil {
		return nil, err
	}
	out, err := s.importStatements(ctx, a, accountID, fileName, data, []N43Statement{*st}, &statementFromCSV{withBalance: withBalance})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}
