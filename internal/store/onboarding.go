package store

import (
	"context"
	"strings"
	"time"

	"vecinos/internal/domain"
)

var errReferenceTaken = domain.Errorf(domain.CodeConflict, "Ya existe una comunidad con esta referencia catastral")

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

func scanMatches(rows interface {
	Next() bool
	Scan(...any) error
	Err() error
	Close() error
}) ([]domain.CommunityMatch, error) {
	defer rows.Close()
	out := []domain.CommunityMatch{}
	for rows.Next() {
		var m domain.CommunityMatch
		if err := rows.Scan(&m.ID, &m.Name, &m.Address, &m.City, &m.PostalCode, &m.Province); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// searchLimit bounds a /find-community answer: it is a short list to pick from, not a directory.
const searchLimit = 10

// CommunitiesByParcel finds the communities of a building: those whose catastral reference starts with
// the 14 characters of the parcel (the communities_parcel index serves the expression).
func (db *DB) CommunitiesByParcel(ctx context.Context, parcel string) ([]domain.CommunityMatch, error) {
	rows, err := db.reader().query(ctx, "SELECT "+matchColumns+` FROM communities
		WHERE substr(catastral_reference, 1, 14) = ? ORDER BY name, id LIMIT 10`, parcel)
	if err != nil {
		return nil, err
	}
	return scanMatches(rows)
}

// CommunitiesByAddress finds communities in the city (key) on the street and number (keys). Communities
// whose address was only given as free text match when their address contains the street; the number is
// checked as a whole word. Province and street type narrow the result only when the community has them.
func (db *DB) CommunitiesByAddress(ctx context.Context, q domain.AddressSearch) ([]domain.CommunityMatch, error) {
	rows, err := db.reader().query(ctx, `SELECT `+matchColumns+`, province, street_type, street_key, address_key FROM communities
		WHERE city_key = ? AND ((street_key = ? AND number_key = ?) OR (street_key IS NULL AND address_key LIKE ?))
		ORDER BY name, id LIMIT 100`, q.City, q.Street, q.Number, "%"+q.Street+"%")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.CommunityMatch{}
	for rows.Next() {
		var m domain.CommunityMatch
		var province, streetType, streetKey, addressKey *string
		if err := rows.Scan(&m.ID, &m.Name, &m.Address, &m.City, &m.PostalCode, &m.Province, &province, &streetType, &streetKey, &addressKey); err != nil {
			return nil, err
		}
		if province != nil && q.Province != "" && domain.SearchKey(*province) != q.Province {
			continue
		}
		if streetType != nil && q.StreetType != "" && domain.SearchKey(*streetType) != q.StreetType {
			continue
		}
		if streetKey == nil && (addressKey == nil || !hasWord(*addressKey, q.Number)) {
			continue
		}
		if out = append(out, m); len(out) == searchLimit {
			break
		}
	}
	return out, rows.Err()
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
// catastral reference, whether joining with the code needs approval) and refreshes its search keys.
func (db *DB) UpdateCommunity(ctx context.Context, c *domain.Community) error {
	k := addressKeysOf(c)
	res, err := db.writer().exec(ctx, `UPDATE communities SET name = ?, address = ?, city = ?, postal_code = ?, country = ?,
		catastral_reference = ?, city_key = ?, address_key = ?, join_approval = ?, updated_at = ? WHERE id = ?`,
		c.Name, c.Address, c.City, c.PostalCode, c.Country, c.CatastralReference, k.city, k.address, c.JoinApproval, time.Now().UnixMilli(), c.ID)
	if isUniqueViolation(err) {
		return errReferenceTaken
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return domain.Errorf(domain.CodeNotFound, "No se pudo obtener la comunidad")
	}
	return nil
}
