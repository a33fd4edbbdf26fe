package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/domain"
)

const taskSelect = `SELECT t.id, t.community_id, t.title, t.description, t.assignee, t.provider_id, COALESCE(pv.name, ''),
		t.priority, t.status, t.due_date, t.recurrence, t.next_task_id, t.incident_id, COALESCE(i.title, ''), COALESCE(i.status, ''),
		t.created_by, COALESCE(pc.full_name, ''), t.created_at, t.updated_at, t.completed_at, t.deleted_at
	FROM tasks t
	LEFT JOIN providers pv ON pv.id = t.provider_id
	LEFT JOIN incidents i ON i.id = t.incident_id
	LEFT JOIN profiles pc ON pc.id = t.created_by`

func scanTask(row scanner) (*domain.Task, error) {
	var t domain.Task
	var assignee, priority, status, recurrence, incidentStatus string
	var created, updated int64
	var completed, deleted *int64
	err := row.Scan(&t.ID, &t.CommunityID, &t.Title, &t.Description, &assignee, &t.ProviderID, &t.ProviderName, &priority, &status,
		&t.DueDate, &recurrence, &t.NextTaskID, &t.IncidentID, &t.IncidentTitle, &incidentStatus, &t.CreatedBy, &t.CreatedByName,
		&created, &updated, &completed, &deleted)
	if err != nil {
		return nil, err
	}
	t.Assignee, t.Priority, t.Status = domain.TaskAssignee(assignee), domain.Priority(priority), domain.TaskStatus(status)
	t.Recurrence, t.IncidentStatus = domain.Recurrence(recurrence), domain.IncidentStatus(incidentStatus)
	t.CreatedAt, t.UpdatedAt, t.CompletedAt, t.DeletedAt = fromMS(created), fromMS(updated), fromNullMS(completed), fromNullMS(deleted)
	return &t, nil
}

// Task returns a live task of communityID; nil when it has none such.
func (db *DB) Task(ctx context.Context, communityID, id string) (*domain.Task, error) {
	return orNil(scanTask(db.readerIn(ctx).queryRow(ctx, taskSelect+" WHERE t.id = ? AND t.community_id = ? AND t.deleted_at IS NULL", id, communityID)))
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
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanTask), b.String(), args...)
	if out == nil && err == nil {
		out = []domain.Task{}
	}
	return out, err
}

// TaskCounts counts the live tasks of communityID by status.
func (db *DB) TaskCounts(ctx context.Context, communityID string) (domain.TaskCounts, error) {
	type count struct {
		status domain.TaskStatus
		n      int
	}
	counts, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (c count, err error) {
		return c, row.Scan(&c.status, &c.n)
	}, "SELECT status, COUNT(*) FROM tasks WHERE community_id = ? AND deleted_at IS NULL GROUP BY status", communityID)
	var c domain.TaskCounts
	for _, n := range counts {
		switch n.status {
		case domain.TaskPending:
			c.Pending = n.n
		case domain.TaskInProgress:
			c.InProgress = n.n
		case domain.TaskCompleted:
			c.Completed = n.n
		}
	}
	return c, err
}

// InsertTask stores a new task.
func (db *DB) InsertTask(ctx context.Context, t *domain.Task) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO tasks (id, community_id, title, description, assignee, provider_id, priority, status, due_date,
		recurrence, next_task_id, incident_id, created_by, search_text, created_at, updated_at, completed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.CommunityID, t.Title, t.Description, string(t.Assignee), t.ProviderID, string(t.Priority), string(t.Status), t.DueDate,
		string(t.Recurrence), t.NextTaskID, t.IncidentID, t.CreatedBy, domain.SearchText(t.Title, t.Description), ms(t.CreatedAt),
		ms(t.UpdatedAt), nullMS(t.CompletedAt))
	return err
}

// TaskForUpdate reads a live task of communityID inside the transaction of ctx (InTx) and locks it until
// that ends, so two completions of one repeating task serialize and create one next task; nil when there
// is none.
func (db *DB) TaskForUpdate(ctx context.Context, communityID, id string) (*domain.Task, error) {
	tx, ok, err := lockLive(ctx, "tasks", id, communityID)
	if !ok {
		return nil, err
	}
	return scanTask(tx.queryRow(ctx, taskSelect+" WHERE t.id = ?", id))
}

// SaveTask writes t, read with TaskForUpdate, inside the same transaction.
func (db *DB) SaveTask(ctx context.Context, t *domain.Task) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
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
	err := db.readerIn(ctx).queryRow(ctx, `SELECT COUNT(*) FROM task_editors e JOIN members p ON p.id = e.user_id AND p.community_id = e.community_id
		WHERE e.community_id = ? AND e.user_id = ?`, communityID, userID).Scan(&n)
	return n > 0, err
}

// TaskEditors lists the members of communityID allowed to manage its tasks, by name.
func (db *DB) TaskEditors(ctx context.Context, communityID string) ([]domain.TaskEditor, error) {
	out, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (e domain.TaskEditor, err error) {
		return e, row.Scan(&e.UserID, &e.FullName)
	}, `SELECT e.user_id, p.full_name FROM task_editors e
		JOIN members p ON p.id = e.user_id AND p.community_id = e.community_id
		WHERE e.community_id = ? ORDER BY p.full_name, e.user_id`, communityID)
	if out == nil && err == nil {
		out = []domain.TaskEditor{}
	}
	return out, err
}

// SetTaskEditor allows (or stops allowing) userID, a member of communityID, to manage its tasks; false
// when userID is not a member.
func (db *DB) SetTaskEditor(ctx context.Context, communityID, userID, by string, allowed bool, at time.Time) (bool, error) {
	ok, err := isMember(ctx, db.readerIn(ctx), communityID, userID)
	if err != nil || !ok {
		return false, err
	}
	if !allowed {
		_, err = db.writerIn(ctx).exec(ctx, "DELETE FROM task_editors WHERE community_id = ? AND user_id = ?", communityID, userID)
		return err == nil, err
	}
	_, err = db.writerIn(ctx).exec(ctx, `INSERT INTO task_editors (community_id, user_id, granted_by, granted_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (community_id, user_id) DO NOTHING`, communityID, userID, by, ms(at))
	return err == nil, err
}

// In the export of a member's data (personaldata.go): the tasks they created.
func init() {
	exportPersonalData(
		dataSection{"tasks_created", `SELECT id, community_id, title, description, priority, status, due_date, created_at, completed_at, deleted_at
			FROM tasks WHERE created_by = ? ORDER BY created_at`},
	)
}
