package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// delivery is one chat message read by one stream.
type delivery struct {
	seq int
	at  time.Time
}

// streams are the open SSE connections. Each is a raw TCP connection read by one goroutine: without
// http.Transport's two goroutines and buffers per connection, 10,000 streams cost the load generator
// little, which matters because it shares the two cores with the servers.
type streams struct {
	conns   []net.Conn
	wg      sync.WaitGroup
	closing atomic.Bool
	ended   atomic.Int64 // streams the server ended while we still listened (e.g. dropped as too slow)
}

const (
	openConcurrency = 200             // handshakes in flight: well inside the listen backlog (somaxconn)
	openTimeout     = 2 * time.Minute // for one stream to connect and receive its first event
)

// openStreams opens one stream per token, stream i on addrs[i % len(addrs)], and returns once every
// stream has received its first event (the unread count), so it is subscribed. Chat messages whose
// content is prefix followed by a number are reported on got.
func openStreams(ctx context.Context, addrs, tokens []string, prefix string, got chan<- delivery) (*streams, error) {
	s := &streams{conns: make([]net.Conn, len(tokens))}
	ctx, fail := context.WithCancelCause(ctx)
	defer fail(nil)
	ready := make(chan struct{}, len(tokens))
	slots := make(chan struct{}, openConcurrency)
	dialer := &net.Dialer{Timeout: openTimeout}
	for i, token := range tokens {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
		}
		addr := addrs[i%len(addrs)]
		conn, err := dialer.DialContext(ctx, "tcp", addr)
		if err != nil {
			fail(fmt.Errorf("stream %d: %w", i, err)) // keeps the first cause if there was one already
			break
		}
		s.conns[i] = conn
		s.wg.Go(func() {
			opened := false
			err := readStream(conn, addr, token, prefix, func() { opened = true; <-slots; ready <- struct{}{} }, got)
			switch {
			case s.closing.Load():
			case !opened:
				fail(fmt.Errorf("stream %d: %w", i, err))
			default:
				s.ended.Add(1)
			}
		})
	}
	for range tokens {
		select {
		case <-ready:
		case <-ctx.Done():
			s.close()
			return nil, context.Cause(ctx)
		}
	}
	return s, nil
}

// readStream sends the request and reads events until the connection ends; it calls subscribed at the
// first event.
func readStream(conn net.Conn, host, token, prefix string, subscribed func(), got chan<- delivery) error {
	_ = conn.SetDeadline(time.Now().Add(openTimeout))
	req := "GET /api/v1/stream HTTP/1.1\r\nHost: " + host + "\r\nAccept: text/event-stream\r\nCookie: vecinos_session=" + token + "\r\n\r\n"
	if _, err := conn.Write([]byte(req)); err != nil {
		return err
	}
	res, err := http.ReadResponse(bufio.NewReaderSize(conn, 1024), nil)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET /api/v1/stream: %s", res.Status)
	}
	// res.Body undoes the chunked encoding; this reader splits it into lines.
	body := bufio.NewReaderSize(res.Body, 1024)
	marker := `"content":"` + prefix + " "
	for {
		line, err := body.ReadString('\n')
		if err != nil {
			return err
		}
		if subscribed != nil && strings.HasPrefix(line, "event: ") {
			_ = conn.SetDeadline(time.Time{})
			subscribed()
			subscribed = nil
		}
		if _, rest, ok := strings.Cut(line, marker); ok && strings.HasPrefix(line, "data: ") {
			at := time.Now()
			var seq int
			if _, err := fmt.Sscanf(rest, "%d", &seq); err == nil {
				got <- delivery{seq: seq, at: at}
			}
		}
	}
}

// close ends every stream and waits for their readers.
func (s *streams) close() {
	s.closing.Store(true)
	for _, c := range s.conns {
		if c != nil {
			c.Close()
		}
	}
	s.wg.Wait()
}

// checkFileLimit makes sure that this process may hold the largest case's streams open. The Go runtime
// has already raised the soft limit to the hard one at start-up, and so does each server for itself.
func checkFileLimit(cases []scenario) error {
	most := 0
	for _, c := range cases {
		most = max(most, c.streams)
	}
	need := uint64(most + 200) // plus standard files, the database, the author's requests, the build
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return err
	}
	if l.Cur < need {
		return fmt.Errorf("%d streams need about %d open files and the limit is %d: raise the hard limit (ulimit -Hn)", most, need, l.Cur)
	}
	return nil
}
