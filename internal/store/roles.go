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
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.MemberRole, error) {
		var m domain.MemberRole
		var role string
		err := row.Scan(&m.ID, &m.FullName, &m.Email, &role)
		m.Role = domain.Role(role)
		return m, err
	}, `SELECT p.id, p.full_name, u.email, COALESCE(r.role, 'user')
		FROM members p JOIN users u ON u.id = p.id
		LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
		WHERE p.community_id = ? ORDER BY p.full_name, p.id`, communityID))
}

// CommunityAdmins lists the admins of a community with the number of the unit each lives in.
func (db *DB) CommunityAdmins(ctx context.Context, communityID string) ([]domain.CommunityAdmin, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.CommunityAdmin, error) {
		var a domain.CommunityAdmin
		err := row.Scan(&a.ID, &a.FullName, &a.UnitNumber)
		return a, err
	}, `SELECT p.id, p.full_name, un.unit_number
		FROM user_roles r JOIN members p ON p.id = r.user_id AND p.community_id = r.community_id
		LEFT JOIN units un ON un.id = p.unit_id
		WHERE r.community_id = ? AND r.role = 'admin' ORDER BY p.full_name, p.id`, communityID))
}

// lockCommunity serialises the transactions that check and change a community-wide invariant (such as
// "at most 3 admins"): two of them never count at the same time. On PostgreSQL it takes the community's
// row lock (SELECT … FOR UPDATE) until the transaction ends, and reports false when there is no such
// community. SQLite needs nothing: writes go through one connection and every transaction starts
// IMMEDIATE (db.go), so write transactions already run one by one.
func lockCommunity(ctx context.Context, tx conn, communityID string) (bool, error) {
	if tx.db.engine != Postgres {
		return true, nil
	}
	var id string
	err := tx.queryRow(ctx, "SELECT id FROM communities WHERE id = ? FOR UPDATE", communityID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// LockCommunity takes the community's lock (see lockCommunity) inside the transaction of ctx (InTx),
// false when there is no such community.
func (db *DB) LockCommunity(ctx context.Context, communityID string) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	return lockCommunity(ctx, tx, communityID)
}

// RoleOf is the role of a user in a community, "" when they have none there.
func (db *DB) RoleOf(ctx context.Context, userID, communityID string) (domain.Role, error) {
	var role string
	err := db.readerIn(ctx).queryRow(ctx, "SELECT role FROM user_roles WHERE user_id = ? AND community_id = ?", userID, communityID).Scan(&role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return domain.Role(role), err
}

// MemberRole reads a member of the community with their current role as PreviousRole ("" when they
// have none) and Role; nil when the user is not a member of it.
func (db *DB) MemberRole(ctx context.Context, communityID, userID string) (*domain.MemberRole, error) {
	m := domain.MemberRole{ID: userID}
	var current *string
	err := db.readerIn(ctx).queryRow(ctx, `SELECT p.full_name, u.email, r.role FROM members p JOIN users u ON u.id = p.id
		LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
		WHERE p.id = ? AND p.community_id = ?`, userID, communityID).Scan(&m.FullName, &m.Email, &current)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if current != nil {
		m.PreviousRole = domain.Role(*current)
	}
	m.Role = m.PreviousRole
	return &m, nil
}

// CountAdmins counts the admins of a community.
func (db *DB) CountAdmins(ctx context.Context, communityID string) (int, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM user_roles WHERE community_id = ? AND role = 'admin'", communityID).Scan(&n)
	return n, err
}

// SaveRole gives a member of the community the role, created at when they had none.
func (db *DB) SaveRole(ctx context.Context, communityID, userID string, role domain.Role, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO user_roles (user_id, community_id, role, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, community_id) DO UPDATE SET role = excluded.role`, userID, communityID, string(role), at.UnixMilli())
	return err
}

// JoinCommunity makes the user a member of the community (nothing when they are one already), with the
// relation their onboarding recorded, and makes it their last community; the caller gives them a role
// (SaveRole) and accepts their invitations to it (AcceptInvitations).
func (db *DB) JoinCommunity(ctx context.Context, userID, communityID string, at time.Time) error {
	w := db.writerIn(ctx)
	if _, err := w.exec(ctx, `INSERT INTO memberships (user_id, community_id, relation, joined_at)
		SELECT id, ?, relation, ? FROM profiles WHERE id = ? ON CONFLICT (user_id, community_id) DO NOTHING`, communityID, at.UnixMilli(), userID); err != nil {
		return err
	}
	return db.SetLastCommunity(ctx, userID, communityID, at)
}

// SetLastCommunity makes communityID where userID's requests that name no community act.
func (db *DB) SetLastCommunity(ctx context.Context, userID, communityID string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE profiles SET last_community_id = ?, updated_at = ? WHERE id = ?", nullString(communityID), at.UnixMilli(), userID)
	return err
}

// In the export of a member's data (personaldata.go): the roles.
func init() {
	exportPersonalData(
		dataSection{"roles", `SELECT community_id, role, created_at FROM user_roles WHERE user_id = ?`},
	)
}
