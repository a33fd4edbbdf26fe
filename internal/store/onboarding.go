package store

import (
	"context"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// addressKeys are the search keys of a community's address (migration 0005).
type addressKeys struct{ city, street, number, address *string }

func addressKeysOf(c *domain.Community) addressKeys {
	key := func(s string, f func(string) string) *string { return nullString(f(s)) }
	return addressKeys{
		city:    key(c.City, domain.SearchKey),
		street:  key(c.StreetName, domain.StreetKey),
		number:  key(c.StreetNumber, domain.SearchKey),
		address: key(c.Address, domain.SearchKey),
	}
}

const matchColumns = `id, name, address, city, postal_code, province`

func scanMatch(row scanner) (domain.CommunityMatch, error) {
	var m domain.CommunityMatch
	err := row.Scan(&m.ID, &m.Name, &m.Address, &m.City, &m.PostalCode, &m.Province)
	return m, err
}

// searchLimit bounds a /find-community answer: it is a short list to pick from, not a directory.
const searchLimit = 10

// CommunitiesByParcel finds the communities of a building: those whose catastral reference starts with
// the 14 characters of the parcel (the communities_parcel index serves the expression).
func (db *DB) CommunitiesByParcel(ctx context.Context, parcel string) ([]domain.CommunityMatch, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), scanMatch, "SELECT "+matchColumns+` FROM communities
		WHERE substr(catastral_reference, 1, 14) = ? ORDER BY name, id LIMIT 10`, parcel)
	if out == nil && err == nil {
		out = []domain.CommunityMatch{}
	}
	return out, err
}

// CommunitiesByAddress finds communities in the city (key) on the street and number (keys). Communities
// whose address was only given as free text match when their address contains the street; the number is
// checked as a whole word. Province and street type narrow the result only when the community has them.
func (db *DB) CommunitiesByAddress(ctx context.Context, q domain.AddressSearch) ([]domain.CommunityMatch, error) {
	type candidate struct {
		m                                           domain.CommunityMatch
		province, streetType, streetKey, addressKey *string
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (candidate, error) {
		var c candidate
		err := row.Scan(&c.m.ID, &c.m.Name, &c.m.Address, &c.m.City, &c.m.PostalCode, &c.m.Province, &c.province, &c.streetType, &c.streetKey, &c.addressKey)
		return c, err
	}, `SELECT `+matchColumns+`, province, street_type, street_key, address_key FROM communities
		WHERE city_key = ? AND ((street_key = ? AND number_key = ?) OR (street_key IS NULL AND address_key LIKE ?))
		ORDER BY name, id LIMIT 100`, q.City, q.Street, q.Number, "%"+q.Street+"%")
	if err != nil {
		return nil, err
	}
	out := []domain.CommunityMatch{}
	for _, c := range rows {
		if c.province != nil && q.Province != "" && domain.SearchKey(*c.province) != q.Province {
			continue
		}
		if c.streetType != nil && q.StreetType != "" && domain.SearchKey(*c.streetType) != q.StreetType {
			continue
		}
		if c.streetKey == nil && (c.addressKey == nil || !hasWord(*c.addressKey, q.Number)) {
			continue
		}
		if out = append(out, c.m); len(out) == searchLimit {
			break
		}
	}
	return out, nil
}

func hasWord(s, word string) bool {
	for _, w := range strings.Fields(s) {
		if w == word {
			return true
		}
	}
	return false
}

// UpdateCommunity writes the editable data of a community (name, address, city, postal code, country,
// catastral reference, whether joining with the code needs approval) and refreshes its search keys. It
// reports false when there is no such community, and returns referenceTaken, the error its caller words,
// when another community has c's catastral reference.
func (db *DB) UpdateCommunity(ctx context.Context, c *domain.Community, now time.Time, referenceTaken error) (bool, error) {
	k := addressKeysOf(c)
	res, err := db.writerIn(ctx).exec(ctx, `UPDATE communities SET name = ?, address = ?, city = ?, postal_code = ?, country = ?,
		catastral_reference = ?, city_key = ?, address_key = ?, join_approval = ?, updated_at = ? WHERE id = ?`,
		c.Name, c.Address, c.City, c.PostalCode, c.Country, c.CatastralReference, k.city, k.address, c.JoinApproval, ms(now), c.ID)
	if isUniqueViolation(err) {
		return false, referenceTaken
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
