package domain

import "time"

// Mail is one email ready to send. It is written to the outbox in the same transaction as the change
// that causes it, so a crash or an SMTP outage never loses it.
type Mail struct {
	// ID is the outbox row, set when it is delivered: it makes the Message-ID, so a delivery retried after
	// a crash is recognisably the same email (and mail clients show it once).
	ID      string
	To      string
	Subject string
	Text    string
	HTML    string
}

// ErrMailAddress refuses an email to something that is not an address; the outbox checks it when the
// email is queued, since one would otherwise sit in it failing for hours.
var ErrMailAddress = Errorf(CodeInvalid, "La dirección de email no es válida")

// Recipient is a member an email about their community goes to, in their language.
type Recipient struct {
	Email         string
	FullName      string
	Language      Language
	CommunityName string
	Unit          string // the unit the email is about, when it is about one ('Portal 1 · 2º B')
}

// Language is a UI and email language.
type Language string

const (
	Spanish Language = "es"
	Catalan Language = "ca"
	English Language = "en"
)

// ParseLanguage returns the language named by s, or Spanish.
func ParseLanguage(s string) Language {
	switch Language(s) {
	case Catalan, English:
		return Language(s)
	}
	return Spanish
}

// QueuedMail is an email claimed for sending.
type QueuedMail struct {
	ID       string
	Mail     Mail
	Attempts int // failed attempts so far
}

// MailRecord is one row of the outbox, for the dev mailbox.
type MailRecord struct {
	ID string
	Mail
	CreatedAt time.Time
	NextTryAt time.Time
	SentAt    *time.Time
	FailedAt  *time.Time // given up after too many attempts
	Attempts  int
	LastError string
	// BouncedAt is when a bounce (a permanent delivery failure reported after the SMTP server accepted
	// the email) was recorded; BounceStatus is its RFC 3463 status (5.1.1) and BounceDetail the
	// recipient and the remote server's diagnostic.
	BouncedAt    *time.Time
	BounceStatus string
	BounceDetail string
}

// MailBounce is a permanent delivery failure reported after the SMTP server accepted an email: the
// outbox row it names, the recipient, the status (5.x.x) and the remote server's diagnostic.
type MailBounce struct {
	MailID     string
	Recipient  string
	Status     string
	Diagnostic string
}
