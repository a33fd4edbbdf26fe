package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// MemberUnits lists a member's units in their community: the primary one first (see MyUnit), then the
// further ones (unit_members) by when they were added.
func (db *DB) MemberUnits(ctx context.Context, userID, communityID string) ([]domain.MemberUnit, error) {
	c := db.readerIn(ctx)
	out := []domain.MemberUnit{}
	primary, err := myUnit(ctx, c, userID, communityID)
	if err != nil {
		return nil, err
	}
	if primary != nil {
		pending, err := db.HasOwnerClaim(ctx, userID, primary.ID)
		if err != nil {
			return nil, err
		}
		m := domain.MemberUnit{UnitID: primary.ID, Label: domain.UnitLabel(primary.Building, primary.Floor, primary.UnitNumber),
			Kind: primary.Kind, Relation: domain.UnitResident, Confirmed: !pending, Primary: true}
		if pending || (primary.OwnerID != nil && *primary.OwnerID == userID) {
			m.Relation = domain.UnitOwner
		}
		out = append(out, m)
	}
	further, err := queryAll(ctx, c, func(row scanner) (domain.MemberUnit, error) {
		var m domain.MemberUnit
		var building, floor *string
		var number, kind, relation string
		var confirmed *int64
		err := row.Scan(&m.UnitID, &building, &floor, &number, &kind, &relation, &confirmed)
		m.Label, m.Kind, m.Relation, m.Confirmed = domain.UnitLabel(building, floor, number), domain.UnitKind(kind), domain.UnitRelation(relation), confirmed != nil
		return m, err
	}, `SELECT u.id, u.building, u.floor, u.unit_number, u.kind, m.relation, m.confirmed_at
		FROM unit_members m JOIN units u ON u.id = m.unit_id
		WHERE m.user_id = ? AND u.community_id = ? ORDER BY m.created_at, u.id`, userID, communityID)
	if err != nil {
		return nil, err
	}
	for _, m := range further {
		if primary == nil || m.UnitID != primary.ID {
			out = append(out, m)
		}
	}
	return out, nil
}

// HasUnit reports whether the unit is already the user's: their home, one they own or one of their
// further units.
func (db *DB) HasUnit(ctx context.Context, userID, unitID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COUNT(*) FROM profiles p WHERE p.id = ? AND (EXISTS (SELECT 1 FROM memberships h WHERE h.user_id = p.id AND h.unit_id = ?) OR EXISTS (SELECT 1 FROM units o
		WHERE o.id = ? AND o.owner_id = p.id) OR EXISTS (SELECT 1 FROM unit_members m WHERE m.unit_id = ? AND m.user_id = p.id))`,
		userID, unitID, unitID, unitID).Scan(&n)
	return n > 0, err
}

// InsertMemberUnit records a further unit of the member with how they say they belong to it, unconfirmed.
func (db *DB) InsertMemberUnit(ctx context.Context, unitID, userID string, relation domain.UnitRelation, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "INSERT INTO unit_members (unit_id, user_id, relation, created_at) VALUES (?, ?, ?, ?)",
		unitID, userID, string(relation), at.UnixMilli())
	return err
}

// InsertConfirmedMemberUnit adds a further unit of the member that needs no review (an owner's unit the
// community invited them to own).
func (db *DB) InsertConfirmedMemberUnit(ctx context.Context, unitID, userID string, relation domain.UnitRelation, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "INSERT INTO unit_members (unit_id, user_id, relation, confirmed_at, created_at) VALUES (?, ?, ?, ?, ?)",
		unitID, userID, string(relation), at.UnixMilli(), at.UnixMilli())
	return err
}

// DeleteMemberUnit drops a further unit of the member in the community; false when it is not one of theirs.
func (db *DB) DeleteMemberUnit(ctx context.Context, userID, communityID, unitID string) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `DELETE FROM unit_members WHERE user_id = ? AND unit_id IN (SELECT id FROM units WHERE id = ? AND community_id = ?)`,
		userID, unitID, communityID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// DropOwnerClaim withdraws the user's pending claim to own the unit.
func (db *DB) DropOwnerClaim(ctx context.Context, userID, unitID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM owner_claims WHERE user_id = ? AND unit_id = ? AND status = 'pending'", userID, unitID)
	return err
}

// ReleaseUnitOwnership makes a unit the user owns ownerless.
func (db *DB) ReleaseUnitOwnership(ctx context.Context, unitID, userID string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE units SET owner_id = NULL, updated_at = ? WHERE id = ? AND owner_id = ?", at.UnixMilli(), unitID, userID)
	return err
}

// ConfirmMemberUnit confirms the member's unconfirmed further unit, correcting how they belong to it
// (relation; "" keeps theirs).
func (db *DB) ConfirmMemberUnit(ctx context.Context, unitID, userID, reviewerID string, relation domain.UnitRelation, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `UPDATE unit_members SET confirmed_at = ?, confirmed_by = ?, relation = COALESCE(NULLIF(CAST(? AS TEXT), ''), relation)
		WHERE unit_id = ? AND user_id = ? AND confirmed_at IS NULL`, at.UnixMilli(), reviewerID, string(relation), unitID, userID)
	return err
}

// DropOwnerMembership drops the member's unconfirmed further unit they said they own (its owner claim
// was rejected).
func (db *DB) DropOwnerMembership(ctx context.Context, unitID, userID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM unit_members WHERE unit_id = ? AND user_id = ? AND relation = 'owner' AND confirmed_at IS NULL", unitID, userID)
	return err
}

type memberUnitLabel struct {
	id   string
	unit domain.DirectoryUnit
}

// directoryUnits is, per member of a community, their confirmed further units in the order they were
// added.
func directoryUnits(ctx context.Context, c conn, communityID string) (map[string][]memberUnitLabel, error) {
	type row struct {
		user string
		memberUnitLabel
	}
	rows, err := queryAll(ctx, c, func(sc scanner) (row, error) {
		var r row
		var number, relation string
		var building, floor *string
		err := sc.Scan(&r.user, &r.id, &building, &floor, &number, &relation)
		r.unit = domain.DirectoryUnit{Label: domain.UnitLabel(building, floor, number), Relation: domain.UnitRelation(relation)}
		return r, err
	}, `SELECT m.user_id, u.id, u.building, u.floor, u.unit_number, m.relation FROM unit_members m JOIN units u ON u.id = m.unit_id
		WHERE u.community_id = ? AND m.confirmed_at IS NOT NULL ORDER BY m.created_at, u.id`, communityID)
	if err != nil {
		return nil, err
	}
	out := map[string][]memberUnitLabel{}
	for _, r := range rows {
		out[r.user] = append(out[r.user], r.memberUnitLabel)
	}
	return out, nil
}

// ResidentClaims lists the pending claims of a community's members to live in a further unit (as its
// resident, tenant or family), oldest first.
func (db *DB) ResidentClaims(ctx context.Context, communityID string) ([]domain.UnitResidentClaim, error) {
	out, err := listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.UnitResidentClaim, error) {
		var c domain.UnitResidentClaim
		var building, floor *string
		var number, relation string
		var created int64
		err := row.Scan(&c.UnitID, &c.UserID, &c.FullName, &c.Email, &building, &floor, &number, &relation, &created)
		c.UnitLabel, c.Relation, c.CreatedAt = domain.UnitLabel(building, floor, number), domain.UnitRelation(relation), time.UnixMilli(created).UTC()
		return c, err
	}, `SELECT m.unit_id, m.user_id, p.full_name, us.email, u.building, u.floor, u.unit_number, m.relation, m.created_at
		FROM unit_members m JOIN units u ON u.id = m.unit_id JOIN profiles p ON p.id = m.user_id JOIN users us ON us.id = m.user_id
		WHERE u.community_id = ? AND m.relation <> 'owner' AND m.confirmed_at IS NULL ORDER BY m.created_at, u.id LIMIT 500`, communityID))
	if err != nil {
		return nil, err
	}
	occupants, err := unitOccupants(ctx, db.readerIn(ctx), communityID)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Others = othersThan(occupants, out[i].UnitID, out[i].UserID)
	}
	return out, nil
}

// ResidentClaimUnit is the label of the unit of a member's pending claim to live in a further unit of
// the community; false when there is no such claim.
func (db *DB) ResidentClaimUnit(ctx context.Context, communityID, unitID, userID string) (string, bool, error) {
	var number string
	var building, floor *string
	err := db.readerIn(ctx).queryRow(ctx, `SELECT u.building, u.floor, u.unit_number FROM unit_members m JOIN units u ON u.id = m.unit_id
		WHERE m.unit_id = ? AND m.user_id = ? AND m.relation <> 'owner' AND m.confirmed_at IS NULL AND u.community_id = ?`,
		unitID, userID, communityID).Scan(&building, &floor, &number)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return domain.UnitLabel(building, floor, number), true, nil
}

// unitOccupants is, per unit of a community, who lives in or owns it: its owner, the members whose home
// it is (tenants when someone else owns it), its further members (confirmed or not) and whoever claims to
// own it, each person once and in that order. An admin deciding a claim sees them beside it.
func unitOccupants(ctx context.Context, c conn, communityID string) (map[string][]domain.UnitOccupant, error) {
	type row struct {
		unitID string
		domain.UnitOccupant
	}
	rows, err := queryAll(ctx, c, func(sc scanner) (row, error) {
		var r row
		var relation string
		var confirmed int
		err := sc.Scan(&r.unitID, &r.UserID, &r.FullName, &relation, &confirmed)
		r.Relation, r.Confirmed = domain.UnitRelation(relation), confirmed == 1
		return r, err
	}, `SELECT unit_id, user_id, full_name, relation, confirmed FROM (
			SELECT u.id AS unit_id, p.id AS user_id, p.full_name, 'owner' AS relation, 1 AS confirmed, 0 AS ord, u.updated_at AS since
			FROM units u JOIN profiles p ON p.id = u.owner_id WHERE u.community_id = ?
		UNION ALL
			SELECT u.id, p.id, p.full_name, CASE WHEN u.owner_id IS NULL THEN 'resident' ELSE 'tenant' END, 1, 1, p.created_at
			FROM members p JOIN units u ON u.id = p.unit_id
			WHERE u.community_id = ? AND p.community_id = u.community_id AND (u.owner_id IS NULL OR u.owner_id <> p.id)
		UNION ALL
			SELECT u.id, p.id, p.full_name, m.relation, CASE WHEN m.confirmed_at IS NULL THEN 0 ELSE 1 END, 2, m.created_at
			FROM unit_members m JOIN units u ON u.id = m.unit_id JOIN profiles p ON p.id = m.user_id WHERE u.community_id = ?
		UNION ALL
			SELECT o.unit_id, p.id, p.full_name, 'owner', 0, 3, o.created_at
			FROM owner_claims o JOIN profiles p ON p.id = o.user_id WHERE o.community_id = ? AND o.status = 'pending'
		) x ORDER BY ord, since, full_name, user_id`, communityID, communityID, communityID, communityID)
	if err != nil {
		return nil, err
	}
	out := map[string][]domain.UnitOccupant{}
	seen := map[[2]string]bool{}
	for _, r := range rows {
		if k := [2]string{r.unitID, r.UserID}; !seen[k] {
			seen[k] = true
			out[r.unitID] = append(out[r.unitID], r.UnitOccupant)
		}
	}
	return out, nil
}

// othersThan is who else than userID lives in or owns the unit (never nil).
func othersThan(occupants map[string][]domain.UnitOccupant, unitID, userID string) []domain.UnitOccupant {
	out := []domain.UnitOccupant{}
	for _, o := range occupants[unitID] {
		if o.UserID != userID {
			out = append(out, o)
		}
	}
	return out
}

// OwnsUnit reports whether the user is the confirmed owner of a unit of the community (units.owner_id is
// set only once an admin or a verification confirmed the ownership; a pending claim is not enough).
func (db *DB) OwnsUnit(ctx context.Context, userID, communityID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM units WHERE community_id = ? AND owner_id = ?", communityID, userID).Scan(&n)
	return n > 0, err
}

// In the export of a member's data (personaldata.go): the units they belong to.
func init() {
	exportPersonalData(
		dataSection{"units", `SELECT u.id, u.community_id, u.building, u.staircase, u.floor, u.unit_number, u.coefficient, m.relation, m.confirmed_at, m.created_at
			FROM unit_members m JOIN units u ON u.id = m.unit_id WHERE m.user_id = ?`},
	)
}
