package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// RecordAudit appends one record to the audit of admin actions; inside InTx it joins that transaction,
// so the record commits with the change it describes.
func (db *DB) RecordAudit(ctx context.Context, e *domain.AuditEntry) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO audit_log (id, community_id, actor_id, actor_name, action, target_kind, target_id, target_label,
		before_json, after_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.ID, e.CommunityID, e.ActorID, e.ActorName, e.Action, e.TargetKind, e.TargetID, e.TargetLabel,
		rawOrNil(e.Before), rawOrNil(e.After), e.CreatedAt.UnixMilli())
	return err
}

func rawOrNil(b []byte) any {
	if b == nil {
		return nil
	}
	return string(b)
}

// AuditLog lists a community's records, newest first, filtered.
func (db *DB) AuditLog(ctx context.Context, communityID string, f domain.AuditFilter) ([]domain.AuditEntry, error) {
	q := `SELECT id, community_id, actor_id, actor_name, action, target_kind, target_id, target_label, before_json, after_json, created_at
		FROM audit_log WHERE community_id = ?`
	args := []any{communityID}
	if f.Action != "" {
		q += " AND action = ?"
		args = append(args, f.Action)
	}
	if f.ActorID != "" {
		q += " AND actor_id = ?"
		args = append(args, f.ActorID)
	}
	if f.From != nil {
		q += " AND created_at >= ?"
		args = append(args, f.From.UnixMilli())
	}
	if f.To != nil {
		q += " AND created_at < ?"
		args = append(args, f.To.UnixMilli())
	}
	if f.After != nil {
		q += " AND (created_at < ? OR (created_at = ? AND id < ?))"
		at := f.After.At.UnixMilli()
		args = append(args, at, at, f.After.ID)
	}
	q += " ORDER BY created_at DESC, id DESC LIMIT ?"
	args = append(args, f.Limit)
	return queryAll(ctx, db.readerIn(ctx), scanAuditEntry, q, args...)
}

func scanAuditEntry(row scanner) (domain.AuditEntry, error) {
	var e domain.AuditEntry
	var before, after *string
	var at int64
	if err := row.Scan(&e.ID, &e.CommunityID, &e.ActorID, &e.ActorName, &e.Action, &e.TargetKind, &e.TargetID, &e.TargetLabel,
		&before, &after, &at); err != nil {
		return e, err
	}
	if before != nil {
		e.Before = []byte(*before)
	}
	if after != nil {
		e.After = []byte(*after)
	}
	e.CreatedAt = time.UnixMilli(at).UTC()
	return e, nil
}

// DeleteExpiredAudit removes the records older than the retention (the purge).
func (db *DB) DeleteExpiredAudit(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.writerIn(ctx).exec(ctx, "DELETE FROM audit_log WHERE created_at < ?", before.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
