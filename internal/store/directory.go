package store

import (
	"context"

	"vecinos/internal/domain"
)

// Directory lists the members of a community by name, with what the directory derives their role from
// and their contact data (the caller applies the RGPD opt-in). The unit shown is the one they live in,
// else the first one they own. One query: no round trip per resident.
func (db *DB) Directory(ctx context.Context, communityID string) ([]domain.DirectoryEntry, error) {
	further, err := directoryUnits(ctx, db.readerIn(ctx), communityID)
	if err != nil {
		return nil, err
	}
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.DirectoryEntry, error) {
		var d domain.DirectoryEntry
		var role string
		var owns, tenant, active, ownsShown int
		var unitID, building *string
		if err := row.Scan(&d.ID, &d.FullName, &d.AvatarURL, &d.Phone, &d.Email, &d.ContactVisible, &role, &unitID, &d.UnitNumber, &d.Floor,
			&building, &owns, &tenant, &active, &ownsShown); err != nil {
			return d, err
		}
		if d.UnitNumber != nil {
			rel := domain.UnitResident
			switch {
			case ownsShown == 1:
				rel = domain.UnitOwner
			case tenant == 1:
				rel = domain.UnitTenant
			}
			d.Units = append(d.Units, domain.DirectoryUnit{Label: domain.UnitLabel(building, d.Floor, *d.UnitNumber), Relation: rel})
		}
		for _, u := range further[d.ID] {
			if unitID == nil || u.id != *unitID {
				d.Units = append(d.Units, u.unit)
				if u.unit.Relation == domain.UnitTenant {
					tenant = 1 // a confirmed tenant of a further unit
				}
			}
		}
		d.Role, d.OwnsUnit, d.LivesInOthersUnit, d.Active = domain.Role(role), owns == 1, tenant == 1, active == 1
		return d, nil
	}, `SELECT p.id, p.full_name, p.avatar_url, p.phone, us.email, p.contact_visible,
			COALESCE(r.role, 'user'), un.id, un.unit_number, un.floor, un.building,
			CASE WHEN EXISTS (SELECT 1 FROM units ou WHERE ou.community_id = p.community_id AND ou.owner_id = p.id) THEN 1 ELSE 0 END,
			CASE WHEN lu.owner_id IS NOT NULL AND lu.owner_id <> p.id THEN 1 ELSE 0 END,
			CASE WHEN us.email_confirmed_at IS NOT NULL THEN 1 ELSE 0 END,
			CASE WHEN un.owner_id = p.id THEN 1 ELSE 0 END
		FROM members p
		JOIN users us ON us.id = p.id
		LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
		LEFT JOIN units lu ON lu.id = p.unit_id AND lu.community_id = p.community_id
		LEFT JOIN units un ON un.id = COALESCE(lu.id, (SELECT ou.id FROM units ou
			WHERE ou.community_id = p.community_id AND ou.owner_id = p.id ORDER BY ou.created_at, ou.id LIMIT 1))
		WHERE p.community_id = ? ORDER BY p.full_name, p.id`, communityID))
}
