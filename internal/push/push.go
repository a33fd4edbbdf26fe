// Package push sends web push notifications (RFC 8030) to the devices whose owners opted in, encrypted for
// each device (RFC 8291) and signed with the server's VAPID key (RFC 8292). The notifications are rows of
// the mail outbox, queued in the transaction of the change that causes them (docs/adr/0030); a
// mail.Worker with a Sender of this package delivers them.
package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	webpush "github.com/SherClockHolmes/webpush-go"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Store is what the service needs from the database.
type Store interface {
	PushKeys(ctx context.Context) (domain.PushKeys, bool, error)
	SavePushKeys(ctx context.Context, k domain.PushKeys, now time.Time) error
	SavePushSubscription(ctx context.Context, s *domain.PushSubscription) (string, error)
	DeletePushSubscription(ctx context.Context, userID, id string) (bool, error)
	PushSubscriptions(ctx context.Context, userID string) ([]domain.PushSubscription, error)
	PushOptOuts(ctx context.Context, userID, communityID string) ([]domain.PushKind, error)
	SetPushKind(ctx context.Context, userID, communityID string, kind domain.PushKind, on bool) error
	PushSubscription(ctx context.Context, id string) (*domain.PushSubscription, error)
	DeleteGonePushSubscription(ctx context.Context, id string) error
}

// Service lets members opt in and out per device and choose the kinds they get.
type Service struct {
	store  Store
	keys   domain.PushKeys
	now    func() time.Time
	policy policy
}

// Options configure the service.
type Options struct {
	Now func() time.Time // nil: time.Now
	// AllowLoopback accepts push endpoints on 127.0.0.1, ::1 and localhost, over plain http too: the
	// local push services of tests (and of the dev mode's browser tests). Never in production: real push
	// services are all https on public addresses.
	AllowLoopback bool
	// Hosts, when set, are the only push services endpoints may point to: host suffixes such as
	// "fcm.googleapis.com" or "push.services.mozilla.com" (VECINOS_PUSH_HOSTS).
	Hosts []string
}

// New loads the VAPID keys, generating and storing them on the first start.
func New(ctx context.Context, store Store, o Options) (*Service, error) {
	o.Now = clock.Or(o.Now)
	keys, err := loadKeys(ctx, store, o.Now())
	if err != nil {
		return nil, fmt.Errorf("push keys: %w", err)
	}
	return &Service{store: store, keys: keys, now: o.Now, policy: policy{loopback: o.AllowLoopback, hosts: o.Hosts}}, nil
}

// loadKeys returns the stored VAPID key pair, generating and storing one when there is none. Instances
// starting at once may each generate a pair: the first stored wins, and every instance returns it.
func loadKeys(ctx context.Context, store Store, now time.Time) (domain.PushKeys, error) {
	if k, ok, err := store.PushKeys(ctx); err != nil || ok {
		return k, err
	}
	k, err := GenerateKeys()
	if err != nil {
		return k, err
	}
	if err := store.SavePushKeys(ctx, k, now); err != nil {
		return k, err
	}
	k, ok, err := store.PushKeys(ctx)
	if err == nil && !ok {
		err = errors.New("the stored key pair is gone")
	}
	return k, err
}

// GenerateKeys makes a VAPID key pair.
func GenerateKeys() (domain.PushKeys, error) {
	private, public, err := webpush.GenerateVAPIDKeys()
	return domain.PushKeys{Public: public, Private: private}, err
}

// Keys are the server's VAPID keys (the Sender signs with them).
func (s *Service) Keys() domain.PushKeys { return s.keys }

// Status is what /settings/app shows: the key a device subscribes with, the kinds on, the devices.
type Status struct {
	PublicKey string
	Kinds     map[domain.PushKind]bool
	Devices   []domain.PushSubscription
}

// Status returns a's push settings: the devices are the account's, the kinds are those of the membership
// the request acts in.
func (s *Service) Status(ctx context.Context, a *domain.Actor) (*Status, error) {
	off, err := s.store.PushOptOuts(ctx, a.UserID, a.CommunityID)
	if err != nil {
		return nil, err
	}
	st := &Status{PublicKey: s.keys.Public, Kinds: map[domain.PushKind]bool{}}
	for _, k := range domain.PushKinds {
		st.Kinds[k] = true
	}
	for _, k := range off {
		if domain.ValidPushKind(k) {
			st.Kinds[k] = false
		}
	}
	if st.Devices, err = s.store.PushSubscriptions(ctx, a.UserID); err != nil {
		return nil, err
	}
	return st, nil
}

var (
	errEndpoint       = domain.Errorf(domain.CodeInvalid, "La dirección del servicio de notificaciones no es válida")
	errEndpointHTTPS  = domain.Errorf(domain.CodeInvalid, "La dirección del servicio de notificaciones debe empezar por https://")
	errEndpointPublic = domain.Errorf(domain.CodeInvalid, "La dirección del servicio de notificaciones debe ser pública, no de una red interna")
	errEndpointHost   = domain.Errorf(domain.CodeInvalid, "Este servidor no envía notificaciones a ese servicio")
	errKeys           = domain.Errorf(domain.CodeInvalid, "Las claves de la suscripción no son válidas")
	errKind           = domain.Errorf(domain.CodeInvalid, "Ese tipo de notificación no existe")
	errNoDevice       = domain.Errorf(domain.CodeNotFound, "Este dispositivo no tiene las notificaciones activadas")
)

// Subscription is a device's PushSubscription as the browser gives it.
type Subscription struct {
	Endpoint, P256dh, Auth, Device string
}

// Subscribe stores a's device and returns its id. The same device subscribing again updates its row.
func (s *Service) Subscribe(ctx context.Context, a *domain.Actor, in Subscription) (string, error) {
	if err := s.policy.check(in.Endpoint); err != nil {
		return "", err
	}
	p256dh, err1 := base64.RawURLEncoding.DecodeString(strings.TrimRight(in.P256dh, "="))
	auth, err2 := base64.RawURLEncoding.DecodeString(strings.TrimRight(in.Auth, "="))
	if err1 != nil || err2 != nil || len(auth) != 16 {
		return "", errKeys
	}
	if _, err := ecdh.P256().NewPublicKey(p256dh); err != nil {
		return "", errKeys
	}
	device := strings.TrimSpace(in.Device)
	if utf8.RuneCountInString(device) > 100 {
		device = string([]rune(device)[:100])
	}
	return s.store.SavePushSubscription(ctx, &domain.PushSubscription{ID: domain.NewID(), UserID: a.UserID, Endpoint: in.Endpoint,
		P256dh: base64.RawURLEncoding.EncodeToString(p256dh), Auth: base64.RawURLEncoding.EncodeToString(auth), Device: device,
		CreatedAt: s.now()})
}

// Unsubscribe removes a's device id.
func (s *Service) Unsubscribe(ctx context.Context, a *domain.Actor, id string) error {
	ok, err := s.store.DeletePushSubscription(ctx, a.UserID, id)
	if err == nil && !ok {
		return errNoDevice
	}
	return err
}

// SetKind turns a kind of notification on or off for a in the community the request acts in (on all
// their devices).
func (s *Service) SetKind(ctx context.Context, a *domain.Actor, kind domain.PushKind, on bool) error {
	if !domain.ValidPushKind(kind) {
		return errKind
	}
	return s.store.SetPushKind(ctx, a.UserID, a.CommunityID, kind, on)
}
