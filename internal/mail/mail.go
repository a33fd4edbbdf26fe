// Package mail composes Vecinos' emails and delivers the ones waiting in the outbox: through SMTP, or to
// the dev mailbox when no SMTP server is configured.
//
// Email bodies carry single-use tokens (confirmation and password reset links). Nothing in this package
// logs a body, except the dev sender, which has no other way to hand the links to a developer.
package mail

import (
	"context"
	"log/slog"
	"regexp"
	"time"

	"vecinos/internal/domain"
)

// Queue is the outbox as the services see it: QueueMail joins the transaction of ctx (the store's InTx),
// so a change and the emails it causes commit together.
type Queue interface {
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
}

// QueueEach queues, due at at, the email compose writes for each recipient, and returns how many.
func QueueEach(ctx context.Context, q Queue, recipients []domain.Recipient, at time.Time, compose func(domain.Recipient) (domain.Mail, error)) (int, error) {
	for i, r := range recipients {
		m, err := compose(r)
		if err != nil {
			return i, err
		}
		if err := q.QueueMail(ctx, m, at); err != nil {
			return i, err
		}
	}
	return len(recipients), nil
}

// Sender delivers one email.
type Sender interface {
	Send(ctx context.Context, m domain.Mail) error
}

// DevSender stands in for SMTP when VECINOS_SMTP_URL is empty: messages stay in the outbox for the dev
// mailbox page, and each "delivery" logs the recipient, the subject and the links of the text body.
type DevSender struct{ Log *slog.Logger }

// Send logs m. This is the one place where a token reaches the log, on purpose: without an SMTP server
// the log and the dev mailbox are how a developer follows a confirmation link. It never runs when SMTP
// is configured.
func (s DevSender) Send(ctx context.Context, m domain.Mail) error {
	s.Log.InfoContext(ctx, "dev mailbox: email delivered (not sent: VECINOS_SMTP_URL is empty)",
		"to", m.To, "subject", m.Subject, "links", Links(m.Text))
	return nil
}

// linkPattern finds http(s) URLs in plain text; trailing punctuation belongs to the sentence, not the URL.
var linkPattern = regexp.MustCompile(`https?://[^\s<>"]*[^\s<>".,;:!?'()\[\]]`)

// Links returns the URLs in text, in order.
func Links(text string) []string {
	return linkPattern.FindAllString(text, -1)
}

// TextPart is a run of plain text, or a URL when Link is set.
type TextPart struct {
	Text string
	Link bool
}

// SplitLinks cuts text into plain runs and URLs, so a page can show the URLs as links.
func SplitLinks(text string) []TextPart {
	var parts []TextPart
	last := 0
	for _, loc := range linkPattern.FindAllStringIndex(text, -1) {
		if loc[0] > last {
			parts = append(parts, TextPart{Text: text[last:loc[0]]})
		}
		parts = append(parts, TextPart{Text: text[loc[0]:loc[1]], Link: true})
		last = loc[1]
	}
	if last < len(text) {
		parts = append(parts, TextPart{Text: text[last:]})
	}
	return parts
}
