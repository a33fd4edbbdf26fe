package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// SaveCommunityPicks keeps what a user's search answered — the hash of each result's token and its
// community — until expires, replacing the tokens of their earlier searches.
func (db *DB) SaveCommunityPicks(ctx context.Context, userID string, picks map[string]string, expires time.Time) error {
	return db.inTx(ctx, func(tx conn) error {
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
	})
}

var errPickExpired = domain.Errorf(domain.CodeNotFound, "La búsqueda ha caducado. Vuelve a buscar tu comunidad.")

// PickedCommunity returns the community of a result of the user's latest search, if still valid.
func (db *DB) PickedCommunity(ctx context.Context, userID, hash string, now time.Time) (string, error) {
	var communityID string
	err := db.reader().queryRow(ctx, "SELECT community_id FROM community_picks WHERE token_hash = ? AND user_id = ? AND expires_at > ?",
		hash, userID, now.UnixMilli()).Scan(&communityID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errPickExpired
	}
	return communityID, err
}

var errAlreadyMember = domain.Errorf(domain.CodeConflict, "Ya perteneces a una comunidad")

// SubmitJoinRequest stores a pending request of a user without a community, replacing their earlier
// pending one.
func (db *DB) SubmitJoinRequest(ctx context.Context, r *domain.JoinRequest) error {
	return db.inTx(ctx, func(tx conn) error { return submitJoinRequest(ctx, tx, r) })
}

func submitJoinRequest(ctx context.Context, tx conn, r *domain.JoinRequest) error {
	var current *string
	if err := tx.queryRow(ctx, "SELECT community_id FROM profiles WHERE id = ?", r.UserID).Scan(&current); err != nil {
		return err
	}
	if current != nil {
		return errAlreadyMember
	}
	if r.UnitID != nil {
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM units WHERE id = ? AND community_id = ?", *r.UnitID, r.CommunityID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return errUnitNotFound
		}
	}
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

func scanJoinRequest(row interface{ Scan(...any) error }) (*domain.JoinRequest, error) {
	var r domain.JoinRequest
	var status string
	var reviewed *int64
	var created int64
	var number, floor, building *string
	if err := row.Scan(&r.ID, &r.UserID, &r.CommunityID, &r.UnitID, &r.Floor, &r.Door, &r.OwnerClaim, &status, &r.Note, &reviewed,
		&created, &r.CommunityName, &number, &floor, &building, &r.FullName, &r.Email); err != nil {
		return nil, err
	}
	r.Status, r.ReviewedAt, r.CreatedAt = domain.ReviewStatus(status), msTime(reviewed), time.UnixMilli(created).UTC()
	switch {
	case number != nil:
		r.UnitLabel = domain.UnitLabel(building, floor, *number)
	case r.Door != nil:
		r.UnitLabel = domain.UnitLabel(nil, r.Floor, *r.Door)
	}
	return &r, nil
}

func queryJoinRequests(ctx context.Context, c conn, where string, args ...any) ([]domain.JoinRequest, error) {
	rows, err := c.query(ctx, joinRequestQuery+" WHERE "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.JoinRequest{}
	for rows.Next() {
		r, err := scanJoinRequest(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, rows.Err()
}

// MyJoinRequest returns the user's latest join request, nil when they never sent one.
func (db *DB) MyJoinRequest(ctx context.Context, userID string) (*domain.JoinRequest, error) {
	rs, err := queryJoinRequests(ctx, db.reader(), "j.user_id = ? ORDER BY j.created_at DESC, j.id DESC LIMIT 1", userID)
	if err != nil || len(rs) == 0 {
		return nil, err
	}
	return &rs[0], nil
}

// JoinRequests lists a community's join requests in a status ("" = all), oldest first.
func (db *DB) JoinRequests(ctx context.Context, communityID string, status domain.ReviewStatus) ([]domain.JoinRequest, error) {
	return queryJoinRequests(ctx, db.reader(), `j.community_id = ? AND (CAST(? AS TEXT) = '' OR j.status = ?)
		ORDER BY j.created_at, j.id LIMIT 500`, communityID, string(status), string(status))
}

// ReviewJoinRequest decides a pending request of the community. Approved, the requester becomes a member
// (role user), lives in the unit asked for (an owner claim stays a claim) and their onboarding moves on to
// step next. The requester is told by the email notify composes.
func (db *DB) ReviewJoinRequest(ctx context.Context, id, communityID, reviewerID string, status domain.ReviewStatus, note *string, now time.Time,
	next domain.OnboardingStep, notify func(domain.Recipient) (domain.Mail, error)) (*domain.JoinRequest, error) {
	var out *domain.JoinRequest
	err := db.inTx(ctx, func(tx conn) error {
		rs, err := queryJoinRequests(ctx, tx, "j.id = ? AND j.community_id = ?", id, communityID)
		if err != nil {
			return err
		}
		if len(rs) == 0 {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la solicitud")
		}
		r := rs[0]
		if r.Status != domain.VerificationPending {
			return domain.Errorf(domain.CodeConflict, "Esta solicitud ya se ha revisado")
		}
		if status == domain.VerificationApproved {
			var current *string
			if err := tx.queryRow(ctx, "SELECT community_id FROM profiles WHERE id = ?", r.UserID).Scan(&current); err != nil {
				return err
			}
			if current != nil {
				return domain.Errorf(domain.CodeConflict, "Esta persona ya pertenece a una comunidad")
			}
			if err := addMember(ctx, tx, r.UserID, communityID, domain.RoleUser, now); err != nil {
				return err
			}
			// A request made with the code may name no unit: the member then chooses it (/choose-unit).
			if r.UnitID == nil && r.Door == nil {
				next = domain.StepChooseUnit
			}
			ch := domain.UnitChoice{Owner: r.OwnerClaim}
			for _, f := range []struct {
				from *string
				to   *string
			}{{r.UnitID, &ch.UnitID}, {r.Floor, &ch.Floor}, {r.Door, &ch.Door}} {
				if f.from != nil {
					*f.to = *f.from
				}
			}
			if _, err := placeInUnit(ctx, tx, r.UserID, communityID, ch, next); err != nil {
				return err
			}
		}
		if _, err := tx.exec(ctx, "UPDATE join_requests SET status = ?, note = ?, reviewed_by = ?, reviewed_at = ? WHERE id = ?",
			string(status), note, reviewerID, now.UnixMilli(), id); err != nil {
			return err
		}
		r.Status, r.Note, r.ReviewedAt = status, note, &now
		out = &r
		return notifyMember(ctx, tx, r.UserID, communityID, notify)
	})
	return out, err
}

const ownerClaimQuery = `SELECT o.id, o.user_id, o.community_id, o.unit_id, o.status, o.reviewed_at, o.created_at,
	p.full_name, u.email, un.unit_number, un.floor, un.building, un.proposed_by
	FROM owner_claims o JOIN users u ON u.id = o.user_id JOIN profiles p ON p.id = o.user_id JOIN units un ON un.id = o.unit_id`

func queryOwnerClaims(ctx context.Context, c conn, where string, args ...any) ([]domain.OwnerClaim, error) {
	rows, err := c.query(ctx, ownerClaimQuery+" WHERE "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.OwnerClaim{}
	for rows.Next() {
		var o domain.OwnerClaim
		var status, number string
		var reviewed *int64
		var created int64
		var floor, building, proposedBy *string
		if err := rows.Scan(&o.ID, &o.UserID, &o.CommunityID, &o.UnitID, &status, &reviewed, &created, &o.FullName, &o.Email,
			&number, &floor, &building, &proposedBy); err != nil {
			return nil, err
		}
		o.NewUnit = proposedBy != nil
		o.Status, o.ReviewedAt, o.CreatedAt = domain.ReviewStatus(status), msTime(reviewed), time.UnixMilli(created).UTC()
		o.UnitLabel = domain.UnitLabel(building, floor, number)
		out = append(out, o)
	}
	return out, rows.Err()
}

// OwnerClaims lists a community's owner claims in a status ("" = all), oldest first.
// Each comes with who else lives in or owns its unit now.
func (db *DB) OwnerClaims(ctx context.Context, communityID string, status domain.ReviewStatus) ([]domain.OwnerClaim, error) {
	os, err := queryOwnerClaims(ctx, db.reader(), `o.community_id = ? AND (CAST(? AS TEXT) = '' OR o.status = ?)
		ORDER BY o.created_at, o.id LIMIT 500`, communityID, string(status), string(status))
	if err != nil {
		return nil, err
	}
	occupants, err := unitOccupants(ctx, db.reader(), communityID)
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
	err := db.reader().queryRow(ctx, "SELECT COUNT(*) FROM owner_claims WHERE user_id = ? AND unit_id = ? AND status = 'pending'", userID, unitID).Scan(&n)
	return n > 0, err
}

// ReviewOwnerClaim decides a pending claim of the community: approved, the claimant owns the unit (when
// nobody does meanwhile). notify composes the email that tells the claimant, queued in the same
// transaction.
func (db *DB) ReviewOwnerClaim(ctx context.Context, id, communityID, reviewerID string, status domain.ReviewStatus, now time.Time,
	notify func(domain.Recipient) (domain.Mail, error)) (*domain.OwnerClaim, error) {
	var out *domain.OwnerClaim
	err := db.inTx(ctx, func(tx conn) error {
		os, err := queryOwnerClaims(ctx, tx, "o.id = ? AND o.community_id = ?", id, communityID)
		if err != nil {
			return err
		}
		if len(os) == 0 {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la solicitud")
		}
		o := os[0]
		if o.Status != domain.VerificationPending {
			return domain.Errorf(domain.CodeConflict, "Esta solicitud ya se ha revisado")
		}
		if status == domain.VerificationApproved {
			res, err := tx.exec(ctx, "UPDATE units SET owner_id = ?, updated_at = ? WHERE id = ? AND owner_id IS NULL", o.UserID, now.UnixMilli(), o.UnitID)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return domain.Errorf(domain.CodeConflict, "La vivienda ya tiene propietario")
			}
			// Confirming who owns a unit that was not listed accepts the unit too.
			if _, err := tx.exec(ctx, "UPDATE units SET proposed_by = NULL WHERE id = ?", o.UnitID); err != nil {
				return err
			}
			o.NewUnit = false
		}
		if _, err := tx.exec(ctx, "UPDATE owner_claims SET status = ?, reviewed_by = ?, reviewed_at = ? WHERE id = ?",
			string(status), reviewerID, now.UnixMilli(), id); err != nil {
			return err
		}
		if err := reviewMemberUnit(ctx, tx, o.UserID, o.UnitID, reviewerID, status, now); err != nil {
			return err
		}
		o.Status, o.ReviewedAt = status, &now
		out = &o
		return notifyMember(ctx, tx, o.UserID, communityID, withUnit(notify, o.UnitLabel))
	})
	return out, err
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

// notifyMember queues, in the caller's transaction, the email notify composes for a user about a
// community (when their address is confirmed).
func notifyMember(ctx context.Context, tx conn, userID, communityID string, notify func(domain.Recipient) (domain.Mail, error)) error {
	if notify == nil {
		return nil
	}
	var r domain.Recipient
	var lang string
	err := tx.queryRow(ctx, `SELECT u.email, p.full_name, u.language, c.name FROM users u JOIN profiles p ON p.id = u.id
		JOIN communities c ON c.id = ? WHERE u.id = ? AND u.email_confirmed_at IS NOT NULL`, communityID, userID).Scan(&r.Email, &r.FullName, &lang, &r.CommunityName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	r.Language = domain.ParseLanguage(lang)
	m, err := notify(r)
	if err != nil {
		return err
	}
	return enqueueMail(ctx, tx, m)
}

// ProposedUnits lists the units that members of a community gave by floor and door, waiting for an
// admin, oldest first.
func (db *DB) ProposedUnits(ctx context.Context, communityID string) ([]domain.ProposedUnit, error) {
	return queryProposedUnits(ctx, db.reader(), "u.community_id = ? AND u.proposed_by IS NOT NULL ORDER BY u.created_at, u.id LIMIT 500", communityID)
}

func queryProposedUnits(ctx context.Context, c conn, where string, args ...any) ([]domain.ProposedUnit, error) {
	rows, err := c.query(ctx, "SELECT "+unitColumns+`, u.created_at, COALESCE(p.full_name, ''), COALESCE(us.email, '')
		FROM units u LEFT JOIN profiles p ON p.id = u.proposed_by LEFT JOIN users us ON us.id = u.proposed_by WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.ProposedUnit{}
	for rows.Next() {
		var pu domain.ProposedUnit
		var created int64
		u, err := scanUnit(rows, &created, &pu.FullName, &pu.Email)
		if err != nil {
			return nil, err
		}
		pu.Unit, pu.CreatedAt, pu.Label = *u, time.UnixMilli(created).UTC(), domain.UnitLabel(u.Building, u.Floor, u.UnitNumber)
		out = append(out, pu)
	}
	return out, rows.Err()
}

// ReviewProposedUnit accepts a proposed unit of the community into the registry, or rejects it: the unit
// goes, and whoever lived in it is asked for their unit again (their claims to it go with it).
func (db *DB) ReviewProposedUnit(ctx context.Context, id, communityID string, status domain.ReviewStatus) (*domain.ProposedUnit, error) {
	var out *domain.ProposedUnit
	err := db.inTx(ctx, func(tx conn) error {
		us, err := queryProposedUnits(ctx, tx, "u.id = ? AND u.community_id = ? AND u.proposed_by IS NOT NULL", id, communityID)
		if err != nil {
			return err
		}
		if len(us) == 0 {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la vivienda por aceptar")
		}
		out = &us[0]
		if status == domain.VerificationApproved {
			_, err = tx.exec(ctx, "UPDATE units SET proposed_by = NULL, updated_at = ? WHERE id = ?", time.Now().UnixMilli(), id)
			out.ProposedBy = nil
			return err
		}
		if _, err := tx.exec(ctx, "UPDATE profiles SET unit_id = NULL WHERE unit_id = ?", id); err != nil {
			return err
		}
		_, err = tx.exec(ctx, "DELETE FROM units WHERE id = ?", id)
		return err
	})
	return out, err
}
