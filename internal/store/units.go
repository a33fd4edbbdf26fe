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

// CommunityUnits lists the units of a community by floor and number.
func (db *DB) CommunityUnits(ctx context.Context, communityID string) ([]domain.Unit, error) {
	return scanUnits(db.reader().query(ctx, "SELECT "+unitColumns+` FROM units u WHERE u.community_id = ?
		ORDER BY COALESCE(u.building, ''), COALESCE(u.floor, ''), u.unit_number, u.id`, communityID))
}

var (
	errUnitNotFound      = domain.Errorf(domain.CodeNotFound, "No se encontró la vivienda")
	errCommunityNotFound = domain.Errorf(domain.CodeNotFound, "No se pudo obtener la comunidad")
)

// ChooseUnit carries out the onboarding step /choose-unit in the user's own community (one joins another
// only by its code or by an approved join request): the user finds or creates their unit and lives in it
// (profiles.unit_id); a claim to own it is filed (see placeInUnit). The profile moves on to step next.
func (db *DB) ChooseUnit(ctx context.Context, userID string, ch domain.UnitChoice, next domain.OnboardingStep) (*domain.Unit, error) {
	var unit *domain.Unit
	err := db.inTx(ctx, func(tx conn) error {
		var current *string
		if err := tx.queryRow(ctx, "SELECT community_id FROM profiles WHERE id = ?", userID).Scan(&current); err != nil {
			return err
		}
		if current == nil {
			return domain.Errorf(domain.CodeInvalid, "Busca tu comunidad antes de elegir tu vivienda")
		}
		var err error
		unit, err = placeInUnit(ctx, tx, userID, *current, ch, next)
		return err
	})
	return unit, err
}

// placeInUnit finds the chosen unit of the community (or, by floor and door, finds or creates it), makes
// it the user's home and moves their onboarding on to step next. Saying they own it files an owner
// claim, which gives no owner rights until confirmed — unless ch.ConfirmedOwner. An empty choice (a
// requested unit deleted since) only moves the step.
func placeInUnit(ctx context.Context, tx conn, userID, communityID string, ch domain.UnitChoice, next domain.OnboardingStep) (*domain.Unit, error) {
	now := time.Now().UnixMilli()
	var unit *domain.Unit
	var err error
	switch {
	case ch.UnitID != "":
		unit, err = scanUnit(tx.queryRow(ctx, "SELECT "+unitColumns+" FROM units u WHERE u.id = ? AND u.community_id = ?", ch.UnitID, communityID))
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errUnitNotFound
		}
	case ch.Floor != "" || ch.Door != "":
		unit, err = scanUnit(tx.queryRow(ctx, "SELECT "+unitColumns+` FROM units u
			WHERE u.community_id = ? AND LOWER(u.floor) = LOWER(CAST(? AS TEXT)) AND LOWER(u.unit_number) = LOWER(CAST(? AS TEXT)) AND u.building IS NULL
			ORDER BY u.created_at LIMIT 1`, communityID, ch.Floor, ch.Door))
		if errors.Is(err, sql.ErrNoRows) {
			floor := ch.Floor
			unit = &domain.Unit{ID: domain.NewID(), CommunityID: communityID, UnitNumber: ch.Door, Floor: &floor}
			if ch.Propose {
				unit.ProposedBy = &userID
			}
			_, err = tx.exec(ctx, `INSERT INTO units (id, community_id, unit_number, floor, proposed_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				unit.ID, communityID, unit.UnitNumber, unit.Floor, unit.ProposedBy, now, now)
		}
	default:
		return nil, setStep(ctx, tx, userID, next, fromMS(now))
	}
	if err != nil {
		return nil, err
	}
	if ch.Owner && unit.OwnerID == nil {
		if err := claimUnit(ctx, tx, userID, unit, ch.ConfirmedOwner, now); err != nil {
			return nil, err
		}
	}
	_, err = tx.exec(ctx, "UPDATE profiles SET unit_id = ?, onboarding_step = ?, updated_at = ? WHERE id = ?", unit.ID, string(next), now, userID)
	return unit, err
}

// claimUnit makes the user the owner of a unit nobody owns (confirmed), or files their pending claim to
// it, replacing a pending claim of theirs in the community.
func claimUnit(ctx context.Context, tx conn, userID string, unit *domain.Unit, confirmed bool, now int64) error {
	if confirmed {
		if _, err := tx.exec(ctx, "UPDATE units SET owner_id = ?, updated_at = ? WHERE id = ? AND owner_id IS NULL", userID, now, unit.ID); err != nil {
			return err
		}
		unit.OwnerID = &userID
		return nil
	}
	// A pending claim to a further unit of theirs (unit_members) stays.
	if _, err := tx.exec(ctx, `DELETE FROM owner_claims WHERE user_id = ? AND community_id = ? AND status = 'pending'
		AND unit_id NOT IN (SELECT unit_id FROM unit_members WHERE user_id = ?)`, userID, unit.CommunityID, userID); err != nil {
		return err
	}
	_, err := tx.exec(ctx, `INSERT INTO owner_claims (id, user_id, community_id, unit_id, status, created_at) VALUES (?, ?, ?, ?, 'pending', ?)`,
		domain.NewID(), userID, unit.CommunityID, unit.ID, now)
	return err
}

// myUnitQuery finds the user's unit in their community: the one they live in, else one they own.
const myUnitQuery = "SELECT " + unitColumns + `, o.full_name FROM units u LEFT JOIN profiles o ON o.id = u.owner_id
	WHERE u.community_id = ? AND (u.id = (SELECT unit_id FROM profiles WHERE id = ?) OR u.owner_id = ?)
	ORDER BY CASE WHEN u.id = (SELECT unit_id FROM profiles WHERE id = ?) THEN 0 ELSE 1 END, u.created_at LIMIT 1`

// MyUnit returns the unit of a user in their community, nil when they have none.
func (db *DB) MyUnit(ctx context.Context, userID, communityID string) (*domain.UnitView, error) {
	return myUnit(ctx, db.reader(), userID, communityID)
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

// SaveMyUnit writes the user's unit (see MyUnit). A user without one names it: a unit of the registry
// with that portal, floor and name becomes their home, else a new unit is created for it, which, given by
// a member who is not an admin, waits for an admin to accept it into the registry (units.proposed_by),
// as in /choose-unit. They claim to own it (see claimUnit) when nobody does; an admin owns it at once.
// Whether the user may edit an existing unit is the caller's rule (domain.Actor.MayEditUnit).
func (db *DB) SaveMyUnit(ctx context.Context, userID, communityID string, number string, floor, building *string, admin bool) (*domain.UnitView, error) {
	var out *domain.UnitView
	err := db.inTx(ctx, func(tx conn) error {
		u, err := myUnit(ctx, tx, userID, communityID)
		if err != nil {
			return err
		}
		now := time.Now().UnixMilli()
		if u == nil {
			unit, err := scanUnit(tx.queryRow(ctx, "SELECT "+unitColumns+` FROM units u WHERE u.community_id = ?
				AND LOWER(COALESCE(u.building, '')) = LOWER(CAST(? AS TEXT)) AND LOWER(COALESCE(u.floor, '')) = LOWER(CAST(? AS TEXT))
				AND LOWER(u.unit_number) = LOWER(CAST(? AS TEXT)) ORDER BY u.created_at, u.id LIMIT 1`,
				communityID, deref(building), deref(floor), number))
			if errors.Is(err, sql.ErrNoRows) {
				unit = &domain.Unit{ID: domain.NewID(), CommunityID: communityID, UnitNumber: number, Floor: floor, Building: building}
				if !admin {
					unit.ProposedBy = &userID
				}
				_, err = tx.exec(ctx, `INSERT INTO units (id, community_id, unit_number, floor, building, proposed_by, created_at, updated_at)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, unit.ID, communityID, number, floor, building, unit.ProposedBy, now, now)
			}
			if err != nil {
				return err
			}
			if unit.OwnerID == nil {
				if err := claimUnit(ctx, tx, userID, unit, admin, now); err != nil {
					return err
				}
			}
			if _, err := tx.exec(ctx, "UPDATE profiles SET unit_id = ?, updated_at = ? WHERE id = ?", unit.ID, now, userID); err != nil {
				return err
			}
		} else if _, err := tx.exec(ctx, "UPDATE units SET unit_number = ?, floor = ?, building = ?, updated_at = ? WHERE id = ?",
			number, floor, building, now, u.ID); err != nil {
			return err
		}
		out, err = myUnit(ctx, tx, userID, communityID)
		return err
	})
	return out, err
}

// scanUnits reads the units a query of unitColumns returns.
func scanUnits(rows *sql.Rows, err error) ([]domain.Unit, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.Unit{}
	for rows.Next() {
		u, err := scanUnit(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *u)
	}
	return out, rows.Err()
}
