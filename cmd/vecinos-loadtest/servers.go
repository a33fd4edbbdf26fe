package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// buildServer compiles the vecinos binary into dir. The package is named by import path so that this
// works from any directory of the module (the test runs in its package directory).
func buildServer(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "vecinos")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "vecinos/cmd/vecinos")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/vecinos (the web app must be built first: make build): %v\n%s", err, out)
	}
	return bin, nil
}

// server is one running vecinos instance, a child process.
type server struct {
	addr        string // host:port
	metricsAddr string // its metrics listener (and profiler), when it has one
	cmd         *exec.Cmd
	log         string // the file with its output
	done        chan struct{}
	err         error // how it exited, once done is closed
}

// startServer runs bin on a free local port on db and waits until /readyz answers. Its log goes to a file
// in dir; warnings and errors only, so that 10,000 streams do not flood it.
func startServer(ctx context.Context, bin, dir string, db *database, settings ...string) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	return startServerAt(ctx, bin, dir, db, addr, settings...)
}

// startServerAt runs bin on addr (a restart takes the address of the server it replaces) with the extra
// VECINOS_* settings given; the log file is appended to.
func startServerAt(ctx context.Context, bin, dir string, db *database, addr string, settings ...string) (*server, error) {
	s := &server{addr: addr, log: filepath.Join(dir, "server-"+strings.ReplaceAll(addr, ":", "-")+".log"), done: make(chan struct{})}
	for _, kv := range settings {
		if v, ok := strings.CutPrefix(kv, "VECINOS_METRICS_ADDR="); ok {
			s.metricsAddr = v
		}
	}
	logFile, err := os.OpenFile(s.log, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	s.cmd = exec.Command(bin, "serve")
	// The caller's VECINOS_* settings are left out: the instance gets ours only.
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "VECINOS_") })
	s.cmd.Env = append(append(env, "VECINOS_ADDR="+addr, "VECINOS_PUBLIC_URL=http://"+addr,
		"VECINOS_DATA_DIR="+db.dataDir, "VECINOS_DATABASE_URL="+db.url, "VECINOS_LOG_LEVEL=warn"), settings...)
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { s.err = s.cmd.Wait(); close(s.done) }()
	if err := s.waitReady(ctx, 60*time.Second); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// freeAddr asks the kernel for a free port. Another process could take it before the server binds it;
// startServer then fails with the server's log, which is rare enough for a benchmark.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func (s *server) waitReady(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		res, err := http.Get("http://" + s.addr + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-s.done:
			return fmt.Errorf("server %s exited (%v); its log:\n%s", s.addr, s.err, s.tail())
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("server %s not ready after %v; its log:\n%s", s.addr, limit, s.tail())
		}
	}
}

// stop asks the server to shut down (SIGTERM ends its streams at once) and kills it if that takes long.
func (s *server) stop() error {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
		return fmt.Errorf("server %s did not stop within 15 s of SIGTERM", s.addr)
	}
	if s.err != nil {
		return fmt.Errorf("server %s: %v; its log:\n%s", s.addr, s.err, s.tail())
	}
	return nil
}

// kill ends the server with SIGKILL, as a power cut would, and waits until it is gone.
func (s *server) kill() {
	_ = s.cmd.Process.Kill()
	<-s.done
}

// tail is the end of the server's log, for error messages.
func (s *server) tail() string {
	b, _ := os.ReadFile(s.log)
	return string(b[max(0, len(b)-4000):])
}
