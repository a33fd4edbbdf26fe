package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"vecinos/internal/domain"
)

const channelColumns = `ch.id, ch.community_id, ch.name, ch.description, ch.kind, ch.created_by, ch.created_at`

func scanChannel(row scanner, extra ...any) (*domain.Channel, error) {
	var c domain.Channel
	var kind string
	var created int64
	if err := row.Scan(append([]any{&c.ID, &c.CommunityID, &c.Name, &c.Description, &kind, &c.CreatedBy, &created}, extra...)...); err != nil {
		return nil, err
	}
	c.Kind, c.CreatedAt = domain.ChannelKind(kind), fromMS(created)
	return &c, nil
}

// oneChannel is the channel row scans, or nil when there is none.
func oneChannel(c *domain.Channel, err error) (*domain.Channel, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return c, err
}

// CommunityChannel returns the 'Chat Comunitario' of communityID, or nil before its first use.
func (db *DB) CommunityChannel(ctx context.Context, communityID string) (*domain.Channel, error) {
	return oneChannel(scanChannel(db.readerIn(ctx).queryRow(ctx,
		"SELECT "+channelColumns+" FROM channels ch WHERE ch.community_id = ? AND ch.kind = 'community'", communityID)))
}

// CreateCommunityChannel creates the 'Chat Comunitario' of communityID unless it exists. The partial
// unique index on channels(community_id) WHERE kind = 'community' makes concurrent first uses agree.
func (db *DB) CreateCommunityChannel(ctx context.Context, id, communityID string, now time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO channels (id, community_id, name, kind, created_at)
		VALUES (?, ?, ?, 'community', ?) ON CONFLICT DO NOTHING`, id, communityID, domain.CommunityChannelName, ms(now))
	return err
}

// isChannelMember is the condition that userID (an argument) may read and post in channel ch (mch in
// the message selects).
var isChannelMember, isMessageChannelMember = channelMember("ch"), channelMember("mch")

func channelMember(ch string) string {
	return "(" + ch + ".kind = 'community' OR EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = " + ch +
		".id AND cm.user_id = ? AND cm.left_at IS NULL))"
}

// ChannelFor returns channel id if userID may read and post in it: the community channel of communityID,
// or a private channel of communityID they were invited to and have not left. Anyone else gets nil.
func (db *DB) ChannelFor(ctx context.Context, communityID, userID, id string) (*domain.Channel, error) {
	var muted *int64
	c, err := oneChannel(scanChannel(db.readerIn(ctx).queryRow(ctx, "SELECT "+channelColumns+`, mu.until_at FROM channels ch
		LEFT JOIN chat_mutes mu ON mu.user_id = ? AND mu.scope_id = ch.id
		WHERE ch.id = ? AND ch.community_id = ? AND `+isChannelMember, userID, id, communityID, userID), &muted))
	if c != nil {
		c.MutedUntil = fromNullMS(muted)
	}
	return c, err
}

// ChannelVersion returns the version of channel id (migration 0071: a counter that every change of its
// messages moves) if userID may read it in communityID, as ChannelFor and the page's query check; false
// when they may not. It reads the channel row (and a private channel's membership) alone: the check that
// a cached page is still the channel's.
func (db *DB) ChannelVersion(ctx context.Context, communityID, userID, id string) (int64, bool, error) {
	var v int64
	err := db.readerIn(ctx).queryRow(ctx, "SELECT ch.version FROM channels ch WHERE ch.id = ? AND ch.community_id = ? AND "+isChannelMember,
		id, communityID, userID).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return v, err == nil, err
}

// touchChannel moves the version of channel id. It runs after the change of its messages, in the same
// transaction (or after it, outside one): no reader holds a version newer than the messages it reads next.
func touchChannel(ctx context.Context, c conn, id string) error {
	_, err := c.exec(ctx, "UPDATE channels SET version = version + 1 WHERE id = ?", id)
	return err
}

// LeftChannel reports whether userID left the private channel id of communityID.
func (db *DB) LeftChannel(ctx context.Context, communityID, userID, id string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COUNT(*) FROM channel_members cm JOIN channels ch ON ch.id = cm.channel_id
		WHERE cm.channel_id = ? AND cm.user_id = ? AND cm.left_at IS NOT NULL AND ch.community_id = ?`, id, userID, communityID).Scan(&n)
	return n > 0, err
}

// Channels lists the channels userID belongs to in communityID — the community channel first, then the
// private ones by latest activity — with member counts and last messages, in one query.
func (db *DB) Channels(ctx context.Context, communityID, userID string) ([]domain.Channel, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.Channel, error) {
		var count int
		var muted *int64
		var m domain.ChannelMessage
		var last lastMessage
		c, err := scanChannel(row, &count, &last.id, &m.UserID, &m.AuthorName, &last.content, &m.ClientID, &last.created, &last.deleted, &last.rev, &muted)
		if err != nil {
			return domain.Channel{}, err
		}
		c.MemberCount, c.MutedUntil = count, fromNullMS(muted)
		if last.id != nil {
			if m.UserID == nil {
				m.AuthorName = domain.DeletedUserName
			}
			m.ChannelID = c.ID
			last.fill(&m.ID, &m.Content, &m.CreatedAt, &m.DeletedAt, &m.Rev, &m.MessageExtras)
			c.LastMessage = &m
		}
		return *c, nil
	}, "SELECT "+channelColumns+`,
			CASE WHEN ch.kind = 'community' THEN (SELECT COUNT(*) FROM memberships pr WHERE pr.community_id = ch.community_id)
			     ELSE (SELECT COUNT(*) FROM channel_members n WHERE n.channel_id = ch.id AND n.left_at IS NULL) END,
			lm.id, lm.user_id, COALESCE(lp.full_name, ''), lm.content, lm.client_id, lm.created_at, lm.deleted_at, lm.rev, mu.until_at
		FROM channels ch
		LEFT JOIN messages lm ON lm.id = (SELECT m.id FROM messages m WHERE m.channel_id = ch.id ORDER BY m.id DESC LIMIT 1)
		LEFT JOIN profiles lp ON lp.id = lm.user_id
		LEFT JOIN chat_mutes mu ON mu.user_id = ? AND mu.scope_id = ch.id
		WHERE ch.community_id = ? AND `+isChannelMember+`
		ORDER BY CASE WHEN ch.kind = 'community' THEN 0 ELSE 1 END, COALESCE(lm.created_at, ch.created_at) DESC, ch.id DESC`,
		userID, communityID, userID)
	if out == nil && err == nil {
		out = []domain.Channel{}
	}
	return out, err
}

// lastMessage is the latest message of a conversation or channel as their lists read it (nullable, as
// there may be none): without attachments or reactions, which the lists do not show.
type lastMessage struct {
	id, content, rev *string
	created, deleted *int64
}

// fill sets the message's common fields from l.
func (l lastMessage) fill(id, content *string, created *time.Time, deleted **time.Time, rev *string, extras *domain.MessageExtras) {
	*id, *content, *created, *deleted, *rev = *l.id, *l.content, fromMS(*l.created), fromNullMS(l.deleted), deref(l.rev)
	extras.Attachments, extras.Reactions = []domain.Attachment{}, []domain.MessageReaction{}
}

// ChannelIDs returns the ids of the private channels userID was invited to in communityID (the stream
// subscribes to them, and to the community channel, once when it connects).
func (db *DB) ChannelIDs(ctx context.Context, communityID, userID string) ([]string, error) {
	return queryAll(ctx, db.readerIn(ctx), scanValue[string], `SELECT cm.channel_id FROM channel_members cm JOIN channels ch ON ch.id = cm.channel_id
		WHERE cm.user_id = ? AND ch.community_id = ? AND cm.left_at IS NULL`, userID, communityID)
}

// CountCommunityMembers counts how many of userIDs (distinct) belong to communityID.
func (db *DB) CountCommunityMembers(ctx context.Context, communityID string, userIDs []string) (int, error) {
	if len(userIDs) == 0 {
		return 0, nil
	}
	args := []any{communityID}
	for _, id := range userIDs {
		args = append(args, id)
	}
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM memberships WHERE community_id = ? AND user_id IN ("+placeholders(len(userIDs))+")",
		args...).Scan(&n)
	return n, err
}

// CreateChannel stores a private channel (its members are added with AddChannelMember).
func (db *DB) CreateChannel(ctx context.Context, c *domain.Channel) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO channels (id, community_id, name, description, kind, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, c.ID, c.CommunityID, c.Name, c.Description, string(c.Kind), c.CreatedBy, ms(c.CreatedAt))
	return err
}

// AddChannelMember makes userID a member of channel channelID from now, and reports whether they were not
// one already. Inviting someone who left brings them back.
func (db *DB) AddChannelMember(ctx context.Context, channelID, userID string, now time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `INSERT INTO channel_members (channel_id, user_id, added_at) VALUES (?, ?, ?)
		ON CONFLICT (channel_id, user_id) DO UPDATE SET left_at = NULL, added_at = excluded.added_at
		WHERE channel_members.left_at IS NOT NULL`, channelID, userID, ms(now))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// ChannelMembers lists c's members by name: every member of its community for the community chat, those
// invited and not gone for a private channel. The caller checked that the reader may see c.
func (db *DB) ChannelMembers(ctx context.Context, c *domain.Channel) ([]domain.ChannelMember, error) {
	q := `SELECT p.id, p.full_name, p.avatar_url, COALESCE(r.role, 'user'),
		COALESCE(u.unit_number, (SELECT o.unit_number FROM units o WHERE o.owner_id = p.id AND o.community_id = p.community_id ORDER BY o.unit_number LIMIT 1))
	FROM members p
	LEFT JOIN user_roles r ON r.user_id = p.id AND r.community_id = p.community_id
	LEFT JOIN units u ON u.id = p.unit_id AND u.community_id = p.community_id
	WHERE p.community_id = ?`
	args := []any{c.CommunityID}
	if c.Kind != domain.ChannelCommunity {
		q += ` AND EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_id = ? AND cm.user_id = p.id AND cm.left_at IS NULL)`
		args = append(args, c.ID)
	}
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.ChannelMember, error) {
		var m domain.ChannelMember
		var role string
		err := row.Scan(&m.ID, &m.FullName, &m.AvatarURL, &role, &m.UnitNumber)
		m.Role, m.Creator = domain.Role(role), c.Kind != domain.ChannelCommunity && c.CreatedBy != nil && *c.CreatedBy == m.ID
		return m, err
	}, q+` ORDER BY p.full_name, p.id`, args...)
	if out == nil && err == nil {
		out = []domain.ChannelMember{}
	}
	return out, err
}

const channelMessageSelect = `SELECT m.id, m.channel_id, m.user_id, COALESCE(p.full_name, ''), p.avatar_url,
		COALESCE(u.unit_number, (SELECT o.unit_number FROM units o WHERE o.owner_id = m.user_id AND o.community_id = mch.community_id
			ORDER BY o.unit_number LIMIT 1)),
		m.content, m.client_id, m.created_at, m.edited_at, m.deleted_at, m.rev,
		q.id, q.user_id, COALESCE(qp.full_name, ''), q.content, q.deleted_at,
		(SELECT COUNT(*) FROM chat_attachments qa WHERE qa.message_id = q.id),
		EXISTS (SELECT 1 FROM chat_attachments xa WHERE xa.message_id = m.id), EXISTS (SELECT 1 FROM channel_message_reactions xr WHERE xr.message_id = m.id)
	FROM messages m
	JOIN channels mch ON mch.id = m.channel_id
	LEFT JOIN profiles p ON p.id = m.user_id
	LEFT JOIN memberships pm ON pm.user_id = m.user_id AND pm.community_id = mch.community_id
	LEFT JOIN units u ON u.id = pm.unit_id
	LEFT JOIN messages q ON q.id = m.reply_to
	LEFT JOIN profiles qp ON qp.id = q.user_id`

func scanChannelMessage(row scanner) (*domain.ChannelMessage, error) {
	var m domain.ChannelMessage
	var created int64
	var edited, deleted *int64
	var rev *string
	var q quoteRow
	if err := row.Scan(&m.ID, &m.ChannelID, &m.UserID, &m.AuthorName, &m.AuthorAvatar, &m.UnitNumber, &m.Content, &m.ClientID, &created,
		&edited, &deleted, &rev, &q.id, &q.authorID, &q.authorName, &q.content, &q.deleted, &q.files, &m.HasFiles, &m.HasReactions); err != nil {
		return nil, err
	}
	if m.UserID == nil {
		m.AuthorName = domain.DeletedUserName
	}
	m.CreatedAt = fromMS(created)
	m.EditedAt, m.DeletedAt, m.Rev, m.ReplyTo = fromNullMS(edited), fromNullMS(deleted), deref(rev), q.quote()
	return &m, nil
}

var channelRows = chatRows[domain.ChannelMessage]{kind: domain.ChatChannel, sel: channelMessageSelect, scan: scanChannelMessage,
	extras: func(m *domain.ChannelMessage) (string, *domain.MessageExtras) { return m.ID, &m.MessageExtras }}

// ChannelMessage returns one channel message by id (the realtime fan-out loads each new message once), or
// nil when there is none.
func (db *DB) ChannelMessage(ctx context.Context, id string) (*domain.ChannelMessage, error) {
	return channelRows.one(ctx, db, "WHERE m.id = ?", id)
}

// ChannelMessageByClientID returns the message userID posted with clientID, or nil when there is none.
func (db *DB) ChannelMessageByClientID(ctx context.Context, userID, clientID string) (*domain.ChannelMessage, error) {
	return channelRows.one(ctx, db, "WHERE m.user_id = ? AND m.client_id = ?", userID, clientID)
}

// ChannelMessages returns up to limit messages of channel channelID before the message id before (all
// when empty), oldest first, if userID may read it in communityID (as ChannelFor says): the check is in
// the page's query, one round trip. None when they may not, or when there are none.
func (db *DB) ChannelMessages(ctx context.Context, communityID, userID, channelID, before string, limit int) ([]domain.ChannelMessage, error) {
	return channelRows.page(ctx, db, channelPageWhere, []any{channelID, communityID, userID}, before, limit)
}

var channelPageWhere = "WHERE m.channel_id = ? AND mch.community_id = ? AND " + isMessageChannelMember

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
	return channelRows.list(ctx, db, db.readerIn(ctx), "WHERE m.channel_id IN ("+placeholders(len(channelIDs))+
		") AND m.rev > ? ORDER BY m.rev LIMIT ?", append(args, after, limit)...)
}

// InsertChannelMessage stores m and moves its channel's version, and reports false (storing nothing) when
// its author already posted a message with its client id.
func (db *DB) InsertChannelMessage(ctx context.Context, m *domain.ChannelMessage) (bool, error) {
	w := db.writerIn(ctx)
	res, err := w.exec(ctx, `INSERT INTO messages (id, channel_id, user_id, content, client_id, created_at, reply_to, search_text, rev)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		m.ID, m.ChannelID, m.UserID, m.Content, m.ClientID, ms(m.CreatedAt), nullString(m.ReplyToID), m.SearchText, m.ID)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	return true, touchChannel(ctx, w, m.ChannelID)
}

// In the export of a member's data (personaldata.go): their channel messages and reactions.
func init() {
	exportPersonalData(
		dataSection{"channel_messages", `SELECT id, channel_id, content, reply_to, created_at, edited_at, deleted_at FROM messages WHERE user_id = ? ORDER BY created_at`},
		dataSection{"channel_message_reactions", `SELECT message_id, emoji, created_at FROM channel_message_reactions WHERE user_id = ?`},
	)
}
