package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// The units feature's admin list (the units registry of issue #21, "Viviendas y locales") and its edits.

// AdminUnits lists a community's units with their owner's name and how many members live in each, in
// the order people read a building (domain.SortUnits).
func (db *DB) AdminUnits(ctx context.Context, communityID string) ([]domain.AdminUnit, error) {
	out, err := listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.AdminUnit, error) {
		var r domain.AdminUnit
		u, err := scanUnit(row, &r.OwnerName, &r.Residents)
		if err != nil {
			return r, err
		}
		r.Unit = *u
		return r, nil
	}, "SELECT "+unitColumns+`, o.full_name, `+unitResidents("u.id")+`
		FROM units u LEFT JOIN profiles o ON o.id = u.owner_id WHERE u.community_id = ?`, communityID))
	if err != nil {
		return nil, err
	}
	domain.SortUnits(out, func(r *domain.AdminUnit) *domain.Unit { return &r.Unit })
	return out, nil
}

// UnitsForUpdate reads every unit of a community inside the transaction of ctx (InTx), holding
// the community's lock until it ends, so that two edits never check the uniqueness of a name at once;
// false when there is no such community.
func (db *DB) UnitsForUpdate(ctx context.Context, communityID string) ([]domain.Unit, bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, false, err
	}
	if found, err := lockCommunity(ctx, tx, communityID); err != nil || !found {
		return nil, false, err
	}
	units, err := listOrEmpty(queryAll(ctx, tx, unitRow, "SELECT "+unitColumns+" FROM units u WHERE u.community_id = ?", communityID))
	return units, err == nil, err
}

// SaveUnit writes u, read with UnitsForUpdate or new (then it is inserted), inside the same
// transaction. Its owner is not touched here.
func (db *DB) SaveUnit(ctx context.Context, u *domain.Unit, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	kind := u.Kind
	if kind == "" {
		kind = domain.KindDwelling
	}
	res, err := tx.exec(ctx, `UPDATE units SET unit_number = ?, floor = ?, building = ?, staircase = ?, kind = ?, coefficient = ?, updated_at = ?
		WHERE id = ? AND community_id = ?`, u.UnitNumber, u.Floor, u.Building, u.Staircase, string(kind), u.Coefficient, at.UnixMilli(), u.ID, u.CommunityID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	return insertUnits(ctx, tx, []domain.Unit{*u}, at)
}

// insertUnits adds new units (without owners; proposed by a member when ProposedBy is set).
func insertUnits(ctx context.Context, tx conn, units []domain.Unit, at time.Time) error {
	for _, u := range units {
		kind := u.Kind
		if kind == "" {
			kind = domain.KindDwelling
		}
		if _, err := tx.exec(ctx, `INSERT INTO units (id, community_id, unit_number, floor, building, staircase, kind, coefficient, proposed_by, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, u.ID, u.CommunityID, u.UnitNumber, u.Floor, u.Building, u.Staircase, string(kind), u.Coefficient,
			u.ProposedBy, at.UnixMilli(), at.UnixMilli()); err != nil {
			return err
		}
	}
	return nil
}

// UnitResidents counts, inside the transaction of ctx, the members who live in a unit or have it among
// their further units (confirmed or claimed): a unit with any of them is occupied.
func (db *DB) UnitResidents(ctx context.Context, unitID string) (int, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return 0, err
	}
	var n int
	err = tx.queryRow(ctx, "SELECT "+unitResidents("?"), unitID, unitID).Scan(&n)
	return n, err
}

// unitResidents counts the members of the unit whose id is the SQL expression id (used twice): those
// who live in it and those who have it among their further units.
func unitResidents(id string) string {
	return "(SELECT COUNT(*) FROM memberships WHERE unit_id = " + id + ") + (SELECT COUNT(*) FROM unit_members WHERE unit_id = " + id + ")"
}

// DeleteUnit removes a unit of the community inside the transaction of ctx (the caller found it in the
// registry it read with UnitsForUpdate); its pending owner claims go with it and join requests
// that named it keep their floor and door.
func (db *DB) DeleteUnit(ctx context.Context, communityID, id string) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "DELETE FROM units WHERE id = ? AND community_id = ?", id, communityID)
	return err
}

// MergeUnits moves, inside the transaction of ctx, everything that points at unit from to unit into
// (its residents, its owner when into has none, owner claims and join requests), then removes from.
// Both belong to communityID; the caller has checked the owners do not clash.
func (db *DB) MergeUnits(ctx context.Context, communityID, from, into string, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	now := at.UnixMilli()
	if _, err := tx.exec(ctx, "UPDATE memberships SET unit_id = ? WHERE unit_id = ?", into, from); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "UPDATE owner_claims SET unit_id = ? WHERE unit_id = ?", into, from); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, "UPDATE join_requests SET unit_id = ? WHERE unit_id = ?", into, from); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE units SET owner_id = COALESCE(owner_id, (SELECT f.owner_id FROM units f WHERE f.id = ? AND f.community_id = ?)),
		updated_at = ? WHERE id = ? AND community_id = ?`, from, communityID, now, into, communityID); err != nil {
		return err
	}
	return db.DeleteUnit(ctx, communityID, from)
}
