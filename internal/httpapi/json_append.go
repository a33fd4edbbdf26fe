package httpapi

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"
)

// The pieces of the hand-written JSON of the most read answers (incidents.go, money_json.go,
// reservations.go, organisations.go, channels.go): each writes what huma's encoder (encoding/json
// without HTML escaping) writes from the fields, without reflection, and a test per answer compares the
// two.

// appendJSONArray appends items as encoding/json writes a slice: null when nil, otherwise each one
// written by each, separated by commas.
func appendJSONArray[T any](b []byte, items []T, each func(*T, []byte) []byte) []byte {
	if items == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(&items[i], b)
	}
	return append(b, ']')
}

// appendJSONTime appends t as time.Time's MarshalJSON does (RFC 3339 with the nanoseconds it has); a
// year outside 0-9999, which MarshalJSON refuses, goes through it and its error.
func appendJSONTime(b []byte, t time.Time) []byte {
	if y := t.Year(); y < 0 || y > 9999 {
		q, _ := json.Marshal(t)
		return append(b, q...)
	}
	return append(t.AppendFormat(append(b, '"'), time.RFC3339Nano), '"')
}

// appendJSONTimePtr appends t, or null.
func appendJSONTimePtr(b []byte, t *time.Time) []byte {
	if t == nil {
		return append(b, "null"...)
	}
	return appendJSONTime(b, *t)
}

func appendJSONStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return appendJSONText(b, *s)
}

// appendJSONText appends s quoted as huma's encoder writes it (encoding/json without HTML escaping):
// valid UTF-8 without control characters, quotes, backslashes or U+2028/U+2029 as is, which is nearly
// every text; anything else through that encoder.
func appendJSONText(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if jsonSpecial[s[i]] && (s[i] != 0xE2 || strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029")) {
			return appendJSONTextSlow(b, s)
		}
	}
	if !utf8.ValidString(s) {
		return appendJSONTextSlow(b, s)
	}
	return append(append(append(b, '"'), s...), '"')
}

// jsonSpecial marks the bytes that encoding/json escapes (control characters, the quote, the backslash)
// and 0xE2, the first byte of U+2028 and U+2029, which it escapes too.
var jsonSpecial = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'], t[0xE2] = true, true, true
	return t
}()

func appendJSONTextSlow(b []byte, s string) []byte { return appendJSONValue(b, s) }

// appendJSONValue appends v through encoding/json as huma's encoder writes it (no HTML escaping), for
// the small or rare parts of a hand-written answer.
func appendJSONValue(b []byte, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // strings and plain structs of them: it cannot fail
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}
