package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// CommunityRoles lists the members of a community with their email and role, by name.
func (db *DB) CommunityRoles(ctx context.Context, communityID string) ([]domain.MemberRole, error) {
	rows, err := db.reader().query(ctx, `SELECT p.id, p.full_name, u.email, COALESCE(r.role, 'user')
		FROM profiles p JOIN users u ON u.id = p.id
		LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
		WHERE p.community_id = ? ORDER BY p.full_name, p.id`, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.MemberRole{}
	for rows.Next() {
		var m domain.MemberRole
		var role string
		if err := rows.Scan(&m.ID, &m.FullName, &m.Email, &role); err != nil {
			return nil, err
		}
		m.Role = domain.Role(role)
		out = append(out, m)
	}
	return out, rows.Err()
}

// CommunityAdmins lists the admins of a community with the number of the unit each lives in.
func (db *DB) CommunityAdmins(ctx context.Context, communityID string) ([]domain.CommunityAdmin, error) {
	rows, err := db.reader().query(ctx, `SELECT p.id, p.full_name, un.unit_number
		FROM user_roles r JOIN profiles p ON p.id = r.user_id AND p.community_id = r.community_id
		LEFT JOIN units un ON un.id = p.unit_id
		WHERE r.community_id = ? AND r.role = 'admin' ORDER BY p.full_name, p.id`, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.CommunityAdmin{}
	for rows.Next() {
		var a domain.CommunityAdmin
		if err := rows.Scan(&a.ID, &a.FullName, &a.UnitNumber); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// lockCommunity serialises the transactions that check and change a community-wide invariant (such as
// "at most 3 admins"): two of them never count at the same time. On PostgreSQL it takes the community's
// row lock (SELECT … FOR UPDATE) until the transaction ends. SQLite needs nothing: writes go through one
// connection and every transaction starts IMMEDIATE (db.go), so write transactions already run one by one.
func lockCommunity(ctx context.Context, tx conn, communityID string) error {
	if tx.db.engine != Postgres {
		return nil
	}
	var id string
	err := tx.queryRow(ctx, "SELECT id FROM communities WHERE id = ? FOR UPDATE", communityID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return errCommunityNotFound
	}
	return err
}

var (
	errNotAdmin        = domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden acceder a esta sección")
	errOtherCommunity  = domain.Errorf(domain.CodeForbidden, "No puedes modificar usuarios de otras comunidades")
	errTooManyAdminsFn = func(max int) error {
		return domain.Errorf(domain.CodeConflict, "No puede haber más de %d administradores en la comunidad", max)
	}
)

// SetRole gives target the role in the community, on behalf of actor, who must (still) be one of its
// admins; target must be a member. Promoting to admin fails when the community already has maxAdmins:
// the count and the change happen under the community's lock, so concurrent promotions cannot overshoot.
func (db *DB) SetRole(ctx context.Context, communityID, actorID, targetID string, role domain.Role, maxAdmins int) (*domain.MemberRole, error) {
	var m domain.MemberRole
	err := db.inTx(ctx, func(tx conn) error {
		if err := lockCommunity(ctx, tx, communityID); err != nil {
			return err
		}
		var actorRole string
		err := tx.queryRow(ctx, "SELECT role FROM user_roles WHERE user_id = ? AND community_id = ?", actorID, communityID).Scan(&actorRole)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && actorRole != string(domain.RoleAdmin)) {
			return errNotAdmin
		}
		if err != nil {
			return err
		}
		var current *string
		err = tx.queryRow(ctx, `SELECT p.full_name, u.email, r.role FROM profiles p JOIN users u ON u.id = p.id
			LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
			WHERE p.id = ? AND p.community_id = ?`, targetID, communityID).Scan(&m.FullName, &m.Email, &current)
		if errors.Is(err, sql.ErrNoRows) {
			return errOtherCommunity
		}
		if err != nil {
			return err
		}
		m.ID, m.Role = targetID, role
		if current != nil {
			m.PreviousRole = domain.Role(*current)
		}
		if role == domain.RoleAdmin && (current == nil || *current != string(domain.RoleAdmin)) {
			var admins int
			if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM user_roles WHERE community_id = ? AND role = 'admin'", communityID).Scan(&admins); err != nil {
				return err
			}
			if admins >= maxAdmins {
				return errTooManyAdminsFn(maxAdmins)
			}
		}
		if current == nil {
			_, err = tx.exec(ctx, "INSERT INTO user_roles (user_id, community_id, role, created_at) VALUES (?, ?, ?, ?)",
				targetID, communityID, string(role), time.Now().UnixMilli())
			return err
		}
		_, err = tx.exec(ctx, "UPDATE user_roles SET role = ? WHERE user_id = ? AND community_id = ?", string(role), targetID, communityID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// In the export of a member's data (personaldata.go): the roles.
func init() {
	exportPersonalData(
		dataSection{"roles", `SELECT community_id, role, created_at FROM user_roles WHERE user_id = ?`},
	)
}
