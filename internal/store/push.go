package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"vecinos/internal/domain"
)

// Web push (docs/adr/0030): the server's VAPID keys, the devices that opted in, the kinds each person
// turned off, and the pushes themselves, which are rows of kind 'push' in the mail outbox.

const (
	outboxMail = "mail"
	outboxPush = "push"
)

// PushKeys returns the VAPID key pair, and false when there is none yet.
func (db *DB) PushKeys(ctx context.Context) (domain.PushKeys, bool, error) {
	var k domain.PushKeys
	err := db.writerIn(ctx).queryRow(ctx, "SELECT public_key, private_key FROM push_keys WHERE id = 1").Scan(&k.Public, &k.Private)
	if errors.Is(err, sql.ErrNoRows) {
		return k, false, nil
	}
	return k, err == nil, err
}

// SavePushKeys stores k unless there is a pair already: instances starting at once may each generate one,
// and the first insert wins.
func (db *DB) SavePushKeys(ctx context.Context, k domain.PushKeys, now time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, k.Public, k.Private, ms(now))
	return err
}

// SavePushSubscription stores s, or updates the device's row (same endpoint) to s: its keys change when
// the browser renews them, and its owner when another account signs in on the device. It returns the id
// of the stored row.
func (db *DB) SavePushSubscription(ctx context.Context, s *domain.PushSubscription) (string, error) {
	var id string
	err := db.writerIn(ctx).queryRow(ctx, `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, device, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
			device = excluded.device, created_at = excluded.created_at
		RETURNING id`, s.ID, s.UserID, s.Endpoint, s.P256dh, s.Auth, s.Device, ms(s.CreatedAt)).Scan(&id)
	return id, err
}

// DeletePushSubscription removes the device id of userID; false when userID has no such device.
func (db *DB) DeletePushSubscription(ctx context.Context, userID, id string) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?", id, userID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteGonePushSubscription removes a device whose push service answered that it is gone (404, 410).
func (db *DB) DeleteGonePushSubscription(ctx context.Context, id string) error {
	_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM push_subscriptions WHERE id = ?", id)
	return err
}

const pushSubscriptionSelect = "SELECT id, user_id, endpoint, p256dh, auth, device, created_at FROM push_subscriptions"

func scanPushSubscription(row scanner) (*domain.PushSubscription, error) {
	var s domain.PushSubscription
	var created int64
	if err := row.Scan(&s.ID, &s.UserID, &s.Endpoint, &s.P256dh, &s.Auth, &s.Device, &created); err != nil {
		return nil, err
	}
	s.CreatedAt = time.UnixMilli(created).UTC()
	return &s, nil
}

// PushSubscription returns the device id, or nil when it was removed.
func (db *DB) PushSubscription(ctx context.Context, id string) (*domain.PushSubscription, error) {
	s, err := scanPushSubscription(db.writerIn(ctx).queryRow(ctx, pushSubscriptionSelect+" WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return s, err
}

// PushSubscriptions lists userID's devices, oldest first.
func (db *DB) PushSubscriptions(ctx context.Context, userID string) ([]domain.PushSubscription, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanPushSubscription), pushSubscriptionSelect+" WHERE user_id = ? ORDER BY created_at, id", userID)
	if out == nil && err == nil {
		out = []domain.PushSubscription{}
	}
	return out, err
}

// PushOptOuts returns the kinds userID turned off in communityID.
func (db *DB) PushOptOuts(ctx context.Context, userID, communityID string) ([]domain.PushKind, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), scanValue[domain.PushKind],
		"SELECT kind FROM push_opt_outs WHERE user_id = ? AND community_id = ? ORDER BY kind", userID, communityID)
	if out == nil && err == nil {
		out = []domain.PushKind{}
	}
	return out, err
}

// SetPushKind turns kind on or off for userID in communityID.
func (db *DB) SetPushKind(ctx context.Context, userID, communityID string, kind domain.PushKind, on bool) error {
	if on {
		_, err := db.writerIn(ctx).exec(ctx, "DELETE FROM push_opt_outs WHERE user_id = ? AND community_id = ? AND kind = ?",
			userID, communityID, string(kind))
		return err
	}
	_, err := db.writerIn(ctx).exec(ctx, "INSERT INTO push_opt_outs (user_id, community_id, kind) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
		userID, communityID, string(kind))
	return err
}

// QueuePush queues p in the transaction of InTx (ctx), so the push is sent if and only if the change
// that causes it commits.
func (db *DB) QueuePush(ctx context.Context, p domain.Push, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	return enqueuePush(ctx, tx, p, at)
}

// enqueuePush queues, in tx, one outbox row per device of p's users that has p's kind on in p's community
// (and, with MutedScope, whose owner has not muted it), with the text in the owner's language.
func enqueuePush(ctx context.Context, tx conn, p domain.Push, at time.Time) error {
	if len(p.Users) == 0 {
		return nil
	}
	if p.CommunityID == "" {
		return fmt.Errorf("queue push %s: no community", p.Kind)
	}
	p.URL = domain.CommunityLink(p.URL, p.CommunityID)
	now := ms(at)
	args := []any{p.CommunityID, string(p.Kind), p.MutedScope, now}
	for _, u := range p.Users {
		args = append(args, u)
	}
	type device struct{ id, lang string }
	devices, err := queryAll(ctx, tx, func(row scanner) (d device, err error) {
		return d, row.Scan(&d.id, &d.lang)
	}, `SELECT s.id, u.language FROM push_subscriptions s JOIN users u ON u.id = s.user_id
		WHERE NOT EXISTS (SELECT 1 FROM push_opt_outs o WHERE o.user_id = s.user_id AND o.community_id = ? AND o.kind = ?)
		AND NOT EXISTS (SELECT 1 FROM chat_mutes m WHERE m.user_id = s.user_id AND m.scope_id = ? AND m.until_at > ?)
		AND s.user_id IN (`+placeholders(len(p.Users))+`) ORDER BY s.id`, args...)
	if err != nil {
		return fmt.Errorf("queue push: %w", err)
	}
	payloads := map[string]string{}
	for _, d := range devices {
		body, ok := payloads[d.lang]
		if !ok {
			title, text := p.Text(domain.ParseLanguage(d.lang))
			b, err := json.Marshal(domain.PushPayload{Kind: p.Kind, Title: title, Body: text, URL: p.URL, Tag: p.Tag})
			if err != nil {
				return err
			}
			body = string(b)
			payloads[d.lang] = body
		}
		if _, err := tx.exec(ctx, `INSERT INTO mail_outbox (id, kind, to_addr, subject, text_body, html_body, created_at, next_try_at)
			VALUES (?, ?, ?, ?, ?, '', ?, ?)`, domain.NewID(), outboxPush, d.id, string(p.Kind), body, now, now); err != nil {
			return fmt.Errorf("queue push: %w", err)
		}
	}
	return nil
}

// PushQueue is the outbox's pushes, for a mail.Worker that sends them: it claims only rows of kind push;
// the rest of the outbox's methods act on any row by its id.
type PushQueue struct{ *DB }

// ClaimMail leases up to limit due pushes (see DB.ClaimMail).
func (q PushQueue) ClaimMail(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]domain.QueuedMail, error) {
	return q.claim(ctx, outboxPush, now, limit, lease)
}

// QueueDirectMessagePush queues, in the transaction of ctx, the push of new direct message m to its
// recipient, unless they muted the conversation: the sender's name and the start of the text.
func (db *DB) QueueDirectMessagePush(ctx context.Context, m *domain.DirectMessage) error {
	tx, err := txOf(ctx)
	if err != nil || m.RecipientID == nil || m.SenderID == nil {
		return err
	}
	var sender string
	if err := tx.queryRow(ctx, "SELECT full_name FROM profiles WHERE id = ?", *m.SenderID).Scan(&sender); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	return enqueuePush(ctx, tx, domain.Push{Kind: domain.PushDirectMessage, Users: []string{*m.RecipientID}, MutedScope: m.ConversationID,
		CommunityID: m.CommunityID, URL: "/conversation/" + m.ConversationID, Tag: "dm-" + m.ConversationID,
		Text: func(lang domain.Language) (string, string) {
			if m.Content == "" {
				return sender, domain.Localized(lang, "📎 Archivo adjunto", "📎 Fitxer adjunt", "📎 Attachment")
			}
			return sender, domain.Excerpt(m.Content, 200)
		}}, m.CreatedAt)
}

// queueCriticalPush queues the push of a critical announcement to its audience, but its author.
func queueCriticalPush(ctx context.Context, tx conn, an *domain.Announcement, at time.Time) error {
	users, err := queryStrings(ctx, tx, `SELECT p.id FROM announcements a JOIN members p ON `+inAudience+`
		WHERE a.id = ? AND p.id <> ?`, an.ID, deref(an.CreatedBy))
	if err != nil {
		return err
	}
	return enqueuePush(ctx, tx, domain.Push{Kind: domain.PushCritical, Users: users, CommunityID: an.CommunityID, URL: "/announcements", Tag: "announcement-" + an.ID,
		Text: func(lang domain.Language) (string, string) {
			return domain.Localized(lang, "Aviso importante: ", "Avís important: ", "Important notice: ") + an.Title,
				domain.Excerpt(an.Description, 200)
		}}, at)
}
