package auth

import (
	"context"
	"log/slog"
	"time"

	"vecinos/internal/files"
)

// eraseFiles deletes a deleted account's avatars and verification documents from storage (RGPD right
// to erasure). It runs after the database commit, so a storage failure cannot bring the account back: it
// is logged (the user ID and the error, nothing else) for an operator to finish by hand. The request may
// end meanwhile (the client hangs up), so the deletes get their own time.
func (s *Service) eraseFiles(ctx context.Context, userID string) {
	if s.files == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	if err := files.EraseOwner(ctx, s.files, userID); err != nil {
		slog.ErrorContext(ctx, "account deleted, but its files are still in storage", "user_id", userID, "err", err)
	}
}
