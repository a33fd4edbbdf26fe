package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// The chat's extras (issue #20): replies, edits, deletions, reactions, attachments, search, mutes. One
// set of queries serves direct and channel messages; chatTable names the tables of each kind (constants,
// never input).

type chatTable struct{ messages, reactions, scope, author string }

func tableOf(k domain.ChatKind) chatTable {
	if k == domain.ChatDirect {
		return chatTable{"direct_messages", "direct_message_reactions", "conversation_id", "sender_id"}
	}
	return chatTable{"messages", "channel_message_reactions", "channel_id", "user_id"}
}

// quoteLen is how much of the answered message a reply shows.
const quoteLen = 140

// quoteRow is the answered message as the message selects read it.
type quoteRow struct {
	id, authorID, content *string
	authorName            string
	deleted               *int64
	files                 int
}

func (q quoteRow) quote() *domain.Quote {
	if q.id == nil {
		return nil
	}
	out := &domain.Quote{ID: *q.id, AuthorName: q.authorName, Deleted: q.deleted != nil, HasFiles: q.files > 0, AuthorID: q.authorID}
	if q.authorID == nil {
		out.AuthorName = domain.DeletedUserName
	}
	if !out.Deleted && q.content != nil {
		out.Content = domain.Excerpt(*q.content, quoteLen)
	}
	return out
}

// loadExtras fills the attachments and reactions of the messages ids: one query each for the messages
// that have any (their selects read HasFiles and HasReactions), none when none has.
func (db *DB) loadExtras(ctx context.Context, c conn, kind domain.ChatKind, ids []string, into []*domain.MessageExtras) error {
	byID := make(map[string]*domain.MessageExtras, len(ids))
	var files, reacted []any
	for i, id := range ids {
		into[i].Attachments, into[i].Reactions = []domain.Attachment{}, []domain.MessageReaction{}
		byID[id] = into[i]
		if into[i].HasFiles {
			files = append(files, id)
		}
		if into[i].HasReactions {
			reacted = append(reacted, id)
		}
	}
	if len(files) > 0 {
		attachments, err := queryAll(ctx, c, values(scanAttachment), attachmentSelect+" WHERE a.message_id IN ("+placeholders(len(files))+") ORDER BY a.id", files...)
		if err != nil {
			return err
		}
		for _, a := range attachments {
			if m := byID[*a.MessageID]; m != nil {
				m.Attachments = append(m.Attachments, a)
			}
		}
	}
	if len(reacted) == 0 {
		return nil
	}
	type reaction struct{ id, emoji, user string }
	reactions, err := queryAll(ctx, c, func(row scanner) (r reaction, err error) {
		return r, row.Scan(&r.id, &r.emoji, &r.user)
	}, "SELECT message_id, emoji, user_id FROM "+tableOf(kind).reactions+" WHERE message_id IN ("+placeholders(len(reacted))+") ORDER BY created_at, user_id", reacted...)
	if err != nil {
		return err
	}
	for _, r := range reactions {
		m := byID[r.id]
		if m == nil {
			continue
		}
		i := 0
		for i < len(m.Reactions) && m.Reactions[i].Emoji != r.emoji {
			i++
		}
		if i == len(m.Reactions) {
			m.Reactions = append(m.Reactions, domain.MessageReaction{Emoji: r.emoji})
		}
		m.Reactions[i].UserIDs = append(m.Reactions[i].UserIDs, r.user)
	}
	return nil
}

// chatRows reads one kind of chat message (direct or channel): its select, its scan, and where its
// extras go. Both kinds are listed, paged, replayed and found by id or client id the same way.
type chatRows[T any] struct {
	kind   domain.ChatKind
	sel    string                                   // the select, ending before WHERE; its messages are aliased m
	scan   func(scanner) (*T, error)                // one row of sel
	extras func(*T) (string, *domain.MessageExtras) // a message's id and extras
}

// list runs sel with the clause rest and returns its messages with their attachments and reactions.
func (r chatRows[T]) list(ctx context.Context, db *DB, c conn, rest string, args ...any) ([]T, error) {
	out, err := queryAll(ctx, c, values(r.scan), r.sel+" "+rest, args...)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = []T{}
	}
	ids, extras := make([]string, len(out)), make([]*domain.MessageExtras, len(out))
	for i := range out {
		ids[i], extras[i] = r.extras(&out[i])
	}
	return out, db.loadExtras(ctx, c, r.kind, ids, extras)
}

// one is the message the clause rest selects, or nil when there is none.
func (r chatRows[T]) one(ctx context.Context, db *DB, rest string, args ...any) (*T, error) {
	out, err := r.list(ctx, db, db.readerIn(ctx), rest, args...)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return &out[0], nil
}

// page returns up to limit messages of the clause where before the message id before (all when empty),
// oldest first.
func (r chatRows[T]) page(ctx context.Context, db *DB, where string, args []any, before string, limit int) ([]T, error) {
	if before != "" {
		where += " AND m.id < ?"
		args = append(args, before)
	}
	out, err := r.list(ctx, db, db.readerIn(ctx), where+" ORDER BY m.id DESC LIMIT ?", append(args, limit)...)
	slices.Reverse(out)
	return out, err
}

// ReplyInChat reports whether message replyTo is of the conversation or channel scopeID.
func (db *DB) ReplyInChat(ctx context.Context, kind domain.ChatKind, scopeID, replyTo string) (bool, error) {
	t := tableOf(kind)
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM "+t.messages+" WHERE id = ? AND "+t.scope+" = ?", replyTo, scopeID).Scan(&n)
	return n > 0, err
}

// ClaimAttachments ties the pending uploads ids of uploaderID in the conversation or channel scopeID to
// message id, and reports whether every one of them was there to claim (none of another chat, of someone
// else, or already sent).
func (db *DB) ClaimAttachments(ctx context.Context, kind domain.ChatKind, scopeID, id, uploaderID string, ids []string) (bool, error) {
	args := []any{id, string(kind), scopeID, uploaderID}
	for _, a := range ids {
		args = append(args, a)
	}
	res, err := db.writerIn(ctx).exec(ctx, `UPDATE chat_attachments SET message_id = ?
		WHERE scope_kind = ? AND scope_id = ? AND uploader_id = ? AND message_id IS NULL AND id IN (`+placeholders(len(ids))+")", args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == int64(len(ids)), err
}

// ChatMessageForUpdate reads message id of the conversation or channel scopeID inside the transaction of
// ctx (InTx) and locks it until that ends.
func (db *DB) ChatMessageForUpdate(ctx context.Context, kind domain.ChatKind, scopeID, id string) (*domain.ChatMessage, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	t := tableOf(kind)
	// A no-op UPDATE takes the row lock on PostgreSQL (SQLite's IMMEDIATE transaction holds the write lock).
	res, err := tx.exec(ctx, "UPDATE "+t.messages+" SET rev = rev WHERE id = ? AND "+t.scope+" = ?", id, scopeID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, nil
	}
	m := domain.ChatMessage{Kind: kind, ScopeID: scopeID}
	var created int64
	var edited, deleted *int64
	if err := tx.queryRow(ctx, "SELECT id, "+t.author+", content, created_at, edited_at, deleted_at, (SELECT COUNT(*) FROM chat_attachments a WHERE a.message_id = m.id) FROM "+
		t.messages+" m WHERE id = ?", id).Scan(&m.ID, &m.AuthorID, &m.Content, &created, &edited, &deleted, &m.Files); err != nil {
		return nil, err
	}
	m.CreatedAt, m.EditedAt, m.DeletedAt = fromMS(created), fromNullMS(edited), fromNullMS(deleted)
	return &m, nil
}

// SaveChatMessage writes m, read with ChatMessageForUpdate, inside the same transaction, with a new rev. A
// deleted message loses its content and its attachments: the keys of their files are returned, for the
// caller to delete once the transaction committed.
func (db *DB) SaveChatMessage(ctx context.Context, m *domain.ChatMessage, rev string) ([]string, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	t := tableOf(m.Kind)
	search := domain.SearchText(m.Content)
	if m.DeletedAt != nil {
		m.Content, search = "", ""
	}
	if _, err := tx.exec(ctx, "UPDATE "+t.messages+" SET content = ?, search_text = ?, edited_at = ?, deleted_at = ?, rev = ? WHERE id = ?",
		m.Content, search, nullMS(m.EditedAt), nullMS(m.DeletedAt), rev, m.ID); err != nil {
		return nil, err
	}
	if m.DeletedAt == nil {
		return nil, touchChat(ctx, tx, m)
	}
	keys, err := attachmentKeys(ctx, tx, "message_id = ?", m.ID)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, "DELETE FROM "+t.reactions+" WHERE message_id = ?", m.ID); err != nil {
		return nil, err
	}
	if _, err = tx.exec(ctx, "DELETE FROM chat_attachments WHERE message_id = ?", m.ID); err != nil {
		return nil, err
	}
	return keys, touchChat(ctx, tx, m)
}

// touchChat moves the version of m's channel (a direct conversation has none), after m changed.
func touchChat(ctx context.Context, tx conn, m *domain.ChatMessage) error {
	if m.Kind != domain.ChatChannel {
		return nil
	}
	return touchChannel(ctx, tx, m.ScopeID)
}

func attachmentKeys(ctx context.Context, c conn, where string, args ...any) ([]string, error) {
	files, err := queryAll(ctx, c, func(row scanner) (f [2]*string, err error) {
		return f, row.Scan(&f[0], &f[1])
	}, "SELECT file_key, thumb_key FROM chat_attachments WHERE "+where, args...)
	var keys []string
	for _, f := range files {
		keys = append(keys, *f[0])
		if f[1] != nil {
			keys = append(keys, *f[1])
		}
	}
	return keys, err
}

// SaveChatRemoval records, in the transaction of ctx, an admin's removal of a community-chat message.
func (db *DB) SaveChatRemoval(ctx context.Context, r *domain.ChatRemoval) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `INSERT INTO chat_message_removals (id, community_id, channel_id, message_id, author_id, removed_by, reason, removed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, r.ID, r.CommunityID, r.ChannelID, r.MessageID, r.AuthorID, r.RemovedBy, r.Reason, ms(r.RemovedAt))
	return err
}

// ChatRemovals lists the removals of communityID's chat, newest first (the audit trail).
func (db *DB) ChatRemovals(ctx context.Context, communityID string) ([]domain.ChatRemoval, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.ChatRemoval, error) {
		r := domain.ChatRemoval{CommunityID: communityID}
		var at int64
		err := row.Scan(&r.ID, &r.ChannelID, &r.MessageID, &r.AuthorID, &r.RemovedBy, &r.Reason, &at)
		r.RemovedAt = fromMS(at)
		return r, err
	}, `SELECT id, channel_id, message_id, author_id, COALESCE(removed_by, ''), reason, removed_at
		FROM chat_message_removals WHERE community_id = ? ORDER BY removed_at DESC, id DESC`, communityID)
	if out == nil && err == nil {
		out = []domain.ChatRemoval{}
	}
	return out, err
}

// SaveChatReaction applies, in the transaction of ctx, userID's click on emoji for message m (read with
// ChatMessageForUpdate): the same emoji again removes their reaction, another replaces it (one per person
// and message, as on announcements). The message gets the new rev.
func (db *DB) SaveChatReaction(ctx context.Context, m *domain.ChatMessage, userID, emoji string, at time.Time, rev string) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	t := tableOf(m.Kind)
	var current string
	err = tx.queryRow(ctx, "SELECT emoji FROM "+t.reactions+" WHERE message_id = ? AND user_id = ?", m.ID, userID).Scan(&current)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, err = tx.exec(ctx, "INSERT INTO "+t.reactions+" (message_id, user_id, emoji, created_at) VALUES (?, ?, ?, ?)", m.ID, userID, emoji, ms(at))
	case err != nil:
	case current == emoji:
		_, err = tx.exec(ctx, "DELETE FROM "+t.reactions+" WHERE message_id = ? AND user_id = ?", m.ID, userID)
	default:
		_, err = tx.exec(ctx, "UPDATE "+t.reactions+" SET emoji = ?, created_at = ? WHERE message_id = ? AND user_id = ?", emoji, ms(at), m.ID, userID)
	}
	if err != nil {
		return err
	}
	if _, err = tx.exec(ctx, "UPDATE "+t.messages+" SET rev = ? WHERE id = ?", rev, m.ID); err != nil {
		return err
	}
	return touchChat(ctx, tx, m)
}

// SearchChat returns up to limit messages of the conversation or channel scopeID whose text holds query
// (lower-cased and accent-free, domain.SearchText), newest first; deleted messages and, in a conversation,
// those readerID deleted with it are left out.
func (db *DB) SearchChat(ctx context.Context, kind domain.ChatKind, scopeID, readerID, query string, limit int) ([]domain.SearchHit, error) {
	t := tableOf(kind)
	var b strings.Builder
	b.WriteString("SELECT m.id, m.content, m.created_at FROM " + t.messages + " m WHERE m." + t.scope + " = ? AND m.deleted_at IS NULL")
	args := []any{scopeID}
	if kind == domain.ChatDirect {
		b.WriteString(` AND m.id > COALESCE((SELECT cp.cleared_before FROM conversation_participants cp
			WHERE cp.conversation_id = m.conversation_id AND cp.user_id = ?), '')`)
		args = append(args, readerID)
	}
	args = db.engine.containsText(&b, args, "COALESCE(m.search_text, lower(m.content))", query)
	b.WriteString(" ORDER BY m.id DESC LIMIT ?")
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.SearchHit, error) {
		var h domain.SearchHit
		var at int64
		err := row.Scan(&h.ID, &h.Content, &at)
		h.CreatedAt, h.Content = fromMS(at), domain.Excerpt(h.Content, quoteLen)
		return h, err
	}, b.String(), append(args, limit)...)
	if out == nil && err == nil {
		out = []domain.SearchHit{}
	}
	return out, err
}

// SetChatMute mutes the conversation or channel scopeID for userID until until (nil: unmutes).
func (db *DB) SetChatMute(ctx context.Context, userID, scopeID string, until *time.Time) error {
	if until == nil {
		_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM chat_mutes WHERE user_id = ? AND scope_id = ?", userID, scopeID)
		return err
	}
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO chat_mutes (user_id, scope_id, until_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, scope_id) DO UPDATE SET until_at = excluded.until_at`, userID, scopeID, ms(*until))
	return err
}

// HideConversation deletes conversation id from userID's list and, for them only, its messages so far.
func (db *DB) HideConversation(ctx context.Context, userID, id string) error {
	_, err := db.writerIn(ctx).exec(ctx, `UPDATE conversation_participants SET hidden = TRUE,
		cleared_before = COALESCE((SELECT MAX(d.id) FROM direct_messages d WHERE d.conversation_id = ?), cleared_before)
		WHERE conversation_id = ? AND user_id = ?`, id, id, userID)
	return err
}

// LeaveChannel takes userID out of a private channel; an invitation brings them back.
func (db *DB) LeaveChannel(ctx context.Context, channelID, userID string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE channel_members SET left_at = ? WHERE channel_id = ? AND user_id = ? AND left_at IS NULL",
		ms(at), channelID, userID)
	return err
}

const attachmentSelect = `SELECT a.id, a.community_id, a.scope_kind, a.scope_id, a.message_id, a.uploader_id, a.file_key, a.thumb_key,
		a.name, a.content_type, a.size, a.width, a.height, a.created_at
	FROM chat_attachments a`

func scanAttachment(row interface{ Scan(...any) error }) (*domain.Attachment, error) {
	var a domain.Attachment
	var kind string
	var created int64
	err := row.Scan(&a.ID, &a.CommunityID, &kind, &a.ScopeID, &a.MessageID, &a.UploaderID, &a.Key, &a.ThumbKey,
		&a.Name, &a.ContentType, &a.Size, &a.Width, &a.Height, &created)
	if err != nil {
		return nil, err
	}
	a.ChatKind, a.CreatedAt = domain.ChatKind(kind), fromMS(created)
	a.Kind = domain.AttachmentDocument
	if a.ThumbKey != nil {
		a.Kind = domain.AttachmentImage
		u := "/api/v1/attachments/" + a.ID + "/thumbnail"
		a.ThumbnailURL = &u
	}
	a.URL = "/api/v1/attachments/" + a.ID
	return &a, nil
}

// CreateAttachment stores a pending upload (not sent yet).
func (db *DB) CreateAttachment(ctx context.Context, a *domain.Attachment) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO chat_attachments (id, community_id, scope_kind, scope_id, message_id, uploader_id, file_key,
		thumb_key, name, content_type, size, width, height, created_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.CommunityID, string(a.ChatKind), a.ScopeID, a.UploaderID, a.Key, a.ThumbKey, a.Name, a.ContentType, a.Size,
		a.Width, a.Height, ms(a.CreatedAt))
	return err
}

// Attachment returns attachment id of communityID (the caller checks who may fetch it), or nil when there
// is none or its message was deleted.
func (db *DB) Attachment(ctx context.Context, communityID, id string) (*domain.Attachment, error) {
	a, err := scanAttachment(db.readerIn(ctx).queryRow(ctx, attachmentSelect+" WHERE a.id = ? AND a.community_id = ?", id, communityID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil || a.MessageID == nil {
		return a, err
	}
	// A deleted message loses its attachments in the same transaction; this is only the race with it.
	var deleted *int64
	if err := db.readerIn(ctx).queryRow(ctx, "SELECT deleted_at FROM "+tableOf(a.ChatKind).messages+" WHERE id = ?", *a.MessageID).Scan(&deleted); err != nil || deleted != nil {
		return nil, nil
	}
	return a, nil
}

// PendingAttachmentKeys returns the keys of the files of uploaderID's upload id while no message carries it
// (none: there is no such upload).
func (db *DB) PendingAttachmentKeys(ctx context.Context, communityID, uploaderID, id string) ([]string, error) {
	return attachmentKeys(ctx, db.readerIn(ctx), "id = ? AND community_id = ? AND uploader_id = ? AND message_id IS NULL", id, communityID, uploaderID)
}

// DeleteAttachment removes the row of upload id.
func (db *DB) DeleteAttachment(ctx context.Context, id string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM chat_attachments WHERE id = ?", id)
	return err
}

// StaleAttachmentKeys returns the keys of the files of the uploads never sent that were made before before.
func (db *DB) StaleAttachmentKeys(ctx context.Context, before time.Time) ([]string, error) {
	return attachmentKeys(ctx, db.readerIn(ctx), "message_id IS NULL AND created_at < ?", ms(before))
}

// DeleteStaleAttachments removes the uploads never sent that were made before before.
func (db *DB) DeleteStaleAttachments(ctx context.Context, before time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM chat_attachments WHERE message_id IS NULL AND created_at < ?", ms(before))
	return err
}

// In the export of a member's data (personaldata.go): the attachments they sent.
func init() {
	exportPersonalData(
		dataSection{"chat_attachments", `SELECT id, scope_kind, scope_id, message_id, file_key, name, content_type, size, created_at
			FROM chat_attachments WHERE uploader_id = ? AND message_id IS NOT NULL ORDER BY created_at`},
	)
}
