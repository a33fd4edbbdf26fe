package store

import (
	"context"
	"strings"
	"time"

	"vecinos/internal/domain"
)

const eventSelect = `SELECT e.id, e.community_id, e.title, e.description, e.location, e.start_at, e.end_at, e.status,
		e.created_by, COALESCE(p.full_name, ''), e.created_at, e.updated_at, e.deleted_at
	FROM events e
	LEFT JOIN profiles p ON p.id = e.created_by`

func scanEvent(row scanner) (*domain.Event, error) {
	var ev domain.Event
	var status string
	var start, created, updated int64
	var end, deleted *int64
	err := row.Scan(&ev.ID, &ev.CommunityID, &ev.Title, &ev.Description, &ev.Location, &start, &end, &status,
		&ev.CreatedBy, &ev.CreatedByName, &created, &updated, &deleted)
	if err != nil {
		return nil, err
	}
	ev.Status = domain.EventStatus(status)
	ev.StartAt, ev.EndAt = fromMS(start), fromNullMS(end)
	ev.CreatedAt, ev.UpdatedAt, ev.DeletedAt = fromMS(created), fromMS(updated), fromNullMS(deleted)
	return &ev, nil
}

func eventSearchText(ev *domain.Event) string {
	desc := ""
	if ev.Description != nil {
		desc = *ev.Description
	}
	return domain.SearchText(ev.Title, desc)
}

// CreateEvent stores a new event.
func (db *DB) CreateEvent(ctx context.Context, ev *domain.Event) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO events (id, community_id, title, description, location, start_at, end_at, status,
		created_by, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		ev.ID, ev.CommunityID, ev.Title, ev.Description, ev.Location, ms(ev.StartAt), nullMS(ev.EndAt), string(ev.Status),
		ev.CreatedBy, eventSearchText(ev), ms(ev.CreatedAt), ms(ev.UpdatedAt))
	return err
}

// Event returns an event of communityID, deleted or not; nil when it has none such.
func (db *DB) Event(ctx context.Context, communityID, id string) (*domain.Event, error) {
	return orNil(scanEvent(db.readerIn(ctx).queryRow(ctx, eventSelect+" WHERE e.id = ? AND e.community_id = ?", id, communityID)))
}

// ListEvents returns up to f.Limit events of communityID by start time, earliest first.
func (db *DB) ListEvents(ctx context.Context, communityID string, f domain.EventFilter) ([]domain.Event, error) {
	var b strings.Builder
	b.WriteString(eventSelect)
	b.WriteString(" WHERE e.community_id = ?")
	args := []any{communityID}
	if !f.IncludeDeleted {
		b.WriteString(" AND e.deleted_at IS NULL")
	}
	if f.From != nil {
		b.WriteString(" AND e.start_at >= ?")
		args = append(args, ms(*f.From))
	}
	if f.To != nil {
		b.WriteString(" AND e.start_at < ?")
		args = append(args, ms(*f.To))
	}
	if f.CreatedBy != "" {
		b.WriteString(" AND e.created_by = ?")
		args = append(args, f.CreatedBy)
	}
	if f.Status != "" {
		b.WriteString(" AND e.status = ?")
		args = append(args, string(f.Status))
	}
	if f.Search != "" {
		args = db.engine.containsText(&b, args, "e.search_text", f.Search)
	}
	b.WriteString(" ORDER BY e.start_at, e.id LIMIT ?")
	args = append(args, f.Limit)
	return queryAll(ctx, db.readerIn(ctx), values(scanEvent), b.String(), args...)
}

// EventForUpdate reads a live event of communityID inside the transaction of ctx (InTx) and locks it
// until that ends; nil when there is none.
func (db *DB) EventForUpdate(ctx context.Context, communityID, id string) (*domain.Event, error) {
	tx, ok, err := lockLive(ctx, "events", id, communityID)
	if !ok {
		return nil, err
	}
	return scanEvent(tx.queryRow(ctx, eventSelect+" WHERE e.id = ?", id))
}

// SaveEvent writes ev, read with EventForUpdate, inside the same transaction.
func (db *DB) SaveEvent(ctx context.Context, ev *domain.Event, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `UPDATE events SET title = ?, description = ?, location = ?, start_at = ?, end_at = ?, status = ?,
		search_text = ?, updated_at = ?, deleted_at = ? WHERE id = ?`,
		ev.Title, ev.Description, ev.Location, ms(ev.StartAt), nullMS(ev.EndAt), string(ev.Status), eventSearchText(ev),
		at.UnixMilli(), nullMS(ev.DeletedAt), ev.ID)
	if err == nil {
		ev.UpdatedAt = fromMS(at.UnixMilli())
	}
	return err
}

// In the export of a member's data (personaldata.go): the events they created.
func init() {
	exportPersonalData(
		dataSection{"events", `SELECT id, community_id, title, description, location, start_at, end_at, status, created_at, updated_at, deleted_at
			FROM events WHERE created_by = ? ORDER BY created_at`},
	)
}
