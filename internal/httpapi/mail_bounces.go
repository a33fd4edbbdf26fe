package httpapi

import (
	"context"
	"encoding/base64"
	"strings"
)

// Bounces reported after SMTP acceptance (docs/adr/0041): a mail server's pipe or a provider's inbound
// route posts the delivery-status notification, raw, with VECINOS_BOUNCE_SECRET.

type mailBounceInput struct {
	Authorization string `header:"Authorization" doc:"Bearer <VECINOS_BOUNCE_SECRET>, or Basic auth with it as the password"`
	RawBody       []byte `contentType:"message/rfc822" doc:"The delivery-status notification (RFC 3464, multipart/report) as received"`
}

type mailBounceOutput struct {
	Body struct {
		Recorded  int `json:"recorded" doc:"Hard bounces (Action: failed, Status 5.x.x) recorded on the email they name"`
		Ignored   int `json:"ignored" doc:"Hard bounces of no known email, or of one already bounced"`
		Transient int `json:"transient" doc:"Delays and 4.x.x failures: not bounces"`
	}
}

func (s *server) reportMailBounce(ctx context.Context, in *mailBounceInput) (*mailBounceOutput, error) {
	rep, err := s.Bounces.Report(ctx, bounceSecret(in.Authorization), in.RawBody)
	if err != nil {
		return nil, err
	}
	out := &mailBounceOutput{}
	out.Body.Recorded, out.Body.Ignored, out.Body.Transient = rep.Recorded, rep.Ignored, rep.Transient
	return out, nil
}

// bounceSecret is the secret an Authorization header carries: a bearer token, or a Basic password (what
// an inbound route configured as https://user:secret@host/… sends).
func bounceSecret(h string) string {
	scheme, value, _ := strings.Cut(strings.TrimSpace(h), " ")
	switch strings.ToLower(scheme) {
	case "bearer":
		return strings.TrimSpace(value)
	case "basic":
		raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(value))
		if err != nil {
			return ""
		}
		_, pass, _ := strings.Cut(string(raw), ":")
		return pass
	}
	return ""
}
