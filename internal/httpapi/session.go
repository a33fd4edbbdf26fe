package httpapi

import (
	"context"
	"net/http"
	"net/netip"
	"strings"

	"vecinos/internal/auth"
	"vecinos/internal/domain"
)

// sessionCookieName is the cookie that carries the session token (HttpOnly: scripts never see it).
const sessionCookieName = "vecinos_session"

// sessionRequired is the security requirement of every route that anyone may not call (routes.go); the
// contract documents it and requireSession enforces it before the request body is even read.
var sessionRequired = []map[string][]string{{"session": {}}}

type actorKey struct{}

// actor is the caller of an operation that requires a session. The route's access (access.go) has
// already refused whoever is below its level, so a handler of a members route reads the actor's community,
// and one of a confirmedEmail route its confirmed email, without checking them again.
func actor(ctx context.Context) *domain.Actor {
	return ctx.Value(actorKey{}).(*domain.Actor)
}

// member is actor(ctx) for a handler written when each checked the caller itself. On a route for members
// or above it cannot fail (the route refused the others first); on a route labeled lower, it still
// refuses an unconfirmed email or no community, as a safety net. New handlers call actor(ctx).
//
//lint:ignore U1000 handlers being written on other branches call it
func member(ctx context.Context) (*domain.Actor, error) {
	a, err := confirmed(ctx)
	if err != nil {
		return nil, err
	}
	if a.CommunityID == "" {
		return nil, domain.ErrNoCommunity
	}
	return a, nil
}

// confirmed is actor(ctx) when the email must be confirmed; like member, a safety net for a route
// labeled lower than confirmedEmail.
func confirmed(ctx context.Context) (*domain.Actor, error) {
	a := actor(ctx)
	if !a.EmailConfirmed {
		return nil, errConfirmEmail
	}
	return a, nil
}

func (s *server) sessionCookie(token string) http.Cookie {
	return http.Cookie{Name: sessionCookieName, Value: token, Path: "/", HttpOnly: true, Secure: s.Config.SecureCookies(),
		SameSite: http.SameSiteLaxMode, MaxAge: int(auth.SessionMaxAge.Seconds())}
}

func (s *server) clearedSessionCookie() http.Cookie {
	return http.Cookie{Name: sessionCookieName, Value: "", Path: "/", HttpOnly: true, Secure: s.Config.SecureCookies(),
		SameSite: http.SameSiteLaxMode, MaxAge: -1}
}

type clientKey struct{}

// withClient remembers where a request comes from (rate limits, session list). The address is the TCP
// peer's unless the peer is one of the trusted reverse proxies (VECINOS_TRUSTED_PROXIES): then it is the
// right-most address of X-Forwarded-For (or else Forwarded) that is not a trusted proxy, since each proxy
// appends the address it saw and only the entries added by our own proxies can be believed.
func withClient(trusted []netip.Prefix, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := auth.Client{IP: clientAddress(r, trusted), UserAgent: r.UserAgent()}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, c)))
	})
}

func clientAddress(r *http.Request, trusted []netip.Prefix) string {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	addr := peer.Addr().Unmap()
	if !isTrusted(addr, trusted) {
		return addr.String()
	}
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(hops[i])
		if err != nil {
			break // "unknown" or garbage where a proxy should have written an address: stop believing
		}
		if addr = hop.Unmap(); !isTrusted(addr, trusted) {
			return addr.String()
		}
	}
	return addr.String() // every hop is a proxy of ours, or the chain broke: the last one believed
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// forwardedFor lists the addresses of X-Forwarded-For, or else of the for= parameters of Forwarded
// (RFC 7239), left to right, without ports or brackets.
func forwardedFor(h http.Header) []string {
	var out []string
	if xff := h.Values("X-Forwarded-For"); len(xff) > 0 {
		for _, hop := range strings.Split(strings.Join(xff, ","), ",") {
			out = append(out, strings.TrimSpace(hop))
		}
		return out
	}
	for _, element := range strings.Split(strings.Join(h.Values("Forwarded"), ","), ",") {
		for _, pair := range strings.Split(element, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
			if !ok || !strings.EqualFold(k, "for") {
				continue
			}
			v = strings.Trim(v, `"`)
			if ap, err := netip.ParseAddrPort(v); err == nil {
				v = ap.Addr().String()
			}
			out = append(out, strings.Trim(v, "[]"))
		}
	}
	return out
}

func clientOf(ctx context.Context) auth.Client {
	c, _ := ctx.Value(clientKey{}).(auth.Client)
	return c
}
