package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// author is the member who writes into the community chat, through the API as the web app does.
type author struct {
	base         string       // http://host:port of the instance
	token        string       // session cookie; empty: a guest
	client       *http.Client // nil: http.DefaultClient
	forwardedFor string       // the client address a trusted proxy would give (sign-ups are limited per address)
}

func (a *author) do(ctx context.Context, method, path string, body any, want int, out any) error {
	var in io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		in = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, in)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if a.token != "" {
		req.AddCookie(&http.Cookie{Name: "vecinos_session", Value: a.token})
	}
	if a.forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", a.forwardedFor)
	}
	client := a.client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != want {
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 1000))
		return fmt.Errorf("%s %s: %s: %s", method, path, res.Status, msg)
	}
	if out == nil {
		_, err = io.Copy(io.Discard, res.Body)
		return err
	}
	return json.NewDecoder(res.Body).Decode(out)
}

// communityChannel returns the id of the community chat (the server creates it on first use).
func (a *author) communityChannel(ctx context.Context) (string, error) {
	var ch struct{ ID string }
	if err := a.do(ctx, http.MethodGet, "/api/v1/channels/community", nil, http.StatusOK, &ch); err != nil {
		return "", err
	}
	return ch.ID, nil
}

// post writes one message into a channel; it returns when the server has stored it.
func (a *author) post(ctx context.Context, channelID, content string) error {
	body := map[string]string{"content": content, "clientId": rand.Text()}
	return a.do(ctx, http.MethodPost, "/api/v1/channels/"+channelID+"/messages", body, http.StatusCreated, nil)
}
