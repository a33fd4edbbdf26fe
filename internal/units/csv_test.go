package units

import (
	"errors"
	"reflect"
	"testing"

	"vecinos/internal/domain"
)

func TestParseCSVAcceptsSpanishExcelAndCommas(t *testing.T) {
	for name, text := range map[string]string{
		"semicolons, decimal commas, BOM, CRLF": "\xef\xbb\xbfPortal;Escalera;Planta;Puerta;Tipo;Coeficiente\r\nPortal 1;;2;B;Vivienda;12,5\r\nPortal 1;;Bajo;Local 1;local;3\r\n\r\n",
		"commas, quoted decimal comma":          "portal,escalera,planta,puerta,tipo,coeficiente\nPortal 1,,2,B,vivienda,\"12,5\"\nPortal 1,,Bajo,Local 1,Local,3\n",
		"commas, decimal point, name column":    "nombre,portal,coeficiente,tipo,planta\n2º B,Portal 1,12.5,,2\nBajo Local 1,Portal 1,3.0000,local,Bajo\n",
	} {
		units, err := ParseCSV([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var got []string
		for _, u := range units {
			got = append(got, u.Label()+"|"+string(u.Kind)+"|"+u.Coefficient.String())
		}
		want := []string{"Portal 1 · 2º B|vivienda|12.5", "Portal 1 · Bajo Local 1|local|3"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q", name, got)
		}
	}
}

func TestParseCSVListsEveryBadLine(t *testing.T) {
	text := "portal;escalera;planta;puerta;tipo;coeficiente\n" +
		"1;;1;A;vivienda;10\n" + // line 2: fine
		"1;;1;B;vivienda;abc\n" + // line 3
		"1;;1;;vivienda;5\n" + // line 4
		"1;;1;A;vivienda;5\n" + // line 5: repeats line 2
		"1;;1;C;chalet;5\n" + // line 6
		"2;;1;A;vivienda;150\n" // line 7
	_, err := ParseCSV([]byte(text))
	var ie *ImportError
	if !errors.As(err, &ie) {
		t.Fatalf("err %v", err)
	}
	want := []string{
		"Línea 3: el coeficiente «abc» no es un número",
		"Línea 4: falta el nombre (o la puerta) de la unidad",
		"Línea 5: «1 · 1º A» ya está en la línea 2",
		"Línea 6: el tipo «chalet» no es válido (vivienda, local o garaje)",
		"Línea 7: el coeficiente «150» no puede ser mayor que 100",
	}
	if got := lineMessages(ie); !reflect.DeepEqual(got, want) {
		t.Fatalf("lines %q", got)
	}
	if domain.ErrorCode(err) != domain.CodeInvalid || domain.ErrorMessage(err) != "El CSV tiene 5 errores; no se ha importado nada" {
		t.Fatalf("summary %v", err)
	}
}

func TestParseCSVRefusesBadHeadersAndText(t *testing.T) {
	cases := map[string]string{
		"planta;tipo\n1;local\n":      "Línea 1: falta la columna «nombre» (o «puerta»)",
		"nombre;color\n1A;rojo\n":     "Línea 1: la columna «color» no existe (usa portal, escalera, planta, nombre, tipo, coeficiente)",
		"nombre\n\"1A\n":              "Línea 2: hay unas comillas sin cerrar",
		"nombre;planta\n\xff\xfe;1\n": "El archivo no está en UTF-8: guárdalo como «CSV UTF-8» e inténtalo de nuevo",
	}
	for text, want := range cases {
		_, err := ParseCSV([]byte(text))
		var ie *ImportError
		if !errors.As(err, &ie) || !reflect.DeepEqual(lineMessages(ie), []string{want}) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	if _, err := ParseCSV([]byte("\n\n")); domain.ErrorMessage(err) != "El CSV está vacío" {
		t.Fatalf("empty: %v", err)
	}
	if _, err := ParseCSV([]byte("nombre\n")); domain.ErrorMessage(err) != "El CSV no tiene ninguna unidad" {
		t.Fatalf("header only: %v", err)
	}
}

// lineMessages are the Spanish messages of the lines of e.
func lineMessages(e *ImportError) []string {
	var out []string
	for _, l := range e.Lines {
		out = append(out, l.Message)
	}
	return out
}

// ParseLines is the same parser with a caller's further columns (the office's owners, issue #35): their
// cells come back by column, their check's errors are listed with the registry's own, and without the
// further columns a file that has them is refused as before.
func TestParseLinesTakesTheCallersColumns(t *testing.T) {
	owners := Columns{
		Names: map[string][]string{"email_propietario": {"email_propietario", "correo"}},
		Check: func(line int, cell func(string) string) *domain.Error {
			if cell("email_propietario") == "mal" {
				return domain.Errorf(domain.CodeInvalid, "Línea %d: el email «%s» no es válido", line, "mal")
			}
			return nil
		},
	}
	lines, err := ParseLines([]byte("nombre;coeficiente;Correo\n1º A;10;ana@example.es\n1º B;;\n"), owners)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 || lines[0].Number != 2 || lines[0].Extra["email_propietario"] != "ana@example.es" || lines[1].Extra["email_propietario"] != "" {
		t.Fatalf("lines: %+v", lines)
	}

	_, err = ParseLines([]byte("nombre;coeficiente;email_propietario\n1º A;abc;ana@example.es\n1º B;5;mal\n1º B;5;x@example.es\n"), owners)
	var ie *ImportError
	if !errors.As(err, &ie) {
		t.Fatalf("want an ImportError, got %v", err)
	}
	var got []string
	for _, l := range ie.Lines {
		got = append(got, l.Message)
	}
	want := []string{"Línea 2: el coeficiente «abc» no es un número", "Línea 3: el email «mal» no es válido"}
	if len(got) != 2 || got[1] != want[1] || got[0][:len("Línea 2: ")] != "Línea 2: " {
		t.Errorf("errors: %q, want like %q", got, want)
	}

	if _, err := ParseCSV([]byte("nombre;email_propietario\n1º A;ana@example.es\n")); err == nil {
		t.Error("the registry's own import took an owners' column")
	}
}
