package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// The mail outbox. An email is written in the same transaction as the change that causes it and sent
// later by the mail worker, so a crash or an SMTP outage never loses it. Bodies carry single-use tokens:
// nothing here logs them.

// maxErrorLen bounds last_error: a misbehaving server may answer with pages of text.
const maxErrorLen = 1000

// QueueMail queues m, due at at, in the transaction of ctx when the service opened one (InTx): the
// change that causes an email and the email happen together or not at all. Wake the mail worker after
// the commit.
func (db *DB) QueueMail(ctx context.Context, m domain.Mail, at time.Time) error {
	return queueMail(ctx, db.writerIn(ctx), m, at)
}

func queueMail(ctx context.Context, c conn, m domain.Mail, at time.Time) error {
	return queueMailID(ctx, c, domain.NewID(), m, at)
}

// queueMailID is queueMail with the outbox row's id given, for a feature that keeps it (a junta's proof
// of notice reads when the row was sent).
func queueMailID(ctx context.Context, c conn, id string, m domain.Mail, at time.Time) error {
	// Checked here, not at sending time: a bad address would otherwise sit in the outbox failing for hours.
	if _, err := mail.ParseAddress(m.To); err != nil {
		return domain.ErrMailAddress
	}
	if m.Subject == "" || m.Text == "" {
		return fmt.Errorf("enqueue mail: subject and text body are required")
	}
	_, err := c.exec(ctx, `INSERT INTO mail_outbox (id, to_addr, subject, text_body, html_body, created_at, next_try_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, id, m.To, m.Subject, m.Text, m.HTML, ms(at), ms(at))
	return err
}

// scanRecipient scans a recipient row: email, full name, language and community name.
func scanRecipient(row scanner) (domain.Recipient, error) {
	var r domain.Recipient
	var lang string
	err := row.Scan(&r.Email, &r.FullName, &lang, &r.CommunityName)
	r.Language = domain.ParseLanguage(lang)
	return r, err
}

// ClaimMail leases up to limit due, unsent messages until now+lease, oldest due first. A claimed message
// is not claimed again until its lease expires (a worker that died while sending), so instances sharing
// the database never send the same email twice while they are alive.
func (db *DB) ClaimMail(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]domain.QueuedMail, error) {
	return db.claim(ctx, outboxMail, now, limit, lease)
}

// claim leases up to limit due rows of kind (mail or push); see ClaimMail.
func (db *DB) claim(ctx context.Context, kind string, now time.Time, limit int, lease time.Duration) ([]domain.QueuedMail, error) {
	at := now.UnixMilli()
	// One statement on both engines (RETURNING needs SQLite 3.35). The outer conditions repeat the inner
	// ones on purpose: on PostgreSQL two claims may pick the same rows in their subqueries; the later one
	// waits for the earlier one's row locks, then re-checks the outer conditions on the updated rows and
	// skips those that are now leased. On SQLite the single writer runs claims one after the other.
	claimed, err := queryAll(ctx, db.writerIn(ctx), func(row scanner) (q domain.QueuedMail, err error) {
		return q, row.Scan(&q.ID, &q.Mail.To, &q.Mail.Subject, &q.Mail.Text, &q.Mail.HTML, &q.Attempts)
	}, `UPDATE mail_outbox SET locked_until = ?
		WHERE id IN (SELECT id FROM mail_outbox
			WHERE kind = ? AND sent_at IS NULL AND failed_at IS NULL AND next_try_at <= ? AND (locked_until IS NULL OR locked_until <= ?)
			ORDER BY next_try_at LIMIT ?)
		AND sent_at IS NULL AND failed_at IS NULL AND (locked_until IS NULL OR locked_until <= ?)
		RETURNING id, to_addr, subject, text_body, html_body, attempts`,
		now.Add(lease).UnixMilli(), kind, at, at, limit, at)
	if err != nil {
		return nil, fmt.Errorf("claim mail: %w", err)
	}
	return claimed, nil
}

// MarkMailSent records the delivery of a claimed message. The bodies stay: the dev mailbox shows them.
func (db *DB) MarkMailSent(ctx context.Context, id string, at time.Time) error {
	return db.updateMail(ctx, id, "UPDATE mail_outbox SET sent_at = ?, locked_until = NULL WHERE id = ?", at.UnixMilli())
}

// MarkMailFailed records a failed attempt and releases the lease; the message is due again at nextTry.
func (db *DB) MarkMailFailed(ctx context.Context, id string, attempts int, nextTry time.Time, errText string) error {
	return db.updateMail(ctx, id, `UPDATE mail_outbox SET attempts = ?, next_try_at = ?, last_error = ?, locked_until = NULL
		WHERE id = ? AND sent_at IS NULL`, attempts, nextTry.UnixMilli(), clip(errText))
}

// MarkMailAbandoned records the last failed attempt of a message that will not be retried. The row stays,
// with its error, for an operator to see.
func (db *DB) MarkMailAbandoned(ctx context.Context, id string, attempts int, at time.Time, errText string) error {
	return db.updateMail(ctx, id, `UPDATE mail_outbox SET attempts = ?, failed_at = ?, last_error = ?, locked_until = NULL
		WHERE id = ? AND sent_at IS NULL`, attempts, at.UnixMilli(), clip(errText))
}

// updateMail runs query, whose last placeholder is the message id, on message id.
func (db *DB) updateMail(ctx context.Context, id, query string, args ...any) error {
	res, err := db.writerIn(ctx).exec(ctx, query, append(args, id)...)
	if err != nil {
		return fmt.Errorf("update mail %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("update mail %s: no such message, or it was already sent", id)
	}
	return nil
}

func clip(s string) string {
	if len(s) <= maxErrorLen {
		return s
	}
	return strings.ToValidUTF8(s[:maxErrorLen], "")
}

// RecordMailBounce records b, reported at at, on the email it names: only an email (not a push) that
// the SMTP server accepted or that was given up, and only the first bounce of it. It reports whether it
// recorded it (false: no such email, not yet sent, or already bounced).
func (db *DB) RecordMailBounce(ctx context.Context, b domain.MailBounce, at time.Time) (bool, error) {
	detail := strings.TrimSpace(b.Recipient + " " + b.Diagnostic)
	res, err := db.writerIn(ctx).exec(ctx, `UPDATE mail_outbox SET bounced_at = ?, bounce_status = ?, bounce_detail = ?
		WHERE id = ? AND kind = 'mail' AND (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND bounced_at IS NULL`,
		at.UnixMilli(), clip(b.Status), clip(detail), b.MailID)
	if err != nil {
		return false, fmt.Errorf("record bounce of %s: %w", b.MailID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ListMail returns the newest limit emails of the outbox, newest first.
func (db *DB) ListMail(ctx context.Context, limit int) ([]domain.MailRecord, error) {
	list, err := queryAll(ctx, db.readerIn(ctx), scanMailRecord, `SELECT id, to_addr, subject, text_body, html_body, created_at, next_try_at,
		sent_at, failed_at, attempts, last_error, bounced_at, bounce_status, bounce_detail
		FROM mail_outbox WHERE kind = 'mail' ORDER BY created_at DESC, id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("list mail: %w", err)
	}
	return list, nil
}

func scanMailRecord(row scanner) (domain.MailRecord, error) {
	var r domain.MailRecord
	var created, next int64
	var sent, failed sql.NullInt64
	var bounced sql.NullInt64
	var lastErr, bounceStatus, bounceDetail sql.NullString
	if err := row.Scan(&r.ID, &r.To, &r.Subject, &r.Text, &r.HTML, &created, &next, &sent, &failed, &r.Attempts, &lastErr,
		&bounced, &bounceStatus, &bounceDetail); err != nil {
		return r, err
	}
	r.CreatedAt, r.NextTryAt = time.UnixMilli(created).UTC(), time.UnixMilli(next).UTC()
	r.SentAt, r.FailedAt, r.LastError = optionalTime(sent), optionalTime(failed), lastErr.String
	r.BouncedAt, r.BounceStatus, r.BounceDetail = optionalTime(bounced), bounceStatus.String, bounceDetail.String
	return r, nil
}

func optionalTime(ms sql.NullInt64) *time.Time {
	if !ms.Valid {
		return nil
	}
	t := time.UnixMilli(ms.Int64).UTC()
	return &t
}

// OutboxBacklog is the outbox's queue for the operator: emails and pushes waiting to be sent (neither sent
// nor given up) and the time the oldest of them was queued (nil when none waits).
func (db *DB) OutboxBacklog(ctx context.Context) (int, *time.Time, error) {
	var n int
	var oldest *int64
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*), MIN(created_at) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL").Scan(&n, &oldest)
	if err != nil || oldest == nil {
		return n, nil, err
	}
	t := time.UnixMilli(*oldest).UTC()
	return n, &t, nil
}

// PoolStats are the connection pools' statistics: the writer's, and the readers' when they are another pool.
func (db *DB) PoolStats() map[string]sql.DBStats {
	out := map[string]sql.DBStats{"write": db.write.Stats()}
	if db.read != db.write {
		out["read"] = db.read.Stats()
	}
	return out
}

// ReleaseMailClaims frees the leases of emails claimed by a process that is gone, so they leave at once
// instead of when the lease runs out. Only for SQLite, whose data directory one server holds at a time
// (serve's lock): any lease found at start-up is a dead process's. An email that was being handed to SMTP
// when that process died may go out twice; its Message-ID (the row) lets mail clients show it once.
func (db *DB) ReleaseMailClaims(ctx context.Context) error {
	if db.engine != SQLite {
		return nil
	}
	_, err := db.writerIn(ctx).exec(ctx, "UPDATE mail_outbox SET locked_until = NULL WHERE sent_at IS NULL AND locked_until IS NOT NULL")
	return err
}

// ExtendMailClaim moves the lease of a claimed email to until, if it is still the claim that ended at
// claimedUntil (nobody claimed it since); it reports whether it was.
func (db *DB) ExtendMailClaim(ctx context.Context, id string, claimedUntil, until time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "UPDATE mail_outbox SET locked_until = ? WHERE id = ? AND locked_until = ? AND sent_at IS NULL",
		until.UnixMilli(), id, claimedUntil.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("extend mail claim: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
