package httpapi

import "context"

// AppInfo tells the web app what this installation offers, so it can show or explain buttons.
type AppInfo struct {
	Version        string   `json:"version" doc:"Version of the running binary"`
	Dev            bool     `json:"dev" doc:"Development helpers are on (VECINOS_DEV)"`
	OAuthProviders []string `json:"oauthProviders" doc:"Sign-in providers that are configured" enum:"google,facebook"`
}

type appInfoOutput struct{ Body AppInfo }

func (s *server) appInfo(ctx context.Context, _ *struct{}) (*appInfoOutput, error) {
	c := s.Config
	info := AppInfo{Version: s.Version, Dev: c.Dev, OAuthProviders: []string{}}
	if c.GoogleClientID != "" && c.GoogleClientSecret != "" {
		info.OAuthProviders = append(info.OAuthProviders, "google")
	}
	if c.FacebookClientID != "" && c.FacebookClientSecret != "" {
		info.OAuthProviders = append(info.OAuthProviders, "facebook")
	}
	return &appInfoOutput{Body: info}, nil
}
