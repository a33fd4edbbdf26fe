package httpapi_test

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// pushDevice is a browser's PushSubscription with the given endpoint.
func pushDevice(t *testing.T, endpoint string) map[string]any {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"endpoint": endpoint, "device": "Firefox en Android", "keys": map[string]any{
		"p256dh": base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()), "auth": base64.RawURLEncoding.EncodeToString([]byte("0123456789abcdef"))}}
}

func TestPushSettingsPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		// Anonymous callers and users without a community: refused by the route (route_access_test.go).

		st := c.neighbour.must(t, "GET", "/api/v1/push", nil, 200)
		if key, _ := st["publicKey"].(string); len(key) != 87 { // 65 bytes, base64url
			t.Fatalf("public key %q", key)
		}
		if kinds := st["kinds"].(map[string]any); kinds["directMessage"] != true || kinds["poll"] != true {
			t.Fatalf("kinds %v: every kind starts on", kinds)
		}
		id := c.neighbour.must(t, "POST", "/api/v1/push/subscriptions", pushDevice(t, "https://push.example.es/vecina"), 200)["id"].(string)
		obDetail(t, c.neighbour, "POST", "/api/v1/push/subscriptions", pushDevice(t, "ftp://push.example.es/vecina"), 422, "invalid",
			"La dirección del servicio de notificaciones debe empezar por https://")
		// Not a way into the server's network (issue 33): the cloud metadata service, a private address.
		for _, inside := range []string{"https://169.254.169.254/latest/meta-data", "https://10.0.0.5:5432/x"} {
			obDetail(t, c.neighbour, "POST", "/api/v1/push/subscriptions", pushDevice(t, inside), 422, "invalid",
				"La dirección del servicio de notificaciones debe ser pública, no de una red interna")
		}
		c.neighbour.must(t, "PUT", "/api/v1/push/kinds/poll", map[string]any{"on": false}, 204)
		c.neighbour.must(t, "PUT", "/api/v1/push/kinds/weather", map[string]any{"on": false}, 422)
		st = c.neighbour.must(t, "GET", "/api/v1/push", nil, 200)
		devices := st["devices"].([]any)
		if len(devices) != 1 || devices[0].(map[string]any)["id"] != id || st["kinds"].(map[string]any)["poll"] != false {
			t.Fatalf("settings %v", st)
		}
		// Nobody else sees or removes the device: not a neighbour, an admin, nor another community's member.
		for _, other := range []*client{c.creator, c.admin, c.outsider} {
			if got := other.must(t, "GET", "/api/v1/push", nil, 200)["devices"].([]any); len(got) != 0 {
				t.Fatalf("another member sees %v", got)
			}
			other.must(t, "DELETE", "/api/v1/push/subscriptions/"+id, nil, 404)
		}
		c.neighbour.must(t, "DELETE", "/api/v1/push/subscriptions/"+id, nil, 204)
		c.neighbour.must(t, "DELETE", "/api/v1/push/subscriptions/"+id, nil, 404)
	})
}
