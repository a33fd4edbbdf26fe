package httpapi

import (
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"vecinos/internal/domain"
)

// errNUL refuses text with a NUL character (U+0000), or a parameter that is not UTF-8: PostgreSQL cannot
// store either in a text column (SQLSTATE 22021) and nobody types them. It is the one check for every
// field of every route.
var errNUL = domain.Errorf(domain.CodeInvalid, "El texto contiene un carácter no válido")

// refuseNUL answers 422 to an /api/ request whose path or query carries a NUL or bytes that are not
// UTF-8. The bodies are guarded where they are read as text: by every API operation (nulGuardedMux).
func refuseNUL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") && (!plainText(r.URL.Path) || !plainQuery(r.URL.RawQuery)) {
			writeProblem(w, problemFor(r.Context(), errNUL))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// nulGuardedMux is the mux as the API operations see it: the reading of an operation's textual body
// (JSON, a CSV, a form) fails with errNUL where one appears, raw or as the JSON escape \u0000, and huma
// turns that failure into the same 422. The plain handlers mounted on the mux itself take files (images,
// PDFs, whatever type the browser claims), which pass as they are.
type nulGuardedMux struct{ *http.ServeMux }

func (m nulGuardedMux) HandleFunc(pattern string, handler func(http.ResponseWriter, *http.Request)) {
	m.ServeMux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if ct := r.Header.Get("Content-Type"); r.Body != nil && r.Body != http.NoBody && (ct == "" || textual(ct)) {
			r.Body = &nulGuard{ReadCloser: r.Body, sniff: ct == ""}
		}
		handler(w, r)
	})
}

// plainText says whether s is UTF-8 without a NUL.
func plainText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// plainQuery says whether every name and value of a query is plainText; one that does not parse is
// left to the API's own checks.
func plainQuery(raw string) bool {
	if raw == "" {
		return true
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return true
	}
	for k, vs := range q {
		if !plainText(k) {
			return false
		}
		for _, v := range vs {
			if !plainText(v) {
				return false
			}
		}
	}
	return true
}

// textual says whether a body of this content type is text that ends in the database.
func textual(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return true
	}
	return strings.HasPrefix(mt, "text/") || mt == "application/json" || strings.HasSuffix(mt, "+json") ||
		mt == "application/x-www-form-urlencoded"
}

// nulGuard fails a read at the first NUL byte or JSON escape \u0000 (an unescaped backslash, then
// u0000), across the boundaries of reads.
type nulGuard struct {
	io.ReadCloser
	sniff   bool // no content type: guard the body only if it starts as JSON does (the API reads it as JSON; a file is a file)
	off     bool // it did not
	escaped bool // the last byte was a backslash that escapes the next
	zeros   int  // how much of "u0000" followed an escaping backslash: 1 after the u, …
}

func (g *nulGuard) Read(p []byte) (int, error) {
	n, err := g.ReadCloser.Read(p)
	for _, c := range p[:n] {
		if g.off {
			break
		}
		if g.sniff {
			switch c {
			case ' ', '\t', '\r', '\n':
				continue
			case '{', '[', '"':
				g.sniff = false
			default:
				g.off = true
				continue
			}
		}
		if c == 0 {
			return 0, errNUL
		}
		switch {
		case g.escaped:
			g.escaped = false
			if c == 'u' {
				g.zeros = 1
			}
			continue
		case g.zeros > 0 && c == '0':
			if g.zeros++; g.zeros == 5 {
				return 0, errNUL
			}
			continue
		}
		g.zeros = 0
		g.escaped = c == '\\'
	}
	return n, err
}
