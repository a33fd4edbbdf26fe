package httpapi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"vecinos/internal/ratelimit"
)

// A body that does not arrive within the deadline is cut off; a request without a body (the SSE stream)
// and a request whose body has arrived (a slow handler) outlive that deadline with their context intact.
func TestBodyReadDeadlineCutsOnlySlowBodies(t *testing.T) {
	release := make(chan struct{})
	h := bodyReadDeadline(100*time.Millisecond, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := io.ReadAll(r.Body)
		if r.URL.Path == "/slow-body" {
			fmt.Fprintf(w, "read: %v", err)
			return
		}
		<-release // until the slow body has been cut, so well past the deadline
		fmt.Fprintf(w, "read: %v, context: %v", err, r.Context().Err())
	}))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close) // last: after the connections below are closed and the handlers released
	var once sync.Once
	t.Cleanup(func() { once.Do(func() { close(release) }) })

	type answer struct {
		body string
		err  error
	}
	send := func(head, body string) chan answer {
		out := make(chan answer, 1)
		c, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		c.SetDeadline(time.Now().Add(20 * time.Second)) // only a guard against a hang
		fmt.Fprintf(c, "%s\r\nHost: localhost\r\n%s", head, body)
		go func() {
			res, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				out <- answer{err: err}
				return
			}
			b, _ := io.ReadAll(res.Body)
			out <- answer{body: string(b)}
		}()
		return out
	}
	stream := send("GET /api/v1/stream HTTP/1.1", "\r\n")
	json := send("POST /api/v1/slow-handler HTTP/1.1", "Content-Length: 2\r\n\r\n{}")
	slow := send("POST /slow-body HTTP/1.1", "Content-Length: 100\r\n\r\n{")

	if a := <-slow; a.err != nil || !strings.Contains(a.body, "i/o timeout") {
		t.Fatalf("slow body: %q %v", a.body, a.err)
	}
	once.Do(func() { close(release) })
	for name, ch := range map[string]chan answer{"stream": stream, "read body, slow handler": json} {
		if a := <-ch; a.err != nil || a.body != "read: <nil>, context: <nil>" {
			t.Errorf("%s: %q %v", name, a.body, a.err)
		}
	}
}

// The upload allowance counts bytes too: 200 MB an hour, by started MiB, whatever the number of files.
func TestUploadQuotaCountsMegabytes(t *testing.T) {
	now := time.Now()
	q := uploadQuota{ratelimit.NewMemory(func() time.Time { return now })}
	ctx := context.Background()
	for i := range 20 {
		if ok, _, err := q.charge(ctx, "ana", 10<<20); !ok || err != nil {
			t.Fatalf("file %d of 10 MB refused: %v", i+1, err)
		}
	}
	if ok, wait, _ := q.charge(ctx, "ana", 1); ok || wait != time.Hour {
		t.Fatalf("past 200 MB: %v, retry in %v", ok, wait)
	}
	if ok, _, _ := q.charge(ctx, "luis", 10<<20); !ok {
		t.Fatal("another member was refused")
	}
	now = now.Add(time.Hour)
	if ok, _, _ := q.charge(ctx, "ana", 10<<20); !ok {
		t.Fatal("an hour later: refused")
	}
}
