package push

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// ttl is how long a push service keeps a notification for a device that is off.
const ttl = 24 * 60 * 60

// httpClient posts to the push services; a push service that does not answer in time is retried later.
var httpClient = &http.Client{Timeout: 30 * time.Second}

// Sender delivers the outbox's pushes: it is the mail.Sender of the push worker. A message's To is the
// subscription id, Subject its kind and Text the JSON payload (store.enqueuePush).
type Sender struct {
	Store Store
	Keys  domain.PushKeys
	// Subscriber is the contact the push services see in the VAPID token: an https URL or an email
	// address (without mailto:).
	Subscriber string
	Log        *slog.Logger
}

var _ mail.Sender = (*Sender)(nil)

// Send encrypts and posts one push. A device that is gone (404, 410) is removed and the push dropped; a
// refusal that another attempt cannot cure gives the push up; anything else is retried.
func (s *Sender) Send(ctx context.Context, m domain.Mail) error {
	sub, err := s.Store.PushSubscription(ctx, m.To)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil // the device opted out after the push was queued
	}
	if err != nil {
		return err
	}
	urgency := webpush.UrgencyNormal
	if k := domain.PushKind(m.Subject); k == domain.PushDirectMessage || k == domain.PushCritical {
		urgency = webpush.UrgencyHigh
	}
	resp, err := webpush.SendNotificationWithContext(ctx, []byte(m.Text),
		&webpush.Subscription{Endpoint: sub.Endpoint, Keys: webpush.Keys{Auth: sub.Auth, P256dh: sub.P256dh}},
		&webpush.Options{HTTPClient: httpClient, Subscriber: s.Subscriber, VAPIDPublicKey: s.Keys.Public, VAPIDPrivateKey: s.Keys.Private,
			TTL: ttl, Urgency: urgency})
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
	default: // 400, 401, 403, 413: the request itself is refused
		return errors.Join(mail.ErrPermanent, fmt.Errorf("push service refused the push: %d", code))
	}
}
