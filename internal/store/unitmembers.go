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
	c := db.reader()
	out := []domain.MemberUnit{}
	primary, err := myUnit(ctx, c, userID, communityID)
	if err != nil {
		return nil, err
	}
	if primary != nil {
		var pending int
		if err := c.queryRow(ctx, "SELECT COUNT(*) FROM owner_claims WHERE user_id = ? AND unit_id = ? AND status = 'pending'",
			userID, primary.ID).Scan(&pending); err != nil {
			return nil, err
		}
		m := domain.MemberUnit{UnitID: primary.ID, Label: domain.UnitLabel(primary.Building, primary.Floor, primary.UnitNumber),
			Kind: primary.Kind, Relation: domain.UnitResident, Confirmed: pending == 0, Primary: true}
		if pending > 0 || (primary.OwnerID != nil && *primary.OwnerID == userID) {
			m.Relation = domain.UnitOwner
		}
		out = append(out, m)
	}
	rows, err := c.query(ctx, `SELECT u.id, u.building, u.floor, u.unit_number, u.kind, m.relation, m.confirmed_at
		FROM unit_members m JOIN units u ON u.id = m.unit_id
		WHERE m.user_id = ? AND u.community_id = ? ORDER BY m.created_at, u.id`, userID, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var m domain.MemberUnit
		var building, floor *string
		var number, kind, relation string
		var confirmed *int64
		if err := rows.Scan(&m.UnitID, &building, &floor, &number, &kind, &relation, &confirmed); err != nil {
			return nil, err
		}
		if primary != nil && m.UnitID == primary.ID {
			continue
		}
		m.Label, m.Kind, m.Relation, m.Confirmed = domain.UnitLabel(building, floor, number), domain.UnitKind(kind), domain.UnitRelation(relation), confirmed != nil
		out = append(out, m)
	}
	return out, rows.Err()
}

// AddMemberUnit records a further unit of the member, a unit of their community's registry, with how
// they say they belong to it. Saying they own it files a pending owner claim (owner_claims), which the
// admins confirm like any other; any other relation is a claim to live there, for an admin to confirm.
func (db *DB) AddMemberUnit(ctx context.Context, userID, communityID, unitID string, relation domain.UnitRelation, now time.Time) error {
	return db.inTx(ctx, func(tx conn) error {
		unit, err := scanUnit(tx.queryRow(ctx, "SELECT "+unitColumns+" FROM units u WHERE u.id = ? AND u.community_id = ?", unitID, communityID))
		if errors.Is(err, sql.ErrNoRows) {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la vivienda")
		}
		if err != nil {
			return err
		}
		var mine int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM profiles p WHERE p.id = ? AND (p.unit_id = ? OR EXISTS (SELECT 1 FROM units o
			WHERE o.id = ? AND o.owner_id = p.id) OR EXISTS (SELECT 1 FROM unit_members m WHERE m.unit_id = ? AND m.user_id = p.id))`,
			userID, unitID, unitID, unitID).Scan(&mine); err != nil {
			return err
		}
		if mine > 0 {
			return domain.Errorf(domain.CodeConflict, "Esa vivienda ya figura entre las tuyas")
		}
		owner := relation == domain.UnitOwner
		if owner && unit.OwnerID != nil {
			return domain.Errorf(domain.CodeConflict, "La vivienda ya tiene propietario; si es un error, habla con un administrador")
		}
		ms := now.UnixMilli()
		if _, err := tx.exec(ctx, "INSERT INTO unit_members (unit_id, user_id, relation, created_at) VALUES (?, ?, ?, ?)",
			unitID, userID, string(relation), ms); err != nil {
			return err
		}
		if !owner {
			return nil
		}
		_, err = tx.exec(ctx, `INSERT INTO owner_claims (id, user_id, community_id, unit_id, status, created_at) VALUES (?, ?, ?, ?, 'pending', ?)`,
			domain.NewID(), userID, communityID, unitID, ms)
		return err
	})
}

// RemoveMemberUnit drops a further unit of the member: their pending claim to it goes, and so does their
// ownership of it.
func (db *DB) RemoveMemberUnit(ctx context.Context, userID, communityID, unitID string, now time.Time) error {
	return db.inTx(ctx, func(tx conn) error {
		res, err := tx.exec(ctx, `DELETE FROM unit_members WHERE user_id = ? AND unit_id IN (SELECT id FROM units WHERE id = ? AND community_id = ?)`,
			userID, unitID, communityID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.Errorf(domain.CodeNotFound, "Esa vivienda no está entre tus otras viviendas")
		}
		if _, err := tx.exec(ctx, "DELETE FROM owner_claims WHERE user_id = ? AND unit_id = ? AND status = 'pending'", userID, unitID); err != nil {
			return err
		}
		_, err = tx.exec(ctx, "UPDATE units SET owner_id = NULL, updated_at = ? WHERE id = ? AND owner_id = ?", now.UnixMilli(), unitID, userID)
		return err
	})
}

// reviewMemberUnit carries an owner claim's decision to the member's further unit, if the claim is for
// one: approved, the membership is confirmed; rejected, it goes.
func reviewMemberUnit(ctx context.Context, tx conn, userID, unitID, reviewerID string, status domain.ReviewStatus, now time.Time) error {
	if status == domain.VerificationApproved {
		_, err := tx.exec(ctx, "UPDATE unit_members SET confirmed_at = ?, confirmed_by = ? WHERE unit_id = ? AND user_id = ? AND confirmed_at IS NULL",
			now.UnixMilli(), reviewerID, unitID, userID)
		return err
	}
	_, err := tx.exec(ctx, "DELETE FROM unit_members WHERE unit_id = ? AND user_id = ? AND relation = 'owner' AND confirmed_at IS NULL", unitID, userID)
	return err
}

// directoryUnits is, per member of a community, their confirmed further units in the order they were
// added.
func directoryUnits(ctx context.Context, c conn, communityID string) (map[string][]memberUnitLabel, error) {
	rows, err := c.query(ctx, `SELECT m.user_id, u.id, u.building, u.floor, u.unit_number, m.relation FROM unit_members m JOIN units u ON u.id = m.unit_id
		WHERE u.community_id = ? AND m.confirmed_at IS NOT NULL ORDER BY m.created_at, u.id`, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]memberUnitLabel{}
	for rows.Next() {
		var user, id, number, relation string
		var building, floor *string
		if err := rows.Scan(&user, &id, &building, &floor, &number, &relation); err != nil {
			return nil, err
		}
		out[user] = append(out[user], memberUnitLabel{id: id, unit: domain.DirectoryUnit{Label: domain.UnitLabel(building, floor, number),
			Relation: domain.UnitRelation(relation)}})
	}
	return out, rows.Err()
}

type memberUnitLabel struct {
	id   string
	unit domain.DirectoryUnit
}

// ResidentClaims lists the pending claims of a community's members to live in a further unit (as its
// resident, tenant or family), oldest first.
func (db *DB) ResidentClaims(ctx context.Context, communityID string) ([]domain.UnitResidentClaim, error) {
	rows, err := db.reader().query(ctx, `SELECT m.unit_id, m.user_id, p.full_name, us.email, u.building, u.floor, u.unit_number, m.relation, m.created_at
		FROM unit_members m JOIN units u ON u.id = m.unit_id JOIN profiles p ON p.id = m.user_id JOIN users us ON us.id = m.user_id
		WHERE u.community_id = ? AND m.relation <> 'owner' AND m.confirmed_at IS NULL ORDER BY m.created_at, u.id LIMIT 500`, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.UnitResidentClaim{}
	for rows.Next() {
		var c domain.UnitResidentClaim
		var building, floor *string
		var number, relation string
		var created int64
		if err := rows.Scan(&c.UnitID, &c.UserID, &c.FullName, &c.Email, &building, &floor, &number, &relation, &created); err != nil {
			return nil, err
		}
		c.UnitLabel, c.Relation, c.CreatedAt = domain.UnitLabel(building, floor, number), domain.UnitRelation(relation), time.UnixMilli(created).UTC()
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	occupants, err := unitOccupants(ctx, db.reader(), communityID)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Others = othersThan(occupants, out[i].UnitID, out[i].UserID)
	}
	return out, nil
}

// ReviewResidentClaim confirms (or, rejected, drops) a member's pending claim to live in a further unit
// of the community. Confirming it may correct how they live there (relation, "" keeps theirs; never
// owner: owning is an owner claim). notify composes the email that tells the member, queued in the same
// transaction.
func (db *DB) ReviewResidentClaim(ctx context.Context, communityID, unitID, userID, reviewerID string, status domain.ReviewStatus,
	relation domain.UnitRelation, now time.Time, notify func(domain.Recipient) (domain.Mail, error)) error {
	return db.inTx(ctx, func(tx conn) error {
		var number string
		var building, floor *string
		err := tx.queryRow(ctx, `SELECT u.building, u.floor, u.unit_number FROM unit_members m JOIN units u ON u.id = m.unit_id
			WHERE m.unit_id = ? AND m.user_id = ? AND m.relation <> 'owner' AND m.confirmed_at IS NULL AND u.community_id = ?`,
			unitID, userID, communityID).Scan(&building, &floor, &number)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.Errorf(domain.CodeNotFound, "No se encontró la solicitud")
		}
		if err != nil {
			return err
		}
		if status == domain.VerificationApproved {
			_, err = tx.exec(ctx, `UPDATE unit_members SET confirmed_at = ?, confirmed_by = ?, relation = COALESCE(NULLIF(CAST(? AS TEXT), ''), relation)
				WHERE unit_id = ? AND user_id = ?`, now.UnixMilli(), reviewerID, string(relation), unitID, userID)
		} else {
			_, err = tx.exec(ctx, "DELETE FROM unit_members WHERE unit_id = ? AND user_id = ?", unitID, userID)
		}
		if err != nil {
			return err
		}
		return notifyMember(ctx, tx, userID, communityID, withUnit(notify, domain.UnitLabel(building, floor, number)))
	})
}

// withUnit fills in the unit a notice is about.
func withUnit(notify func(domain.Recipient) (domain.Mail, error), unit string) func(domain.Recipient) (domain.Mail, error) {
	if notify == nil {
		return nil
	}
	return func(r domain.Recipient) (domain.Mail, error) {
		r.Unit = unit
		return notify(r)
	}
}

// unitOccupants is, per unit of a community, who lives in or owns it: its owner, the members whose home
// it is (tenants when someone else owns it), its further members (confirmed or not) and whoever claims to
// own it, each person once and in that order. An admin deciding a claim sees them beside it.
func unitOccupants(ctx context.Context, c conn, communityID string) (map[string][]domain.UnitOccupant, error) {
	rows, err := c.query(ctx, `SELECT unit_id, user_id, full_name, relation, confirmed FROM (
			SELECT u.id AS unit_id, p.id AS user_id, p.full_name, 'owner' AS relation, 1 AS confirmed, 0 AS ord, u.updated_at AS since
			FROM units u JOIN profiles p ON p.id = u.owner_id WHERE u.community_id = ?
		UNION ALL
			SELECT u.id, p.id, p.full_name, CASE WHEN u.owner_id IS NULL THEN 'resident' ELSE 'tenant' END, 1, 1, p.created_at
			FROM profiles p JOIN units u ON u.id = p.unit_id
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
	defer rows.Close()
	out := map[string][]domain.UnitOccupant{}
	seen := map[[2]string]bool{}
	for rows.Next() {
		var unitID, relation string
		var o domain.UnitOccupant
		var confirmed int
		if err := rows.Scan(&unitID, &o.UserID, &o.FullName, &relation, &confirmed); err != nil {
			return nil, err
		}
		if k := [2]string{unitID, o.UserID}; !seen[k] {
			seen[k] = true
			o.Relation, o.Confirmed = domain.UnitRelation(relation), confirmed == 1
			out[unitID] = append(out[unitID], o)
		}
	}
	return out, rows.Err()
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
	err := db.reader().queryRow(ctx, "SELECT COUNT(*) FROM units WHERE community_id = ? AND owner_id = ?", communityID, userID).Scan(&n)
	return n > 0, err
}

// In the export of a member's data (personaldata.go): the units they belong to.
func init() {
	exportPersonalData(
		dataSection{"units", `SELECT u.id, u.community_id, u.building, u.staircase, u.floor, u.unit_number, u.coefficient, m.relation, m.confirmed_at, m.created_at
			FROM unit_members m JOIN units u ON u.id = m.unit_id WHERE m.user_id = ?`},
	)
}
