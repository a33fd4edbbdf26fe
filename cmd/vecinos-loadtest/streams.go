package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
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
	head := bufio.NewReaderSize(conn, 1024)
	res, err := http.ReadResponse(head, nil)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET /api/v1/stream: %s", res.Status)
	}
	rc, err := conn.(syscall.Conn).SyscallConn()
	if err != nil {
		return err
	}
	r := &eventReader{marker: []byte(`"content":"` + prefix + " "), subscribed: func() {
		_ = conn.SetDeadline(time.Time{})
		subscribed()
	}, got: got}
	early, _ := head.Peek(head.Buffered()) // the start of the body, read with the head
	r.buf = append(make([]byte, 0, max(1024, 2*len(early))), early...)
	r.lines(time.Now())
	// One read per wake-up: the callback reads, handles what came and asks to wait for more, and is called
	// again when the socket is readable (Go's usual read would try once more first and fail with EAGAIN,
	// a second system call per event; the callback runs until the stream ends, so no readiness is missed).
	var readErr error
	err = rc.Read(func(fd uintptr) bool {
		for {
			if len(r.buf) == cap(r.buf) {
				r.buf = slices.Grow(r.buf, cap(r.buf)) // a line longer than the buffer
			}
			n, err := syscall.Read(int(fd), r.buf[len(r.buf):cap(r.buf)])
			switch {
			case err == syscall.EAGAIN:
				return false
			case err == syscall.EINTR:
				continue
			case err != nil:
				readErr = err
				return true
			case n == 0:
				readErr = io.EOF
				return true
			}
			full := len(r.buf)+n == cap(r.buf)
			r.buf = r.buf[:len(r.buf)+n]
			r.lines(time.Now())
			if !full {
				return false // the socket is drained: wait until it is readable again
			}
		}
	})
	return cmp.Or(err, readErr)
}

// eventReader finds the chat messages of the load in a stream's raw body. The body is chunked, but the
// server writes whole events in each chunk, so a chunk's size line is a line of its own between events
// and nothing needs undoing: it is skipped like every line that is not an event's name or data.
type eventReader struct {
	buf        []byte // what was read and not yet handled: the start of a line
	marker     []byte // a load message's content starts with it, followed by its number
	subscribed func() // called at the first event, then nil
	got        chan<- delivery
}

// lines handles the complete lines in r.buf, read at the time given, and keeps the incomplete last one.
func (r *eventReader) lines(at time.Time) {
	rest := r.buf
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		line := rest[:i]
		rest = rest[i+1:]
		if r.subscribed != nil && bytes.HasPrefix(line, []byte("event: ")) {
			r.subscribed()
			r.subscribed = nil
		}
		if !bytes.HasPrefix(line, []byte("data: ")) {
			continue
		}
		if _, after, ok := bytes.Cut(line, r.marker); ok {
			if seq, ok := leadingNumber(after); ok {
				r.got <- delivery{seq: seq, at: at}
			}
		}
	}
	r.buf = r.buf[:copy(r.buf, rest)]
}

// leadingNumber is the decimal number at the start of b.
func leadingNumber(b []byte) (int, bool) {
	n, digits := 0, 0
	for ; digits < len(b) && b[digits] >= '0' && b[digits] <= '9'; digits++ {
		n = n*10 + int(b[digits]-'0')
	}
	return n, digits > 0
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
