// Package auth holds the cryptography of accounts: password hashing, random tokens and their hashes,
// and the password rules of the spec.
package credentials

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"

	"golang.org/x/crypto/argon2"

	"vecinos/internal/domain"
)

// Argon2id parameters: OWASP's recommendation (19 MiB, 2 passes, 1 lane), about 20 ms on one core.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// Hasher hashes and verifies passwords with argon2id. Hashing is CPU- and memory-heavy, so at most one
// hash runs per core and at most maxWaiting callers queue; beyond that callers are told to retry later.
// A login storm therefore costs at most cores × 19 MiB and never starves the rest of the server.
type Hasher struct {
	slots      chan struct{}
	waiting    atomic.Int64
	maxWaiting int64
	dummy      string // verified against when the user does not exist, so timing does not reveal it
}

// NewHasher returns a Hasher sized for this machine.
func NewHasher() *Hasher {
	h := &Hasher{slots: make(chan struct{}, runtime.NumCPU()), maxWaiting: int64(64 * runtime.NumCPU())}
	h.dummy = encode(randomBytes(argonSaltLen), argon2.IDKey([]byte("dummy"), randomBytes(argonSaltLen), argonTime, argonMemory, argonThreads, argonKeyLen))
	return h
}

var errBusy = domain.Errorf(domain.CodeUnavailable, "El servidor está muy ocupado. Inténtalo de nuevo en unos segundos.")

func (h *Hasher) acquire(ctx context.Context) error {
	if h.waiting.Add(1) > h.maxWaiting {
		h.waiting.Add(-1)
		return errBusy
	}
	defer h.waiting.Add(-1)
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.slots }

// Hash returns the PHC-formatted argon2id hash of password.
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	salt := randomBytes(argonSaltLen)
	return encode(salt, argon2.IDKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)), nil
}

// Verify reports whether password matches encoded. An empty encoded (no such user, or an OAuth-only
// account) still costs one hash, and never matches.
func (h *Hasher) Verify(ctx context.Context, encoded, password string) (bool, error) {
	target := encoded
	if target == "" {
		target = h.dummy
	}
	salt, want, m, t, p, err := decode(target)
	if err != nil {
		return false, err
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	got := argon2.IDKey([]byte(password), salt, t, m, p, uint32(len(want)))
	return encoded != "" && subtle.ConstantTimeCompare(got, want) == 1, nil
}

func encode(salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

func decode(encoded string) (salt, key []byte, m, t uint32, p uint8, err error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return nil, nil, 0, 0, 0, errors.New("not an argon2id hash")
	}
	if _, err = fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return nil, nil, 0, 0, 0, fmt.Errorf("argon2id parameters: %w", err)
	}
	if salt, err = base64.RawStdEncoding.DecodeString(parts[4]); err != nil {
		return nil, nil, 0, 0, 0, err
	}
	key, err = base64.RawStdEncoding.DecodeString(parts[5])
	return salt, key, m, t, p, err
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}
