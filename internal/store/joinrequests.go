package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// SaveCommunityPicks keeps, inside the transaction of ctx (InTx), what a user's search answered — the
// hash of each result's token and its community — until expires, replacing the tokens of their earlier
// searches.
func (db *DB) SaveCommunityPicks(ctx context.Context, userID string, picks map[string]string, expires time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "DELETE FROM community_picks WHERE user_id = ?", userID); err != nil {
		return err
	}
	for hash, communityID := range picks {
		if _, err := tx.exec(ctx, "INSERT INTO community_picks (token_hash, user_id, community_id, expires_at) VALUES (?, ?, ?, ?)",
			hash, userID, communityID, expires.UnixMilli()); err != nil {
			return err
		}
	}
	return nil
}

// PickedCommunity returns the community of a result of the user's latest search, "" when it is not (or
// no longer) valid.
func (db *DB) PickedCommunity(ctx context.Context, userID, hash string, now time.Time) (string, error) {
	var communityID string
	err := db.readerIn(ctx).queryRow(ctx, "SELECT community_id FROM community_picks WHERE token_hash = ? AND user_id = ? AND expires_at > ?",
		hash, userID, now.UnixMilli()).Scan(&communityID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return communityID, err
}

// SaveJoinRequest stores a pending request of a user, replacing their earlier pending one. Whether they
// may ask is the caller's rule.
func (db *DB) SaveJoinRequest(ctx context.Context, r *domain.JoinRequest) error {
	return submitJoinRequest(ctx, db.writerIn(ctx), r)
}

func submitJoinRequest(ctx context.Context, tx conn, r *domain.JoinRequest) error {
	if _, err := tx.exec(ctx, "DELETE FROM join_requests WHERE user_id = ? AND status = 'pending'", r.UserID); err != nil {
		return err
	}
	_, err := tx.exec(ctx, `INSERT INTO join_requests (id, user_id, community_id, unit_id, floor, door, owner_claim, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, r.UserID, r.CommunityID, r.UnitID, r.Floor, r.Door, r.OwnerClaim, string(r.Status), r.CreatedAt.UnixMilli())
	return err
}

const joinRequestQuery = `SELECT j.id, j.user_id, j.community_id, j.unit_id, j.floor, j.door, j.owner_claim, j.status, j.note, j.reviewed_at,
	j.created_at, c.name, un.unit_number, un.floor, un.building, p.full_name, u.email
	FROM join_requests j JOIN communities c ON c.id = j.community_id JOIN users u ON u.id = j.user_id
	JOIN profiles p ON p.id = j.user_id LEFT JOIN units un ON un.id = j.unit_id`

func scanJoinRequest(row scanner) (domain.JoinRequest, error) {
	var r domain.JoinRequest
	var status string
	var reviewed *int64
	var created int64
	var number, floor, building *string
	if err := row.Scan(&r.ID, &r.UserID, &r.CommunityID, &r.UnitID, &r.Floor, &r.Door, &r.OwnerClaim, &status, &r.Note, &reviewed,
		&created, &r.CommunityName, &number, &floor, &building, &r.FullName, &r.Email); err != nil {
		return r, err
	}
	r.Status, r.ReviewedAt, r.CreatedAt = domain.ReviewStatus(status), msTime(reviewed), time.UnixMilli(created).UTC()
	switch {
	case number != nil:
		r.UnitLabel = domain.UnitLabel(building, floor, *number)
	case r.Door != nil:
		r.UnitLabel = domain.UnitLabel(nil, r.Floor, *r.Door)
	}
	return r, nil
}

// firstRow is the first of a list read for one row, nil when it is empty.
func firstRow[T any](xs []T, err error) (*T, error) {
	if err != nil || len(xs) == 0 {
		return nil, err
	}
	return &xs[0], nil
}

// MyJoinRequest returns the user's latest join request, nil when they never sent one.
func (db *DB) MyJoinRequest(ctx context.Context, userID string) (*domain.JoinRequest, error) {
	return firstRow(queryAll(ctx, db.readerIn(ctx), scanJoinRequest, joinRequestQuery+" WHERE j.user_id = ? ORDER BY j.created_at DESC, j.id DESC LIMIT 1", userID))
}

// JoinRequests lists a community's join requests in a status ("" = all), oldest first.
func (db *DB) JoinRequests(ctx context.Context, communityID string, status domain.ReviewStatus) ([]domain.JoinRequest, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), scanJoinRequest, joinRequestQuery+` WHERE j.community_id = ? AND (CAST(? AS TEXT) = '' OR j.status = ?)
		ORDER BY j.created_at, j.id LIMIT 500`, communityID, string(status), string(status)))
}

// JoinRequestForUpdate reads a join request of the community inside the transaction of ctx (InTx) and
// locks it until that ends; nil when the community has no such request.
func (db *DB) JoinRequestForUpdate(ctx context.Context, communityID, id string) (*domain.JoinRequest, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE join_requests SET status = status WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return firstRow(queryAll(ctx, tx, scanJoinRequest, joinRequestQuery+" WHERE j.id = ? AND j.community_id = ?", id, communityID))
}

// SaveJoinReview writes an admin's decision on a join request.
func (db *DB) SaveJoinReview(ctx context.Context, r *domain.JoinRequest, reviewerID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE join_requests SET status = ?, note = ?, reviewed_by = ?, reviewed_at = ? WHERE id = ?",
		string(r.Status), r.Note, reviewerID, nullMS(r.ReviewedAt), r.ID)
	return err
}

// StepOnboarding moves the user's onboarding, while it is not completed, on to step.
func (db *DB) StepOnboarding(ctx context.Context, userID string, step domain.OnboardingStep, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE profiles SET onboarding_step = ?, updated_at = ? WHERE id = ? AND onboarding_completed = ?",
		string(step), at.UnixMilli(), userID, false)
	return err
}

const ownerClaimQuery = `SELECT o.id, o.user_id, o.community_id, o.unit_id, o.status, o.reviewed_at, o.created_at,
	p.full_name, u.email, un.unit_number, un.floor, un.building, un.proposed_by
	FROM owner_claims o JOIN users u ON u.id = o.user_id JOIN profiles p ON p.id = o.user_id JOIN units un ON un.id = o.unit_id`

func scanOwnerClaim(row scanner) (domain.OwnerClaim, error) {
	var o domain.OwnerClaim
	var status, number string
	var reviewed *int64
	var created int64
	var floor, building, proposedBy *string
	if err := row.Scan(&o.ID, &o.UserID, &o.CommunityID, &o.UnitID, &status, &reviewed, &created, &o.FullName, &o.Email,
		&number, &floor, &building, &proposedBy); err != nil {
		return o, err
	}
	o.NewUnit = proposedBy != nil
	o.Status, o.ReviewedAt, o.CreatedAt = domain.ReviewStatus(status), msTime(reviewed), time.UnixMilli(created).UTC()
	o.UnitLabel = domain.UnitLabel(building, floor, number)
	return o, nil
}

// OwnerClaims lists a community's owner claims in a status ("" = all), oldest first.
// Each comes with who else lives in or owns its unit now.
func (db *DB) OwnerClaims(ctx context.Context, communityID string, status domain.ReviewStatus) ([]domain.OwnerClaim, error) {
	os, err := listOrEmpty(queryAll(ctx, db.readerIn(ctx), scanOwnerClaim, ownerClaimQuery+` WHERE o.community_id = ? AND (CAST(? AS TEXT) = '' OR o.status = ?)
		ORDER BY o.created_at, o.id LIMIT 500`, communityID, string(status), string(status)))
	if err != nil {
		return nil, err
	}
	occupants, err := unitOccupants(ctx, db.readerIn(ctx), communityID)
	if err != nil {
		return nil, err
	}
	for i := range os {
		os[i].Others = othersThan(occupants, os[i].UnitID, os[i].UserID)
	}
	return os, nil
}

// HasOwnerClaim reports whether the user has a pending claim to the unit.
func (db *DB) HasOwnerClaim(ctx context.Context, userID, unitID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM owner_claims WHERE user_id = ? AND unit_id = ? AND status = 'pending'", userID, unitID).Scan(&n)
	return n > 0, err
}

// OwnerClaimForUpdate reads an owner claim of the community inside the transaction of ctx (InTx) and
// locks it until that ends; nil when the community has no such claim.
func (db *DB) OwnerClaimForUpdate(ctx context.Context, communityID, id string) (*domain.OwnerClaim, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE owner_claims SET status = status WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return firstRow(queryAll(ctx, tx, scanOwnerClaim, ownerClaimQuery+" WHERE o.id = ? AND o.community_id = ?", id, communityID))
}

// SaveOwnerClaimReview writes an admin's decision on an owner claim.
func (db *DB) SaveOwnerClaimReview(ctx context.Context, o *domain.OwnerClaim, reviewerID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE owner_claims SET status = ?, reviewed_by = ?, reviewed_at = ? WHERE id = ?",
		string(o.Status), reviewerID, nullMS(o.ReviewedAt), o.ID)
	return err
}

// confirmOwnerClaim makes good a member's pending claim to own one unit, after a level-2 verification
// that names that unit was approved: they own it when nobody does (else the claim waits for an admin),
// and their further unit becomes a confirmed membership. No other claim of theirs is touched.
func confirmOwnerClaim(ctx context.Context, tx conn, userID, communityID, unitID string, reviewerID *string, now time.Time) error {
	ms := now.UnixMilli()
	var claimID string
	err := tx.queryRow(ctx, "SELECT id FROM owner_claims WHERE user_id = ? AND community_id = ? AND unit_id = ? AND status = 'pending' ORDER BY created_at, id LIMIT 1",
		userID, communityID, unitID).Scan(&claimID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	res, err := tx.exec(ctx, "UPDATE units SET owner_id = ?, updated_at = ? WHERE id = ? AND community_id = ? AND owner_id IS NULL", userID, ms, unitID, communityID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil
	}
	if _, err := tx.exec(ctx, "UPDATE owner_claims SET status = 'approved', reviewed_by = ?, reviewed_at = ? WHERE user_id = ? AND unit_id = ? AND status = 'pending'",
		reviewerID, ms, userID, unitID); err != nil {
		return err
	}
	_, err = tx.exec(ctx, `UPDATE unit_members SET confirmed_at = ?, confirmed_by = ? WHERE unit_id = ? AND user_id = ? AND relation = 'owner'
		AND confirmed_at IS NULL`, ms, reviewerID, unitID, userID)
	return err
}

// MemberRecipient is who an email to a user about a community reaches, nil when their address is not
// confirmed.
func (db *DB) MemberRecipient(ctx context.Context, userID, communityID string) (*domain.Recipient, error) {
	return memberRecipient(ctx, db.readerIn(ctx), userID, communityID)
}

func memberRecipient(ctx context.Context, c conn, userID, communityID string) (*domain.Recipient, error) {
	var r domain.Recipient
	var lang string
	err := c.queryRow(ctx, `SELECT u.email, p.full_name, u.language, c.name FROM users u JOIN profiles p ON p.id = u.id
		JOIN communities c ON c.id = ? WHERE u.id = ? AND u.email_confirmed_at IS NOT NULL`, communityID, userID).Scan(&r.Email, &r.FullName, &lang, &r.CommunityName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.Language = domain.ParseLanguage(lang)
	return &r, nil
}

func scanProposedUnit(row scanner) (domain.ProposedUnit, error) {
	var pu domain.ProposedUnit
	var created int64
	u, err := scanUnit(row, &created, &pu.FullName, &pu.Email)
	if err != nil {
		return pu, err
	}
	pu.Unit, pu.CreatedAt, pu.Label = *u, time.UnixMilli(created).UTC(), domain.UnitLabel(u.Building, u.Floor, u.UnitNumber)
	return pu, nil
}

const proposedUnitQuery = "SELECT " + unitColumns + `, u.created_at, COALESCE(p.full_name, ''), COALESCE(us.email, '')
	FROM units u LEFT JOIN profiles p ON p.id = u.proposed_by LEFT JOIN users us ON us.id = u.proposed_by WHERE `

// ProposedUnits lists the units that members of a community gave by floor and door, waiting for an
// admin, oldest first.
func (db *DB) ProposedUnits(ctx context.Context, communityID string) ([]domain.ProposedUnit, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), scanProposedUnit,
		proposedUnitQuery+"u.community_id = ? AND u.proposed_by IS NOT NULL ORDER BY u.created_at, u.id LIMIT 500", communityID))
}

// ProposedUnitForUpdate reads a proposed unit of the community inside the transaction of ctx (InTx) and
// locks it until that ends; nil when the community has no such unit waiting.
func (db *DB) ProposedUnitForUpdate(ctx context.Context, communityID, id string) (*domain.ProposedUnit, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "UPDATE units SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return firstRow(queryAll(ctx, tx, scanProposedUnit, proposedUnitQuery+"u.id = ? AND u.community_id = ? AND u.proposed_by IS NOT NULL", id, communityID))
}

// AcceptProposedUnit takes a proposed unit into the registry.
func (db *DB) AcceptProposedUnit(ctx context.Context, id string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE units SET proposed_by = NULL, updated_at = ? WHERE id = ?", at.UnixMilli(), id)
	return err
}

// DeleteProposedUnit removes a proposed unit inside the transaction of ctx (InTx): whoever lived in it
// has no unit again (their claims to it go with it).
func (db *DB) DeleteProposedUnit(ctx context.Context, id string) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "UPDATE memberships SET unit_id = NULL WHERE unit_id = ?", id); err != nil {
		return err
	}
	_, err = tx.exec(ctx, "DELETE FROM units WHERE id = ?", id)
	return err
}

// In the export of a member's data (personaldata.go): their join requests and owner claims.
func init() {
	exportPersonalData(
		dataSection{"join_requests", `SELECT id, community_id, unit_id, floor, door, owner_claim, status, reviewed_at, created_at FROM join_requests WHERE user_id = ?`},
		dataSection{"owner_claims", `SELECT id, community_id, unit_id, status, reviewed_at, created_at FROM owner_claims WHERE user_id = ?`},
	)
}
