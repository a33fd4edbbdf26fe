package announcements

import (
	"strings"
	"testing"
)

// An announcement's image and document are an upload of this server (/files/{key}, as the files API
// answers it) or an http(s) URL; nothing else reaches an <img src> or an <a href>.
func TestValidURL(t *testing.T) {
	const key = "community-documents/0190a8f2-1111-7000-8000-000000000001/1735000000000.pdf"
	for _, u := range []string{
		"/files/" + key,
		"/files/incident-images/0190a8f2-1111-7000-8000-000000000001/1735000000000.png",
		"https://example.com/acta.pdf",
		"https://nube.example.es/s/AbC-123?dl=1#page=2",
		"HTTPS://EXAMPLE.COM/ACTA.PDF",
		"http://example.com/acta.pdf",
		"https://example.com",
		"https://" + strings.Repeat("a", maxURL-len("https://")),
	} {
		if !validURL(u) {
			t.Errorf("validURL(%q) = false, want true", u)
		}
	}
	for _, u := range []string{
		"",
		"javascript:alert(1)",
		"JavaScript:alert(1)",
		"data:application/pdf;base64,JVBERi0=",
		"vbscript:msgbox(1)",
		"ftp://example.com/acta.pdf",
		"mailto:admin@example.es",
		"acta.pdf",
		"files/" + key,
		"example.com/acta.pdf",
		"https://",
		"https:///acta.pdf",
		"https:example.com",
		"//evil.example/acta.pdf",
		"/\\evil.example/acta.pdf",
		"/files/../api/v1/me",
		"/files/./" + key,
		"/files//evil.example/x.pdf",
		"/files/",
		"/files",
		"/files/" + key + "?x=1",
		"/files/" + key + "#x",
		"/files/%2e%2e/api",
		"/api/v1/auth/logout",
		"/announcements",
		"/",
		"https://example.com/acta .pdf",
		"https://example.com/acta.pdf\n",
		"\thttps://example.com/acta.pdf",
		"https://example.com\\@evil.example",
		"https://" + strings.Repeat("a", maxURL),
	} {
		if validURL(u) {
			t.Errorf("validURL(%q) = true, want false", u)
		}
	}
}
