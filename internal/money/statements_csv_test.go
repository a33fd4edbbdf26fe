package money

import (
	"context"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// A Spanish bank's CSV export: a title and the column names, ';', a decimal comma, newest first, the
// balance after each movement.
const csvSabadell = "Movimientos de la cuenta ES91 2100 0418 4502 0005 1332\n" +
	"Fecha;Concepto;Fecha valor;Importe;Saldo\n" +
	"15/02/2027;\"RECIBO LUZ; ENDESA\";15/02/2027;-121,00;5.351,00\n" +
	"10/02/2027;TRANSF OSCAR PROPIETARIO 2027/000001;10/02/2027;137,50;5.472,00\n" +
	"03/01/2027;COMISION MANTENIMIENTO;03/01/2027;-15,50;5.334,50\n"

var csvSabadellMapping = CSVMapping{Date: 1, Concept: 2, Amount: 4, Balance: 5, HeaderRows: 2, DecimalComma: true}

// TestParseCSVStatement: a bank's CSV read with its mapping, in date order, with the opening balance the
// first balance less its movement; debit and credit columns; and each bad row refused with its line.
func TestParseCSVStatement(t *testing.T) {
	st, withBalance, err := ParseCSVStatement([]byte(csvSabadell), csvSabadellMapping)
	if err != nil {
		t.Fatal(err)
	}
	if !withBalance || st.Start != "2027-01-03" || st.End != "2027-02-15" || st.Opening != 535000 || st.Closing != 535100 || len(st.Movements) != 3 {
		t.Fatalf("statement %+v", st)
	}
	if m := st.Movements[2]; m.Amount != -12100 || m.Concept != "RECIBO LUZ; ENDESA" || m.Line != 3 || m.Date != "2027-02-15" {
		t.Fatalf("last movement %+v", m)
	}
	// Debit and credit columns, a comma separator and a decimal point, no balance, oldest first.
	st, withBalance, err = ParseCSVStatement([]byte("date,concept,debit,credit\n2027-01-03,Fee,15.50,\n2027-01-05,Transfer,,\"1,234.56\"\n"),
		CSVMapping{Date: 1, Concept: 2, Debit: 3, Credit: 4, HeaderRows: 1})
	if err != nil {
		t.Fatal(err)
	}
	if withBalance || st.Opening != 0 || st.Closing != 123456-1550 || st.Movements[0].Amount != -1550 || st.Movements[1].Amount != 123456 {
		t.Fatalf("statement %+v", st)
	}
	for _, c := range []struct {
		data string
		m    CSVMapping
		want string
	}{
		{csvSabadell, CSVMapping{Date: 1, Concept: 2, HeaderRows: 2}, "Indica las columnas de la fecha, el concepto y el importe (o las de cargo y abono)"},
		{csvSabadell, CSVMapping{Date: 1, Concept: 2, Amount: 4, Debit: 3, HeaderRows: 2}, "Indica las columnas"},
		{"Fecha;Concepto;Importe\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, HeaderRows: 1}, "El fichero CSV no tiene movimientos"},
		{"01/02/2027;A;1,00\n31/02/2027;B;2,00\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true},
			"La fecha de la línea 2 del CSV no es válida: «31/02/2027»"},
		{"01/02/2027;A;1,00\n02/02/2027;B;2,0,0\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true},
			"El importe de la línea 2 del CSV no es válido: «2,0,0»"},
		{"01/02/2027;A;0,00\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true}, "El importe de la línea 1 del CSV no es válido: «0,00»"},
		{"01/02/2027;A\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true}, "La línea 1 del CSV no tiene la columna 3"},
		{"01/02/2027;A;1,00;10,00\n02/02/2027;B;2,00;13,00\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, Balance: 4, DecimalComma: true},
			"El saldo de la línea 2 del CSV (13,00 €) no es el anterior más el movimiento (12,00 €)"},
		{"01/02/2027;A;1,00\n05/02/2027;B;2,00\n03/02/2027;C;2,00\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true},
			"Las fechas del CSV no están en orden (línea 3)"},
	} {
		if _, _, err := ParseCSVStatement([]byte(c.data), c.m); err == nil || !strings.Contains(domain.ErrorMessage(err), c.want) {
			t.Errorf("%q: got %v, want %q", c.data, err, c.want)
		}
	}
}

// TestImportCSVStatement, on both engines: a CSV statement is imported whole into the account the admin
// chose and can be reconciled; the same file, an overlapping one with a movement already imported, one
// whose opening balance does not follow and one ending in the future are refused with nothing imported; a
// CSV without balances opens at the last closing balance. The preview writes nothing.
func TestImportCSVStatement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		admin := storetest.Community(t, db, "Pilar Presidenta")[0]
		svc := New(db, Options{Now: func() time.Time { return time.Date(2027, 3, 1, 10, 0, 0, 0, time.UTC) },
			Audit: func(context.Context, *domain.Actor, domain.AuditChange) {}})
		acc, err := svc.CreateAccount(ctx, admin, AccountInput{Name: "Banco", Kind: domain.BankAccountBank, IBAN: "ES91 2100 0418 4502 0005 1332",
			OpeningDate: "2027-01-01", Opening: 535000})
		if err != nil {
			t.Fatal(err)
		}
		count := func() int {
			t.Helper()
			ms, _, err := svc.BankMovements(ctx, admin, acc.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			return len(ms)
		}
		refused := func(data string, m CSVMapping, want string) {
			t.Helper()
			before := count()
			_, err := svc.ImportCSVStatement(ctx, admin, acc.ID, "x.csv", []byte(data), m)
			if err == nil || !strings.Contains(domain.ErrorMessage(err), want) {
				t.Fatalf("got %v, want %q", err, want)
			}
			if n := count(); n != before {
				t.Fatalf("%d movements after a refused file, %d before", n, before)
			}
		}
		preview, err := svc.PreviewCSVStatement(ctx, admin, acc.ID, []byte(csvSabadell), csvSabadellMapping)
		if err != nil || len(preview.Movements) != 3 || count() != 0 {
			t.Fatalf("preview %+v, %v, %d movements", preview, err, count())
		}
		st, err := svc.ImportCSVStatement(ctx, admin, acc.ID, "febrero.csv", []byte(csvSabadell), csvSabadellMapping)
		if err != nil {
			t.Fatal(err)
		}
		if st.Movements != 3 || st.Opening != 535000 || st.Closing != 535100 || st.Start != "2027-01-03" || st.End != "2027-02-15" || count() != 3 {
			t.Fatalf("statement %+v, %d movements", st, count())
		}
		refused(csvSabadell, csvSabadellMapping, "Este fichero ya se importó")
		refused("20/02/2027;TRANSFERENCIA;50,00;5.301,00\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, Balance: 4, DecimalComma: true},
			"El saldo inicial del extracto (5.251,00 €, el 2027-02-20) no sigue al saldo final del último importado (5.351,00 €, el 2027-02-15)")
		refused("20/02/2027;OTRO;-1,00\n21/02/2027;SIN IMPORTE\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true},
			"La línea 2 del CSV no tiene la columna 3")
		refused("15/02/2027;\"RECIBO LUZ; ENDESA\";-121,00\n20/02/2027;OTRO;-1,00\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true},
			"El movimiento del 2027-02-15 por -121,00 € ya está importado")
		refused("20/03/2027;FUTURO;-1,00\n", CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true}, "una fecha futura")
		// Without balances: it opens at the last closing balance.
		st, err = svc.ImportCSVStatement(ctx, admin, acc.ID, "marzo.csv", []byte("20/02/2027;TRANSFERENCIA;50,00\n"),
			CSVMapping{Date: 1, Concept: 2, Amount: 3, DecimalComma: true})
		if err != nil {
			t.Fatal(err)
		}
		if st.Opening != 535100 || st.Closing != 540100 || count() != 4 {
			t.Fatalf("statement %+v", st)
		}
		rec, err := svc.Reconciliation(ctx, admin, acc.ID)
		if err != nil || len(rec.Movements) != 4 || rec.Bank == nil || *rec.Bank != 540100 {
			t.Fatalf("reconciliation %+v, %v", rec, err)
		}
	})
}

// FuzzParseCSVStatement: whatever the file and mapping, the parser returns an error or a statement whose
// movements are in date order within its dates, none zero, that add up from its opening to its closing.
func FuzzParseCSVStatement(f *testing.F) {
	f.Add([]byte(csvSabadell), 1, 2, 4, 0, 0, 5, 2, true)
	f.Add([]byte("date,concept,debit,credit\n2027-01-03,Fee,15.50,\n2027-01-05,Transfer,,\"1,234.56\"\n"), 1, 2, 0, 3, 4, 0, 1, false)
	f.Add([]byte("01/02/2027;\"A\"\"B\";1,00;10,00\n"), 1, 2, 3, 0, 0, 4, 0, true)
	f.Fuzz(func(t *testing.T, data []byte, date, concept, amount, debit, credit, balance, header int, comma bool) {
		m := CSVMapping{Date: date % 8, Concept: concept % 8, Amount: amount % 8, Debit: debit % 8, Credit: credit % 8, Balance: balance % 8,
			HeaderRows: header % 4, DecimalComma: comma}
		st, _, err := ParseCSVStatement(data, m)
		if err != nil {
			return
		}
		sum := st.Opening
		prev := ""
		for _, mv := range st.Movements {
			sum += mv.Amount
			if mv.Amount == 0 || mv.Date < st.Start || mv.Date > st.End || mv.Date < prev {
				t.Fatalf("movement %+v in %s–%s after %s", mv, st.Start, st.End, prev)
			}
			prev = mv.Date
		}
		if sum != st.Closing {
			t.Fatalf("closing %d, movements add up to %d", st.Closing, sum)
		}
	})
}
