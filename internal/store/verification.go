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

// SubmitVerification stores a request, replacing the user's earlier pending one in the same community (a
// new document supersedes the old).
func (db *DB) SubmitVerification(ctx context.Context, v *domain.VerificationRequest) error {
	tx := db.writerIn(ctx)
	if _, err := tx.exec(ctx, "DELETE FROM verification_requests WHERE user_id = ? AND community_id = ? AND status = 'pending'",
		v.UserID, v.CommunityID); err != nil {
		return err
	}
	return db.InsertVerification(ctx, v)
}

// InsertVerification stores a request as it is (a code's verification is approved at once).
func (db *DB) InsertVerification(ctx context.Context, v *domain.VerificationRequest) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO verification_requests (id, user_id, community_id, method, unit_id, document_key, status, note, reviewed_by, reviewed_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, v.ID, v.UserID, v.CommunityID, string(v.Method), v.UnitID, v.DocumentKey, string(v.Status), v.Note,
		v.ReviewedBy, msOf(v.ReviewedAt), v.CreatedAt.UnixMilli())
	return err
}

// SetOnboardingStep moves userID's onboarding on to step, unless they have completed it.
func (db *DB) SetOnboardingStep(ctx context.Context, userID string, step domain.OnboardingStep, now time.Time) error {
	return setStep(ctx, db.writerIn(ctx), userID, step, now)
}

func setStep(ctx context.Context, tx conn, userID string, step domain.OnboardingStep, now time.Time) error {
	_, err := tx.exec(ctx, "UPDATE profiles SET onboarding_step = ?, updated_at = ? WHERE id = ? AND onboarding_completed = ?",
		string(step), ms(now), userID, false)
	return err
}

// InsertVerificationCode stores a new code (its hash) for one member of a community and one of its units.
func (db *DB) InsertVerificationCode(ctx context.Context, hash, communityID, createdBy, userID, unitID string, now, expires time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO verification_codes (code_hash, community_id, created_by, user_id, unit_id, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, hash, communityID, createdBy, userID, unitID, now.UnixMilli(), expires.UnixMilli())
	return err
}

// SpendVerificationCode spends an unused, unexpired code of the community that was issued for userID, once,
// and returns the admin who issued it and its unit; ok is false when there is no such code.
func (db *DB) SpendVerificationCode(ctx context.Context, hash, communityID, userID string, now time.Time) (issuedBy, unitID *string, ok bool, err error) {
	tx := db.writerIn(ctx)
	res, err := tx.exec(ctx, `UPDATE verification_codes SET used_by = ?, used_at = ?
		WHERE code_hash = ? AND community_id = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?`,
		userID, ms(now), hash, communityID, userID, ms(now))
	if err != nil {
		return nil, nil, false, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil, false, nil
	}
	err = tx.queryRow(ctx, "SELECT created_by, unit_id FROM verification_codes WHERE code_hash = ?", hash).Scan(&issuedBy, &unitID)
	return issuedBy, unitID, err == nil, err
}

// ConfirmVerifiedOwner makes good userID's pending claim to own unitID once a verification that names
// that unit is approved (joinrequests.go's confirmOwnerClaim), in the service's transaction (InTx).
func (db *DB) ConfirmVerifiedOwner(ctx context.Context, userID, communityID, unitID string, reviewerID *string, now time.Time) error {
	return confirmOwnerClaim(ctx, db.writerIn(ctx), userID, communityID, unitID, reviewerID, now)
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
	LEFT JOIN memberships vm ON vm.user_id = v.user_id AND vm.community_id = v.community_id
	LEFT JOIN units un ON un.id = COALESCE(v.unit_id, vm.unit_id)`

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

// VerificationForUpdate reads a request of the community, with its member's name, email and unit,
// inside the transaction of ctx (InTx) and locks it until that ends; nil when there is none.
func (db *DB) VerificationForUpdate(ctx context.Context, id, communityID string) (*domain.VerificationRequest, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, "UPDATE verification_requests SET status = status WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil
	}
	return scanListedVerification(tx.queryRow(ctx, verificationListQuery+" WHERE v.id = ?", id))
}

// SaveVerificationReview records the decision on a request read with VerificationForUpdate and sets it
// in v. Only the outcome is kept (data minimisation): the request lets go of its document.
func (db *DB) SaveVerificationReview(ctx context.Context, v *domain.VerificationRequest, status domain.VerificationStatus, note *string, reviewerID string,
	now time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "UPDATE verification_requests SET status = ?, note = ?, reviewed_by = ?, reviewed_at = ?, document_key = NULL WHERE id = ?",
		string(status), note, reviewerID, ms(now), v.ID); err != nil {
		return err
	}
	at := fromMS(ms(now))
	v.Status, v.Note, v.ReviewedBy, v.ReviewedAt, v.DocumentKey = status, note, &reviewerID, &at, nil
	return nil
}

// In the export of a member's data (personaldata.go): their verification requests.
func init() {
	exportPersonalData(
		dataSection{"verification_requests", `SELECT id, community_id, method, document_key, status, reviewed_at, created_at FROM verification_requests WHERE user_id = ?`},
	)
}
