package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// RecordConsent keeps that userID accepted a version of the terms and the privacy policy at a time; a
// version accepted twice keeps its first time.
func (db *DB) RecordConsent(ctx context.Context, userID string, c domain.Consent) error {
	return insertConsent(ctx, db.writerIn(ctx), userID, c)
}

func insertConsent(ctx context.Context, tx conn, userID string, c domain.Consent) error {
	_, err := tx.exec(ctx, `INSERT INTO consents (user_id, version, accepted_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, version) DO NOTHING`, userID, c.Version, c.AcceptedAt.UnixMilli())
	return err
}

// Consents are the acceptances of userID, the newest first.
func (db *DB) Consents(ctx context.Context, userID string) ([]domain.Consent, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), scanConsent, "SELECT version, accepted_at FROM consents WHERE user_id = ? ORDER BY accepted_at DESC, version DESC", userID)
	if out == nil && err == nil {
		out = []domain.Consent{}
	}
	return out, err
}

func scanConsent(row scanner) (domain.Consent, error) {
	var c domain.Consent
	var at int64
	err := row.Scan(&c.Version, &at)
	c.AcceptedAt = time.UnixMilli(at)
	return c, err
}

// In the export of a member's data (personaldata.go): their consents.
func init() {
	exportPersonalData(
		dataSection{"consents", `SELECT version, accepted_at FROM consents WHERE user_id = ? ORDER BY accepted_at`},
	)
}
