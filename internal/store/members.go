package store

import (
	"context"

	"vecinos/internal/domain"
)

// Members lists the members of a community by name (profiles_community serves it).
func (db *DB) Members(ctx context.Context, communityID string) ([]domain.Member, error) {
	rows, err := db.reader().query(ctx, `SELECT p.id, p.full_name, p.avatar_url, COALESCE(r.role, 'user')
		FROM profiles p LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
		WHERE p.community_id = ? ORDER BY p.full_name, p.id`, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.Member{}
	for rows.Next() {
		var m domain.Member
		var role string
		if err := rows.Scan(&m.ID, &m.FullName, &m.AvatarURL, &role); err != nil {
			return nil, err
		}
		m.Role = domain.Role(role)
		out = append(out, m)
	}
	return out, rows.Err()
}
