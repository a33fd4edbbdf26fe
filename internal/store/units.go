package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

const unitColumns = `u.id, u.community_id, u.unit_number, u.floor, u.building, u.owner_id, u.staircase, u.kind, u.coefficient, u.proposed_by`

func scanUnit(row interface{ Scan(...any) error }, extra ...any) (*domain.Unit, error) {
	var u domain.Unit
	var kind string
	if err := row.Scan(append([]any{&u.ID, &u.CommunityID, &u.UnitNumber, &u.Floor, &u.Building, &u.OwnerID, &u.Staircase, &kind, &u.Coefficient, &u.ProposedBy}, extra...)...); err != nil {
		return nil, err
	}
	u.Kind = domain.UnitKind(kind)
	return &u, nil
}

// unitRow is scanUnit for queryAll.
var unitRow = values(func(row scanner) (*domain.Unit, error) { return scanUnit(row) })

// oneUnit is the unit query finds, nil when none.
func oneUnit(ctx context.Context, c conn, query string, args ...any) (*domain.Unit, error) {
	u, err := scanUnit(c.queryRow(ctx, "SELECT "+unitColumns+" FROM units u WHERE "+query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return u, err
}

// CommunityUnits lists the units of a community by floor and number.
func (db *DB) CommunityUnits(ctx context.Context, communityID string) ([]domain.Unit, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), unitRow, "SELECT "+unitColumns+` FROM units u WHERE u.community_id = ?
		ORDER BY COALESCE(u.building, ''), COALESCE(u.floor, ''), u.unit_number, u.id`, communityID))
}

// UnitOfCommunity reads a unit of the community, nil when it has no such unit.
func (db *DB) UnitOfCommunity(ctx context.Context, communityID, id string) (*domain.Unit, error) {
	return oneUnit(ctx, db.readerIn(ctx), "u.id = ? AND u.community_id = ?", id, communityID)
}

// UnitAtFloorDoor finds the first unit of the community, outside any portal, with that floor and door
// (in any case), nil when there is none.
func (db *DB) UnitAtFloorDoor(ctx context.Context, communityID, floor, door string) (*domain.Unit, error) {
	return oneUnit(ctx, db.readerIn(ctx), `u.community_id = ? AND LOWER(u.floor) = LOWER(CAST(? AS TEXT)) AND LOWER(u.unit_number) = LOWER(CAST(? AS TEXT))
		AND u.building IS NULL ORDER BY u.created_at LIMIT 1`, communityID, floor, door)
}

// UnitNamed finds the first unit of the community with that portal, floor and number (in any case; nil
// portal or floor: none), nil when there is none.
func (db *DB) UnitNamed(ctx context.Context, communityID, number string, floor, building *string) (*domain.Unit, error) {
	return oneUnit(ctx, db.readerIn(ctx), `u.community_id = ?
		AND LOWER(COALESCE(u.building, '')) = LOWER(CAST(? AS TEXT)) AND LOWER(COALESCE(u.floor, '')) = LOWER(CAST(? AS TEXT))
		AND LOWER(u.unit_number) = LOWER(CAST(? AS TEXT)) ORDER BY u.created_at, u.id LIMIT 1`, communityID, deref(building), deref(floor), number)
}

// InsertUnit adds a new unit (without owner; proposed when u.ProposedBy is set).
func (db *DB) InsertUnit(ctx context.Context, u *domain.Unit, at time.Time) error {
	return insertUnits(ctx, db.writerIn(ctx), []domain.Unit{*u}, at)
}

// RenameUnit writes a unit's number, floor and portal.
func (db *DB) RenameUnit(ctx context.Context, id, number string, floor, building *string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE units SET unit_number = ?, floor = ?, building = ?, updated_at = ? WHERE id = ?",
		number, floor, building, at.UnixMilli(), id)
	return err
}

// TakeUnitOwnership makes the user the owner of a unit nobody owns; false when somebody does.
func (db *DB) TakeUnitOwnership(ctx context.Context, unitID, userID string, at time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "UPDATE units SET owner_id = ?, updated_at = ? WHERE id = ? AND owner_id IS NULL", userID, at.UnixMilli(), unitID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// InsertOwnerClaim files the user's pending claim to own a unit of the community.
func (db *DB) InsertOwnerClaim(ctx context.Context, userID, communityID, unitID string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO owner_claims (id, user_id, community_id, unit_id, status, created_at) VALUES (?, ?, ?, ?, 'pending', ?)`,
		domain.NewID(), userID, communityID, unitID, at.UnixMilli())
	return err
}

// DropHomeOwnerClaims withdraws the user's pending claims in the community to own a unit other than
// their further ones (unit_members): the claim to their home, which a new one replaces.
func (db *DB) DropHomeOwnerClaims(ctx context.Context, userID, communityID string) error {
	_, err := db.writerIn(ctx).exec(ctx, `DELETE FROM owner_claims WHERE user_id = ? AND community_id = ? AND status = 'pending'
		AND unit_id NOT IN (SELECT unit_id FROM unit_members WHERE user_id = ?)`, userID, communityID, userID)
	return err
}

// MoveIn makes the unit the user's home in its community (their membership of it) and, when step is not
// empty, moves their onboarding on to it.
func (db *DB) MoveIn(ctx context.Context, userID, unitID string, step domain.OnboardingStep, at time.Time) error {
	w := db.writerIn(ctx)
	if _, err := w.exec(ctx, `UPDATE memberships SET unit_id = ? WHERE user_id = ?
		AND community_id = (SELECT community_id FROM units WHERE id = ?)`, unitID, userID, unitID); err != nil {
		return err
	}
	_, err := w.exec(ctx, `UPDATE profiles SET onboarding_step = COALESCE(NULLIF(CAST(? AS TEXT), ''), onboarding_step),
		updated_at = ? WHERE id = ?`, string(step), at.UnixMilli(), userID)
	return err
}

// myUnitQuery finds the user's unit in their community: the one they live in, else one they own.
const myUnitQuery = "SELECT " + unitColumns + `, o.full_name FROM units u LEFT JOIN profiles o ON o.id = u.owner_id
	WHERE u.community_id = ? AND (u.id = (SELECT unit_id FROM memberships WHERE user_id = ? AND community_id = u.community_id) OR u.owner_id = ?)
	ORDER BY CASE WHEN u.id = (SELECT unit_id FROM memberships WHERE user_id = ? AND community_id = u.community_id) THEN 0 ELSE 1 END,
		u.created_at LIMIT 1`

// MyUnit returns the unit of a user in their community, nil when they have none.
func (db *DB) MyUnit(ctx context.Context, userID, communityID string) (*domain.UnitView, error) {
	return myUnit(ctx, db.readerIn(ctx), userID, communityID)
}

func myUnit(ctx context.Context, c conn, userID, communityID string) (*domain.UnitView, error) {
	var owner *string
	u, err := scanUnit(c.queryRow(ctx, myUnitQuery, communityID, userID, userID, userID), &owner)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &domain.UnitView{Unit: *u, OwnerName: owner}, nil
}

// In the export of a member's data (personaldata.go): the units they own.
func init() {
	exportPersonalData(
		dataSection{"owned_units", `SELECT id, community_id, building, staircase, floor, unit_number, coefficient FROM units WHERE owner_id = ?`},
	)
}
