package memberships

import (
	"context"
	"log/slog"
	"time"
)

// eraseDocument deletes a reviewed verification document from storage: only the outcome is kept (RGPD
// art. 5, data minimisation). It runs after the review has committed; a failure is logged (the key and
// the error) and the review stands.
func (s *Service) eraseDocument(ctx context.Context, key *string) {
	if key == nil || s.files == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	if err := s.files.Delete(ctx, *key); err != nil {
		slog.ErrorContext(ctx, "verification reviewed, but its document is still in storage", "key", *key, "err", err)
	}
}
