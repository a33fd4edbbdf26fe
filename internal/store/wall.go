package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// wallSelect reads a live post with its counts and what the reader did; its first two parameters are the
// reader, twice.
const wallSelect = `SELECT w.id, w.community_id, w.author_id, COALESCE(pa.full_name, ''), pa.avatar_url, w.kind, w.body, w.image_url,
		w.event_id, COALESCE(e.title, ''), e.start_at, w.poll_id, COALESCE(po.title, ''), COALESCE(po.status, ''), po.closes_at,
		(SELECT COUNT(*) FROM poll_voters v WHERE v.poll_id = w.poll_id), w.hidden_at, w.hidden_by, w.created_at, w.updated_at, w.edited_at,
		(SELECT COUNT(*) FROM wall_likes l WHERE l.post_id = w.id),
		(SELECT COUNT(*) FROM wall_comments c WHERE c.post_id = w.id),
		(SELECT COUNT(*) FROM wall_reports r WHERE r.post_id = w.id),
		EXISTS (SELECT 1 FROM wall_likes l WHERE l.post_id = w.id AND l.user_id = ?),
		EXISTS (SELECT 1 FROM wall_reports r WHERE r.post_id = w.id AND r.user_id = ?)
	FROM wall_posts w
	LEFT JOIN profiles pa ON pa.id = w.author_id
	LEFT JOIN events e ON e.id = w.event_id
	LEFT JOIN polls po ON po.id = w.poll_id`

func scanWallPost(row scanner) (*domain.WallPost, error) {
	var p domain.WallPost
	var kind, pollTitle, pollStatus string
	var created, updated int64
	var pollVoters int
	var eventStart, pollCloses, hidden, edited *int64
	err := row.Scan(&p.ID, &p.CommunityID, &p.AuthorID, &p.AuthorName, &p.AuthorAvatar, &kind, &p.Body, &p.ImageURL,
		&p.EventID, &p.EventTitle, &eventStart, &p.PollID, &pollTitle, &pollStatus, &pollCloses, &pollVoters, &hidden, &p.HiddenBy, &created, &updated, &edited,
		&p.Likes, &p.Comments, &p.Reports, &p.LikedByMe, &p.ReportedByMe)
	if err != nil {
		return nil, err
	}
	p.Kind = domain.PostKind(kind)
	p.CreatedAt, p.UpdatedAt = fromMS(created), fromMS(updated)
	p.EventStartAt, p.HiddenAt, p.EditedAt = fromNullMS(eventStart), fromNullMS(hidden), fromNullMS(edited)
	if p.PollID != nil && pollCloses != nil {
		p.Poll = &domain.WallPoll{Title: pollTitle, Status: domain.PollStatus(pollStatus), ClosesAt: fromMS(*pollCloses), Voters: pollVoters}
	}
	return &p, nil
}

// withPollOptions reads the options of the posts' consultas, in their order.
func (db *DB) withPollOptions(ctx context.Context, posts []domain.WallPost) error {
	byPoll := map[string][]*domain.WallPoll{}
	var ids []any
	for i := range posts {
		if p := &posts[i]; p.Poll != nil {
			if byPoll[*p.PollID] == nil {
				ids = append(ids, *p.PollID)
			}
			byPoll[*p.PollID] = append(byPoll[*p.PollID], p.Poll)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	type option struct{ pollID, text string }
	options, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (o option, err error) {
		return o, row.Scan(&o.pollID, &o.text)
	}, "SELECT poll_id, text FROM poll_options WHERE poll_id IN ("+placeholders(len(ids))+") ORDER BY poll_id, position", ids...)
	if err != nil {
		return err
	}
	for _, o := range options {
		for _, wp := range byPoll[o.pollID] {
			wp.Options = append(wp.Options, o.text)
		}
	}
	return nil
}

// WallPollExists reports whether poll id is one of communityID's, which a post may link.
func (db *DB) WallPollExists(ctx context.Context, communityID, id string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM polls WHERE id = ? AND community_id = ?", id, communityID).Scan(&n)
	return n > 0, err
}

// InsertWallPost stores a new post.
func (db *DB) InsertWallPost(ctx context.Context, p *domain.WallPost) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO wall_posts (id, community_id, author_id, kind, body, image_url, event_id, poll_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.CommunityID, p.AuthorID, string(p.Kind), p.Body, p.ImageURL, p.EventID, p.PollID, ms(p.CreatedAt), ms(p.UpdatedAt))
	return err
}

// WallPost returns a live post of communityID (hidden or not) as viewer sees it; nil when there is none.
func (db *DB) WallPost(ctx context.Context, communityID, id, viewer string) (*domain.WallPost, error) {
	p, err := orNil(scanWallPost(db.readerIn(ctx).queryRow(ctx, wallSelect+" WHERE w.id = ? AND w.community_id = ? AND w.deleted_at IS NULL",
		viewer, viewer, id, communityID)))
	if p == nil {
		return nil, err
	}
	one := []domain.WallPost{*p}
	if err := db.withPollOptions(ctx, one); err != nil {
		return nil, err
	}
	return &one[0], nil
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
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanWallPost), b.String(), args...)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []domain.WallPost{}
	}
	return out, db.withPollOptions(ctx, out)
}

// WallPostForUpdate reads a live post of communityID inside the transaction of ctx (InTx), locked; nil
// when there is none.
func (db *DB) WallPostForUpdate(ctx context.Context, communityID, id string) (*domain.WallPost, error) {
	tx, ok, err := lockLive(ctx, "wall_posts", id, communityID)
	if !ok {
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
		_, err := db.writerIn(ctx).exec(ctx, `DELETE FROM wall_likes WHERE user_id = ? AND post_id IN
			(SELECT id FROM wall_posts WHERE id = ? AND community_id = ?)`, userID, postID, communityID)
		return err
	}
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO wall_likes (post_id, user_id, created_at)
		SELECT w.id, ?, ? FROM wall_posts w WHERE w.id = ? AND w.community_id = ? AND w.deleted_at IS NULL
		ON CONFLICT (post_id, user_id) DO NOTHING`, userID, ms(at), postID, communityID)
	return err
}

// ReportWallPost records userID's report of a live post of communityID, once.
func (db *DB) ReportWallPost(ctx context.Context, communityID, postID, userID string, reason *string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO wall_reports (post_id, user_id, reason, created_at)
		SELECT w.id, ?, ?, ? FROM wall_posts w WHERE w.id = ? AND w.community_id = ? AND w.deleted_at IS NULL
		ON CONFLICT (post_id, user_id) DO NOTHING`, userID, reason, ms(at), postID, communityID)
	return err
}

// AddWallComment stores a comment on a live post of communityID; false when there is no such post.
func (db *DB) AddWallComment(ctx context.Context, communityID string, c *domain.WallComment) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `INSERT INTO wall_comments (id, post_id, author_id, body, created_at)
		SELECT ?, w.id, ?, ?, ? FROM wall_posts w WHERE w.id = ? AND w.community_id = ? AND w.deleted_at IS NULL`,
		c.ID, c.AuthorID, c.Body, ms(c.CreatedAt), c.PostID, communityID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

const wallCommentSelect = `SELECT c.id, c.post_id, c.author_id, COALESCE(p.full_name, ''), c.body, c.created_at
	FROM wall_comments c JOIN wall_posts w ON w.id = c.post_id LEFT JOIN profiles p ON p.id = c.author_id`

func scanWallComment(row scanner) (*domain.WallComment, error) {
	var c domain.WallComment
	var at int64
	err := row.Scan(&c.ID, &c.PostID, &c.AuthorID, &c.AuthorName, &c.Body, &at)
	if err != nil {
		return nil, err
	}
	c.CreatedAt = fromMS(at)
	return &c, nil
}

// WallComments returns the comments of a post of communityID, oldest first.
func (db *DB) WallComments(ctx context.Context, communityID, postID string) ([]domain.WallComment, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanWallComment), wallCommentSelect+" WHERE c.post_id = ? AND w.community_id = ? ORDER BY c.created_at, c.id",
		postID, communityID)
	if out == nil && err == nil {
		out = []domain.WallComment{}
	}
	return out, err
}

// WallCommentForUpdate reads a comment on a live post of communityID inside the transaction of ctx (InTx),
// locking its post so that a concurrent deletion of the post and of the comment serialize; nil when
// there is none.
func (db *DB) WallCommentForUpdate(ctx context.Context, communityID, id string) (*domain.WallComment, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	c, err := orNil(scanWallComment(tx.queryRow(ctx, wallCommentSelect+" WHERE c.id = ? AND w.community_id = ? AND w.deleted_at IS NULL", id, communityID)))
	if c == nil {
		return nil, err
	}
	if _, ok, err := lockLive(ctx, "wall_posts", c.PostID, communityID); !ok {
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

// OpenConsultasBy counts the polls of communityID that userID created and that are still open at now.
func (db *DB) OpenConsultasBy(ctx context.Context, communityID, userID string, now time.Time) (int, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COUNT(*) FROM polls WHERE community_id = ? AND created_by = ? AND status = 'open'
		AND closes_at > ?`, communityID, userID, ms(now)).Scan(&n)
	return n, err
}

// In the export of a member's data (personaldata.go): their wall posts, comments and likes.
func init() {
	exportPersonalData(
		dataSection{"wall_posts", `SELECT id, community_id, kind, body, image_url, event_id, created_at, edited_at, deleted_at FROM wall_posts WHERE author_id = ? ORDER BY created_at`},
		dataSection{"wall_comments", `SELECT id, post_id, body, created_at FROM wall_comments WHERE author_id = ? ORDER BY created_at`},
		dataSection{"wall_likes", `SELECT post_id, created_at FROM wall_likes WHERE user_id = ?`},
	)
}
