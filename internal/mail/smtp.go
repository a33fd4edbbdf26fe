package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"vecinos/internal/domain"
)

// smtpTimeout bounds connecting and each SMTP command: a stuck server must not hold a message's lease.
const smtpTimeout = 15 * time.Second

// SMTPSender delivers through an SMTP server, one connection per message: the outbox sends few emails,
// and a fresh connection never trips over one the server has dropped.
type SMTPSender struct {
	host   string
	from   string
	domain string // of the sender's address: the right-hand side of Message-IDs
	bounce string // VECINOS_BOUNCE_ADDRESS: the envelope sender is its VERP form for each row
	opts   []gomail.Option
}

// SetBounceAddress makes each message's envelope sender (Return-Path) the VERP form of addr,
// bounces+<outbox row>@domain, so the DSN of a bounce names the row it is about (bounce.go).
func (s *SMTPSender) SetBounceAddress(addr string) { s.bounce = addr }

// NewSMTPSender reads VECINOS_SMTP_URL: smtp://[user:pass@]host[:port] (port 587 by default; STARTTLS
// when the server offers it) or smtps://[user:pass@]host[:port] (implicit TLS, port 465 by default).
// It authenticates only when the URL has a user; PLAIN or LOGIN are refused without TLS except to
// localhost, so a password never crosses the network in clear. from is the sender, e.g.
// "Vecinos <no-reply@example.com>".
func NewSMTPSender(rawURL, from string) (*SMTPSender, error) {
	return newSMTPSender(rawURL, from, nil)
}

// newSMTPSender takes the TLS settings too; tests pass one that trusts their own certificate.
func newSMTPSender(rawURL, from string, tlsConfig *tls.Config) (*SMTPSender, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		// The parse error quotes the URL, password included: report without it.
		return nil, fmt.Errorf("VECINOS_SMTP_URL is not a valid URL")
	}
	port := map[string]int{"smtp": 587, "smtps": 465}[u.Scheme]
	if port == 0 || u.Hostname() == "" {
		return nil, fmt.Errorf("VECINOS_SMTP_URL must be smtp://user:pass@host:port or smtps://…, got %s", u.Redacted())
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("VECINOS_SMTP_URL: bad port %q", p)
		}
	}
	sender, err := netmail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("VECINOS_MAIL_FROM %q is not an email address: %w", from, err)
	}
	host := u.Hostname()
	opts := []gomail.Option{gomail.WithPort(port), gomail.WithTimeout(smtpTimeout)}
	if u.Scheme == "smtps" {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if tlsConfig != nil {
		c := tlsConfig.Clone()
		c.ServerName = host
		opts = append(opts, gomail.WithTLSConfig(c))
	}
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithOpportunisticSMTPAuth(gomail.SMTPAuthPlain, gomail.SMTPAuthLogin),
			gomail.WithUsername(user), gomail.WithPassword(pass))
	}
	_, domain, _ := strings.Cut(sender.Address, "@")
	s := &SMTPSender{host: host, from: from, domain: domain, opts: opts}
	if _, err := s.client(); err != nil { // bad options show at start-up, not at the first email
		return nil, err
	}
	return s, nil
}

func (s *SMTPSender) client() (*gomail.Client, error) {
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp client: %w", err)
	}
	return c, nil
}

// Send delivers m as a multipart message: plain text, and HTML for the clients that show it.
func (s *SMTPSender) Send(ctx context.Context, m domain.Mail) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("to: %w", err)
	}
	msg.Subject(m.Subject)
	if m.ID != "" {
		msg.SetMessageIDWithValue(m.ID + "@" + s.domain)
		if rp := ReturnPath(s.bounce, m.ID); rp != "" {
			if err := msg.EnvelopeFrom(rp); err != nil {
				return fmt.Errorf("envelope sender: %w", err)
			}
		}
	}
	// RFC 3834: tells autoresponders (out-of-office replies) not to answer.
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	c, err := s.client()
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, msg)
}
