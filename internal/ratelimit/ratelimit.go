// Package ratelimit counts attempts per key in fixed windows. One interface, Limiter, has two
// implementations chosen when the binary is wired: Memory counts in the process (SQLite: one instance),
// Shared counts in the database so that every instance over the same PostgreSQL sees the same counts
// (see docs/adr/0009-trust-model.md).
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"
)

// Rule is a limit: at most Max attempts per Window.
type Rule struct {
	Max    int
	Window time.Duration
}

// Limiter counts attempts.
type Limiter interface {
	// Hit counts one attempt for key in a fixed window of the given length. It returns how many attempts
	// the current window holds, this one included, and how long until that window ends.
	Hit(ctx context.Context, key string, window time.Duration) (count int, resetIn time.Duration, err error)
}

// Allow counts one attempt for key and reports whether it is within rule; when it is not, it also
// returns how long until the window resets.
func Allow(ctx context.Context, l Limiter, key string, rule Rule) (bool, time.Duration, error) {
	n, resetIn, err := l.Hit(ctx, key, rule.Window)
	if err != nil || n <= rule.Max {
		return err == nil, 0, err
	}
	return false, resetIn, nil
}

// Memory counts in this process: with N instances a client gets N times the limit.
type Memory struct {
	mu      sync.Mutex
	windows map[string]window
	now     func() time.Time
	swept   time.Time
}

type window struct {
	start  time.Time
	count  int
	length time.Duration
}

// NewMemory returns an empty in-process Limiter; now may be nil (time.Now).
func NewMemory(now func() time.Time) *Memory {
	if now == nil {
		now = time.Now
	}
	return &Memory{windows: map[string]window{}, now: now}
}

// Hit implements Limiter.
func (l *Memory) Hit(_ context.Context, key string, length time.Duration) (int, time.Duration, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	w, ok := l.windows[key]
	if !ok || now.Sub(w.start) >= length {
		w = window{start: now, length: length}
	}
	w.count++
	l.windows[key] = w
	return w.count, w.start.Add(length).Sub(now), nil
}

// sweep drops expired windows once a minute so memory stays bounded by recent traffic.
func (l *Memory) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	for k, w := range l.windows {
		if now.Sub(w.start) >= w.length {
			delete(l.windows, k)
		}
	}
}

// Store keeps counters for Shared: one atomic statement counts an attempt and answers the window's
// count and start. The store package implements it.
type Store interface {
	HitRateLimit(ctx context.Context, bucket string, now time.Time, window time.Duration) (count int, windowStart time.Time, err error)
}

// Shared counts in the database, so that the limits hold across instances.
type Shared struct {
	store Store
	now   func() time.Time
}

// NewShared returns a Limiter over store; now may be nil (time.Now).
func NewShared(store Store, now func() time.Time) *Shared {
	if now == nil {
		now = time.Now
	}
	return &Shared{store: store, now: now}
}

// Hit implements Limiter. Keys name emails and addresses; the database only sees their hash.
func (l *Shared) Hit(ctx context.Context, key string, length time.Duration) (int, time.Duration, error) {
	now := l.now()
	sum := sha256.Sum256([]byte(key))
	n, start, err := l.store.HitRateLimit(ctx, hex.EncodeToString(sum[:]), now, length)
	if err != nil {
		return 0, 0, err
	}
	return n, start.Add(length).Sub(now), nil
}
