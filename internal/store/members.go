package store

import (
	"context"

	"vecinos/internal/domain"
)

// Members lists the members of a community by name.
func (db *DB) Members(ctx context.Context, communityID string) ([]domain.Member, error) {
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.Member, error) {
		var m domain.Member
		var role string
		err := row.Scan(&m.ID, &m.FullName, &m.AvatarURL, &role)
		m.Role = domain.Role(role)
		return m, err
	}, `SELECT p.id, p.full_name, p.avatar_url, COALESCE(r.role, 'user')
		FROM members p LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
		WHERE p.community_id = ? ORDER BY p.full_name, p.id`, communityID))
}

// listOrEmpty keeps a list without rows an empty list (JSON []), which the screens read, where queryAll
// gives nil.
func listOrEmpty[T any](xs []T, err error) ([]T, error) {
	if xs == nil && err == nil {
		xs = []T{}
	}
	return xs, err
}
