package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"vecinos/internal/domain"
)

const communityColumns = `id, public_id, name, address, city, postal_code, country, catastral_reference, created_at`

func scanCommunity(row interface{ Scan(...any) error }) (*domain.Community, error) {
	var c domain.Community
	var created int64
	err := row.Scan(&c.ID, &c.PublicID, &c.Name, &c.Address, &c.City, &c.PostalCode, &c.Country, &c.CatastralReference, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.CodeNotFound, "No se encontró ninguna comunidad con este código")
	}
	if err != nil {
		return nil, err
	}
	c.CreatedAt = time.UnixMilli(created).UTC()
	return &c, nil
}

// CreateCommunity inserts c with a new ID and a fresh, unique community code.
func (db *DB) CreateCommunity(ctx context.Context, c *domain.Community) error {
	return db.inTx(ctx, func(tx conn) error { return createCommunity(ctx, tx, c) })
}

func createCommunity(ctx context.Context, tx conn, c *domain.Community) error {
	now := time.Now()
	c.ID = domain.NewID()
	c.CreatedAt = now.UTC().Truncate(time.Millisecond)
	if c.Country == "" {
		c.Country = domain.DefaultCountry
	}
	// 31^8 codes: a clash is rare, but a retry costs nothing and the unique index is the real guarantee.
	for range 5 {
		c.PublicID = domain.NewPublicID()
		var taken int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM communities WHERE public_id = ?", c.PublicID).Scan(&taken); err != nil {
			return err
		}
		if taken == 0 {
			break
		}
	}
	k := addressKeysOf(c)
	_, err := tx.exec(ctx, `INSERT INTO communities
		(id, public_id, name, address, city, postal_code, country, catastral_reference, province, street_type, street_name,
		 street_number, city_key, street_key, number_key, address_key, created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.PublicID, c.Name, c.Address, c.City, c.PostalCode, c.Country, c.CatastralReference,
		nullString(c.Province), nullString(c.StreetType), nullString(c.StreetName), nullString(c.StreetNumber),
		k.city, k.street, k.number, k.address, nullString(c.CreatedBy), now.UnixMilli(), now.UnixMilli())
	if isUniqueViolation(err) && c.CatastralReference != nil {
		return errReferenceTaken
	}
	return err
}

// CommunityByPublicID finds a community by its code (case-insensitive).
func (db *DB) CommunityByPublicID(ctx context.Context, publicID string) (*domain.Community, error) {
	return scanCommunity(db.reader().queryRow(ctx,
		"SELECT "+communityColumns+" FROM communities WHERE public_id = ?", strings.ToUpper(strings.TrimSpace(publicID))))
}

// CommunityByID returns a community by its id.
func (db *DB) CommunityByID(ctx context.Context, id string) (*domain.Community, error) {
	return scanCommunity(db.reader().queryRow(ctx, "SELECT "+communityColumns+" FROM communities WHERE id = ?", id))
}
