package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

// A maintenance date is a day, stored as 'YYYY-MM-DD' so that it sorts and compares as text on both engines.
const dayLayout = "2006-01-02"

func dayOf(t time.Time) string { return t.Format(dayLayout) }

func parseDay(s string) (time.Time, error) { return time.Parse(dayLayout, s) }

const maintenanceSelect = `SELECT id, community_id, name, kind, provider, period_months, last_done, next_due, notes, created_at, updated_at
	FROM maintenance_items`

func scanMaintenanceItem(row scanner) (*domain.MaintenanceItem, error) {
	var it domain.MaintenanceItem
	var kind, last, next string
	var created, updated int64
	err := row.Scan(&it.ID, &it.CommunityID, &it.Name, &kind, &it.Provider, &it.PeriodMonths, &last, &next, &it.Notes, &created, &updated)
	if err != nil {
		return nil, err
	}
	it.Kind, it.CreatedAt, it.UpdatedAt = domain.MaintenanceKind(kind), fromMS(created), fromMS(updated)
	if it.LastDone, err = parseDay(last); err != nil {
		return nil, err
	}
	it.NextDue, err = parseDay(next)
	return &it, err
}

// InsertMaintenanceItem stores a new item.
func (db *DB) InsertMaintenanceItem(ctx context.Context, it *domain.MaintenanceItem) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO maintenance_items (id, community_id, name, kind, provider, period_months, last_done,
		next_due, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, it.ID, it.CommunityID, it.Name, string(it.Kind),
		it.Provider, it.PeriodMonths, dayOf(it.LastDone), dayOf(it.NextDue), it.Notes, ms(it.CreatedAt), ms(it.UpdatedAt))
	return err
}

// MaintenanceItems lists the items of communityID, the soonest due first, each with its history (newest
// first).
func (db *DB) MaintenanceItems(ctx context.Context, communityID string) ([]domain.MaintenanceItem, error) {
	c := db.readerIn(ctx)
	items, err := queryAll(ctx, c, scanMaintenanceItem, maintenanceSelect+" WHERE community_id = ? ORDER BY next_due, name, id", communityID)
	if err != nil {
		return nil, err
	}
	done, err := queryAll(ctx, c, scanMaintenanceDone, maintenanceDoneSelect+` WHERE d.community_id = ?
		ORDER BY d.done_on DESC, d.created_at DESC`, communityID)
	if err != nil {
		return nil, err
	}
	out := make([]domain.MaintenanceItem, len(items))
	at := make(map[string]int, len(items))
	for i, it := range items {
		out[i], at[it.ID] = *it, i
	}
	for _, d := range done {
		if i, ok := at[d.ItemID]; ok {
			out[i].History = append(out[i].History, d)
		}
	}
	return out, nil
}

const maintenanceDoneSelect = `SELECT d.id, d.item_id, d.done_on, d.note, d.done_by, COALESCE(p.full_name, ''), d.created_at
	FROM maintenance_done d LEFT JOIN profiles p ON p.id = d.done_by`

func scanMaintenanceDone(row scanner) (domain.MaintenanceDone, error) {
	var d domain.MaintenanceDone
	var on string
	var created int64
	if err := row.Scan(&d.ID, &d.ItemID, &on, &d.Note, &d.DoneBy, &d.DoneByName, &created); err != nil {
		return d, err
	}
	d.CreatedAt = fromMS(created)
	var err error
	d.DoneOn, err = parseDay(on)
	return d, err
}

// MaintenanceHistory lists the times an item of communityID was done, newest first.
func (db *DB) MaintenanceHistory(ctx context.Context, communityID, itemID string) ([]domain.MaintenanceDone, error) {
	return queryAll(ctx, db.readerIn(ctx), scanMaintenanceDone, maintenanceDoneSelect+` WHERE d.community_id = ? AND d.item_id = ?
		ORDER BY d.done_on DESC, d.created_at DESC`, communityID, itemID)
}

// MaintenanceItemForUpdate reads an item of communityID inside the transaction of ctx (InTx) and locks it
// until that ends; nil when there is none.
func (db *DB) MaintenanceItemForUpdate(ctx context.Context, communityID, id string) (*domain.MaintenanceItem, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	// A no-op UPDATE locks the row on PostgreSQL; SQLite's transaction already holds the write lock.
	if _, err := tx.exec(ctx, "UPDATE maintenance_items SET updated_at = updated_at WHERE id = ? AND community_id = ?", id, communityID); err != nil {
		return nil, err
	}
	return orNil(scanMaintenanceItem(tx.queryRow(ctx, maintenanceSelect+" WHERE id = ? AND community_id = ?", id, communityID)))
}

// SaveMaintenanceItem writes it, read with MaintenanceItemForUpdate, inside the same transaction.
func (db *DB) SaveMaintenanceItem(ctx context.Context, it *domain.MaintenanceItem) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `UPDATE maintenance_items SET name = ?, kind = ?, provider = ?, period_months = ?, last_done = ?, next_due = ?,
		notes = ?, updated_at = ? WHERE id = ? AND community_id = ?`, it.Name, string(it.Kind), it.Provider, it.PeriodMonths,
		dayOf(it.LastDone), dayOf(it.NextDue), it.Notes, ms(it.UpdatedAt), it.ID, it.CommunityID)
	return err
}

// DeleteMaintenanceItem deletes an item of communityID with its history and reminders, inside the
// transaction of ctx.
func (db *DB) DeleteMaintenanceItem(ctx context.Context, communityID, id string) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, "DELETE FROM maintenance_items WHERE id = ? AND community_id = ?", id, communityID)
	return err
}

// InsertMaintenanceDone adds d to the history of its item, of communityID.
func (db *DB) InsertMaintenanceDone(ctx context.Context, communityID string, d *domain.MaintenanceDone) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO maintenance_done (id, item_id, community_id, done_on, note, done_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, d.ID, d.ItemID, communityID, dayOf(d.DoneOn), d.Note, d.DoneBy, ms(d.CreatedAt))
	return err
}

// DueMaintenance lists the items of every community due by until whose reminder of the stage they are in
// on today (overdue when due before it, soon otherwise) was not sent yet.
func (db *DB) DueMaintenance(ctx context.Context, today, until time.Time) ([]domain.MaintenanceDue, error) {
	return queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.MaintenanceDue, error) {
		var d domain.MaintenanceDue
		var next string
		if err := row.Scan(&d.ItemID, &d.CommunityID, &d.CommunityName, &d.TimeZone, &d.Name, &next); err != nil {
			return d, err
		}
		var err error
		d.NextDue, err = parseDay(next)
		return d, err
	}, `SELECT i.id, i.community_id, c.name, c.time_zone, i.name, i.next_due FROM maintenance_items i
		JOIN communities c ON c.id = i.community_id
		WHERE i.next_due <= ? AND NOT EXISTS (SELECT 1 FROM maintenance_reminders r WHERE r.item_id = i.id AND r.due_on = i.next_due
			AND r.stage = CASE WHEN i.next_due < ? THEN 'overdue' ELSE 'soon' END)
		ORDER BY i.next_due, i.id`, dayOf(until), dayOf(today))
}

// RecordMaintenanceReminder notes that the reminder of stage ('soon' or 'overdue') for an item due on due
// was sent at at; false when it already was, by this instance or another.
func (db *DB) RecordMaintenanceReminder(ctx context.Context, itemID string, due time.Time, stage string, at time.Time) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `INSERT INTO maintenance_reminders (item_id, due_on, stage, sent_at) VALUES (?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, itemID, dayOf(due), stage, ms(at))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MaintenanceRecipients lists the admins of communityID whose email is confirmed: who the reminders go to.
func (db *DB) MaintenanceRecipients(ctx context.Context, communityID string) ([]domain.Recipient, error) {
	return queryAll(ctx, db.readerIn(ctx), scanRecipient, `SELECT u.email, p.full_name, u.language, cm.name FROM user_roles r
		JOIN members p ON p.id = r.user_id AND p.community_id = r.community_id
		JOIN users u ON u.id = r.user_id
		JOIN communities cm ON cm.id = r.community_id
		WHERE r.community_id = ? AND r.role = 'admin' AND u.email_confirmed_at IS NOT NULL ORDER BY u.email`, communityID)
}

func init() {
	exportPersonalData(
		dataSection{"maintenance_done", `SELECT item_id, community_id, done_on, note, created_at FROM maintenance_done WHERE done_by = ?
			ORDER BY created_at`},
	)
}
