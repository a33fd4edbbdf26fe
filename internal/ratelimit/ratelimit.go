// Package ratelimit counts attempts per key in fixed windows, in memory. Each instance counts on its
// own: with N instances a client gets at most N times the limit, which still stops floods and brute
// force (see docs/adr/0004-sessions-and-csrf.md).
package ratelimit

import (
	"sync"
	"time"
)

// Rule is a limit: at most Max attempts per Window.
type Rule struct {
	Max    int
	Window time.Duration
}

// Limiter remembers recent attempts.
type Limiter struct {
	mu      sync.Mutex
	windows map[string]window
	now     func() time.Time
	swept   time.Time
}

type window struct {
	start time.Time
	count int
	rule  Rule
}

// New returns an empty Limiter; now may be nil (time.Now).
func New(now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{windows: map[string]window{}, now: now}
}

// Allow counts one attempt for key and reports whether it is within rule; when it is not, it also
// returns how long until the window resets.
func (l *Limiter) Allow(key string, rule Rule) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	w, ok := l.windows[key]
	if !ok || now.Sub(w.start) >= rule.Window {
		w = window{start: now, rule: rule}
	}
	if w.count >= rule.Max {
		return false, w.start.Add(rule.Window).Sub(now)
	}
	w.count++
	l.windows[key] = w
	return true, 0
}

// sweep drops expired windows once a minute so memory stays bounded by recent traffic.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	for k, w := range l.windows {
		if now.Sub(w.start) >= w.rule.Window {
			delete(l.windows, k)
		}
	}
}
