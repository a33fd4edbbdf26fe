package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
)

// An operation gives its turn back however it ends: answered, failed, or panicking.
func TestAnOperationGivesItsTurnBackHoweverItEnds(t *testing.T) {
	type key struct{}
	var taken, given int
	admission := func(ctx context.Context) (context.Context, func()) {
		taken++
		return context.WithValue(ctx, key{}, true), func() { given++ }
	}
	mux := http.NewServeMux()
	api := humago.New(mux, huma.DefaultConfig("test", "1"))
	api.UseMiddleware(takeTurns(admission))
	huma.Get(api, "/ok", func(ctx context.Context, _ *struct{}) (*struct{}, error) {
		if ctx.Value(key{}) == nil {
			t.Error("the handler's context does not carry the turn")
		}
		return nil, nil
	})
	huma.Get(api, "/fails", func(context.Context, *struct{}) (*struct{}, error) {
		return nil, huma.Error500InternalServerError("no")
	})
	huma.Get(api, "/panics", func(context.Context, *struct{}) (*struct{}, error) { panic("boom") })
	serve := func(path string) (panicked bool) {
		defer func() { panicked = recover() != nil }()
		mux.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
		return false
	}
	for i, path := range []string{"/ok", "/fails", "/panics"} {
		if panicked := serve(path); panicked != (path == "/panics") {
			t.Fatalf("%s: panicked %v", path, panicked)
		}
		if taken != i+1 || given != i+1 {
			t.Fatalf("after %s: %d turns taken, %d given back", path, taken, given)
		}
	}
}
