package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"vecinos/internal/domain"
)

var (
	errConversationNotFound = domain.Errorf(domain.CodeNotFound, "La conversación no existe")
	errNeighbourNotFound    = domain.Errorf(domain.CodeNotFound, "Este vecino no pertenece a tu comunidad")
	errClientIDReused       = domain.Errorf(domain.CodeConflict, "Este identificador de mensaje ya se usó en otra conversación")
)

// PairKey is the key of the one conversation between two users, whatever the order they are given in.
func PairKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + ":" + b
}

// GetOrCreateConversation returns the conversation between userID and otherID in communityID, creating
// it when there is none. otherID must be a member of communityID. The unique pair key makes concurrent
// calls agree on one conversation.
func (db *DB) GetOrCreateConversation(ctx context.Context, communityID, userID, otherID string, now time.Time) (string, error) {
	var id string
	err := db.inTx(ctx, func(tx conn) error {
		ok, err := isMember(ctx, tx, communityID, otherID)
		if err != nil {
			return err
		}
		if !ok {
			return errNeighbourNotFound
		}
		key, newID := PairKey(userID, otherID), domain.NewID()
		res, err := tx.exec(ctx, `INSERT INTO conversations (id, community_id, pair_key, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (pair_key) DO NOTHING`, newID, communityID, key, ms(now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			id = newID
			_, err = tx.exec(ctx, `INSERT INTO conversation_participants (conversation_id, user_id) VALUES (?, ?), (?, ?)`,
				newID, userID, newID, otherID)
			return err
		}
		var current string
		if err := tx.queryRow(ctx, "SELECT id, community_id FROM conversations WHERE pair_key = ?", key).Scan(&id, &current); err != nil {
			return err
		}
		if current != communityID {
			// Both moved to another community together: the conversation follows them.
			if _, err = tx.exec(ctx, "UPDATE conversations SET community_id = ? WHERE id = ?", communityID, id); err != nil {
				return err
			}
		}
		// Starting it again brings back a conversation the caller deleted from their list (empty for them).
		_, err = tx.exec(ctx, "UPDATE conversation_participants SET hidden = FALSE WHERE conversation_id = ? AND user_id = ? AND hidden",
			id, userID)
		return err
	})
	return id, err
}

// ConversationOther checks that userID takes part in conversation id of communityID and returns the
// other participant (nil when their account is gone). Anyone else gets not found.
func (db *DB) ConversationOther(ctx context.Context, communityID, userID, id string) (*string, error) {
	var other *string
	err := db.reader().queryRow(ctx, `SELECT o.user_id FROM conversations c
		JOIN conversation_participants me ON me.conversation_id = c.id AND me.user_id = ?
		LEFT JOIN conversation_participants o ON o.conversation_id = c.id AND o.user_id <> me.user_id
		WHERE c.id = ? AND c.community_id = ?`, userID, id, communityID).Scan(&other)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errConversationNotFound
	}
	return other, err
}

// Conversations lists userID's conversations in communityID that they have not deleted from their list,
// the latest activity first, each with the other participant, the last message they still see, the unread
// count and their mute — in one query.
func (db *DB) Conversations(ctx context.Context, communityID, userID string) ([]domain.Conversation, error) {
	return db.conversations(ctx, communityID, userID, "", true)
}

// ConversationFor returns conversation id as userID sees it, even when they deleted it from their list.
func (db *DB) ConversationFor(ctx context.Context, communityID, userID, id string) (*domain.Conversation, error) {
	cs, err := db.conversations(ctx, communityID, userID, id, false)
	if err != nil {
		return nil, err
	}
	if len(cs) == 0 {
		return nil, errConversationNotFound
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
	rows, err := db.reader().query(ctx, q+" ORDER BY COALESCE(c.last_message_at, c.created_at) DESC, c.id DESC", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.Conversation{}
	for rows.Next() {
		var c domain.Conversation
		var created int64
		var last, muted *int64
		var mID, mContent, mRev *string
		var m domain.DirectMessage
		var mCreated, mRead, mDeleted *int64
		if err := rows.Scan(&c.ID, &created, &last, &c.OtherID, &c.OtherName, &c.OtherAvatar,
			&mID, &m.SenderID, &m.RecipientID, &mContent, &m.ClientID, &mCreated, &mRead, &mDeleted, &mRev, &c.Unread, &muted); err != nil {
			return nil, err
		}
		c.CommunityID, c.CreatedAt, c.LastMessageAt, c.MutedUntil = communityID, fromMS(created), fromNullMS(last), fromNullMS(muted)
		if c.OtherID == nil {
			c.OtherName = domain.DeletedUserName
		}
		if mID != nil {
			m.ID, m.ConversationID, m.Content, m.CreatedAt, m.ReadAt = *mID, c.ID, *mContent, fromMS(*mCreated), fromNullMS(mRead)
			m.CommunityID, m.DeletedAt, m.Rev = communityID, fromNullMS(mDeleted), deref(mRev)
			m.Attachments, m.Reactions = []domain.Attachment{}, []domain.MessageReaction{}
			c.LastMessage = &m
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

const directMessageSelect = `SELECT d.id, d.conversation_id, d.sender_id, COALESCE(p.full_name, ''), d.recipient_id, d.content,
		d.client_id, d.created_at, d.read_at, c.community_id, d.edited_at, d.deleted_at, d.rev,
		q.id, q.sender_id, COALESCE(qp.full_name, ''), q.content, q.deleted_at,
		(SELECT COUNT(*) FROM chat_attachments qa WHERE qa.message_id = q.id)
	FROM direct_messages d
	JOIN conversations c ON c.id = d.conversation_id
	LEFT JOIN profiles p ON p.id = d.sender_id
	LEFT JOIN direct_messages q ON q.id = d.reply_to
	LEFT JOIN profiles qp ON qp.id = q.sender_id`

// directMessages runs q, a select of messages, and returns them with their attachments and reactions.
func (db *DB) directMessages(ctx context.Context, q string, args ...any) ([]domain.DirectMessage, error) {
	rows, err := db.reader().query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	out := []domain.DirectMessage{}
	err = func() error {
		defer rows.Close()
		for rows.Next() {
			m, err := scanDirectMessage(rows)
			if err != nil {
				return err
			}
			out = append(out, *m)
		}
		return rows.Err()
	}()
	if err != nil {
		return nil, err
	}
	extras := make([]*domain.MessageExtras, len(out))
	ids := make([]string, len(out))
	for i := range out {
		extras[i], ids[i] = &out[i].MessageExtras, out[i].ID
	}
	return out, db.loadExtras(ctx, db.reader(), domain.ChatDirect, ids, extras)
}

func scanDirectMessage(row interface{ Scan(...any) error }) (*domain.DirectMessage, error) {
	var m domain.DirectMessage
	var created int64
	var read, edited, deleted *int64
	var rev *string
	var q quoteRow
	err := row.Scan(&m.ID, &m.ConversationID, &m.SenderID, &m.SenderName, &m.RecipientID, &m.Content, &m.ClientID, &created, &read,
		&m.CommunityID, &edited, &deleted, &rev, &q.id, &q.authorID, &q.authorName, &q.content, &q.deleted, &q.files)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.CodeNotFound, "El mensaje no existe")
	}
	if err != nil {
		return nil, err
	}
	if m.SenderID == nil {
		m.SenderName = domain.DeletedUserName
	}
	m.CreatedAt, m.ReadAt = fromMS(created), fromNullMS(read)
	m.EditedAt, m.DeletedAt, m.Rev, m.ReplyTo = fromNullMS(edited), fromNullMS(deleted), deref(rev), q.quote()
	return &m, nil
}

// DirectMessage returns one direct message by id (the realtime fan-out loads each new message once).
func (db *DB) DirectMessage(ctx context.Context, id string) (*domain.DirectMessage, error) {
	return db.oneDirectMessage(ctx, db.reader(), directMessageSelect+" WHERE d.id = ?", id)
}

func (db *DB) oneDirectMessage(ctx context.Context, c conn, q string, args ...any) (*domain.DirectMessage, error) {
	m, err := scanDirectMessage(c.queryRow(ctx, q, args...))
	if err != nil {
		return nil, err
	}
	return m, db.loadExtras(ctx, c, domain.ChatDirect, []string{m.ID}, []*domain.MessageExtras{&m.MessageExtras})
}

// DirectMessages returns up to limit messages of a conversation before the message id before (all when
// empty), oldest first, leaving out those readerID deleted with the conversation.
func (db *DB) DirectMessages(ctx context.Context, conversationID, readerID, before string, limit int) ([]domain.DirectMessage, error) {
	q := directMessageSelect + ` WHERE d.conversation_id = ? AND d.id > COALESCE((SELECT cp.cleared_before FROM conversation_participants cp
		WHERE cp.conversation_id = d.conversation_id AND cp.user_id = ?), '')`
	args := []any{conversationID, readerID}
	if before != "" {
		q += " AND d.id < ?"
		args = append(args, before)
	}
	q += " ORDER BY d.id DESC LIMIT ?"
	out, err := db.directMessages(ctx, q, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// SendDirectMessage stores m unless its sender already sent a message with the same client id, in which
// case it returns that one and created=false (a retry never duplicates a message). On PostgreSQL the
// notice is sent in the same transaction.
func (db *DB) SendDirectMessage(ctx context.Context, m *domain.DirectMessage) (*domain.DirectMessage, bool, error) {
	if m.ClientID != nil && m.SenderID != nil {
		if old, err := db.directMessageByClientID(ctx, *m.SenderID, *m.ClientID); err == nil {
			return sameConversation(old, m.ConversationID)
		}
	}
	err := db.inTx(ctx, func(tx conn) error {
		if err := checkReply(ctx, tx, domain.ChatDirect, m.ConversationID, m.ReplyToID); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO direct_messages (id, conversation_id, sender_id, recipient_id, content, client_id, created_at,
			reply_to, search_text, rev) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, m.ID, m.ConversationID, m.SenderID, m.RecipientID, m.Content,
			m.ClientID, ms(m.CreatedAt), nullString(m.ReplyToID), m.SearchText, m.ID); err != nil {
			return err
		}
		if err := claimAttachments(ctx, tx, domain.ChatDirect, m.ConversationID, m.ID, m.SenderID, m.AttachmentIDs); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "UPDATE conversations SET last_message_at = ? WHERE id = ?", ms(m.CreatedAt), m.ConversationID); err != nil {
			return err
		}
		// A new message brings the conversation back to the list of whoever deleted it.
		if _, err := tx.exec(ctx, "UPDATE conversation_participants SET hidden = FALSE WHERE conversation_id = ? AND hidden",
			m.ConversationID); err != nil {
			return err
		}
		if err := queueDirectMessagePush(ctx, tx, m); err != nil {
			return err
		}
		n := domain.Notice{Kind: domain.NoticeDM, ID: m.ID, Scope: m.ConversationID, Community: m.CommunityID}
		if m.SenderID != nil {
			n.User = *m.SenderID
		}
		if m.RecipientID != nil {
			n.Other = *m.RecipientID
		}
		return db.notify(ctx, tx, n)
	})
	if isUniqueViolation(err) && m.ClientID != nil && m.SenderID != nil {
		old, err := db.directMessageByClientID(ctx, *m.SenderID, *m.ClientID)
		if err != nil {
			return nil, false, err
		}
		return sameConversation(old, m.ConversationID)
	}
	if err != nil {
		return nil, false, err
	}
	out, err := db.DirectMessage(ctx, m.ID)
	return out, err == nil, err
}

func sameConversation(m *domain.DirectMessage, conversationID string) (*domain.DirectMessage, bool, error) {
	if m.ConversationID != conversationID {
		return nil, false, errClientIDReused
	}
	return m, false, nil
}

func (db *DB) directMessageByClientID(ctx context.Context, senderID, clientID string) (*domain.DirectMessage, error) {
	// The writer: a retry racing the first attempt must see its commit.
	return db.oneDirectMessage(ctx, db.writer(), directMessageSelect+" WHERE d.sender_id = ? AND d.client_id = ?", senderID, clientID)
}

// MarkConversationRead sets read_at on the messages of conversationID that readerID has not read yet and
// returns how many it marked. When some were, a read receipt notice (receiptID) goes out with the commit.
func (db *DB) MarkConversationRead(ctx context.Context, communityID, conversationID, readerID string, otherID *string, receiptID string, now time.Time) (int64, error) {
	var n int64
	err := db.inTx(ctx, func(tx conn) error {
		res, err := tx.exec(ctx, `UPDATE direct_messages SET read_at = ?
			WHERE recipient_id = ? AND conversation_id = ? AND read_at IS NULL`, ms(now), readerID, conversationID)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		other := ""
		if otherID != nil {
			other = *otherID
		}
		return db.notify(ctx, tx, domain.Notice{Kind: domain.NoticeDMRead, ID: receiptID, Scope: conversationID,
			Community: communityID, User: readerID, Other: other, At: ms(now)})
	})
	return n, err
}

// UnreadCount counts the direct messages to userID in communityID that they have not read (the badge).
func (db *DB) UnreadCount(ctx context.Context, communityID, userID string) (int, error) {
	var n int
	err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM direct_messages d JOIN conversations c ON c.id = d.conversation_id
		JOIN conversation_participants me ON me.conversation_id = d.conversation_id AND me.user_id = d.recipient_id
		WHERE d.recipient_id = ? AND d.read_at IS NULL AND c.community_id = ? AND d.deleted_at IS NULL
		  AND d.id > COALESCE(me.cleared_before, '')`, userID, communityID).Scan(&n)
	return n, err
}

// DirectMessagesAfter returns up to limit messages of userID's conversations in communityID created or
// changed after the rev after, the oldest change first (the replay of a reconnecting stream).
func (db *DB) DirectMessagesAfter(ctx context.Context, communityID, userID, after string, limit int) ([]domain.DirectMessage, error) {
	return db.directMessages(ctx, directMessageSelect+`
		JOIN conversation_participants me ON me.conversation_id = d.conversation_id AND me.user_id = ?
		WHERE c.community_id = ? AND d.rev > ? ORDER BY d.rev LIMIT ?`, userID, communityID, after, limit)
}

// ReadReceiptsSince returns, per conversation, when the messages userID sent were last read, for reads at
// or after since (the replay of read receipts).
func (db *DB) ReadReceiptsSince(ctx context.Context, communityID, userID string, since time.Time) ([]domain.ReadReceipt, error) {
	rows, err := db.reader().query(ctx, `SELECT d.conversation_id, MAX(d.recipient_id), MAX(d.read_at)
		FROM direct_messages d JOIN conversations c ON c.id = d.conversation_id
		WHERE d.sender_id = ? AND d.read_at >= ? AND c.community_id = ?
		GROUP BY d.conversation_id ORDER BY MAX(d.read_at)`, userID, ms(since), communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.ReadReceipt
	for rows.Next() {
		var r domain.ReadReceipt
		var at int64
		if err := rows.Scan(&r.ConversationID, &r.ReaderID, &at); err != nil {
			return nil, err
		}
		r.ReadAt = fromMS(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// placeholders returns "?, ?, …" for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// In the export of a member's data (personaldata.go): their direct messages and reactions.
func init() {
	exportPersonalData(
		dataSection{"direct_messages", `SELECT id, conversation_id, content, reply_to, created_at, edited_at, deleted_at
			FROM direct_messages WHERE sender_id = ? ORDER BY created_at`},
		dataSection{"direct_message_reactions", `SELECT message_id, emoji, created_at FROM direct_message_reactions WHERE user_id = ?`},
	)
}
