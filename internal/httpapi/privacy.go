package httpapi

import (
	"context"
	"mime"
	"net/http"
	"time"

	"vecinos/internal/files"
	"vecinos/internal/privacy"
)

type consentRecord struct {
	Version    string    `json:"version"`
	AcceptedAt time.Time `json:"acceptedAt"`
}

type consentBody struct {
	Current  string          `json:"current" doc:"The version of the terms and the privacy policy in force"`
	Accepted bool            `json:"accepted" doc:"Whether the caller accepted the version in force; if not, the app asks before going on"`
	Records  []consentRecord `json:"records" doc:"Every acceptance, the newest first"`
}

type consentOutput struct{ Body consentBody }

func consentOut(st *privacy.ConsentStatus) *consentOutput {
	out := &consentOutput{Body: consentBody{Current: st.Current, Accepted: st.Accepted, Records: make([]consentRecord, 0, len(st.Records))}}
	for _, r := range st.Records {
		out.Body.Records = append(out.Body.Records, consentRecord{Version: r.Version, AcceptedAt: r.AcceptedAt})
	}
	return out
}

func (s *server) getConsent(ctx context.Context, _ *struct{}) (*consentOutput, error) {
	st, err := s.Privacy.Consent(ctx, actor(ctx))
	if err != nil {
		return nil, err
	}
	return consentOut(st), nil
}

type acceptConsentInput struct {
	Body struct {
		Version string `json:"version" minLength:"1" maxLength:"40" doc:"The version the member read (current of GET)"`
	}
}

func (s *server) acceptConsent(ctx context.Context, in *acceptConsentInput) (*consentOutput, error) {
	st, err := s.Privacy.Accept(ctx, actor(ctx), in.Body.Version)
	if err != nil {
		return nil, err
	}
	return consentOut(st), nil
}

// exportMyData answers a ZIP of everything stored about the caller (RGPD arts. 15 and 20), written as it is
// read: the records as JSON and the caller's own files.
func (s *server) exportMyData(w http.ResponseWriter, r *http.Request) {
	a, err := s.sessionActor(r)
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	if a == nil {
		writeProblem(w, problemFor(r.Context(), errUnauthenticated))
		return
	}
	e, err := s.Privacy.Prepare(r.Context(), a)
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	files.ServeHeaders(w.Header(), "application/zip", files.Private)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment",
		map[string]string{"filename": e.FileName()}))
	if err := e.WriteZip(r.Context(), w); err != nil {
		// The headers are gone: the truncated ZIP fails to open, and the log says why.
		s.Log.ErrorContext(r.Context(), "data export", "user", a.UserID, "err", err)
	}
}
