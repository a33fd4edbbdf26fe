package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/domain"
)

var (
	errWallPostNotFound    = domain.Errorf(domain.CodeNotFound, "La publicación no existe")
	errWallCommentNotFound = domain.Errorf(domain.CodeNotFound, "El comentario no existe")
	errWallEvent           = domain.Errorf(domain.CodeInvalid, "El evento no existe en tu comunidad")
)

// wallSelect reads a live post with its counts and what the reader did; its first two parameters are the
// reader, twice.
const wallSelect = `SELECT w.id, w.community_id, w.author_id, COALESCE(pa.full_name, ''), pa.avatar_url, w.kind, w.body, w.image_url,
		w.event_id, COALESCE(e.title, ''), e.start_at, w.hidden_at, w.hidden_by, w.created_at, w.updated_at, w.edited_at,
		(SELECT COUNT(*) FROM wall_likes l WHERE l.post_id = w.id),
		(SELECT COUNT(*) FROM wall_comments c WHERE c.post_id = w.id),
		(SELECT COUNT(*) FROM wall_reports r WHERE r.post_id = w.id),
		EXISTS (SELECT 1 FROM wall_likes l WHERE l.post_id = w.id AND l.user_id = ?),
		EXISTS (SELECT 1 FROM wall_reports r WHERE r.post_id = w.id AND r.user_id = ?)
	FROM wall_posts w
	LEFT JOIN profiles pa ON pa.id = w.author_id
	LEFT JOIN events e ON e.id = w.event_id`

func scanWallPost(row interface{ Scan(...any) error }) (*domain.WallPost, error) {
	var p domain.WallPost
	var kind string
	var created, updated int64
	var eventStart, hidden, edited *int64
	err := row.Scan(&p.ID, &p.CommunityID, &p.AuthorID, &p.AuthorName, &p.AuthorAvatar, &kind, &p.Body, &p.ImageURL,
		&p.EventID, &p.EventTitle, &eventStart, &hidden, &p.HiddenBy, &created, &updated, &edited,
		&p.Likes, &p.Comments, &p.Reports, &p.LikedByMe, &p.ReportedByMe)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errWallPostNotFound
	}
	if err != nil {
		return nil, err
	}
	p.Kind = domain.PostKind(kind)
	p.CreatedAt, p.UpdatedAt = fromMS(created), fromMS(updated)
	p.EventStartAt, p.HiddenAt, p.EditedAt = fromNullMS(eventStart), fromNullMS(hidden), fromNullMS(edited)
	return &p, nil
}

// CreateWallPost stores a new post; its event must be an event of the post's community.
func (db *DB) CreateWallPost(ctx context.Context, p *domain.WallPost) error {
	return db.inTx(ctx, func(tx conn) error {
		if p.EventID != nil {
			var n int
			if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM events WHERE id = ? AND community_id = ? AND deleted_at IS NULL",
				*p.EventID, p.CommunityID).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return errWallEvent
			}
		}
		_, err := tx.exec(ctx, `INSERT INTO wall_posts (id, community_id, author_id, kind, body, image_url, event_id, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			p.ID, p.CommunityID, p.AuthorID, string(p.Kind), p.Body, p.ImageURL, p.EventID, ms(p.CreatedAt), ms(p.UpdatedAt))
		return err
	})
}

// WallPost returns a live post of communityID (hidden or not) as viewer sees it.
func (db *DB) WallPost(ctx context.Context, communityID, id, viewer string) (*domain.WallPost, error) {
	return scanWallPost(db.reader().queryRow(ctx, wallSelect+" WHERE w.id = ? AND w.community_id = ? AND w.deleted_at IS NULL",
		viewer, viewer, id, communityID))
}

// ListWallPosts returns up to f.Limit live posts of communityID, newest first, after f.After; hidden ones
// only when f.IncludeHidden.
func (db *DB) ListWallPosts(ctx context.Context, communityID string, f domain.WallFilter) ([]domain.WallPost, error) {
	var b strings.Builder
	b.WriteString(wallSelect)
	b.WriteString(" WHERE w.community_id = ? AND w.deleted_at IS NULL")
	args := []any{f.Viewer, f.Viewer, communityID}
	if !f.IncludeHidden {
		b.WriteString(" AND w.hidden_at IS NULL")
	}
	if f.After != nil {
		b.WriteString(" AND (w.created_at, w.id) < (?, ?)")
		args = append(args, ms(f.After.At), f.After.ID)
	}
	b.WriteString(" ORDER BY w.created_at DESC, w.id DESC LIMIT ")
	b.WriteString(strconv.Itoa(max(f.Limit, 0)))
	rows, err := db.reader().query(ctx, b.String(), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]domain.WallPost, 0, f.Limit)
	for rows.Next() {
		p, err := scanWallPost(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *p)
	}
	return out, rows.Err()
}

// WallPostForUpdate reads a live post of communityID inside the transaction of ctx (InTx), locked.
func (db *DB) WallPostForUpdate(ctx context.Context, communityID, id string) (*domain.WallPost, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if err := lockLiveRow(ctx, tx, "wall_posts", id, communityID, errWallPostNotFound); err != nil {
		return nil, err
	}
	return scanWallPost(tx.queryRow(ctx, wallSelect+" WHERE w.id = ?", "", "", id))
}

// SaveWallPost writes p, read with WallPostForUpdate, inside the same transaction.
func (db *DB) SaveWallPost(ctx context.Context, p *domain.WallPost) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `UPDATE wall_posts SET body = ?, image_url = ?, hidden_at = ?, hidden_by = ?, updated_at = ?, edited_at = ?,
		deleted_at = ? WHERE id = ?`,
		p.Body, p.ImageURL, nullMS(p.HiddenAt), p.HiddenBy, ms(p.UpdatedAt), nullMS(p.EditedAt), nullMS(p.DeletedAt), p.ID)
	return err
}

// SetWallLike records (or removes) userID's like of a live post of communityID. The primary key and the
// conflict clause make a like idempotent, so concurrent likes neither fail nor count twice.
func (db *DB) SetWallLike(ctx context.Context, communityID, postID, userID string, liked bool, at time.Time) error {
	if !liked {
		_, err := db.writer().exec(ctx, `DELETE FROM wall_likes WHERE user_id = ? AND post_id IN
			(SELECT id FROM wall_posts WHERE id = ? AND community_id = ?)`, userID, postID, communityID)
		return err
	}
	_, err := db.writer().exec(ctx, `INSERT INTO wall_likes (post_id, user_id, created_at)
		SELECT w.id, ?, ? FROM wall_posts w WHERE w.id = ? AND w.community_id = ? AND w.deleted_at IS NULL
		ON CONFLICT (post_id, user_id) DO NOTHING`, userID, ms(at), postID, communityID)
	return err
}

// ReportWallPost records userID's report of a live post of communityID, once.
func (db *DB) ReportWallPost(ctx context.Context, communityID, postID, userID string, reason *string, at time.Time) error {
	_, err := db.writer().exec(ctx, `INSERT INTO wall_reports (post_id, user_id, reason, created_at)
		SELECT w.id, ?, ?, ? FROM wall_posts w WHERE w.id = ? AND w.community_id = ? AND w.deleted_at IS NULL
		ON CONFLICT (post_id, user_id) DO NOTHING`, userID, reason, ms(at), postID, communityID)
	return err
}

// AddWallComment stores a comment on a live post of communityID.
func (db *DB) AddWallComment(ctx context.Context, communityID string, c *domain.WallComment) error {
	res, err := db.writer().exec(ctx, `INSERT INTO wall_comments (id, post_id, author_id, body, created_at)
		SELECT ?, w.id, ?, ?, ? FROM wall_posts w WHERE w.id = ? AND w.community_id = ? AND w.deleted_at IS NULL`,
		c.ID, c.AuthorID, c.Body, ms(c.CreatedAt), c.PostID, communityID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errWallPostNotFound
	}
	return nil
}

const wallCommentSelect = `SELECT c.id, c.post_id, c.author_id, COALESCE(p.full_name, ''), c.body, c.created_at
	FROM wall_comments c JOIN wall_posts w ON w.id = c.post_id LEFT JOIN profiles p ON p.id = c.author_id`

func scanWallComment(row interface{ Scan(...any) error }) (*domain.WallComment, error) {
	var c domain.WallComment
	var at int64
	err := row.Scan(&c.ID, &c.PostID, &c.AuthorID, &c.AuthorName, &c.Body, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errWallCommentNotFound
	}
	if err != nil {
		return nil, err
	}
	c.CreatedAt = fromMS(at)
	return &c, nil
}

// WallComments returns the comments of a post of communityID, oldest first.
func (db *DB) WallComments(ctx context.Context, communityID, postID string) ([]domain.WallComment, error) {
	rows, err := db.reader().query(ctx, wallCommentSelect+" WHERE c.post_id = ? AND w.community_id = ? ORDER BY c.created_at, c.id",
		postID, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.WallComment{}
	for rows.Next() {
		c, err := scanWallComment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

// WallCommentForUpdate reads a comment on a live post of communityID inside the transaction of ctx (InTx),
// locking its post so that a concurrent deletion of the post and of the comment serialize.
func (db *DB) WallCommentForUpdate(ctx context.Context, communityID, id string) (*domain.WallComment, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	c, err := scanWallComment(tx.queryRow(ctx, wallCommentSelect+" WHERE c.id = ? AND w.community_id = ? AND w.deleted_at IS NULL", id, communityID))
	if err != nil {
		return nil, err
	}
	if err := lockLiveRow(ctx, tx, "wall_posts", c.PostID, communityID, errWallCommentNotFound); err != nil {
		return nil, err
	}
	return c, nil
}

// DeleteWallComment deletes a comment read with WallCommentForUpdate, inside the same transaction.
func (db *DB) DeleteWallComment(ctx context.Context, id string) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "DELETE FROM wall_comments WHERE id = ?", id)
	return err
}
