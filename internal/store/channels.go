package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

var (
	errChannelNotFound   = domain.Errorf(domain.CodeNotFound, "El canal no existe")
	errMembersNotInCommu = domain.Errorf(domain.CodeInvalid, "Solo puedes invitar a vecinos de tu comunidad")
	errLeftChannel       = domain.Errorf(domain.CodeForbidden, "Has salido de este canal: ya no puedes leerlo ni escribir en él")
)

const channelColumns = `ch.id, ch.community_id, ch.name, ch.description, ch.kind, ch.created_by, ch.created_at`

func scanChannel(row interface{ Scan(...any) error }, extra ...any) (*domain.Channel, error) {
	var c domain.Channel
	var kind string
	var created int64
	err := row.Scan(append([]any{&c.ID, &c.CommunityID, &c.Name, &c.Description, &kind, &c.CreatedBy, &created}, extra...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errChannelNotFound
	}
	if err != nil {
		return nil, err
	}
	c.Kind, c.CreatedAt = domain.ChannelKind(kind), fromMS(created)
	return &c, nil
}

// CommunityChannel returns the 'Chat Comunitario' of communityID, creating it on first use. The partial
// unique index on channels(community_id) WHERE kind = 'community' makes concurrent first uses agree.
func (db *DB) CommunityChannel(ctx context.Context, communityID string) (*domain.Channel, error) {
	q := "SELECT " + channelColumns + " FROM channels ch WHERE ch.community_id = ? AND ch.kind = 'community'"
	c, err := scanChannel(db.reader().queryRow(ctx, q, communityID))
	if !errors.Is(err, errChannelNotFound) {
		return c, err
	}
	if _, err := db.writer().exec(ctx, `INSERT INTO channels (id, community_id, name, kind, created_at)
		VALUES (?, ?, ?, 'community', ?) ON CONFLICT DO NOTHING`, domain.NewID(), communityID, domain.CommunityChannelName, time.Now().UnixMilli()); err != nil {
		return nil, err
	}
	return scanChannel(db.writer().queryRow(ctx, q, communityID))
}

// ChannelFor returns channel id if userID may read and post in it: the community channel of communityID,
// or a private channel of communityID they were invited to. Anyone else gets not found.
func (db *DB) ChannelFor(ctx context.Context, communityID, userID, id string) (*domain.Channel, error) {
	var muted *int64
	c, err := scanChannel(db.reader().queryRow(ctx, "SELECT "+channelColumns+`, mu.until_at FROM channels ch
		LEFT JOIN chat_mutes mu ON mu.user_id = ? AND mu.scope_id = ch.id
		WHERE ch.id = ? AND ch.community_id = ?
		  AND (ch.kind = 'community' OR EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = ch.id AND cm.user_id = ? AND cm.left_at IS NULL))`,
		userID, id, communityID, userID), &muted)
	if errors.Is(err, errChannelNotFound) {
		var left int
		if e := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM channel_members cm JOIN channels ch ON ch.id = cm.channel_id
			WHERE cm.channel_id = ? AND cm.user_id = ? AND cm.left_at IS NOT NULL AND ch.community_id = ?`, id, userID, communityID).Scan(&left); e != nil {
			return nil, e
		}
		if left > 0 {
			return nil, errLeftChannel
		}
	}
	if err != nil {
		return nil, err
	}
	c.MutedUntil = fromNullMS(muted)
	return c, nil
}

// Channels lists the channels userID belongs to in communityID — the community channel first, then the
// private ones by latest activity — with member counts and last messages, in one query.
func (db *DB) Channels(ctx context.Context, communityID, userID string) ([]domain.Channel, error) {
	rows, err := db.reader().query(ctx, "SELECT "+channelColumns+`,
			CASE WHEN ch.kind = 'community' THEN (SELECT COUNT(*) FROM profiles pr WHERE pr.community_id = ch.community_id)
			     ELSE (SELECT COUNT(*) FROM channel_members n WHERE n.channel_id = ch.id AND n.left_at IS NULL) END,
			lm.id, lm.user_id, COALESCE(lp.full_name, ''), lm.content, lm.client_id, lm.created_at, lm.deleted_at, lm.rev, mu.until_at
		FROM channels ch
		LEFT JOIN messages lm ON lm.id = (SELECT m.id FROM messages m WHERE m.channel_id = ch.id ORDER BY m.id DESC LIMIT 1)
		LEFT JOIN profiles lp ON lp.id = lm.user_id
		LEFT JOIN chat_mutes mu ON mu.user_id = ? AND mu.scope_id = ch.id
		WHERE ch.community_id = ?
		  AND (ch.kind = 'community' OR EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = ch.id AND cm.user_id = ? AND cm.left_at IS NULL))
		ORDER BY CASE WHEN ch.kind = 'community' THEN 0 ELSE 1 END, COALESCE(lm.created_at, ch.created_at) DESC, ch.id DESC`,
		userID, communityID, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.Channel{}
	for rows.Next() {
		var count int
		var mID, mContent, mRev *string
		var m domain.ChannelMessage
		var mCreated, mDeleted, muted *int64
		c, err := scanChannel(rows, &count, &mID, &m.UserID, &m.AuthorName, &mContent, &m.ClientID, &mCreated, &mDeleted, &mRev, &muted)
		if err != nil {
			return nil, err
		}
		c.MemberCount, c.MutedUntil = count, fromNullMS(muted)
		if mID != nil {
			if m.UserID == nil {
				m.AuthorName = domain.DeletedUserName
			}
			m.ID, m.ChannelID, m.Content, m.CreatedAt = *mID, c.ID, *mContent, fromMS(*mCreated)
			m.DeletedAt, m.Rev = fromNullMS(mDeleted), deref(mRev)
			m.Attachments, m.Reactions = []domain.Attachment{}, []domain.MessageReaction{}
			c.LastMessage = &m
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

// ChannelIDs returns the ids of the private channels userID was invited to in communityID (the stream
// subscribes to them, and to the community channel, once when it connects).
func (db *DB) ChannelIDs(ctx context.Context, communityID, userID string) ([]string, error) {
	return queryStrings(ctx, db.reader(), `SELECT cm.channel_id FROM channel_members cm JOIN channels ch ON ch.id = cm.channel_id
		WHERE cm.user_id = ? AND ch.community_id = ? AND cm.left_at IS NULL`, userID, communityID)
}

// CreateChannel stores a private channel and its members (every one a member of its community) in one
// transaction; each member hears of it with the commit.
func (db *DB) CreateChannel(ctx context.Context, c *domain.Channel, memberIDs []string) error {
	return db.inTx(ctx, func(tx conn) error {
		if err := allMembers(ctx, tx, c.CommunityID, memberIDs); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO channels (id, community_id, name, description, kind, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, c.ID, c.CommunityID, c.Name, c.Description, string(c.Kind), c.CreatedBy, ms(c.CreatedAt)); err != nil {
			return err
		}
		_, err := addChannelMembers(ctx, db, tx, c, memberIDs, c.CreatedAt)
		return err
	})
}

// AddChannelMembers invites userIDs (members of the channel's community) to a private channel and returns
// those who were not in it yet.
func (db *DB) AddChannelMembers(ctx context.Context, c *domain.Channel, userIDs []string, now time.Time) ([]string, error) {
	var added []string
	err := db.inTx(ctx, func(tx conn) error {
		if err := allMembers(ctx, tx, c.CommunityID, userIDs); err != nil {
			return err
		}
		var err error
		added, err = addChannelMembers(ctx, db, tx, c, userIDs, now)
		return err
	})
	return added, err
}

func allMembers(ctx context.Context, tx conn, communityID string, userIDs []string) error {
	if len(userIDs) == 0 {
		return nil
	}
	args := []any{communityID}
	for _, id := range userIDs {
		args = append(args, id)
	}
	var n int
	if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM profiles WHERE community_id = ? AND id IN ("+placeholders(len(userIDs))+")",
		args...).Scan(&n); err != nil {
		return err
	}
	if n != len(userIDs) {
		return errMembersNotInCommu
	}
	return nil
}

func addChannelMembers(ctx context.Context, db *DB, tx conn, c *domain.Channel, userIDs []string, now time.Time) ([]string, error) {
	var added []string
	for _, u := range userIDs {
		// Inviting someone who left brings them back.
		res, err := tx.exec(ctx, `INSERT INTO channel_members (channel_id, user_id, added_at) VALUES (?, ?, ?)
			ON CONFLICT (channel_id, user_id) DO UPDATE SET left_at = NULL, added_at = excluded.added_at
			WHERE channel_members.left_at IS NOT NULL`, c.ID, u, ms(now))
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		added = append(added, u)
		n := domain.Notice{Kind: domain.NoticeChannelMember, ID: domain.NewID(), Scope: c.ID, Community: c.CommunityID, User: u}
		if err := db.notify(ctx, tx, n); err != nil {
			return nil, err
		}
	}
	return added, nil
}

// ChannelMembers lists c's members by name: every member of its community for the community chat, those
// invited and not gone for a private channel. The caller checked that the reader may see c.
func (db *DB) ChannelMembers(ctx context.Context, c *domain.Channel) ([]domain.ChannelMember, error) {
	q := `SELECT p.id, p.full_name, p.avatar_url, COALESCE(r.role, 'user'),
		COALESCE(u.unit_number, (SELECT o.unit_number FROM units o WHERE o.owner_id = p.id AND o.community_id = p.community_id ORDER BY o.unit_number LIMIT 1))
	FROM profiles p
	LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
	LEFT JOIN units u ON u.id = p.unit_id AND u.community_id = p.community_id
	WHERE p.community_id = ?`
	args := []any{c.CommunityID}
	if c.Kind != domain.ChannelCommunity {
		q += ` AND EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = ? AND cm.user_id = p.id AND cm.left_at IS NULL)`
		args = append(args, c.ID)
	}
	rows, err := db.reader().query(ctx, q+` ORDER BY p.full_name, p.id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.ChannelMember{}
	for rows.Next() {
		var m domain.ChannelMember
		var role string
		if err := rows.Scan(&m.ID, &m.FullName, &m.AvatarURL, &role, &m.UnitNumber); err != nil {
			return nil, err
		}
		m.Role, m.Creator = domain.Role(role), c.Kind != domain.ChannelCommunity && c.CreatedBy != nil && *c.CreatedBy == m.ID
		out = append(out, m)
	}
	return out, rows.Err()
}

const channelMessageSelect = `SELECT m.id, m.channel_id, m.user_id, COALESCE(p.full_name, ''), p.avatar_url,
		COALESCE(u.unit_number, (SELECT o.unit_number FROM units o WHERE o.owner_id = m.user_id ORDER BY o.unit_number LIMIT 1)),
		m.content, m.client_id, m.created_at, m.edited_at, m.deleted_at, m.rev,
		q.id, q.user_id, COALESCE(qp.full_name, ''), q.content, q.deleted_at,
		(SELECT COUNT(*) FROM chat_attachments qa WHERE qa.message_id = q.id)
	FROM messages m
	LEFT JOIN profiles p ON p.id = m.user_id
	LEFT JOIN units u ON u.id = p.unit_id
	LEFT JOIN messages q ON q.id = m.reply_to
	LEFT JOIN profiles qp ON qp.id = q.user_id`

func scanChannelMessage(row interface{ Scan(...any) error }) (*domain.ChannelMessage, error) {
	var m domain.ChannelMessage
	var created int64
	var edited, deleted *int64
	var rev *string
	var q quoteRow
	err := row.Scan(&m.ID, &m.ChannelID, &m.UserID, &m.AuthorName, &m.AuthorAvatar, &m.UnitNumber, &m.Content, &m.ClientID, &created,
		&edited, &deleted, &rev, &q.id, &q.authorID, &q.authorName, &q.content, &q.deleted, &q.files)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.CodeNotFound, "El mensaje no existe")
	}
	if err != nil {
		return nil, err
	}
	if m.UserID == nil {
		m.AuthorName = domain.DeletedUserName
	}
	m.CreatedAt = fromMS(created)
	m.EditedAt, m.DeletedAt, m.Rev, m.ReplyTo = fromNullMS(edited), fromNullMS(deleted), deref(rev), q.quote()
	return &m, nil
}

// channelMessages runs q, a select of messages, and returns them with their attachments and reactions.
func (db *DB) channelMessages(ctx context.Context, q string, args ...any) ([]domain.ChannelMessage, error) {
	rows, err := db.reader().query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	out := []domain.ChannelMessage{}
	err = func() error {
		defer rows.Close()
		for rows.Next() {
			m, err := scanChannelMessage(rows)
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
	return out, db.loadExtras(ctx, db.reader(), domain.ChatChannel, ids, extras)
}

// ChannelMessage returns one channel message by id (the realtime fan-out loads each new message once).
func (db *DB) ChannelMessage(ctx context.Context, id string) (*domain.ChannelMessage, error) {
	return db.oneChannelMessage(ctx, db.reader(), channelMessageSelect+" WHERE m.id = ?", id)
}

func (db *DB) oneChannelMessage(ctx context.Context, c conn, q string, args ...any) (*domain.ChannelMessage, error) {
	m, err := scanChannelMessage(c.queryRow(ctx, q, args...))
	if err != nil {
		return nil, err
	}
	return m, db.loadExtras(ctx, c, domain.ChatChannel, []string{m.ID}, []*domain.MessageExtras{&m.MessageExtras})
}

// ChannelMessages returns up to limit messages of a channel before the message id before (all when
// empty), oldest first.
func (db *DB) ChannelMessages(ctx context.Context, channelID, before string, limit int) ([]domain.ChannelMessage, error) {
	q := channelMessageSelect + " WHERE m.channel_id = ?"
	args := []any{channelID}
	if before != "" {
		q += " AND m.id < ?"
		args = append(args, before)
	}
	q += " ORDER BY m.id DESC LIMIT ?"
	out, err := db.channelMessages(ctx, q, append(args, limit)...)
	if err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// ChannelMessagesAfter returns up to limit messages of channelIDs created or changed after the rev after,
// the oldest change first (the replay of a reconnecting stream).
func (db *DB) ChannelMessagesAfter(ctx context.Context, channelIDs []string, after string, limit int) ([]domain.ChannelMessage, error) {
	if len(channelIDs) == 0 {
		return []domain.ChannelMessage{}, nil
	}
	args := make([]any, 0, len(channelIDs)+2)
	for _, id := range channelIDs {
		args = append(args, id)
	}
	return db.channelMessages(ctx, channelMessageSelect+" WHERE m.channel_id IN ("+placeholders(len(channelIDs))+
		") AND m.rev > ? ORDER BY m.rev LIMIT ?", append(args, after, limit)...)
}

// PostChannelMessage stores m unless its author already posted a message with the same client id, in
// which case it returns that one and created=false. On PostgreSQL the notice goes out with the commit.
func (db *DB) PostChannelMessage(ctx context.Context, m *domain.ChannelMessage) (*domain.ChannelMessage, bool, error) {
	if m.ClientID != nil && m.UserID != nil {
		if old, err := db.channelMessageByClientID(ctx, *m.UserID, *m.ClientID); err == nil {
			return sameChannel(old, m.ChannelID)
		}
	}
	err := db.inTx(ctx, func(tx conn) error {
		if err := checkReply(ctx, tx, domain.ChatChannel, m.ChannelID, m.ReplyToID); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO messages (id, channel_id, user_id, content, client_id, created_at, reply_to, search_text, rev)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.ID, m.ChannelID, m.UserID, m.Content, m.ClientID, ms(m.CreatedAt), nullString(m.ReplyToID), m.SearchText, m.ID); err != nil {
			return err
		}
		if err := claimAttachments(ctx, tx, domain.ChatChannel, m.ChannelID, m.ID, m.UserID, m.AttachmentIDs); err != nil {
			return err
		}
		return db.notify(ctx, tx, domain.Notice{Kind: domain.NoticeChannelMsg, ID: m.ID, Scope: m.ChannelID})
	})
	if isUniqueViolation(err) && m.ClientID != nil && m.UserID != nil {
		old, err := db.channelMessageByClientID(ctx, *m.UserID, *m.ClientID)
		if err != nil {
			return nil, false, err
		}
		return sameChannel(old, m.ChannelID)
	}
	if err != nil {
		return nil, false, err
	}
	out, err := db.ChannelMessage(ctx, m.ID)
	return out, err == nil, err
}

func sameChannel(m *domain.ChannelMessage, channelID string) (*domain.ChannelMessage, bool, error) {
	if m.ChannelID != channelID {
		return nil, false, errClientIDReused
	}
	return m, false, nil
}

func (db *DB) channelMessageByClientID(ctx context.Context, userID, clientID string) (*domain.ChannelMessage, error) {
	return db.oneChannelMessage(ctx, db.writer(), channelMessageSelect+" WHERE m.user_id = ? AND m.client_id = ?", userID, clientID)
}

// CountCommunityMessagesSince counts the messages of communityID's community chat created at or after
// since (the dashboard's "mensajes de la comunidad"; the spec's window is 7 days).
func (db *DB) CountCommunityMessagesSince(ctx context.Context, communityID string, since time.Time) (int, error) {
	var n int
	err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM messages m JOIN channels ch ON ch.id = m.channel_id
		WHERE ch.community_id = ? AND ch.kind = 'community' AND m.created_at >= ?`, communityID, ms(since)).Scan(&n)
	return n, err
}

// In the export of a member's data (personaldata.go): their channel messages and reactions.
func init() {
	exportPersonalData(
		dataSection{"channel_messages", `SELECT id, channel_id, content, reply_to, created_at, edited_at, deleted_at FROM messages WHERE user_id = ? ORDER BY created_at`},
		dataSection{"channel_message_reactions", `SELECT message_id, emoji, created_at FROM channel_message_reactions WHERE user_id = ?`},
	)
}
