package push

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

func TestPublicAddresses(t *testing.T) {
	for s, want := range map[string]bool{
		"8.8.8.8": true, "142.250.184.170": true, "2a00:1450:4003:80e::200a": true,
		"127.0.0.1": false, "::1": false, "10.0.0.1": false, "172.16.5.4": false, "192.168.0.1": false, "169.254.169.254": false,
		"100.64.0.1": false, "100.127.255.255": false, "0.0.0.0": false, "0.1.2.3": false, "224.0.0.251": false, "255.255.255.255": false,
		"240.0.0.1": false, "198.18.0.1": false, "192.0.2.1": false, "::": false, "fc00::1": false, "fd12:3456::1": false, "fe80::1": false,
		"ff02::1": false, "::ffff:10.0.0.1": false, "::ffff:127.0.0.1": false, "64:ff9b::a00:1": false, "2002:a00:1::": false, "2001:db8::1": false,
	} {
		if got := public(netip.MustParseAddr(s)); got != want {
			t.Errorf("public(%s) = %v, want %v", s, got, want)
		}
	}
}

// TestTheDialerRefusesInternalAddresses: the check is made on the address a name resolves to when the
// connection is made ("localhost" here), not on the name.
func TestTheDialerRefusesInternalAddresses(t *testing.T) {
	var hits int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits++ }))
	defer srv.Close()
	byName := strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)
	_, err := policy{}.client().Post(byName, "text/plain", nil)
	if !errors.Is(err, errNotPublic) || hits != 0 {
		t.Fatalf("%s: %v, %d requests arrived", byName, err, hits)
	}
	res, err := policy{loopback: true}.client().Post(byName, "text/plain", nil)
	if err != nil || hits != 1 {
		t.Fatalf("a test's loopback service: %v", err)
	}
	res.Body.Close()
}
