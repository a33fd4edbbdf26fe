package domain

import (
	"strings"
	"unicode/utf8"
)

// Optional trims an optional text field of a request: absent or blank is nil.
func Optional(s *string) *string {
	if s == nil {
		return nil
	}
	v := strings.TrimSpace(*s)
	if v == "" {
		return nil
	}
	return &v
}

// Excerpt is s cut to its first n characters, with "…" when it was longer.
func Excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
