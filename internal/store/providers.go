package store

import (
	"context"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// providerSelect reads a provider with its rating (average and count) and the reader's own rating; its
// first two parameters are the reader, twice.
const providerSelect = `SELECT p.id, p.community_id, p.name, p.category, p.description, p.phone, p.email, p.address,
		p.emergency, p.verified, p.status, p.rejection_reason, p.suggested_by, COALESCE(ps.full_name, ''),
		p.created_at, p.updated_at,
		COALESCE((SELECT AVG(CAST(r.stars AS REAL)) FROM provider_ratings r WHERE r.provider_id = p.id), 0),
		(SELECT COUNT(*) FROM provider_ratings r WHERE r.provider_id = p.id),
		(SELECT r.stars FROM provider_ratings r WHERE r.provider_id = p.id AND r.user_id = ?),
		(SELECT r.comment FROM provider_ratings r WHERE r.provider_id = p.id AND r.user_id = ?)
	FROM providers p
	LEFT JOIN profiles ps ON ps.id = p.suggested_by`

func scanProvider(row scanner) (*domain.Provider, error) {
	var p domain.Provider
	var category, status string
	var created, updated int64
	var mine *int64
	err := row.Scan(&p.ID, &p.CommunityID, &p.Name, &category, &p.Description, &p.Phone, &p.Email, &p.Address,
		&p.Emergency, &p.Verified, &status, &p.RejectionReason, &p.SuggestedBy, &p.SuggestedByName, &created, &updated,
		&p.RatingAverage, &p.RatingCount, &mine, &p.MyComment)
	if err != nil {
		return nil, err
	}
	p.Category, p.Status = domain.ProviderCategory(category), domain.ProviderStatus(status)
	p.CreatedAt, p.UpdatedAt = fromMS(created), fromMS(updated)
	if mine != nil {
		n := int(*mine)
		p.MyStars = &n
	}
	return &p, nil
}

// CreateProvider stores a new provider.
func (db *DB) CreateProvider(ctx context.Context, p *domain.Provider) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO providers (id, community_id, name, category, description, phone, email, address,
		emergency, verified, status, rejection_reason, suggested_by, search_text, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.CommunityID, p.Name, string(p.Category), p.Description, p.Phone, p.Email, p.Address, p.Emergency, p.Verified,
		string(p.Status), p.RejectionReason, p.SuggestedBy, domain.SearchText(p.Name, p.Description), ms(p.CreatedAt), ms(p.UpdatedAt))
	return err
}

// Provider returns a provider of communityID, whatever its status, as viewer sees it (their own rating);
// nil when it has none such.
func (db *DB) Provider(ctx context.Context, communityID, id, viewer string) (*domain.Provider, error) {
	return orNil(scanProvider(db.readerIn(ctx).queryRow(ctx, providerSelect+" WHERE p.id = ? AND p.community_id = ?", viewer, viewer, id, communityID)))
}

// ListProviders returns the listed providers of communityID by name, with the suggestions f.Viewer may see:
// their own (pending or rejected), and every pending one when f.Admin.
func (db *DB) ListProviders(ctx context.Context, communityID string, f domain.ProviderFilter) ([]domain.Provider, error) {
	var b strings.Builder
	b.WriteString(providerSelect)
	b.WriteString(" WHERE p.community_id = ? AND (p.status = 'approved' OR (p.status IN ('pending', 'rejected') AND p.suggested_by = ?)")
	args := []any{f.Viewer, f.Viewer, communityID, f.Viewer}
	if f.Admin {
		b.WriteString(" OR p.status = 'pending'")
	}
	b.WriteString(")")
	if f.Category != "" {
		b.WriteString(" AND p.category = ?")
		args = append(args, string(f.Category))
	}
	if f.Search != "" {
		args = db.engine.containsText(&b, args, "p.search_text", f.Search)
	}
	b.WriteString(" ORDER BY p.name, p.id")
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanProvider), b.String(), args...)
	if out == nil && err == nil {
		out = []domain.Provider{}
	}
	return out, err
}

// ProviderRatings returns the ratings of a provider, newest first (read the provider first: Provider
// scopes it to a community).
func (db *DB) ProviderRatings(ctx context.Context, id string) ([]domain.ProviderRating, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (r domain.ProviderRating, err error) {
		var at int64
		err = row.Scan(&r.UserID, &r.UserName, &r.Stars, &r.Comment, &at)
		r.UpdatedAt = fromMS(at)
		return r, err
	}, `SELECT r.user_id, COALESCE(pr.full_name, ''), r.stars, r.comment, r.updated_at
		FROM provider_ratings r LEFT JOIN profiles pr ON pr.id = r.user_id
		WHERE r.provider_id = ? ORDER BY r.updated_at DESC, r.user_id`, id)
	if out == nil && err == nil {
		out = []domain.ProviderRating{}
	}
	return out, err
}

// ProviderForUpdate reads a provider of communityID inside the transaction of ctx (InTx) and locks it
// until that ends, so concurrent reviews and edits serialize; nil when there is none.
func (db *DB) ProviderForUpdate(ctx context.Context, communityID, id string) (*domain.Provider, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	res, err := tx.exec(ctx, "UPDATE providers SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil
	}
	return scanProvider(tx.queryRow(ctx, providerSelect+" WHERE p.id = ?", "", "", id))
}

// SaveProvider writes p, read with ProviderForUpdate, inside the same transaction.
func (db *DB) SaveProvider(ctx context.Context, p *domain.Provider) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `UPDATE providers SET name = ?, category = ?, description = ?, phone = ?, email = ?, address = ?,
		emergency = ?, verified = ?, status = ?, rejection_reason = ?, search_text = ?, updated_at = ? WHERE id = ?`,
		p.Name, string(p.Category), p.Description, p.Phone, p.Email, p.Address, p.Emergency, p.Verified, string(p.Status),
		p.RejectionReason, domain.SearchText(p.Name, p.Description), ms(p.UpdatedAt), p.ID)
	return err
}

// RateProvider records userID's rating of a listed provider of communityID. The primary key keeps one
// rating per member, and the upsert makes concurrent ratings of one member replace each other instead of
// failing: the last one to commit stays. False when there is no such listed provider.
func (db *DB) RateProvider(ctx context.Context, communityID, id, userID string, stars int, comment *string, at time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `INSERT INTO provider_ratings (provider_id, user_id, stars, comment, created_at, updated_at)
		SELECT p.id, ?, ?, ?, ?, ? FROM providers p WHERE p.id = ? AND p.community_id = ? AND p.status = 'approved'
		ON CONFLICT (provider_id, user_id) DO UPDATE SET stars = excluded.stars, comment = excluded.comment, updated_at = excluded.updated_at`,
		userID, stars, comment, ms(at), ms(at), id, communityID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// In the export of a member's data (personaldata.go): the providers they suggested and their ratings.
func init() {
	exportPersonalData(
		dataSection{"providers_suggested", `SELECT id, community_id, name, category, status, created_at FROM providers WHERE suggested_by = ?`},
		dataSection{"provider_ratings", `SELECT provider_id, stars, comment, created_at, updated_at FROM provider_ratings WHERE user_id = ?`},
	)
}
