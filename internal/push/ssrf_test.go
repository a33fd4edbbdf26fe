package push_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/mail"
	"vecinos/internal/push"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestOnlyPublicHTTPSEndpointsAreAccepted: an endpoint into the server's network (the database's port, the
// cloud metadata service, a private or CGNAT address) or on plain http is refused with a Spanish reason;
// with VECINOS_PUSH_HOSTS only the push services named there are taken.
func TestOnlyPublicHTTPSEndpointsAreAccepted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ana := storetest.Community(t, db, "Ana")[0]
		strict, err := push.New(ctx, db, push.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := newDevice(t)
		const internal = "La dirección del servicio de notificaciones debe ser pública, no de una red interna"
		const https = "La dirección del servicio de notificaciones debe empezar por https://"
		for endpoint, want := range map[string]string{
			"https://127.0.0.1:5432/x":                 internal,
			"https://[::1]:8080/x":                     internal,
			"https://localhost/x":                      internal,
			"https://[::ffff:127.0.0.1]/x":             internal,
			"https://169.254.169.254/latest/meta-data": internal,
			"https://10.1.2.3/x":                       internal,
			"https://192.168.1.1/x":                    internal,
			"https://100.64.0.1/x":                     internal,
			"https://[fd00::1]/x":                      internal,
			"https://[fe80::1]/x":                      internal,
			"https://0.0.0.0/x":                        internal,
			"https://224.0.0.1/x":                      internal,
			"http://169.254.169.254/latest/meta-data":  https,
			"http://fcm.googleapis.com/fcm/send/x":     https,
		} {
			_, err := strict.Subscribe(ctx, ana, d.subscription(endpoint))
			if domain.ErrorCode(err) != domain.CodeInvalid || domain.ErrorMessageIn(err, domain.Spanish) != want {
				t.Errorf("%s: %v, want %q", endpoint, err, want)
			}
		}
		if _, err := strict.Subscribe(ctx, ana, d.subscription("https://fcm.googleapis.com/fcm/send/abc")); err != nil {
			t.Fatalf("a real push service: %v", err)
		}

		only, err := push.New(ctx, db, push.Options{Hosts: []string{"push.services.mozilla.com"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, endpoint := range []string{"https://fcm.googleapis.com/fcm/send/x", "https://evilpush.services.mozilla.com/x"} {
			if _, err := only.Subscribe(ctx, ana, d.subscription(endpoint)); domain.ErrorMessageIn(err, domain.Spanish) != "Este servidor no envía notificaciones a ese servicio" {
				t.Errorf("%s outside the allowlist: %v", endpoint, err)
			}
		}
		if _, err := only.Subscribe(ctx, ana, d.subscription("https://updates.push.services.mozilla.com/wpush/v2/x")); err != nil {
			t.Fatalf("an allowed push service: %v", err)
		}
	})
}

// internalService is a server inside the network: it counts what reaches it and answers status.
func internalService(t *testing.T, status int, header http.Header) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		for k, v := range header {
			w.Header()[k] = v
		}
		w.WriteHeader(status)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// TestAPushNeverReachesTheServersNetwork: a subscription into the network that is already stored (from
// before the rules) is not posted to, so its 410 cannot remove it and tell an attacker the host is there;
// and a push service's redirect is not followed to an internal host.
func TestAPushNeverReachesTheServersNetwork(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		luis := storetest.Community(t, db, "Luis")[0]
		svc, err := push.New(ctx, db, push.Options{})
		if err != nil {
			t.Fatal(err)
		}
		store := func(endpoint string) string {
			s := newDevice(t).subscription(endpoint)
			id, err := db.SavePushSubscription(ctx, &domain.PushSubscription{ID: domain.NewID(), UserID: luis.UserID, Endpoint: endpoint,
				P256dh: s.P256dh, Auth: s.Auth, Device: "Chrome", CreatedAt: time.Now()})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		devices := func() int {
			st, err := svc.Status(ctx, luis)
			if err != nil {
				t.Fatal(err)
			}
			return len(st.Devices)
		}
		push1 := func(s *push.Sender, id string) error {
			return s.Send(ctx, domain.Mail{To: id, Subject: string(domain.PushDirectMessage), Text: `{"title":"hola"}`})
		}

		// A probe of an internal host, as stored before: nothing is sent, nothing removed, no retry.
		probed, hits := internalService(t, http.StatusGone, nil)
		id := store(probed.URL + "/probe")
		strict := &push.Sender{Store: db, Keys: svc.Keys(), Subscriber: "ops@example.es"}
		if err := push1(strict, id); !errors.Is(err, mail.ErrPermanent) {
			t.Fatalf("a push to %s: %v, want it given up", probed.URL, err)
		}
		if hits.Load() != 0 || devices() != 1 {
			t.Fatalf("the internal host got %d requests and the subscription is gone (%d left)", hits.Load(), devices())
		}

		// A push service (here a test's, on loopback) that redirects to another host: not followed.
		inside, insideHits := internalService(t, http.StatusGone, nil)
		redirecting, _ := internalService(t, http.StatusTemporaryRedirect, http.Header{"Location": {inside.URL + "/admin"}})
		id = store(redirecting.URL + "/push/luis")
		local := &push.Sender{Store: db, Keys: svc.Keys(), Subscriber: "ops@example.es", AllowLoopback: true}
		if err := push1(local, id); !errors.Is(err, mail.ErrPermanent) {
			t.Fatalf("a redirected push: %v, want it given up", err)
		}
		if insideHits.Load() != 0 || devices() != 2 {
			t.Fatalf("the redirect was followed: %d requests reached its target, %d devices left", insideHits.Load(), devices())
		}
	})
}
