package httpapi

import (
	"bytes"
	"encoding/json"
	"testing"
)

// jsonTestTexts are texts of every kind the hand-written answers must write as encoding/json does: empty,
// plain, accented, quotes and HTML characters, control characters, backslashes, emoji, the line and
// paragraph separators, invalid UTF-8 and a no-break space.
var jsonTestTexts = []string{
	"", "Limpieza", `Pintura "anual" <sala> & jardín`, "tab\there\nnew line\r\x00\x1f\x7f", "back\\slash / slash",
	"emoji 💧 and ñ, ü, €", "line\u2028separator\u2029paragraph", "invalid \xff\xfe utf-8 \xc3", "\u00a0nbsp",
}

// reflectionJSON is v as huma's encoder writes it: encoding/json without HTML escaping, a final newline.
func reflectionJSON(t testing.TB, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
