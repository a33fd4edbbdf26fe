package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"vecinos/internal/domain"
)

const communityColumns = `id, public_id, name, address, city, postal_code, country, catastral_reference, created_at, join_approval`

func scanCommunity(row scanner) (*domain.Community, error) {
	var c domain.Community
	var created int64
	err := row.Scan(&c.ID, &c.PublicID, &c.Name, &c.Address, &c.City, &c.PostalCode, &c.Country, &c.CatastralReference, &created, &c.JoinApproval)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c.CreatedAt = time.UnixMilli(created).UTC()
	return &c, nil
}

// CreateCommunity inserts c with a new ID and a fresh, unique community code. It returns referenceTaken,
// the error its caller words, when another community has c's catastral reference.
func (db *DB) CreateCommunity(ctx context.Context, c *domain.Community, now time.Time, referenceTaken error) error {
	tx := db.writerIn(ctx)
	c.ID = domain.NewID()
	c.CreatedAt = now.UTC().Truncate(time.Millisecond)
	if c.Country == "" {
		c.Country = domain.DefaultCountry
	}
	// 31^8 codes: a clash is rare, but a retry costs nothing and the unique index is the real guarantee.
	for range 5 {
		c.PublicID = domain.NewPublicID()
		taken, err := codeTaken(ctx, tx, c.PublicID)
		if err != nil {
			return err
		}
		if !taken {
			break
		}
	}
	// A community created from now on asks for approval when someone joins with its code (issue 33).
	c.JoinApproval = true
	k := addressKeysOf(c)
	_, err := tx.exec(ctx, `INSERT INTO communities
		(id, public_id, name, address, city, postal_code, country, catastral_reference, province, street_type, street_name,
		 street_number, city_key, street_key, number_key, address_key, created_by, created_at, updated_at, join_approval)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.PublicID, c.Name, c.Address, c.City, c.PostalCode, c.Country, c.CatastralReference,
		nullString(c.Province), nullString(c.StreetType), nullString(c.StreetName), nullString(c.StreetNumber),
		k.city, k.street, k.number, k.address, nullString(c.CreatedBy), ms(now), ms(now), c.JoinApproval)
	if isUniqueViolation(err) && c.CatastralReference != nil {
		return referenceTaken
	}
	return err
}

// CommunityByPublicID finds a community by its code (case-insensitive); nil when there is none.
func (db *DB) CommunityByPublicID(ctx context.Context, publicID string) (*domain.Community, error) {
	return scanCommunity(db.readerIn(ctx).queryRow(ctx,
		"SELECT "+communityColumns+" FROM communities WHERE public_id = ?", strings.ToUpper(strings.TrimSpace(publicID))))
}

// codeTaken reports whether a community code is in use, or was in use before an admin replaced it.
func codeTaken(ctx context.Context, tx conn, code string) (bool, error) {
	var n int
	err := tx.queryRow(ctx, `SELECT (SELECT COUNT(*) FROM communities WHERE public_id = ?) + (SELECT COUNT(*) FROM retired_community_codes WHERE code = ?)`,
		code, code).Scan(&n)
	return n > 0, err
}

// CodeRetired reports whether code (case-insensitive) is a community code that an admin replaced.
func (db *DB) CodeRetired(ctx context.Context, code string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM retired_community_codes WHERE code = ?", strings.ToUpper(strings.TrimSpace(code))).Scan(&n)
	return n > 0, err
}

// CommunityForUpdate reads a community inside the transaction of ctx (InTx) and locks it until that ends;
// nil when there is none.
func (db *DB) CommunityForUpdate(ctx context.Context, id string) (*domain.Community, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, "UPDATE communities SET updated_at = updated_at WHERE id = ?", id)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil
	}
	return scanCommunity(tx.queryRow(ctx, "SELECT "+communityColumns+" FROM communities WHERE id = ?", id))
}

// SaveCommunityCode gives the community read with CommunityForUpdate the code next, in the same
// transaction, and keeps its current one as retired. It reports false, changing nothing, when next is
// taken (in use or retired): the caller tries another.
func (db *DB) SaveCommunityCode(ctx context.Context, c *domain.Community, next string, now time.Time) (bool, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return false, err
	}
	taken, err := codeTaken(ctx, tx, next)
	if err != nil || taken {
		return false, err
	}
	if _, err := tx.exec(ctx, "INSERT INTO retired_community_codes (code, community_id, retired_at) VALUES (?, ?, ?)", c.PublicID, c.ID, now.UnixMilli()); err != nil {
		return false, err
	}
	if _, err := tx.exec(ctx, "UPDATE communities SET public_id = ?, updated_at = ? WHERE id = ?", next, now.UnixMilli(), c.ID); err != nil {
		return false, err
	}
	c.PublicID = next
	return true, nil
}

// CommunityByID returns a community by its id; nil when there is none.
func (db *DB) CommunityByID(ctx context.Context, id string) (*domain.Community, error) {
	return scanCommunity(db.readerIn(ctx).queryRow(ctx, "SELECT "+communityColumns+" FROM communities WHERE id = ?", id))
}

// CommunityHasMember reports whether userID belongs to communityID.
func (db *DB) CommunityHasMember(ctx context.Context, communityID, userID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM memberships WHERE user_id = ? AND community_id = ?", userID, communityID).Scan(&n)
	return n > 0, err
}

// CommunityHasUnit reports whether unitID is a unit of communityID.
func (db *DB) CommunityHasUnit(ctx context.Context, communityID, unitID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM units WHERE id = ? AND community_id = ?", unitID, communityID).Scan(&n)
	return n > 0, err
}

// In the export of a member's data (personaldata.go): the community.
func init() {
	exportPersonalData(
		dataSection{"community", `SELECT c.id, c.name FROM communities c JOIN memberships m ON m.community_id = c.id WHERE m.user_id = ?`},
	)
}
