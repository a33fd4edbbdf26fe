package httpapi

import "context"

// AppInfo tells the web app what this installation offers, so it can show or explain buttons.
type AppInfo struct {
	Version        string   `json:"version" doc:"Version of the running binary"`
	Dev            bool     `json:"dev" doc:"Development helpers are on (VECINOS_DEV)"`
	OAuthProviders []string `json:"oauthProviders" doc:"Sign-in providers that are configured" enum:"google,facebook"`
	SupportEmail   string   `json:"supportEmail" doc:"Address of the 'Soporte' link (VECINOS_SUPPORT_EMAIL or the sender's address); empty when there is none"`
}

type appInfoOutput struct{ Body AppInfo }

func (s *server) appInfo(ctx context.Context, _ *struct{}) (*appInfoOutput, error) {
	info := AppInfo{Version: s.Version, Dev: s.Config.Dev, OAuthProviders: []string{}, SupportEmail: s.Config.SupportAddress()}
	for _, name := range []string{"google", "facebook"} {
		if _, ok := s.OAuth[name]; ok {
			info.OAuthProviders = append(info.OAuthProviders, name)
		}
	}
	return &appInfoOutput{Body: info}, nil
}
