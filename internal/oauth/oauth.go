// Package oauth signs users in with Google or Facebook: the authorization-code flow with state and
// PKCE (golang.org/x/oauth2), then the provider's user-info endpoint for a stable subject and an email.
package oauth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"golang.org/x/oauth2"
)

// Identity is who the provider says the user is.
type Identity struct {
	Provider      string
	Subject       string // stable id at the provider
	Email         string
	EmailVerified bool
	Name          string
}

// Provider is one configured sign-in provider.
type Provider struct {
	Name        string
	Config      oauth2.Config
	UserInfoURL string
	// parse reads the user-info response of this provider.
	parse func(body []byte) (Identity, error)
}

// Google returns the Google provider. redirectURL is our callback.
func Google(clientID, secret, redirectURL string) *Provider {
	return &Provider{
		Name: "google",
		Config: oauth2.Config{ClientID: clientID, ClientSecret: secret, RedirectURL: redirectURL, Scopes: []string{"openid", "email", "profile"},
			Endpoint: oauth2.Endpoint{AuthURL: "https://accounts.google.com/o/oauth2/v2/auth", TokenURL: "https://oauth2.googleapis.com/token"}},
		UserInfoURL: "https://openidconnect.googleapis.com/v1/userinfo",
		parse:       parseOIDC,
	}
}

// Facebook returns the Facebook provider. Facebook only returns an email that the user has verified.
func Facebook(clientID, secret, redirectURL string) *Provider {
	return &Provider{
		Name: "facebook",
		Config: oauth2.Config{ClientID: clientID, ClientSecret: secret, RedirectURL: redirectURL, Scopes: []string{"email", "public_profile"},
			Endpoint: oauth2.Endpoint{AuthURL: "https://www.facebook.com/v19.0/dialog/oauth", TokenURL: "https://graph.facebook.com/v19.0/oauth/access_token"}},
		UserInfoURL: "https://graph.facebook.com/me?fields=id,name,email",
		parse:       parseFacebook,
	}
}

// WithEndpoints points a provider elsewhere (a local fake in tests).
func (p *Provider) WithEndpoints(authURL, tokenURL, userInfoURL string) *Provider {
	c := *p
	c.Config.Endpoint = oauth2.Endpoint{AuthURL: authURL, TokenURL: tokenURL}
	c.UserInfoURL = userInfoURL
	return &c
}

// AuthCodeURL is where to send the browser; verifier is the PKCE secret kept until the callback.
func (p *Provider) AuthCodeURL(state, verifier string) string {
	return p.Config.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier))
}

// Identify exchanges the callback's code and asks the provider who the user is.
func (p *Provider) Identify(ctx context.Context, code, verifier string) (Identity, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	tok, err := p.Config.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return Identity{}, fmt.Errorf("%s: exchange code: %w", p.Name, err)
	}
	res, err := p.Config.Client(ctx, tok).Get(p.UserInfoURL)
	if err != nil {
		return Identity{}, fmt.Errorf("%s: user info: %w", p.Name, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil || res.StatusCode != http.StatusOK {
		return Identity{}, fmt.Errorf("%s: user info: status %d %v", p.Name, res.StatusCode, err)
	}
	id, err := p.parse(body)
	if err != nil {
		return Identity{}, fmt.Errorf("%s: user info: %w", p.Name, err)
	}
	if id.Subject == "" {
		return Identity{}, fmt.Errorf("%s: user info without a subject", p.Name)
	}
	id.Provider = p.Name
	return id, nil
}

func parseOIDC(body []byte) (Identity, error) {
	var v struct {
		Sub           string `json:"sub"`
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
	}
	err := json.Unmarshal(body, &v)
	return Identity{Subject: v.Sub, Email: v.Email, EmailVerified: v.EmailVerified, Name: v.Name}, err
}

func parseFacebook(body []byte) (Identity, error) {
	var v struct {
		ID    string `json:"id"`
		Email string `json:"email"`
		Name  string `json:"name"`
	}
	err := json.Unmarshal(body, &v)
	return Identity{Subject: v.ID, Email: v.Email, EmailVerified: v.Email != "", Name: v.Name}, err
}
