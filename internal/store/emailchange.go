package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// IssueEmailChange stores the link that confirms a new address and the link that cancels the change,
// voiding older unused ones of each, and queues both emails (to the new address and the notice to the
// old one) — all at once.
func (db *DB) IssueEmailChange(ctx context.Context, change, cancel domain.EmailToken, toNew, toOld domain.Mail) error {
	return db.inTx(ctx, func(tx conn) error {
		if err := replaceEmailToken(ctx, tx, change, toNew); err != nil {
			return err
		}
		return replaceEmailToken(ctx, tx, cancel, toOld)
	})
}

// CancelEmailChange spends a cancel link and voids the pending email change of its user. It fails with
// token_invalid when the link is unknown, used or expired, and with conflict when no change is pending
// any more (confirmed or expired), leaving the link unspent.
func (db *DB) CancelEmailChange(ctx context.Context, hash string, now time.Time) (userID string, err error) {
	err = db.inTx(ctx, func(tx conn) error {
		if userID, err = consumeEmailToken(ctx, tx, hash, domain.PurposeEmailChangeCancel, now); err != nil {
			return err
		}
		res, err := tx.exec(ctx, "UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
			now.UnixMilli(), userID, string(domain.PurposeEmailChange), now.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.Errorf(domain.CodeConflict, "Este cambio de email ya no está pendiente: se confirmó o caducó.")
		}
		return nil
	})
	return userID, err
}

// TakeOverUnconfirmed hands an account that never confirmed its email to the provider identity that
// proved the address: the identity is linked, the email counts as confirmed, the password that whoever
// registered chose is cleared, their sign-up choices (community, role) and unused links are voided,
// the name becomes the provider's when it gives one, and every session ends.
func (db *DB) TakeOverUnconfirmed(ctx context.Context, userID, provider, subject, name string, now time.Time) error {
	return db.inTx(ctx, func(tx conn) error {
		res, err := tx.exec(ctx, `UPDATE users SET password_hash = NULL, signup_metadata = '{}', email_confirmed_at = ?, updated_at = ?
			WHERE id = ? AND email_confirmed_at IS NULL`, now.UnixMilli(), now.UnixMilli(), userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return domain.Errorf(domain.CodeConflict, "La cuenta ya estaba confirmada")
		}
		if err := linkOAuth(ctx, tx, userID, provider, subject); err != nil {
			return err
		}
		if name != "" {
			if _, err := tx.exec(ctx, "UPDATE profiles SET full_name = ?, updated_at = ? WHERE id = ?", name, now.UnixMilli(), userID); err != nil {
				return err
			}
		}
		if _, err := tx.exec(ctx, "DELETE FROM email_tokens WHERE user_id = ? AND used_at IS NULL", userID); err != nil {
			return err
		}
		_, err = tx.exec(ctx, "DELETE FROM sessions WHERE user_id = ?", userID)
		return err
	})
}
