package money

import (
	"reflect"
	"strings"
	"testing"
)

// What WriteNorma43 writes, ParseNorma43 reads back as it was: balances, dates, amounts, references and
// concepts (a long one over two 23 records, broken between words), in Latin1 with CRLF as banks send it.
func TestWriteNorma43ReadsBackAsWritten(t *testing.T) {
	in := []N43Statement{{Bank: "2100", Branch: "0418", Account: "0200051332", Start: "2026-01-01", End: "2026-12-31",
		Opening: 1250000, Currency: "978", Name: "COMUNIDAD PROP LOS OLIVOS",
		Movements: []N43Movement{
			{Date: "2026-01-10", Amount: 28500, Concept: "TRANSF OLGA GARCÍA RECIBO 2026/000003", Reference2: "2026/000003"},
			{Date: "2026-03-01", Amount: -240000, Concept: "PAGO FACTURA SEGUROS MUTUA VECINAL POLIZA DEL EDIFICIO AÑO COMPLETO Y SUS ANEXOS"},
			{Date: "2026-12-31", Amount: -1500, Concept: "COMISION MANTENIMIENTO"},
		}}}
	text := WriteNorma43(in)
	for i, l := range strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n") {
		if n := len([]rune(l)); n != 80 {
			t.Fatalf("line %d has %d characters: %q", i+1, n, l)
		}
	}
	out, err := ParseNorma43(Latin1(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].Closing != 1250000+28500-240000-1500 || out[0].Start != "2026-01-01" || out[0].End != "2026-12-31" ||
		out[0].Name != "COMUNIDAD PROP LOS OLIVOS" || len(out[0].Movements) != 3 {
		t.Fatalf("statement read back: %+v", out)
	}
	for i, m := range out[0].Movements {
		want := in[0].Movements[i]
		got := N43Movement{Date: m.Date, Amount: m.Amount, Concept: m.Concept, Reference2: m.Reference2}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("movement %d read back as %+v, written %+v", i+1, got, want)
		}
		if m.Date != m.ValueDate {
			t.Errorf("movement %d: value date %s, date %s", i+1, m.ValueDate, m.Date)
		}
	}
	if got := Latin1("Peña €"); string(got) != "Pe\xf1a ?" {
		t.Errorf("Latin1: %q", got)
	}
}
