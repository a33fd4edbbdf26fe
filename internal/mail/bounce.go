package mail

import (
	"bufio"
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"net/textproto"
	"regexp"
	"strings"
	"time"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Bounces reported after the SMTP server accepted an email (docs/adr/0041): the remote server that gives
// up sends a delivery-status notification (RFC 3464) to the envelope sender. A mail server's pipe or a
// provider's inbound route posts it, raw, to the bounce endpoint with the shared secret
// (VECINOS_BOUNCE_SECRET); Report finds the outbox row it names and records a permanent failure there.
// Every instance records into the shared outbox, so it works however many instances send.
//
// The row is named two ways, either enough: the envelope sender (VERP, bounces+<row>@domain, when
// VECINOS_BOUNCE_ADDRESS is set), to which the DSN is addressed; and the Message-ID, <row>@domain, which the
// returned message or its headers carry.

// BounceStore is the part of the outbox bounces are recorded in.
type BounceStore interface {
	RecordMailBounce(ctx context.Context, b domain.MailBounce, at time.Time) (bool, error)
}

// BounceOptions configure Bounces.
type BounceOptions struct {
	Secret  string // VECINOS_BOUNCE_SECRET; empty: the endpoint is off
	Address string // VECINOS_BOUNCE_ADDRESS, e.g. bounces@example.com: its VERP form bounces+<row>@example.com
	Now     func() time.Time
	Log     *slog.Logger
}

// Bounces records the bounces posted to the bounce endpoint.
type Bounces struct {
	store  BounceStore
	secret []byte
	local  string // the bounce address's local part and domain, lower case; empty without one
	domain string
	now    func() time.Time
	log    *slog.Logger
}

// NewBounces returns the recorder of bounces into store.
func NewBounces(store BounceStore, o BounceOptions) *Bounces {
	b := &Bounces{store: store, secret: []byte(o.Secret), now: clock.Or(o.Now), log: o.Log}
	if b.log == nil {
		b.log = slog.Default()
	}
	b.local, b.domain = splitAddress(o.Address)
	return b
}

func splitAddress(addr string) (string, string) {
	if a, err := netmail.ParseAddress(addr); err == nil {
		addr = a.Address
	}
	local, dom, ok := strings.Cut(strings.ToLower(strings.TrimSpace(addr)), "@")
	if !ok || local == "" || dom == "" {
		return "", ""
	}
	return local, dom
}

// ReturnPath is the envelope sender of the outbox row id: VERP on the bounce address
// (bounces+<id>@domain), or empty when no bounce address is configured (the From is the sender).
func ReturnPath(bounceAddress, id string) string {
	local, dom := splitAddress(bounceAddress)
	if local == "" || id == "" {
		return ""
	}
	local, _, _ = strings.Cut(local, "+")
	return local + "+" + id + "@" + dom
}

var (
	errBouncesOff   = domain.Errorf(domain.CodeUnavailable, "Los avisos de rebote no están configurados en este servidor")
	errBounceSecret = domain.Errorf(domain.CodeForbidden, "La clave de los avisos de rebote no es válida")
	errNotDSN       = domain.Errorf(domain.CodeInvalid, "El mensaje no es un aviso de entrega (RFC 3464)")
)

// BounceReport is what Report made of a delivery-status notification: the bounces recorded, and the
// failed recipients it did not record (an unknown or already bounced email, or one it names no row of).
// Transient counts the delayed or 4.x.x reports, which are not bounces.
type BounceReport struct {
	Recorded, Ignored, Transient int
}

// Report records the permanent failures of the DSN raw, posted with secret. A wrong secret is refused
// (compared in constant time, never logged); a DSN that names no outbox row, or a row that is unknown
// or already bounced, is ignored.
func (b *Bounces) Report(ctx context.Context, secret string, raw []byte) (*BounceReport, error) {
	if len(b.secret) == 0 {
		return nil, errBouncesOff
	}
	if subtle.ConstantTimeCompare([]byte(secret), b.secret) != 1 {
		return nil, errBounceSecret
	}
	dsn, err := ParseDSN(raw)
	if err != nil {
		return nil, errNotDSN
	}
	id := b.rowOf(dsn)
	rep := &BounceReport{}
	now := b.now()
	for _, r := range dsn.Recipients {
		if !r.Permanent() {
			if r.Failed() || strings.EqualFold(r.Action, "delayed") {
				rep.Transient++
			}
			continue
		}
		if id == "" {
			rep.Ignored++
			continue
		}
		ok, err := b.store.RecordMailBounce(ctx, domain.MailBounce{MailID: id, Recipient: r.Recipient, Status: r.Status, Diagnostic: r.Diagnostic}, now)
		if err != nil {
			return nil, err
		}
		if ok {
			rep.Recorded++
			b.log.InfoContext(ctx, "mail bounced", "mail_id", id, "to", r.Recipient, "status", r.Status)
		} else {
			rep.Ignored++
		}
	}
	return rep, nil
}

// rowOf is the outbox row the DSN names: by the VERP address it was sent to, else by the Message-ID of
// the message it returns; empty when neither names one.
func (b *Bounces) rowOf(d *DSN) string {
	if b.local != "" {
		for _, to := range d.To {
			local, dom := splitAddress(to)
			if dom != b.domain {
				continue
			}
			if base, id, ok := strings.Cut(local, "+"); ok && base == b.local && rowID.MatchString(id) {
				return id
			}
		}
	}
	if m := messageID.FindStringSubmatch(d.MessageID); m != nil {
		return strings.ToLower(m[1])
	}
	return ""
}

// rowID is an outbox row's id (domain.NewID, a UUID); messageID is the Message-ID the SMTP sender gives it.
var (
	rowID     = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	messageID = regexp.MustCompile(`^\s*<?([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})@[^>\s]+>?\s*$`)
)

// DSN is what a delivery-status notification says: whom it was sent to (the VERP address), the
// Message-ID of the returned message, and each recipient's fate.
type DSN struct {
	To         []string // the addresses of To, Delivered-To, X-Original-To and Envelope-To
	MessageID  string   // of the returned message (or its headers)
	Recipients []DSNRecipient
}

// DSNRecipient is one per-recipient block of a DSN (RFC 3464 §2.3).
type DSNRecipient struct {
	Recipient  string // Final-Recipient (or Original-Recipient), without its address type
	Action     string // failed, delayed, delivered, relayed, expanded
	Status     string // RFC 3463: 5.1.1
	Diagnostic string // Diagnostic-Code, without its type
}

// Failed reports whether the recipient's delivery failed, for now or for good.
func (r DSNRecipient) Failed() bool { return strings.EqualFold(r.Action, "failed") }

// Permanent reports a hard bounce: the action failed with a 5.x.x status. A 4.x.x status is transient
// (a full mailbox, a greylisting), even when the reporting server gave up.
func (r DSNRecipient) Permanent() bool { return r.Failed() && strings.HasPrefix(r.Status, "5.") }

// maxDSN bounds what ParseDSN reads of each part: a DSN returns the original message, which may be large,
// and only its headers matter.
const maxDSN = 4 << 20

// ParseDSN reads a delivery-status notification: a multipart/report message (RFC 6522) whose
// message/delivery-status part (or message/global-delivery-status, RFC 6533) lists the recipients, and
// whose message/rfc822 or text/rfc822-headers part returns the original message's headers.
func ParseDSN(raw []byte) (*DSN, error) {
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("dsn: %w", err)
	}
	d := &DSN{}
	for _, h := range []string{"To", "Delivered-To", "X-Original-To", "Envelope-To"} {
		for _, v := range msg.Header[textproto.CanonicalMIMEHeaderKey(h)] {
			if list, err := netmail.ParseAddressList(v); err == nil {
				for _, a := range list {
					d.To = append(d.To, a.Address)
				}
			} else {
				d.To = append(d.To, strings.Trim(strings.TrimSpace(v), "<>"))
			}
		}
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/report" || params["boundary"] == "" {
		return nil, errors.New("dsn: not a multipart/report message")
	}
	found := false
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("dsn: %w", err)
		}
		t, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		body := io.LimitReader(p, maxDSN)
		switch t {
		case "message/delivery-status", "message/global-delivery-status":
			if d.Recipients, err = deliveryStatus(body); err != nil {
				return nil, err
			}
			found = true
		case "message/rfc822", "text/rfc822-headers", "message/global", "message/global-headers":
			h, _ := textproto.NewReader(bufio.NewReader(body)).ReadMIMEHeader()
			if id := h.Get("Message-Id"); id != "" {
				d.MessageID = id
			}
		}
	}
	if !found {
		return nil, errors.New("dsn: no delivery-status part")
	}
	return d, nil
}

// deliveryStatus reads the blocks of a delivery-status body: the per-message fields, then one block
// per recipient, separated by blank lines.
func deliveryStatus(body io.Reader) ([]DSNRecipient, error) {
	r := textproto.NewReader(bufio.NewReader(body))
	var out []DSNRecipient
	first := true
	for {
		h, err := r.ReadMIMEHeader()
		if len(h) > 0 {
			if first {
				first = false // the per-message fields (Reporting-MTA, Arrival-Date…)
				if h.Get("Action") == "" {
					if err != nil {
						break
					}
					continue
				}
			}
			rcpt := typed(h.Get("Final-Recipient"))
			if rcpt == "" {
				rcpt = typed(h.Get("Original-Recipient"))
			}
			status := strings.TrimSpace(h.Get("Status"))
			if i := strings.IndexAny(status, " \t("); i > 0 {
				status = status[:i]
			}
			out = append(out, DSNRecipient{Recipient: rcpt, Action: strings.ToLower(strings.TrimSpace(h.Get("Action"))),
				Status: status, Diagnostic: typed(h.Get("Diagnostic-Code"))})
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("dsn: delivery-status: %w", err)
		}
	}
	return out, nil
}

// typed is the value of a typed field ("rfc822; ana@example.es"), without its type.
func typed(v string) string {
	if _, after, ok := strings.Cut(v, ";"); ok {
		v = after
	}
	return strings.Join(strings.Fields(v), " ")
}
