package domain

import "strings"

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
