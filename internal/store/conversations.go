package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

// PairKey is the key of the one conversation between two users, whatever the order they are given in.
func PairKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + ":" + b
}

// CreateConversation creates conversation id between userID and otherID in communityID, and reports
// false (creating nothing) when the pair already has one. The unique pair key makes concurrent calls agree.
func (db *DB) CreateConversation(ctx context.Context, id, communityID, userID, otherID string, now time.Time) (bool, error) {
	c := db.writerIn(ctx)
	res, err := c.exec(ctx, `INSERT INTO conversations (id, community_id, pair_key, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (pair_key) DO NOTHING`, id, communityID, PairKey(userID, otherID), ms(now))
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	_, err = c.exec(ctx, `INSERT INTO conversation_participants (conversation_id, user_id) VALUES (?, ?), (?, ?)`, id, userID, id, otherID)
	return err == nil, err
}

// ConversationOfPair returns the id and community of the conversation between userID and otherID.
func (db *DB) ConversationOfPair(ctx context.Context, userID, otherID string) (id, communityID string, err error) {
	err = db.readerIn(ctx).queryRow(ctx, "SELECT id, community_id FROM conversations WHERE pair_key = ?", PairKey(userID, otherID)).Scan(&id, &communityID)
	return id, communityID, err
}

// MoveConversation moves conversation id to communityID.
func (db *DB) MoveConversation(ctx context.Context, id, communityID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE conversations SET community_id = ? WHERE id = ?", communityID, id)
	return err
}

// ShowConversation brings conversation id back to the list of userID, who deleted it from there.
func (db *DB) ShowConversation(ctx context.Context, id, userID string) error {
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE conversation_participants SET hidden = FALSE WHERE conversation_id = ? AND user_id = ? AND hidden",
		id, userID)
	return err
}

// ConversationOther reports whether userID takes part in conversation id of communityID and returns the
// other participant (nil when their account is gone).
func (db *DB) ConversationOther(ctx context.Context, communityID, userID, id string) (*string, bool, error) {
	var other *string
	err := db.readerIn(ctx).queryRow(ctx, `SELECT o.user_id FROM conversations c
		JOIN conversation_participants me ON me.conversation_id = c.id AND me.user_id = ?
		LEFT JOIN conversation_participants o ON o.conversation_id = c.id AND o.user_id <> me.user_id
		WHERE c.id = ? AND c.community_id = ?`, userID, id, communityID).Scan(&other)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	return other, err == nil, err
}

// Conversations lists userID's conversations in communityID that they have not deleted from their list,
// the latest activity first, each with the other participant, the last message they still see, the unread
// count and their mute — in one query.
func (db *DB) Conversations(ctx context.Context, communityID, userID string) ([]domain.Conversation, error) {
	return db.conversations(ctx, communityID, userID, "", true)
}

// ConversationFor returns conversation id as userID sees it, even when they deleted it from their list; nil
// when they take no part in it.
func (db *DB) ConversationFor(ctx context.Context, communityID, userID, id string) (*domain.Conversation, error) {
	cs, err := db.conversations(ctx, communityID, userID, id, false)
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	return &cs[0], nil
}

func (db *DB) conversations(ctx context.Context, communityID, userID, id string, listed bool) ([]domain.Conversation, error) {
	q := `SELECT c.id, c.created_at, c.last_message_at, o.user_id, COALESCE(p.full_name, ''), p.avatar_url,
			lm.id, lm.sender_id, lm.recipient_id, lm.content, lm.client_id, lm.created_at, lm.read_at, lm.deleted_at, lm.rev,
			(SELECT COUNT(*) FROM direct_messages u WHERE u.recipient_id = me.user_id AND u.conversation_id = c.id AND u.read_at IS NULL
				AND u.deleted_at IS NULL AND u.id > COALESCE(me.cleared_before, '')),
			mu.until_at
		FROM conversation_participants me
		JOIN conversations c ON c.id = me.conversation_id AND c.community_id = ?
		LEFT JOIN conversation_participants o ON o.conversation_id = c.id AND o.user_id <> me.user_id
		LEFT JOIN profiles p ON p.id = o.user_id
		LEFT JOIN direct_messages lm ON lm.id = (SELECT d.id FROM direct_messages d WHERE d.conversation_id = c.id
			AND d.id > COALESCE(me.cleared_before, '') ORDER BY d.id DESC LIMIT 1)
		LEFT JOIN chat_mutes mu ON mu.user_id = me.user_id AND mu.scope_id = c.id
		WHERE me.user_id = ?`
	args := []any{communityID, userID}
	if listed {
		q += " AND NOT me.hidden"
	}
	if id != "" {
		q += " AND c.id = ?"
		args = append(args, id)
	}
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.Conversation, error) {
		var c domain.Conversation
		var created int64
		var last, muted, mRead *int64
		var m domain.DirectMessage
		var lm lastMessage
		if err := row.Scan(&c.ID, &created, &last, &c.OtherID, &c.OtherName, &c.OtherAvatar,
			&lm.id, &m.SenderID, &m.RecipientID, &lm.content, &m.ClientID, &lm.created, &mRead, &lm.deleted, &lm.rev, &c.Unread, &muted); err != nil {
			return c, err
		}
		c.CommunityID, c.CreatedAt, c.LastMessageAt, c.MutedUntil = communityID, fromMS(created), fromNullMS(last), fromNullMS(muted)
		if c.OtherID == nil {
			c.OtherName = domain.DeletedUserName
		}
		if lm.id != nil {
			m.ConversationID, m.CommunityID, m.ReadAt = c.ID, communityID, fromNullMS(mRead)
			lm.fill(&m.ID, &m.Content, &m.CreatedAt, &m.DeletedAt, &m.Rev, &m.MessageExtras)
			c.LastMessage = &m
		}
		return c, nil
	}, q+" ORDER BY COALESCE(c.last_message_at, c.created_at) DESC, c.id DESC", args...)
	if out == nil && err == nil {
		out = []domain.Conversation{}
	}
	return out, err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

const directMessageSelect = `SELECT m.id, m.conversation_id, m.sender_id, COALESCE(p.full_name, ''), m.recipient_id, m.content,
		m.client_id, m.created_at, m.read_at, c.community_id, m.edited_at, m.deleted_at, m.rev,
		q.id, q.sender_id, COALESCE(qp.full_name, ''), q.content, q.deleted_at,
		(SELECT COUNT(*) FROM chat_attachments qa WHERE qa.message_id = q.id),
		EXISTS (SELECT 1 FROM chat_attachments xa WHERE xa.message_id = m.id), EXISTS (SELECT 1 FROM direct_message_reactions xr WHERE xr.message_id = m.id)
	FROM direct_messages m
	JOIN conversations c ON c.id = m.conversation_id
	LEFT JOIN profiles p ON p.id = m.sender_id
	LEFT JOIN direct_messages q ON q.id = m.reply_to
	LEFT JOIN profiles qp ON qp.id = q.sender_id`

func scanDirectMessage(row scanner) (*domain.DirectMessage, error) {
	var m domain.DirectMessage
	var created int64
	var read, edited, deleted *int64
	var rev *string
	var q quoteRow
	if err := row.Scan(&m.ID, &m.ConversationID, &m.SenderID, &m.SenderName, &m.RecipientID, &m.Content, &m.ClientID, &created, &read,
		&m.CommunityID, &edited, &deleted, &rev, &q.id, &q.authorID, &q.authorName, &q.content, &q.deleted, &q.files, &m.HasFiles, &m.HasReactions); err != nil {
		return nil, err
	}
	if m.SenderID == nil {
		m.SenderName = domain.DeletedUserName
	}
	m.CreatedAt, m.ReadAt = fromMS(created), fromNullMS(read)
	m.EditedAt, m.DeletedAt, m.Rev, m.ReplyTo = fromNullMS(edited), fromNullMS(deleted), deref(rev), q.quote()
	return &m, nil
}

var directRows = chatRows[domain.DirectMessage]{kind: domain.ChatDirect, sel: directMessageSelect, scan: scanDirectMessage,
	extras: func(m *domain.DirectMessage) (string, *domain.MessageExtras) { return m.ID, &m.MessageExtras }}

// DirectMessage returns one direct message by id (the realtime fan-out loads each new message once), or nil
// when there is none.
func (db *DB) DirectMessage(ctx context.Context, id string) (*domain.DirectMessage, error) {
	return directRows.one(ctx, db, "WHERE m.id = ?", id)
}

// DirectMessageByClientID returns the message senderID sent with clientID, or nil when there is none.
func (db *DB) DirectMessageByClientID(ctx context.Context, senderID, clientID string) (*domain.DirectMessage, error) {
	return directRows.one(ctx, db, "WHERE m.sender_id = ? AND m.client_id = ?", senderID, clientID)
}

// DirectMessages returns up to limit messages of a conversation before the message id before (all when
// empty), oldest first, leaving out those readerID deleted with the conversation.
func (db *DB) DirectMessages(ctx context.Context, conversationID, readerID, before string, limit int) ([]domain.DirectMessage, error) {
	return directRows.page(ctx, db, `WHERE m.conversation_id = ? AND m.id > COALESCE((SELECT cp.cleared_before FROM conversation_participants cp
		WHERE cp.conversation_id = m.conversation_id AND cp.user_id = ?), '')`, []any{conversationID, readerID}, before, limit)
}

// InsertDirectMessage stores m, and reports false (storing nothing) when its sender already sent a message
// with its client id.
func (db *DB) InsertDirectMessage(ctx context.Context, m *domain.DirectMessage) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `INSERT INTO direct_messages (id, conversation_id, sender_id, recipient_id, content, client_id, created_at,
		reply_to, search_text, rev) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, m.ID, m.ConversationID, m.SenderID, m.RecipientID,
		m.Content, m.ClientID, ms(m.CreatedAt), nullString(m.ReplyToID), m.SearchText, m.ID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// TouchConversation records a new message in conversation id at at, which also brings the conversation
// back to the list of whoever deleted it.
func (db *DB) TouchConversation(ctx context.Context, id string, at time.Time) error {
	c := db.writerIn(ctx)
	if _, err := c.exec(ctx, "UPDATE conversations SET last_message_at = ? WHERE id = ?", ms(at), id); err != nil {
		return err
	}
	_, err := c.exec(ctx, "UPDATE conversation_participants SET hidden = FALSE WHERE conversation_id = ? AND hidden", id)
	return err
}

// MarkConversationRead sets read_at on the messages of conversationID that readerID has not read yet and
// returns how many it marked.
func (db *DB) MarkConversationRead(ctx context.Context, conversationID, readerID string, now time.Time) (int64, error) {
	res, err := db.writerIn(ctx).exec(ctx, `UPDATE direct_messages SET read_at = ?
		WHERE recipient_id = ? AND conversation_id = ? AND read_at IS NULL`, ms(now), readerID, conversationID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// UnreadCount counts the direct messages to userID in communityID that they have not read (the badge).
func (db *DB) UnreadCount(ctx context.Context, communityID, userID string) (int, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COUNT(*) FROM direct_messages d JOIN conversations c ON c.id = d.conversation_id
		JOIN conversation_participants me ON me.conversation_id = d.conversation_id AND me.user_id = d.recipient_id
		WHERE d.recipient_id = ? AND d.read_at IS NULL AND c.community_id = ? AND d.deleted_at IS NULL
		  AND d.id > COALESCE(me.cleared_before, '')`, userID, communityID).Scan(&n)
	return n, err
}

// DirectMessagesAfter returns up to limit messages of userID's conversations in communityID created or
// changed after the rev after, the oldest change first (the replay of a reconnecting stream).
func (db *DB) DirectMessagesAfter(ctx context.Context, communityID, userID, after string, limit int) ([]domain.DirectMessage, error) {
	return directRows.list(ctx, db, db.readerIn(ctx), `
		JOIN conversation_participants me ON me.conversation_id = m.conversation_id AND me.user_id = ?
		WHERE c.community_id = ? AND m.rev > ? ORDER BY m.rev LIMIT ?`, userID, communityID, after, limit)
}

// ReadReceiptsSince returns, per conversation, when the messages userID sent were last read, for reads at
// or after since (the replay of read receipts).
func (db *DB) ReadReceiptsSince(ctx context.Context, communityID, userID string, since time.Time) ([]domain.ReadReceipt, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.ReadReceipt, error) {
		var r domain.ReadReceipt
		var at int64
		err := row.Scan(&r.ConversationID, &r.ReaderID, &at)
		r.ReadAt = fromMS(at)
		return r, err
	}, `SELECT d.conversation_id, MAX(d.recipient_id), MAX(d.read_at)
		FROM direct_messages d JOIN conversations c ON c.id = d.conversation_id
		WHERE d.sender_id = ? AND d.read_at >= ? AND c.community_id = ?
		GROUP BY d.conversation_id ORDER BY MAX(d.read_at)`, userID, ms(since), communityID)
}

// placeholders returns "?, ?, …" for n values.
func placeholders(n int) string {
	return repeated("?", n)
}

// In the export of a member's data (personaldata.go): their direct messages and reactions.
func init() {
	exportPersonalData(
		dataSection{"direct_messages", `SELECT id, conversation_id, content, reply_to, created_at, edited_at, deleted_at
			FROM direct_messages WHERE sender_id = ? ORDER BY created_at`},
		dataSection{"direct_message_reactions", `SELECT message_id, emoji, created_at FROM direct_message_reactions WHERE user_id = ?`},
	)
}
