package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"
	"unicode"

	"vecinos/internal/store"
)

// profiler takes Go profiles of the servers through their metrics listeners (/debug/pprof/, which the
// public listener never serves) into dir, one file per case, instance and profile: read them with
// `go tool pprof -top bin/vecinos FILE`. While the messages go out it also profiles this process (the
// load generator shares the cores, so its cost is part of the latency): `…-client-send-cpu.pprof`.
type profiler struct {
	dir     string
	seconds int // length of the CPU profile taken while the messages go out
}

// settings are the extra VECINOS_* settings of a profiled server: a metrics listener on a free port.
func (p *profiler) settings() ([]string, error) {
	if p == nil {
		return nil, nil
	}
	s, err := metricsSetting()
	if err != nil {
		return nil, err
	}
	return []string{s}, nil
}

// snapshot writes the heap (after a GC) and goroutine profiles of every server, named after the case and
// the moment ("open": with the streams open).
func (p *profiler) snapshot(ctx context.Context, sc scenario, servers []*server, moment string) error {
	if p == nil {
		return nil
	}
	for i, s := range servers {
		for _, name := range []string{"heap?gc=1", "goroutine"} {
			if err := p.fetch(ctx, s, name, p.file(sc, strconv.Itoa(i), moment, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// cpu starts a CPU profile of every server and of this process for p.seconds; wait blocks until they
// are written.
func (p *profiler) cpu(ctx context.Context, sc scenario, servers []*server) (wait func() error) {
	if p == nil {
		return func() error { return nil }
	}
	return p.cpuOf(ctx, servers, func(process string) string { return p.file(sc, process, "send", "cpu") })
}

// cpuCase is cpu for a case of the scale workload, its files named after the case and the engine.
func (p *profiler) cpuCase(ctx context.Context, engine store.Engine, name string, servers []*server) (wait func() error) {
	if p == nil {
		return func() error { return nil }
	}
	slug := strings.Trim(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return '-'
	}, name), "-")
	return p.cpuOf(ctx, servers, func(process string) string {
		return filepath.Join(p.dir, fmt.Sprintf("%s-%s-%s-cpu.pprof", engine, slug, process))
	})
}

// cpuOf profiles every server and this process for p.seconds into file(process).
func (p *profiler) cpuOf(ctx context.Context, servers []*server, file func(process string) string) (wait func() error) {
	errs := make(chan error, len(servers)+1)
	for i, s := range servers {
		go func() {
			errs <- p.fetch(ctx, s, fmt.Sprintf("profile?seconds=%d", p.seconds), file(strconv.Itoa(i)))
		}()
	}
	go func() { errs <- p.self(ctx, file("client")) }()
	return func() error {
		var first error
		for range len(servers) + 1 {
			if err := <-errs; err != nil && first == nil {
				first = err
			}
		}
		return first
	}
}

// during takes a CPU profile of srv over p.seconds into name in p.dir; wait blocks until it is written.
func (p *profiler) during(ctx context.Context, srv *server, name string) (wait func() error) {
	if p == nil {
		return func() error { return nil }
	}
	done := make(chan error, 1)
	go func() {
		done <- p.fetch(ctx, srv, fmt.Sprintf("profile?seconds=%d", p.seconds), filepath.Join(p.dir, name))
	}()
	return func() error { return <-done }
}

// self writes a CPU profile of this process over p.seconds (or until ctx ends) into file.
func (p *profiler) self(ctx context.Context, file string) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return err
	}
	select {
	case <-time.After(time.Duration(p.seconds) * time.Second):
	case <-ctx.Done():
	}
	pprof.StopCPUProfile()
	return f.Close()
}

// file names a profile after the case, the process (an instance's number, or "client" for this one), the
// moment and the profile.
func (p *profiler) file(sc scenario, process, moment, name string) string {
	name, _, _ = strings.Cut(name, "?")
	return filepath.Join(p.dir, fmt.Sprintf("%s-%d-%s-%s-%s.pprof", sc.engine, sc.streams, process, moment, name))
}

func (p *profiler) fetch(ctx context.Context, s *server, name, file string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Duration(p.seconds)*time.Second+time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+s.metricsAddr+"/debug/pprof/"+name, nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("profile %s: %w", name, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		return fmt.Errorf("profile %s: %d %s", name, res.StatusCode, b)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, res.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
