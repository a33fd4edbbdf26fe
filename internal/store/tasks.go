package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/domain"
)

var (
	errTaskNotFound      = domain.Errorf(domain.CodeNotFound, "La tarea no existe")
	errTaskProvider      = domain.Errorf(domain.CodeInvalid, "El proveedor no está en el directorio de tu comunidad")
	errTaskIncident      = domain.Errorf(domain.CodeInvalid, "La incidencia no existe en tu comunidad")
	errTaskEditorMissing = domain.Errorf(domain.CodeNotFound, "El miembro no pertenece a tu comunidad")
)

const taskSelect = `SELECT t.id, t.community_id, t.title, t.description, t.assignee, t.provider_id, COALESCE(pv.name, ''),
		t.priority, t.status, t.due_date, t.recurrence, t.next_task_id, t.incident_id, COALESCE(i.title, ''), COALESCE(i.status, ''),
		t.created_by, COALESCE(pc.full_name, ''), t.created_at, t.updated_at, t.completed_at, t.deleted_at
	FROM tasks t
	LEFT JOIN providers pv ON pv.id = t.provider_id
	LEFT JOIN incidents i ON i.id = t.incident_id
	LEFT JOIN profiles pc ON pc.id = t.created_by`

func scanTask(row interface{ Scan(...any) error }) (*domain.Task, error) {
	var t domain.Task
	var assignee, priority, status, recurrence, incidentStatus string
	var created, updated int64
	var completed, deleted *int64
	err := row.Scan(&t.ID, &t.CommunityID, &t.Title, &t.Description, &assignee, &t.ProviderID, &t.ProviderName, &priority, &status,
		&t.DueDate, &recurrence, &t.NextTaskID, &t.IncidentID, &t.IncidentTitle, &incidentStatus, &t.CreatedBy, &t.CreatedByName,
		&created, &updated, &completed, &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errTaskNotFound
	}
	if err != nil {
		return nil, err
	}
	t.Assignee, t.Priority, t.Status = domain.TaskAssignee(assignee), domain.Priority(priority), domain.TaskStatus(status)
	t.Recurrence, t.IncidentStatus = domain.Recurrence(recurrence), domain.IncidentStatus(incidentStatus)
	t.CreatedAt, t.UpdatedAt, t.CompletedAt, t.DeletedAt = fromMS(created), fromMS(updated), fromNullMS(completed), fromNullMS(deleted)
	return &t, nil
}

// Task returns a live task of communityID.
func (db *DB) Task(ctx context.Context, communityID, id string) (*domain.Task, error) {
	return scanTask(db.reader().queryRow(ctx, taskSelect+" WHERE t.id = ? AND t.community_id = ? AND t.deleted_at IS NULL", id, communityID))
}

// ListTasks returns up to f.Limit live tasks of communityID, newest first, after f.After.
func (db *DB) ListTasks(ctx context.Context, communityID string, f domain.TaskFilter) ([]domain.Task, error) {
	var b strings.Builder
	b.WriteString(taskSelect)
	b.WriteString(" WHERE t.community_id = ? AND t.deleted_at IS NULL")
	args := []any{communityID}
	if f.Status != "" {
		b.WriteString(" AND t.status = ?")
		args = append(args, string(f.Status))
	}
	if f.Assignee != "" {
		b.WriteString(" AND t.assignee = ?")
		args = append(args, string(f.Assignee))
	}
	if f.Search != "" {
		args = db.engine.containsText(&b, args, "t.search_text", f.Search)
	}
	if f.After != nil {
		b.WriteString(" AND (t.created_at, t.id) < (?, ?)")
		args = append(args, ms(f.After.At), f.After.ID)
	}
	b.WriteString(" ORDER BY t.created_at DESC, t.id DESC LIMIT ")
	b.WriteString(strconv.Itoa(max(f.Limit, 0)))
	rows, err := db.reader().query(ctx, b.String(), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]domain.Task, 0, f.Limit)
	for rows.Next() {
		t, err := scanTask(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *t)
	}
	return out, rows.Err()
}

// TaskCounts counts the live tasks of communityID by status.
func (db *DB) TaskCounts(ctx context.Context, communityID string) (domain.TaskCounts, error) {
	var c domain.TaskCounts
	rows, err := db.reader().query(ctx, "SELECT status, COUNT(*) FROM tasks WHERE community_id = ? AND deleted_at IS NULL GROUP BY status", communityID)
	if err != nil {
		return c, err
	}
	defer rows.Close()
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return c, err
		}
		switch domain.TaskStatus(status) {
		case domain.TaskPending:
			c.Pending = n
		case domain.TaskInProgress:
			c.InProgress = n
		case domain.TaskCompleted:
			c.Completed = n
		}
	}
	return c, rows.Err()
}

// InsertTask stores a new task inside the transaction of ctx (InTx); its provider must be a listed
// provider, and its incident an incident, of the task's community.
func (db *DB) InsertTask(ctx context.Context, t *domain.Task) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if t.ProviderID != nil {
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM providers WHERE id = ? AND community_id = ? AND status = 'approved'",
			*t.ProviderID, t.CommunityID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return errTaskProvider
		}
	}
	if t.IncidentID != nil {
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM incidents WHERE id = ? AND community_id = ? AND deleted_at IS NULL",
			*t.IncidentID, t.CommunityID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return errTaskIncident
		}
	}
	_, err = tx.exec(ctx, `INSERT INTO tasks (id, community_id, title, description, assignee, provider_id, priority, status, due_date,
		recurrence, next_task_id, incident_id, created_by, search_text, created_at, updated_at, completed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.CommunityID, t.Title, t.Description, string(t.Assignee), t.ProviderID, string(t.Priority), string(t.Status), t.DueDate,
		string(t.Recurrence), t.NextTaskID, t.IncidentID, t.CreatedBy, domain.SearchText(t.Title, t.Description), ms(t.CreatedAt),
		ms(t.UpdatedAt), nullMS(t.CompletedAt))
	return err
}

// TaskForUpdate reads a live task of communityID inside the transaction of ctx (InTx) and locks it until
// that ends, so two completions of one repeating task serialize and create one next task.
func (db *DB) TaskForUpdate(ctx context.Context, communityID, id string) (*domain.Task, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if err := lockLiveRow(ctx, tx, "tasks", id, communityID, errTaskNotFound); err != nil {
		return nil, err
	}
	return scanTask(tx.queryRow(ctx, taskSelect+" WHERE t.id = ?", id))
}

// SaveTask writes t, read with TaskForUpdate, inside the same transaction; a new provider must be listed
// in the task's community.
func (db *DB) SaveTask(ctx context.Context, t *domain.Task) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if t.ProviderID != nil {
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM providers WHERE id = ? AND community_id = ?", *t.ProviderID, t.CommunityID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return errTaskProvider
		}
	}
	_, err = tx.exec(ctx, `UPDATE tasks SET title = ?, description = ?, assignee = ?, provider_id = ?, priority = ?, status = ?,
		due_date = ?, recurrence = ?, next_task_id = ?, search_text = ?, updated_at = ?, completed_at = ?, deleted_at = ? WHERE id = ?`,
		t.Title, t.Description, string(t.Assignee), t.ProviderID, string(t.Priority), string(t.Status), t.DueDate, string(t.Recurrence),
		t.NextTaskID, domain.SearchText(t.Title, t.Description), ms(t.UpdatedAt), nullMS(t.CompletedAt), nullMS(t.DeletedAt), t.ID)
	return err
}

// IsTaskEditor reports whether an admin allowed userID to manage the tasks of communityID.
func (db *DB) IsTaskEditor(ctx context.Context, communityID, userID string) (bool, error) {
	var n int
	err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM task_editors e JOIN profiles p ON p.id = e.user_id AND p.community_id = e.community_id
		WHERE e.community_id = ? AND e.user_id = ?`, communityID, userID).Scan(&n)
	return n > 0, err
}

// TaskEditors lists the members of communityID allowed to manage its tasks, by name.
func (db *DB) TaskEditors(ctx context.Context, communityID string) ([]domain.TaskEditor, error) {
	rows, err := db.reader().query(ctx, `SELECT e.user_id, p.full_name FROM task_editors e
		JOIN profiles p ON p.id = e.user_id AND p.community_id = e.community_id
		WHERE e.community_id = ? ORDER BY p.full_name, e.user_id`, communityID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.TaskEditor{}
	for rows.Next() {
		var e domain.TaskEditor
		if err := rows.Scan(&e.UserID, &e.FullName); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// SetTaskEditor allows (or stops allowing) userID, a member of communityID, to manage its tasks.
func (db *DB) SetTaskEditor(ctx context.Context, communityID, userID, by string, allowed bool, at time.Time) error {
	ok, err := isMember(ctx, db.reader(), communityID, userID)
	if err != nil {
		return err
	}
	if !ok {
		return errTaskEditorMissing
	}
	if !allowed {
		_, err = db.writer().exec(ctx, "DELETE FROM task_editors WHERE community_id = ? AND user_id = ?", communityID, userID)
		return err
	}
	_, err = db.writer().exec(ctx, `INSERT INTO task_editors (community_id, user_id, granted_by, granted_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (community_id, user_id) DO NOTHING`, communityID, userID, by, ms(at))
	return err
}

// In the export of a member's data (personaldata.go): the tasks they created.
func init() {
	exportPersonalData(
		dataSection{"tasks_created", `SELECT id, community_id, title, description, priority, status, due_date, created_at, completed_at, deleted_at
			FROM tasks WHERE created_by = ? ORDER BY created_at`},
	)
}
