package push

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// A push endpoint is an address a member gives us and the server then POSTs to: left alone it is a way
// into the server's own network (SSRF). So an endpoint is an https URL whose host, when the connection is
// made, resolves to public addresses only (the dialer's Control refuses the rest, whatever the name
// resolved to when it was registered), no redirect is followed, and with an allowlist
// (VECINOS_PUSH_HOSTS) only the push services named there are used.

// errNotPublic is a connection refused because the address is not a public one.
var errNotPublic = errors.New("push: the endpoint's address is not public")

// policy decides which endpoints are acceptable and which addresses may be dialled.
type policy struct {
	// loopback lets tests (and the dev mode's browser tests) use a push service on 127.0.0.1 or ::1, over
	// plain http too. Private, link-local and the other addresses stay refused.
	loopback bool
	// hosts are the host suffixes of the push services allowed; empty: any public host.
	hosts []string
}

// check tells whether endpoint may be stored (and posted to): its scheme, its host against the allowlist,
// and, when the host is an address, that address. A name is resolved only when the connection is made.
func (p policy) check(endpoint string) error {
	u, err := url.Parse(endpoint)
	if err != nil || u.User != nil || u.Hostname() == "" || u.Opaque != "" {
		return errEndpoint
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	addr, err := netip.ParseAddr(host)
	isAddr := err == nil
	local := p.loopback && (host == "localhost" || isAddr && addr.Unmap().IsLoopback())
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && local:
	default:
		return errEndpointHTTPS
	}
	if local {
		return nil
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || isAddr && !public(addr) {
		return errEndpointPublic
	}
	if len(p.hosts) > 0 && !p.allowedHost(host) {
		return errEndpointHost
	}
	return nil
}

func (p policy) allowedHost(host string) bool {
	for _, h := range p.hosts {
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	return false
}

// control is the dialer's check of every address it connects to, after name resolution.
func (p policy) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", errNotPublic, address)
	}
	if a := ap.Addr().Unmap(); public(a) || p.loopback && a.IsLoopback() {
		return nil
	}
	return fmt.Errorf("%w: %s", errNotPublic, address)
}

// client posts to the push services: through a dialer that refuses non-public addresses, never through a
// proxy (it would dial for us), without following redirects.
func (p policy) client() *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: p.control}
	return &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{
			Proxy: nil,
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				return d.DialContext(ctx, network, addr)
			},
			ForceAttemptHTTP2:     true,
			MaxIdleConns:          20,
			IdleConnTimeout:       90 * time.Second,
			TLSHandshakeTimeout:   10 * time.Second,
			ResponseHeaderTimeout: 20 * time.Second,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// nonPublic are the ranges that netip's predicates do not name: shared (CGNAT), benchmarking,
// documentation, reserved, NAT64 and 6to4 (which carry an IPv4 address inside), discard, ORCHIDv2, and
// the IETF protocol assignments.
var nonPublic = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{"0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15", "198.51.100.0/24",
		"203.0.113.0/24", "240.0.0.0/4", "255.255.255.255/32", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001::/23",
		"2001:db8::/32", "2002::/16", "fec0::/10", "3fff::/20"} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// public reports whether a is an address on the public internet: not loopback, private (RFC 1918, unique
// local), link-local (the cloud metadata service at 169.254.169.254), CGNAT, multicast, unspecified or
// one of the special ranges.
func public(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsValid() || !a.IsGlobalUnicast() || a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() || a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}
