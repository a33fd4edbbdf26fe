package mail

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testwait"
)

// fakeClock is the worker's clock; tests move it instead of waiting.
type fakeClock struct{ ns atomic.Int64 }

func newFakeClock() *fakeClock {
	c := &fakeClock{}
	c.ns.Store(time.Now().UnixNano())
	return c
}

func (c *fakeClock) Now() time.Time      { return time.Unix(0, c.ns.Load()) }
func (c *fakeClock) Add(d time.Duration) { c.ns.Add(int64(d)) }

// syncBuffer collects log output from the worker goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startWorker runs w until the test ends, and checks that Run returns promptly once cancelled.
func startWorker(t *testing.T, w *Worker) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run returned %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Run did not stop after its context was cancelled")
		}
	})
}

func outbox(t *testing.T, db *store.DB) []domain.MailRecord {
	t.Helper()
	list, err := db.ListMail(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestOutboxSurvivesAnSMTPOutage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		// An address where nothing listens yet: the SMTP server is down.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()

		sender, err := NewSMTPSender("smtp://"+addr, testFrom)
		if err != nil {
			t.Fatal(err)
		}
		link := "http://localhost:8080/confirmar?token=secret-single-use-token"
		if err := db.QueueMail(ctx, confirmMail(t, "ana@example.com", link), time.Now()); err != nil {
			t.Fatal(err)
		}
		clock := newFakeClock()
		logs := &syncBuffer{}
		w := &Worker{Outbox: db, Sender: sender, Log: slog.New(slog.NewTextHandler(logs, nil)), Interval: 10 * time.Millisecond, Now: clock.Now}
		startWorker(t, w)

		testwait.Until(t, func() bool { return outbox(t, db)[0].Attempts == 1 }, "timed out waiting until the failed attempt is recorded")
		failed := outbox(t, db)[0]
		if failed.SentAt != nil || failed.FailedAt != nil || failed.LastError == "" || !failed.NextTryAt.Equal(clock.Now().Add(backoff(1)).Truncate(time.Millisecond)) {
			t.Fatalf("after the failure: %+v", failed)
		}

		server := &testSMTP{}
		ln, err = net.Listen("tcp", addr)
		if err != nil {
			t.Fatalf("reopen %s: %v", addr, err)
		}
		server.serve(t, ln)
		clock.Add(backoff(1))
		w.Wake()
		testwait.Until(t, func() bool { return outbox(t, db)[0].SentAt != nil }, "timed out waiting until the message is sent")

		// A second message proves the worker went round again; the first must not have been resent.
		clock.Add(24 * time.Hour)
		if err := db.QueueMail(ctx, confirmMail(t, "bea@example.com", "http://localhost:8080/otro"), time.Now()); err != nil {
			t.Fatal(err)
		}
		w.Wake()
		testwait.Until(t, func() bool { return len(server.messages()) == 2 }, "timed out waiting until the second message is sent")
		got := server.messages()
		if got[0].to[0] != "ana@example.com" || got[1].to[0] != "bea@example.com" {
			t.Fatalf("delivered to %v then %v, want ana once, then bea", got[0].to, got[1].to)
		}
		if p := parseMail(t, got[0].data); !strings.Contains(p.text, link) {
			t.Fatalf("the delivered text lacks the link:\n%s", p.text)
		}
		if list := outbox(t, db); list[1].Attempts != 1 || list[1].Mail.Text == "" {
			t.Fatalf("the sent message lost its record: %+v", list[1])
		}
		if strings.Contains(logs.String(), "secret-single-use-token") {
			t.Fatalf("the token reached the log:\n%s", logs.String())
		}
	})
}

type senderFunc func(ctx context.Context, m domain.Mail) error

func (f senderFunc) Send(ctx context.Context, m domain.Mail) error { return f(ctx, m) }

func TestWorkerGivesUpAfterMaxAttempts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		if err := db.QueueMail(context.Background(), confirmMail(t, "ana@example.com", "http://x/y"), time.Now()); err != nil {
			t.Fatal(err)
		}
		var tries atomic.Int32
		clock := newFakeClock()
		w := &Worker{
			Outbox: db,
			Sender: senderFunc(func(context.Context, domain.Mail) error {
				tries.Add(1)
				return errors.New("550 5.1.1 mailbox unavailable")
			}),
			Log:      slog.New(slog.DiscardHandler),
			Interval: time.Hour, // only Wake drives it
			Now:      clock.Now,
		}
		startWorker(t, w)
		for i := int32(1); i <= maxAttempts; i++ {
			testwait.Until(t, func() bool { return tries.Load() == i && outbox(t, db)[0].Attempts == int(i) }, "timed out waiting until the next attempt")
			clock.Add(maxRetry)
			w.Wake()
		}
		testwait.Until(t, func() bool { return outbox(t, db)[0].FailedAt != nil }, "timed out waiting until the message is abandoned")
		clock.Add(100 * time.Hour)
		w.Wake()
		rec := outbox(t, db)[0]
		if rec.SentAt != nil || rec.Attempts != maxAttempts || rec.LastError != "550 5.1.1 mailbox unavailable" {
			t.Fatalf("abandoned message: %+v", rec)
		}
		if n := tries.Load(); n != maxAttempts {
			t.Fatalf("tried %d times, want %d", n, maxAttempts)
		}
	})
}

func TestBackoff(t *testing.T) {
	tests := []struct {
		attempts int
		want     time.Duration
	}{
		{1, 10 * time.Second}, {2, 20 * time.Second}, {3, 40 * time.Second}, {9, 2560 * time.Second},
		{10, time.Hour}, {11, time.Hour}, {100, time.Hour},
	}
	for _, tt := range tests {
		if got := backoff(tt.attempts); got != tt.want {
			t.Errorf("backoff(%d) = %v, want %v", tt.attempts, got, tt.want)
		}
	}
}

func TestWakeNeverBlocks(t *testing.T) {
	var w Worker
	for range 3 {
		w.Wake() // nobody is running: the first wake-up is kept, the others dropped
	}
	if len(w.wakeup()) != 1 {
		t.Fatal("want one pending wake-up")
	}
}

func TestDevSenderLogsTheLinks(t *testing.T) {
	logs := &syncBuffer{}
	s := DevSender{Log: slog.New(slog.NewTextHandler(logs, nil))}
	m := confirmMail(t, "ana@example.com", "http://localhost:8080/confirmar?token=abc")
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	out := logs.String()
	if !strings.Contains(out, "http://localhost:8080/confirmar?token=abc") || !strings.Contains(out, "ana@example.com") ||
		strings.Contains(out, "Gracias por registrarte") {
		t.Fatalf("log: %s", out)
	}
}
