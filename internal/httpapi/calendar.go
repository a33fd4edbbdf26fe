package httpapi

import (
	"context"
	"net/http"
	"time"
)

// The private calendar feed (see internal/events for the design): each member creates their own secret
// URL, shown once; creating it again rotates it, DELETE revokes it. The feed itself is a plain handler,
// outside the JSON API, for calendar apps that subscribe to it without a session.

type feedStatusOutput struct {
	Body struct {
		Exists    bool       `json:"exists" doc:"Whether the caller has a feed URL (it cannot be shown again; create a new one to see it)"`
		CreatedAt *time.Time `json:"createdAt" doc:"When the current URL was created; null without one"`
	}
}

type feedURLOutput struct {
	Body struct {
		URL string `json:"url" doc:"Secret iCalendar URL; shown only now. Anyone with it can read the community's events"`
	}
}

func (s *server) calendarFeedStatus(ctx context.Context, _ *struct{}) (*feedStatusOutput, error) {
	a := actor(ctx)
	at, err := s.Events.FeedStatus(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &feedStatusOutput{}
	out.Body.Exists, out.Body.CreatedAt = at != nil, at
	return out, nil
}

func (s *server) createCalendarFeed(ctx context.Context, _ *struct{}) (*feedURLOutput, error) {
	a := actor(ctx)
	url, err := s.Events.CreateFeed(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &feedURLOutput{}
	out.Body.URL = url
	return out, nil
}

func (s *server) revokeCalendarFeed(ctx context.Context, _ *struct{}) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Events.RevokeFeed(ctx, a)
}

func (s *server) calendarFeed(w http.ResponseWriter, r *http.Request) {
	body, err := s.Events.Feed(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/calendar; charset=utf-8")
	h.Set("Content-Disposition", `inline; filename="comunidad.ics"`)
	h.Set("Cache-Control", "private, max-age=300")
	h.Set("Referrer-Policy", "no-referrer")
	w.Write(body)
}
