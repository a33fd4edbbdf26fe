package units

import (
	"testing"

	"vecinos/internal/domain"
)

// FuzzParseCSV feeds the registry import anything an administrador de fincas might paste: it never
// panics, and what it accepts is a registry that can be saved as it is.
func FuzzParseCSV(f *testing.F) {
	for _, s := range []string{
		CSVHeader + "\n;;1º;A;vivienda;12,5\n;;1º;B;local;\n",
		"\ufeffportal,escalera,planta,nombre,tipo,coeficiente\r\nPortal 1,,Bajo,Bajo A,garaje,0.5\r\n",
		CSVHeader + "\n;;1º;A;vivienda;abc\n;;1º;A;vivienda;\n",
		"nombre\n\"unclosed\n",
		"\xff\xfe",
		";;;\n;;;\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		units, err := ParseCSV(data)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, u := range units {
			if u.UnitNumber == "" || !domain.ValidUnitKind(u.Kind) {
				t.Fatalf("accepted %+v", u)
			}
			if u.Coefficient != nil && (*u.Coefficient < 0 || *u.Coefficient > domain.CoefficientWhole) {
				t.Fatalf("accepted coefficient %v", *u.Coefficient)
			}
			if seen[u.Key()] {
				t.Fatalf("accepted two units %q", u.Key())
			}
			seen[u.Key()] = true
		}
		if len(units) > MaxImportLines {
			t.Fatalf("accepted %d units", len(units))
		}
	})
}
