package httpapi

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// The dev mailbox shows the outbox when no SMTP server is configured: emails never leave the instance,
// so this page (and the log) is where a developer, or an end-to-end test, finds the links they carry.
// The bodies hold other people's single-use tokens (confirmation, reset), so it exists only with
// VECINOS_DEV on and no SMTP. It does not look at the client's address: behind a reverse proxy on the
// same host every visitor would be "this machine" (docs/adr/0009-trust-model.md). `make run` turns
// VECINOS_DEV on; without it the links are still in the log.

const devMailboxLimit = 100

// logMailDelivery says at start where emails go when no SMTP server is configured.
func (s *server) logMailDelivery() {
	switch {
	case s.Config.SMTPURL != "":
	case s.Config.Dev:
		s.Log.Warn("VECINOS_SMTP_URL is empty: emails are not sent; the dev mailbox is on at /dev/mailbox (VECINOS_DEV)")
	default:
		s.Log.Warn("VECINOS_SMTP_URL is empty: emails are not sent; they stay in the outbox and their links in this log. " +
			"The dev mailbox (/dev/mailbox) is off: set VECINOS_DEV=1 to serve it")
	}
}

// devMessage is one message of the dev mailbox, as /dev/mailbox.json lists it.
type devMessage struct {
	ID        string     `json:"id"`
	To        string     `json:"to"`
	Subject   string     `json:"subject"`
	Text      string     `json:"text"`
	HTML      string     `json:"html"`
	Links     []string   `json:"links"` // the URLs of the text body, in order
	Status    string     `json:"status"`
	Attempts  int        `json:"attempts"`
	LastError string     `json:"lastError,omitempty"`
	CreatedAt time.Time  `json:"createdAt"`
	SentAt    *time.Time `json:"sentAt"`
}

// devMessage.Status values.
const (
	devMailPending = "pending"
	devMailSent    = "sent"
	devMailFailed  = "failed" // given up
)

func (s *server) devMailbox(next func(http.ResponseWriter, *http.Request, []devMessage)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.Config.SMTPURL != "" || !s.Config.Dev {
			writeProblem(w, newProblem(r.Context(), http.StatusNotFound, domain.CodeNotFound, nil))
			return
		}
		records, err := s.Mailbox.Recent(r.Context(), devMailboxLimit)
		if err != nil {
			writeProblem(w, problemFor(r.Context(), err))
			return
		}
		list := make([]devMessage, len(records))
		for i, rec := range records {
			list[i] = newDevMessage(rec)
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Robots-Tag", "noindex")
		next(w, r, list)
	}
}

func newDevMessage(r domain.MailRecord) devMessage {
	m := devMessage{ID: r.ID, To: r.To, Subject: r.Subject, Text: r.Text, HTML: r.HTML, Links: append([]string{}, mail.Links(r.Text)...),
		Status: devMailPending, Attempts: r.Attempts, LastError: r.LastError, CreatedAt: r.CreatedAt, SentAt: r.SentAt}
	switch {
	case r.SentAt != nil:
		m.Status = devMailSent
	case r.FailedAt != nil:
		m.Status = devMailFailed
	}
	return m
}

func devMailboxJSON(w http.ResponseWriter, _ *http.Request, list []devMessage) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(list)
}

func (s *server) devMailboxPage(w http.ResponseWriter, r *http.Request, list []devMessage) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := devMailboxTemplate.Execute(w, struct {
		Limit    int
		Messages []devMessage
	}{devMailboxLimit, list}); err != nil {
		s.Log.ErrorContext(r.Context(), "dev mailbox page", "err", err)
	}
}

var devMailboxTemplate = template.Must(template.New("mailbox").Funcs(template.FuncMap{
	"parts": mail.SplitLinks,
	"date":  func(t time.Time) string { return t.Local().Format("02/01/2006 15:04:05") },
	"status": func(m devMessage) string {
		switch m.Status {
		case devMailSent:
			return "Entregado al buzón"
		case devMailFailed:
			return fmt.Sprintf("Fallido tras %d intentos: %s", m.Attempts, m.LastError)
		case devMailPending:
			if m.Attempts > 0 {
				return fmt.Sprintf("Reintentando (%d intentos): %s", m.Attempts, m.LastError)
			}
		}
		return "En cola"
	},
}).Parse(`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Buzón de desarrollo · Vecinos</title>
</head>
<body style="margin:0;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;">
<main style="max-width:860px;margin:0 auto;padding:24px 16px;">
<h1 style="margin:0 0 4px;font-size:24px;">Buzón de desarrollo</h1>
<p style="margin:0 0 20px;color:#475569;">No hay servidor SMTP configurado (<code>VECINOS_SMTP_URL</code>): los emails no salen de aquí.
Se muestran los {{.Limit}} más recientes. <a href="/dev/mailbox" style="color:#0f766e;">Actualizar</a> · <a href="/dev/mailbox.json" style="color:#0f766e;">JSON</a></p>
{{- range .Messages}}
<article style="background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:16px;margin:0 0 16px;">
<h2 style="margin:0 0 8px;font-size:18px;">{{.Subject}}</h2>
<dl style="display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px;font-size:14px;">
<dt style="color:#475569;">Para</dt><dd style="margin:0;">{{.To}}</dd>
<dt style="color:#475569;">Fecha</dt><dd style="margin:0;"><time datetime="{{.CreatedAt.Format "2006-01-02T15:04:05Z07:00"}}">{{date .CreatedAt}}</time></dd>
<dt style="color:#475569;">Estado</dt><dd style="margin:0;">{{status .}}</dd>
</dl>
<pre style="margin:0;padding:12px;background:#f1f5f9;border-radius:8px;white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px;">
{{- range parts .Text}}{{if .Link}}<a href="{{.Text}}" style="color:#0f766e;">{{.Text}}</a>{{else}}{{.Text}}{{end}}{{end -}}
</pre>
</article>
{{- else}}
<p>Todavía no hay ningún email.</p>
{{- end}}
</main>
</body>
</html>
`))
