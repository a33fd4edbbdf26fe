package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

const verificationColumns = `v.id, v.user_id, v.community_id, v.method, v.unit_id, v.document_key, v.status, v.note, v.reviewed_by, v.reviewed_at, v.created_at`

func scanVerification(row interface{ Scan(...any) error }, extra ...any) (*domain.VerificationRequest, error) {
	var v domain.VerificationRequest
	var method, status string
	var reviewed *int64
	var created int64
	err := row.Scan(append([]any{&v.ID, &v.UserID, &v.CommunityID, &method, &v.UnitID, &v.DocumentKey, &status, &v.Note, &v.ReviewedBy, &reviewed, &created}, extra...)...)
	if err != nil {
		return nil, err
	}
	v.Method, v.Status = domain.VerificationMethod(method), domain.VerificationStatus(status)
	v.ReviewedAt, v.CreatedAt = msTime(reviewed), time.UnixMilli(created).UTC()
	return &v, nil
}

func insertVerification(ctx context.Context, tx conn, v *domain.VerificationRequest) error {
	_, err := tx.exec(ctx, `INSERT INTO verification_requests (id, user_id, community_id, method, unit_id, document_key, status, note, reviewed_by, reviewed_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, v.ID, v.UserID, v.CommunityID, string(v.Method), v.UnitID, v.DocumentKey, string(v.Status), v.Note,
		v.ReviewedBy, msOf(v.ReviewedAt), v.CreatedAt.UnixMilli())
	return err
}

// SubmitVerification stores a request for review, replacing the user's earlier pending one in the same
// community (a new document supersedes the old), and moves their onboarding on to step next; the service
// runs it in its transaction (InTx).
func (db *DB) SubmitVerification(ctx context.Context, v *domain.VerificationRequest, next domain.OnboardingStep) error {
	tx := db.writerIn(ctx)
	if _, err := tx.exec(ctx, "DELETE FROM verification_requests WHERE user_id = ? AND community_id = ? AND status = 'pending'",
		v.UserID, v.CommunityID); err != nil {
		return err
	}
	if err := insertVerification(ctx, tx, v); err != nil {
		return err
	}
	return setStep(ctx, tx, v.UserID, next)
}

func setStep(ctx context.Context, tx conn, userID string, step domain.OnboardingStep) error {
	_, err := tx.exec(ctx, "UPDATE profiles SET onboarding_step = ?, updated_at = ? WHERE id = ? AND onboarding_completed = ?",
		string(step), time.Now().UnixMilli(), userID, false)
	return err
}

// CreateVerificationCode stores a new code (its hash) for one member of a community and one of its
// units. It reports false, storing nothing, when the member or the unit is not of that community. The
// service runs it in its transaction (InTx).
func (db *DB) CreateVerificationCode(ctx context.Context, hash, communityID, createdBy, userID, unitID string, now, expires time.Time) (member, unit bool, err error) {
	tx := db.writerIn(ctx)
	err = func() error {
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM profiles WHERE id = ? AND community_id = ?", userID, communityID).Scan(&n); err != nil {
			return err
		}
		if member = n > 0; !member {
			return nil
		}
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM units WHERE id = ? AND community_id = ?", unitID, communityID).Scan(&n); err != nil {
			return err
		}
		if unit = n > 0; !unit {
			return nil
		}
		_, err := tx.exec(ctx, `INSERT INTO verification_codes (code_hash, community_id, created_by, user_id, unit_id, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, hash, communityID, createdBy, userID, unitID, now.UnixMilli(), expires.UnixMilli())
		return err
	}()
	return member, unit, err
}

// RedeemVerificationCode spends an unused, unexpired code of the community that was issued for this
// user: they are verified at once (an approved request for the code's unit, reviewed by the admin who
// issued the code; their pending claim to own that unit, and that one only, confirmed) and move on to
// step next. A code is spent once. It reports false when there is no such code. The service runs it in
// its transaction (InTx).
func (db *DB) RedeemVerificationCode(ctx context.Context, hash string, v *domain.VerificationRequest, now time.Time, next domain.OnboardingStep) (bool, error) {
	ok := false
	tx := db.writerIn(ctx)
	err := func() error {
		res, err := tx.exec(ctx, `UPDATE verification_codes SET used_by = ?, used_at = ?
			WHERE code_hash = ? AND community_id = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?`,
			v.UserID, now.UnixMilli(), hash, v.CommunityID, v.UserID, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		ok = true
		if err := tx.queryRow(ctx, "SELECT created_by, unit_id FROM verification_codes WHERE code_hash = ?", hash).Scan(&v.ReviewedBy, &v.UnitID); err != nil {
			return err
		}
		if err := insertVerification(ctx, tx, v); err != nil {
			return err
		}
		if v.UnitID != nil {
			if err := confirmOwnerClaim(ctx, tx, v.UserID, v.CommunityID, *v.UnitID, v.ReviewedBy, now); err != nil {
				return err
			}
		}
		return setStep(ctx, tx, v.UserID, next)
	}()
	return ok, err
}

// VerificationOf returns a user's latest verification request in a community (nil: none) and whether
// any request of theirs there was approved.
func (db *DB) VerificationOf(ctx context.Context, userID, communityID string) (*domain.VerificationRequest, bool, error) {
	r := db.readerIn(ctx)
	var approved int
	if err := r.queryRow(ctx, "SELECT COUNT(*) FROM verification_requests WHERE user_id = ? AND community_id = ? AND status = 'approved'",
		userID, communityID).Scan(&approved); err != nil {
		return nil, false, err
	}
	v, err := scanVerification(r.queryRow(ctx, "SELECT "+verificationColumns+` FROM verification_requests v
		WHERE v.user_id = ? AND v.community_id = ? ORDER BY v.created_at DESC, v.id DESC LIMIT 1`, userID, communityID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, approved > 0, nil
	}
	return v, approved > 0, err
}

const verificationListQuery = "SELECT " + verificationColumns + `, p.full_name, u.email, un.unit_number
	FROM verification_requests v JOIN users u ON u.id = v.user_id JOIN profiles p ON p.id = v.user_id
	LEFT JOIN units un ON un.id = COALESCE(v.unit_id, p.unit_id)`

// Verifications lists a community's requests in a status ("" = all), oldest first (the review queue).
func (db *DB) Verifications(ctx context.Context, communityID string, status domain.VerificationStatus) ([]domain.VerificationRequest, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanListedVerification), verificationListQuery+` WHERE v.community_id = ? AND (CAST(? AS TEXT) = '' OR v.status = ?)
		ORDER BY v.created_at, v.id LIMIT 500`, communityID, string(status), string(status))
	if out == nil && err == nil {
		out = []domain.VerificationRequest{}
	}
	return out, err
}

// scanListedVerification scans a row of verificationListQuery.
func scanListedVerification(row scanner) (*domain.VerificationRequest, error) {
	var name, email string
	var unit *string
	v, err := scanVerification(row, &name, &email, &unit)
	if err != nil {
		return nil, err
	}
	v.FullName, v.Email, v.UnitNumber = name, email, unit
	return v, nil
}

// ReviewVerification decides a pending request of the community; approved, the member's pending claim
// to own the unit the request names is confirmed (and no other). Only the outcome is kept (data minimisation): the
// request lets go of its document, whose key it returns as erase for the caller to delete from storage
// once this has committed (nil when there was none).
func (db *DB) ReviewVerification(ctx context.Context, id, communityID, reviewerID string, status domain.VerificationStatus, note *string, now time.Time,
	notify func(domain.Recipient) (domain.Mail, error)) (out *domain.VerificationRequest, erase *string, err error) {
	err = db.inTx(ctx, func(tx conn) error {
		var current string
		err := tx.queryRow(ctx, "SELECT status, document_key FROM verification_requests WHERE id = ? AND community_id = ?", id, communityID).Scan(&current, &erase)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la solicitud de verificación")
		}
		if err != nil {
			return err
		}
		if current != string(domain.VerificationPending) {
			return domain.Errorf(domain.CodeConflict, "Esta solicitud ya se ha revisado")
		}
		if _, err := tx.exec(ctx, "UPDATE verification_requests SET status = ?, note = ?, reviewed_by = ?, reviewed_at = ?, document_key = NULL WHERE id = ?",
			string(status), note, reviewerID, now.UnixMilli(), id); err != nil {
			return err
		}
		if out, err = scanListedVerification(tx.queryRow(ctx, verificationListQuery+" WHERE v.id = ?", id)); err != nil {
			return err
		}
		if status == domain.VerificationApproved && out.UnitID != nil {
			if err := confirmOwnerClaim(ctx, tx, out.UserID, communityID, *out.UnitID, &reviewerID, now); err != nil {
				return err
			}
		}
		return notifyMember(ctx, tx, out.UserID, communityID, notify)
	})
	if err != nil {
		return nil, nil, err
	}
	return out, erase, nil
}
