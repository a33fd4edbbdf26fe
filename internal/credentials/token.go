package credentials

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// NewToken returns a random, URL-safe token with 160 bits of entropy (session cookies, email links).
func NewToken() string { return rand.Text() + rand.Text()[:6] }

// HashToken is how a token is stored: a leaked database holds no usable session or link.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
