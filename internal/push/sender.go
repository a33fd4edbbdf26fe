package push

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"

	webpush "github.com/SherClockHolmes/webpush-go"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// ttl is how long a push service keeps a notification for a device that is off.
const ttl = 24 * 60 * 60

// Sender delivers the outbox's pushes: it is the mail.Sender of the push worker. A message's To is the
// subscription id, Subject its kind and Text the JSON payload (store.enqueuePush).
type Sender struct {
	Store Store
	Keys  domain.PushKeys
	// Subscriber is the contact the push services see in the VAPID token: an https URL or an email
	// address (without mailto:).
	Subscriber string
	Log        *slog.Logger
	// AllowLoopback and Hosts are the service's Options of the same names: which endpoints are posted to
	// (endpoint.go). A push service that does not answer in time is retried later.
	AllowLoopback bool
	Hosts         []string

	once   sync.Once
	policy policy
	client *http.Client
}

var _ mail.Sender = (*Sender)(nil)

// Send encrypts and posts one push. A device that is gone (404, 410) is removed and the push dropped; a
// refusal that another attempt cannot cure gives the push up; anything else is retried.
func (s *Sender) Send(ctx context.Context, m domain.Mail) error {
	sub, err := s.Store.PushSubscription(ctx, m.To)
	if err != nil {
		return err
	}
	if sub == nil {
		return nil // the device opted out after the push was queued
	}
	s.once.Do(func() {
		s.policy = policy{loopback: s.AllowLoopback, hosts: s.Hosts}
		s.client = s.policy.client()
	})
	// Checked again: a subscription stored before these rules, or before the allowlist, is not posted to.
	if err := s.policy.check(sub.Endpoint); err != nil {
		return errors.Join(mail.ErrPermanent, fmt.Errorf("push to %s: endpoint refused: %w", sub.ID, err))
	}
	urgency := webpush.UrgencyNormal
	if k := domain.PushKind(m.Subject); k == domain.PushDirectMessage || k == domain.PushCritical {
		urgency = webpush.UrgencyHigh
	}
	resp, err := webpush.SendNotificationWithContext(ctx, []byte(m.Text),
		&webpush.Subscription{Endpoint: sub.Endpoint, Keys: webpush.Keys{Auth: sub.Auth, P256dh: sub.P256dh}},
		&webpush.Options{HTTPClient: s.client, Subscriber: s.Subscriber, VAPIDPublicKey: s.Keys.Public, VAPIDPrivateKey: s.Keys.Private,
			TTL: ttl, Urgency: urgency})
	if errors.Is(err, errNotPublic) { // the name resolved to an internal address: no retry will change it
		return errors.Join(mail.ErrPermanent, fmt.Errorf("push to %s: %w", sub.ID, err))
	}
	if err != nil {
		return fmt.Errorf("push to %s: %w", sub.ID, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	switch code := resp.StatusCode; {
	case code >= 200 && code < 300:
		return nil
	case code == http.StatusNotFound || code == http.StatusGone:
		if s.Log != nil {
			s.Log.InfoContext(ctx, "push subscription gone: removed", "subscription", sub.ID, "status", code)
		}
		return s.Store.DeleteGonePushSubscription(ctx, sub.ID)
	case code == http.StatusTooManyRequests || code >= 500:
		return fmt.Errorf("push service answered %d", code)
	default: // 400, 401, 403, 413: the request itself is refused; a redirect is not followed
		return errors.Join(mail.ErrPermanent, fmt.Errorf("push service refused the push: %d", code))
	}
}
