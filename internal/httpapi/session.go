package httpapi

import (
	"context"
	"net"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vecinos/internal/accounts"
	"vecinos/internal/domain"
)

// sessionCookieName is the cookie that carries the session token (HttpOnly: scripts never see it).
const sessionCookieName = "vecinos_session"

// signedIn is the security requirement of operations that need a session; the contract documents it
// and requireSession enforces it before the request body is even read.
var signedIn = []map[string][]string{{"session": {}}}

type actorKey struct{}

// requireSession resolves the session of every operation that declares `signedIn` and stores the actor
// in the context; anonymous or expired sessions get a 401 problem.
func requireSession(api huma.API, s *server) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		if len(ctx.Operation().Security) == 0 {
			next(ctx)
			return
		}
		token := ""
		if c, err := huma.ReadCookie(ctx, sessionCookieName); err == nil {
			token = c.Value
		}
		a, err := s.Accounts.Authenticate(ctx.Context(), token)
		if err != nil {
			huma.WriteErr(api, ctx, http.StatusUnauthorized, "", err)
			return
		}
		next(huma.WithValue(ctx, actorKey{}, a))
	}
}

// actor is the caller of an operation that declares `signedIn`.
func actor(ctx context.Context) *domain.Actor {
	return ctx.Value(actorKey{}).(*domain.Actor)
}

// member is the caller when they must have confirmed their email and belong to a community.
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

func (s *server) sessionCookie(token string) http.Cookie {
	return http.Cookie{Name: sessionCookieName, Value: token, Path: "/", HttpOnly: true, Secure: s.Config.SecureCookies(),
		SameSite: http.SameSiteLaxMode, MaxAge: int(accounts.SessionMaxAge.Seconds())}
}

func (s *server) clearedSessionCookie() http.Cookie {
	return http.Cookie{Name: sessionCookieName, Value: "", Path: "/", HttpOnly: true, Secure: s.Config.SecureCookies(),
		SameSite: http.SameSiteLaxMode, MaxAge: -1}
}

type clientKey struct{}

// withClient remembers where a request comes from (rate limits, session list). The address is the TCP
// peer's: behind a proxy, configure it to connect from distinct addresses or rate limits are shared.
func withClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			ip = r.RemoteAddr
		}
		c := accounts.Client{IP: ip, UserAgent: r.UserAgent()}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientKey{}, c)))
	})
}

func clientOf(ctx context.Context) accounts.Client {
	c, _ := ctx.Value(clientKey{}).(accounts.Client)
	return c
}
