package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// inAudience is true when the profile p belongs to the audience of the announcement a: a member of its
// community who is targeted (everyone, the confirmed owners of a unit of the community, or those who
// live in or own a unit of one portal). The same predicate decides who sees an announcement, who counts
// in 'read by N of M' and who is emailed a critical one. A member's units of a portal (ADR 0018) are the
// one they live in (memberships.unit_id), those they own (units.owner_id, set only once confirmed) and
// their further units (unit_members), confirmed or still claims: an unconfirmed claim gives a
// resident's rights, as choosing one's primary unit does, never an owner's.
const inAudience = `p.community_id = a.community_id AND (a.audience_kind = 'all'
	OR (a.audience_kind = 'owners' AND EXISTS (SELECT 1 FROM units ou WHERE ou.community_id = a.community_id AND ou.owner_id = p.id))
	OR (a.audience_kind = 'building' AND EXISTS (SELECT 1 FROM units bu
		WHERE bu.community_id = a.community_id AND bu.building = a.audience_value
		AND (bu.id = p.unit_id OR bu.owner_id = p.id OR EXISTS (SELECT 1 FROM unit_members um WHERE um.unit_id = bu.id AND um.user_id = p.id)))))`

// effectiveStatus derives 'expirado' for a published announcement past valid_until (one ? : now).
const effectiveStatus = `(CASE WHEN a.status = 'publicado' AND a.valid_until IS NOT NULL AND a.valid_until < ? THEN 'expirado' ELSE a.status END)`

// announcementSelect reads announcements with every derived field for one member, so a page is one
// query: reaction counts per emoji, the member's reaction, read count and audience size, whether the
// member read it, and the author. Its ? are: now, the member (reaction), the member (receipt).
const announcementSelect = `SELECT a.id, a.community_id, a.title, a.description, ` + effectiveStatus + `, a.priority, a.type,
		a.is_pinned, a.valid_until, a.image_url, a.document_url, a.audience_kind, a.audience_value, a.created_by,
		a.created_at, a.updated_at, a.deleted_at, pa.full_name, pa.avatar_url,
		(SELECT COUNT(*) FROM announcement_reactions r WHERE r.announcement_id = a.id AND r.emoji = 'thumbs_up'),
		(SELECT COUNT(*) FROM announcement_reactions r WHERE r.announcement_id = a.id AND r.emoji = 'thumbs_down'),
		(SELECT COUNT(*) FROM announcement_reactions r WHERE r.announcement_id = a.id AND r.emoji = 'heart'),
		(SELECT COUNT(*) FROM announcement_reactions r WHERE r.announcement_id = a.id AND r.emoji = 'bell'),
		(SELECT r.emoji FROM announcement_reactions r WHERE r.announcement_id = a.id AND r.user_id = ?),
		(SELECT COUNT(*) FROM announcement_read_receipts rr JOIN members p ON p.id = rr.user_id
			WHERE rr.announcement_id = a.id AND ` + inAudience + `),
		(SELECT COUNT(*) FROM members p WHERE ` + inAudience + `),
		(SELECT COUNT(*) FROM announcement_read_receipts rr WHERE rr.announcement_id = a.id AND rr.user_id = ?)
	FROM announcements a
	LEFT JOIN profiles pa ON pa.id = a.created_by`

func announcementArgs(v domain.AnnouncementViewer) []any { return []any{ms(v.Now), v.UserID, v.UserID} }

// visibleTo restricts to what a non-admin member may see (one ?: the member): never a deleted
// announcement (only admins see those, by ID or with includeArchived), and only what they are targeted by.
const visibleTo = ` AND a.deleted_at IS NULL AND EXISTS (SELECT 1 FROM members p WHERE p.id = ? AND ` + inAudience + `)`

func scanAnnouncement(row scanner) (*domain.Announcement, error) {
	var an domain.Announcement
	var status, priority, typ, kind string
	var audience, myReaction *string
	var validUntil, deleted *int64
	var created, updated int64
	var up, down, heart, bell, read int
	err := row.Scan(&an.ID, &an.CommunityID, &an.Title, &an.Description, &status, &priority, &typ, &an.IsPinned, &validUntil,
		&an.ImageURL, &an.DocumentURL, &kind, &audience, &an.CreatedBy, &created, &updated, &deleted, &an.AuthorName,
		&an.AuthorAvatarURL, &up, &down, &heart, &bell, &myReaction, &an.ReadCount, &an.Total, &read)
	if err != nil {
		return nil, err
	}
	an.Status, an.Priority, an.Type = domain.AnnouncementStatus(status), domain.AnnouncementPriority(priority), domain.AnnouncementType(typ)
	an.Audience = domain.Audience{Kind: domain.AudienceKind(kind)}
	if audience != nil {
		an.Audience.Value = *audience
	}
	an.ValidUntil, an.DeletedAt = fromNullMS(validUntil), fromNullMS(deleted)
	an.CreatedAt, an.UpdatedAt = fromMS(created), fromMS(updated)
	an.Reactions = domain.ReactionCounts{domain.ReactionThumbsUp: up, domain.ReactionThumbsDown: down, domain.ReactionHeart: heart, domain.ReactionBell: bell}
	if myReaction != nil {
		r := domain.Reaction(*myReaction)
		an.MyReaction = &r
	}
	an.IsRead = read > 0
	return &an, nil
}

// Announcement returns an announcement of communityID as v sees it (deleted ones to admins only); one of
// another community, one v is not targeted by, or a deleted one to a member, is nil.
func (db *DB) Announcement(ctx context.Context, communityID, id string, v domain.AnnouncementViewer) (*domain.Announcement, error) {
	return announcement(ctx, db.readerIn(ctx), communityID, id, v)
}

func announcement(ctx context.Context, c conn, communityID, id string, v domain.AnnouncementViewer) (*domain.Announcement, error) {
	q := announcementSelect + " WHERE a.id = ? AND a.community_id = ?"
	args := append(announcementArgs(v), id, communityID)
	if !v.Admin {
		q += visibleTo
		args = append(args, v.UserID)
	}
	an, err := scanAnnouncement(c.queryRow(ctx, q, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return an, err
}

func inList[T ~string](b *strings.Builder, args []any, expr string, values []T) []any {
	if len(values) == 0 {
		return args
	}
	b.WriteString(" AND " + expr + " IN (")
	for i, v := range values {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("?")
		args = append(args, string(v))
	}
	b.WriteString(")")
	return args
}

// announcementListQuery builds the board's query: pinned first, then newest, walking
// announcements_community.
func announcementListQuery(engine Engine, communityID string, v domain.AnnouncementViewer, f domain.AnnouncementFilter) (string, []any) {
	var b strings.Builder
	b.WriteString(announcementSelect)
	b.WriteString(" WHERE a.community_id = ?")
	args := append(announcementArgs(v), communityID)
	if !v.Admin {
		b.WriteString(visibleTo)
		args = append(args, v.UserID)
	}
	if !f.IncludeArchived {
		b.WriteString(" AND a.deleted_at IS NULL AND a.status NOT IN ('archivado', 'eliminado')")
	}
	if len(f.Statuses) > 0 {
		args = append(args, ms(v.Now))
		args = inList(&b, args, effectiveStatus, f.Statuses)
	}
	args = inList(&b, args, "a.priority", f.Priorities)
	args = inList(&b, args, "a.type", f.Types)
	if f.Search != "" {
		args = engine.containsText(&b, args, "a.search_text", f.Search)
	}
	if f.After != nil {
		b.WriteString(" AND (a.is_pinned, a.created_at, a.id) < (?, ?, ?)")
		args = append(args, f.After.Pinned, ms(f.After.At), f.After.ID)
	}
	b.WriteString(" ORDER BY a.is_pinned DESC, a.created_at DESC, a.id DESC LIMIT ?")
	args = append(args, f.Limit)
	return b.String(), args
}

// ListAnnouncements returns up to f.Limit announcements of communityID that v sees, pinned first, then
// newest, after f.After; with every derived field, in one query.
func (db *DB) ListAnnouncements(ctx context.Context, communityID string, v domain.AnnouncementViewer, f domain.AnnouncementFilter) ([]domain.Announcement, error) {
	q, args := announcementListQuery(db.engine, communityID, v, f)
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanAnnouncement), q, args...)
	if out == nil && err == nil {
		out = []domain.Announcement{}
	}
	return out, err
}

// BuildingExists reports whether building is a portal of communityID (one of its units' building).
func (db *DB) BuildingExists(ctx context.Context, communityID, building string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM units WHERE community_id = ? AND building = ?", communityID, building).Scan(&n)
	return n > 0, err
}

func audienceValue(au domain.Audience) *string {
	if au.Kind != domain.AudienceBuilding {
		return nil
	}
	return &au.Value
}

// InsertAnnouncement stores a new announcement.
func (db *DB) InsertAnnouncement(ctx context.Context, an *domain.Announcement) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO announcements (id, community_id, title, description, status, priority, type,
		is_pinned, valid_until, image_url, document_url, audience_kind, audience_value, created_by, search_text, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		an.ID, an.CommunityID, an.Title, an.Description, string(an.Status), string(an.Priority), string(an.Type), an.IsPinned,
		nullMS(an.ValidUntil), an.ImageURL, an.DocumentURL, string(an.Audience.Kind), audienceValue(an.Audience), an.CreatedBy,
		domain.SearchText(an.Title, an.Description), ms(an.CreatedAt), ms(an.UpdatedAt))
	return err
}

// AnnouncementRecipients lists the audience of an announcement that can receive email (a confirmed
// address), by address.
func (db *DB) AnnouncementRecipients(ctx context.Context, id string) ([]domain.Recipient, error) {
	return queryAll(ctx, db.readerIn(ctx), scanRecipient, `SELECT u.email, p.full_name, u.language, c.name FROM announcements a
		JOIN communities c ON c.id = a.community_id
		JOIN members p ON `+inAudience+`
		JOIN users u ON u.id = p.id
		WHERE a.id = ? AND u.email_confirmed_at IS NOT NULL ORDER BY u.email`, id)
}

// QueueCriticalPush queues, in the transaction of ctx (InTx), the push of critical announcement an to its
// audience but its author.
func (db *DB) QueueCriticalPush(ctx context.Context, an *domain.Announcement, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	return queueCriticalPush(ctx, tx, an, at)
}

// AnnouncementForUpdate reads a live announcement of communityID, as stored (not the status derived
// from its validity), inside the transaction of ctx (InTx), and locks it until that ends; nil when there
// is none.
func (db *DB) AnnouncementForUpdate(ctx context.Context, communityID, id string) (*domain.Announcement, error) {
	tx, ok, err := lockLive(ctx, "announcements", id, communityID)
	if !ok {
		return nil, err
	}
	// A clock before any valid_until: the stored status, never the derived one.
	return announcement(ctx, tx, communityID, id, domain.AnnouncementViewer{Admin: true, Now: time.UnixMilli(0)})
}

// LockAnnouncement locks a live announcement of communityID until the transaction of ctx (InTx) ends, so
// that changes to it (reactions) serialize; false when there is none.
func (db *DB) LockAnnouncement(ctx context.Context, communityID, id string) (bool, error) {
	_, ok, err := lockLive(ctx, "announcements", id, communityID)
	return ok, err
}

// SaveAnnouncement writes an, read with AnnouncementForUpdate, inside the same transaction.
func (db *DB) SaveAnnouncement(ctx context.Context, an *domain.Announcement, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `UPDATE announcements SET title = ?, description = ?, status = ?, priority = ?, type = ?, is_pinned = ?,
		valid_until = ?, image_url = ?, document_url = ?, audience_kind = ?, audience_value = ?, search_text = ?, updated_at = ?,
		deleted_at = ? WHERE id = ?`,
		an.Title, an.Description, string(an.Status), string(an.Priority), string(an.Type), an.IsPinned, nullMS(an.ValidUntil),
		an.ImageURL, an.DocumentURL, string(an.Audience.Kind), audienceValue(an.Audience), domain.SearchText(an.Title, an.Description),
		ms(at), nullMS(an.DeletedAt), an.ID)
	return err
}

// MarkAnnouncementRead records that userID opened an announcement, once: a second click or another tab
// changes nothing.
func (db *DB) MarkAnnouncementRead(ctx context.Context, id, userID string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO announcement_read_receipts (announcement_id, user_id, read_at) VALUES (?, ?, ?)
		ON CONFLICT (announcement_id, user_id) DO NOTHING`, id, userID, ms(at))
	return err
}

// Reaction is userID's reaction to an announcement, nil when they have none.
func (db *DB) Reaction(ctx context.Context, id, userID string) (*domain.Reaction, error) {
	var r domain.Reaction
	err := db.readerIn(ctx).queryRow(ctx, "SELECT emoji FROM announcement_reactions WHERE announcement_id = ? AND user_id = ?", id, userID).Scan(&r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// SetReaction replaces userID's reaction to an announcement with emoji (none: nil); had is their reaction
// before (Reaction).
func (db *DB) SetReaction(ctx context.Context, id, userID string, had, emoji *domain.Reaction, at time.Time) error {
	c := db.writerIn(ctx)
	var err error
	switch {
	case emoji == nil:
		_, err = c.exec(ctx, "DELETE FROM announcement_reactions WHERE announcement_id = ? AND user_id = ?", id, userID)
	case had == nil:
		_, err = c.exec(ctx, "INSERT INTO announcement_reactions (announcement_id, user_id, emoji, created_at) VALUES (?, ?, ?, ?)",
			id, userID, string(*emoji), ms(at))
	default:
		_, err = c.exec(ctx, "UPDATE announcement_reactions SET emoji = ?, created_at = ? WHERE announcement_id = ? AND user_id = ?",
			string(*emoji), ms(at), id, userID)
	}
	return err
}

// ReactionCounts counts the reactions to an announcement by emoji, every emoji present.
func (db *DB) ReactionCounts(ctx context.Context, id string) (domain.ReactionCounts, error) {
	type count struct {
		emoji domain.Reaction
		n     int
	}
	got, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (c count, err error) {
		return c, row.Scan(&c.emoji, &c.n)
	}, "SELECT emoji, COUNT(*) FROM announcement_reactions WHERE announcement_id = ? GROUP BY emoji", id)
	if err != nil {
		return nil, err
	}
	counts := domain.ReactionCounts{}
	for _, r := range domain.Reactions {
		counts[r] = 0
	}
	for _, c := range got {
		counts[c.emoji] = c.n
	}
	return counts, nil
}

// unreadAnnouncements counts the published, unexpired announcements of a community that target a user
// and that they have not opened (the dashboard's 'nuevos comunicados'). Its arguments: the community,
// now, the user twice. The user's receipts are read once, into a hash that each announcement is looked up
// in (NOT IN over a non-null column, as NOT EXISTS): a NOT EXISTS per announcement was a nested loop
// that rescanned the receipts for each of them on PostgreSQL while its statistics held few receipts,
// half of a dashboard's execution.
const unreadAnnouncements = `SELECT COUNT(*) FROM announcements a
		WHERE a.community_id = ? AND a.status = 'publicado' AND a.deleted_at IS NULL AND (a.valid_until IS NULL OR a.valid_until >= ?)
		AND a.id NOT IN (SELECT rr.announcement_id FROM announcement_read_receipts rr WHERE rr.user_id = ?)` + visibleTo

// AnnouncementBuildings lists the portals / staircases of a community (units.building) with how many
// members live in each: what an announcement can target.
func (db *DB) AnnouncementBuildings(ctx context.Context, communityID string) ([]domain.BuildingAudience, error) {
	// Members of a portal are counted once however many of its units are theirs (see unitOfMember).
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (b domain.BuildingAudience, err error) {
		return b, row.Scan(&b.Value, &b.Residents)
	}, `SELECT u.building, COUNT(DISTINCT p.id) FROM units u
		LEFT JOIN (SELECT id AS user_id, unit_id FROM members WHERE community_id = ? AND unit_id IS NOT NULL
			UNION SELECT owner_id, id FROM units WHERE community_id = ? AND owner_id IS NOT NULL
			UNION SELECT m.user_id, m.unit_id FROM unit_members m JOIN units mu ON mu.id = m.unit_id WHERE mu.community_id = ?) t ON t.unit_id = u.id
		LEFT JOIN members p ON p.id = t.user_id AND p.community_id = u.community_id
		WHERE u.community_id = ? AND u.building IS NOT NULL AND u.building <> ''
		GROUP BY u.building ORDER BY u.building`, communityID, communityID, communityID, communityID)
	if out == nil && err == nil {
		out = []domain.BuildingAudience{}
	}
	return out, err
}

// In the export of a member's data (personaldata.go): their announcements and reactions.
func init() {
	exportPersonalData(
		dataSection{"announcements", `SELECT id, community_id, title, description, status, priority, type, is_pinned, valid_until, image_url, document_url,
			created_at, updated_at, deleted_at FROM announcements WHERE created_by = ? ORDER BY created_at`},
		dataSection{"announcement_reactions", `SELECT announcement_id, emoji, created_at FROM announcement_reactions WHERE user_id = ?`},
	)
}
