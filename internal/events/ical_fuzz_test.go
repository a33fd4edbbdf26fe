package events

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzICalText checks escaping and folding (RFC 5545 §3.3.11, §3.1) on any text: no line over 75
// octets, no bare CR or LF inside a value, no UTF-8 character cut across lines, and unfolding and
// unescaping give the text back.
func FuzzICalText(f *testing.F) {
	for _, s := range []string{"Junta; orden del día, punto 1\\2", "línea 1\r\nlínea 2\rlínea 3", strings.Repeat("ñ", 80),
		strings.Repeat("a", 74) + "€", "\x80\x80", strings.Repeat("\x80", 200)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b bytes.Buffer
		writeFolded(&b, "SUMMARY:"+escapeText(s))
		out := b.String()
		if !strings.HasSuffix(out, "\r\n") {
			t.Fatalf("%q: no CRLF at the end", out)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n")
		for i, l := range lines {
			if len(l) > 75 {
				t.Fatalf("line %d has %d octets", i, len(l))
			}
			if strings.ContainsAny(l, "\r\n") {
				t.Fatalf("line %d has a bare line break: %q", i, l)
			}
			if i > 0 && !strings.HasPrefix(l, " ") {
				t.Fatalf("continuation line %d does not start with a space: %q", i, l)
			}
			if utf8.ValidString(s) && !utf8.ValidString(l) {
				t.Fatalf("line %d cuts a character: %q", i, l)
			}
		}
		unfolded := strings.ReplaceAll(strings.TrimSuffix(out, "\r\n"), "\r\n ", "")
		want := strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
		if got := unescape(strings.TrimPrefix(unfolded, "SUMMARY:")); got != want {
			t.Fatalf("round trip: %q became %q", want, got)
		}
	})
}

// unescape reads a TEXT value back as a calendar app does.
func unescape(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
			if v[i] == 'n' || v[i] == 'N' {
				b.WriteByte('\n')
			} else {
				b.WriteByte(v[i])
			}
			continue
		}
		b.WriteByte(v[i])
	}
	return b.String()
}
