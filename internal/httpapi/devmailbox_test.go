package httpapi_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/auth"
	"vecinos/internal/config"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

func newMailboxServer(t *testing.T, db *store.DB, smtpURL string) *httptest.Server {
	t.Helper()
	cfg := &config.Config{PublicURL: "http://localhost:8080", SMTPURL: smtpURL, Dev: true}
	srv := httptest.NewServer(newApp(t, db, cfg, app.Options{}).Handler)
	t.Cleanup(srv.Close)
	return srv
}

type devMessage struct {
	ID, To, Subject, Text, HTML, Status string
	Links                               []string
	CreatedAt                           time.Time
	SentAt                              *time.Time
}

func TestDevMailboxShowsQueuedMail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		link := "http://localhost:8080/confirm-email?token=tok_123&lang=es"
		m, err := mail.Compose(auth.KindConfirmSignup, domain.Spanish, "ana@example.com", mail.Data{Name: "Ana", Link: link})
		if err != nil {
			t.Fatal(err)
		}
		hostile := domain.Mail{To: "bea@example.com", Subject: "<b>asunto</b>", Text: `"><script>alert(1)</script> https://x.example/"onmouseover=`}
		for _, m := range []domain.Mail{m, hostile} {
			if err := db.QueueMail(ctx, m, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		srv := newMailboxServer(t, db, "")

		res, page := get(t, srv.URL+"/dev/mailbox")
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("page: status %d, headers %v", res.StatusCode, res.Header)
		}
		escapedLink := strings.ReplaceAll(link, "&", "&amp;")
		for _, want := range []string{"Buzón de desarrollo", "ana@example.com", "Confirma tu email en Vecinos", `<a href="` + escapedLink + `"`, "En cola", "&lt;b&gt;asunto&lt;/b&gt;"} {
			if !strings.Contains(page, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
		if strings.Contains(page, "<script") || strings.Contains(page, `"onmouseover`) || !strings.Contains(res.Header.Get("Content-Security-Policy"), "script-src 'self'") {
			t.Errorf("the page lets markup from a message through, or lost its CSP:\n%s", page)
		}

		if err := db.MarkMailSent(ctx, firstID(t, srv.URL), time.Now()); err != nil { // the newest: bea's
			t.Fatal(err)
		}
		res, body := get(t, srv.URL+"/dev/mailbox.json")
		var list []devMessage
		if err := json.Unmarshal([]byte(body), &list); err != nil || res.StatusCode != 200 {
			t.Fatalf("json: status %d, %v: %s", res.StatusCode, err, body)
		}
		if len(list) != 2 || list[0].To != "bea@example.com" || list[0].Status != "sent" || list[0].SentAt == nil {
			t.Fatalf("newest first, sent: %+v", list)
		}
		ana := list[1]
		if ana.Subject != m.Subject || ana.Text != m.Text || ana.HTML != m.HTML || ana.Status != "pending" || ana.SentAt != nil ||
			len(ana.Links) != 1 || ana.Links[0] != link || ana.CreatedAt.IsZero() {
			t.Fatalf("queued message: %+v", ana)
		}
	})
}

func firstID(t *testing.T, base string) string {
	t.Helper()
	_, body := get(t, base+"/dev/mailbox.json")
	var list []devMessage
	if err := json.Unmarshal([]byte(body), &list); err != nil || len(list) == 0 {
		t.Fatalf("dev mailbox: %s (%v)", body, err)
	}
	return list[0].ID
}

func TestDevMailboxIsGoneWithSMTP(t *testing.T) {
	db := storetest.OpenSQLite(t)
	if err := db.QueueMail(context.Background(), domain.Mail{To: "ana@example.com", Subject: "S", Text: "http://localhost:8080/x?token=secret"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	srv := newMailboxServer(t, db, "smtp://mail.example.com:587")
	for _, path := range []string{"/dev/mailbox", "/dev/mailbox.json"} {
		res, body := get(t, srv.URL+path)
		if res.StatusCode != 404 || strings.Contains(body, "secret") {
			t.Errorf("%s with SMTP configured: status %d, want 404", path, res.StatusCode)
		}
	}
}

func TestDevMailboxIsServedOnlyInDevMode(t *testing.T) {
	db := storetest.OpenSQLite(t)
	if err := db.QueueMail(context.Background(), domain.Mail{To: "ana@example.com", Subject: "S", Text: "http://localhost:8080/x?token=secret"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dev        bool
		remoteAddr string
		want       int
		log        string
	}{
		// Behind a reverse proxy on the same host every visitor comes from loopback: that says nothing.
		{false, "127.0.0.1:40000", http.StatusNotFound, "The dev mailbox (/dev/mailbox) is off: set VECINOS_DEV=1 to serve it"},
		{false, "[::1]:40000", http.StatusNotFound, "The dev mailbox (/dev/mailbox) is off"},
		{false, "192.0.2.7:40000", http.StatusNotFound, "The dev mailbox (/dev/mailbox) is off"},
		{true, "192.0.2.7:40000", http.StatusOK, "the dev mailbox is on at /dev/mailbox"},
	} {
		var logs strings.Builder
		cfg := &config.Config{PublicURL: "http://localhost:8080", Dev: tc.dev}
		h := newApp(t, db, cfg, app.Options{Log: slog.New(slog.NewTextHandler(&logs, nil))}).Handler
		if !strings.Contains(logs.String(), tc.log) {
			t.Errorf("dev=%v: the start-up log does not say %q:\n%s", tc.dev, tc.log, logs.String())
		}
		req := httptest.NewRequest("GET", "/dev/mailbox.json", nil)
		req.RemoteAddr = tc.remoteAddr
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.want || (tc.want == http.StatusNotFound && strings.Contains(rec.Body.String(), "secret")) {
			t.Errorf("dev=%v from %s: status %d, want %d", tc.dev, tc.remoteAddr, rec.Code, tc.want)
		}
	}
}
