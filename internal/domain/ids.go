package domain

import (
	"crypto/rand"
	"strings"

	"github.com/google/uuid"
)

// NewID returns a time-ordered UUIDv7, so primary-key indexes grow at the end and sort by creation.
func NewID() string {
	return uuid.Must(uuid.NewV7()).String()
}

// publicIDAlphabet has no look-alikes (no 0/O, 1/I/L) so a community code can be read aloud or copied by hand.
const publicIDAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// PublicIDLength is the length of a community code (the invitation token).
const PublicIDLength = 8

// NewPublicID returns a random community code of PublicIDLength characters.
func NewPublicID() string {
	b := make([]byte, PublicIDLength)
	// rand.Text would be simpler but its alphabet includes look-alikes; rejection sampling keeps it uniform.
	buf := make([]byte, 1)
	for i := 0; i < len(b); {
		rand.Read(buf)
		if v := int(buf[0]); v < 256-256%len(publicIDAlphabet) {
			b[i] = publicIDAlphabet[v%len(publicIDAlphabet)]
			i++
		}
	}
	return string(b)
}

// ValidPublicID reports whether s could be a community code.
func ValidPublicID(s string) bool {
	if len(s) != PublicIDLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(publicIDAlphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}
