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
	errIncidentNotFound  = domain.Errorf(domain.CodeNotFound, "La incidencia no existe")
	errAssigneeNotMember = domain.Errorf(domain.CodeInvalid, "El miembro asignado no pertenece a tu comunidad")
)

const incidentSelect = `SELECT i.id, i.community_id, i.title, i.description, i.location, i.priority, i.status,
		i.created_by, COALESCE(pc.full_name, ''), i.assigned_to, COALESCE(pa.full_name, ''), i.image_url,
		i.created_at, i.updated_at, i.deleted_at
	FROM incidents i
	LEFT JOIN profiles pc ON pc.id = i.created_by
	LEFT JOIN profiles pa ON pa.id = i.assigned_to`

func scanIncident(row interface{ Scan(...any) error }) (*domain.Incident, error) {
	var in domain.Incident
	var priority, status string
	var created, updated int64
	var deleted *int64
	err := row.Scan(&in.ID, &in.CommunityID, &in.Title, &in.Description, &in.Location, &priority, &status,
		&in.CreatedBy, &in.CreatedByName, &in.AssignedTo, &in.AssignedToName, &in.ImageURL, &created, &updated, &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errIncidentNotFound
	}
	if err != nil {
		return nil, err
	}
	in.Priority, in.Status = domain.Priority(priority), domain.IncidentStatus(status)
	in.CreatedAt, in.UpdatedAt, in.DeletedAt = fromMS(created), fromMS(updated), fromNullMS(deleted)
	return &in, nil
}

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func fromNullMS(v *int64) *time.Time {
	if v == nil {
		return nil
	}
	t := fromMS(*v)
	return &t
}

func nullMS(t *time.Time) *int64 {
	if t == nil {
		return nil
	}
	v := t.UnixMilli()
	return &v
}

// isMember reports whether userID belongs to communityID.
func isMember(ctx context.Context, q conn, communityID, userID string) (bool, error) {
	var n int
	err := q.queryRow(ctx, "SELECT COUNT(*) FROM profiles WHERE id = ? AND community_id = ?", userID, communityID).Scan(&n)
	return n > 0, err
}

// CreateIncident stores a new incident and the first entry of its history, by, in one transaction; the
// assignee must belong to the incident's community at that moment.
func (db *DB) CreateIncident(ctx context.Context, in *domain.Incident, by string) error {
	return db.inTx(ctx, func(tx conn) error {
		if in.AssignedTo != nil {
			ok, err := isMember(ctx, tx, in.CommunityID, *in.AssignedTo)
			if err != nil {
				return err
			}
			if !ok {
				return errAssigneeNotMember
			}
		}
		if _, err := tx.exec(ctx, `INSERT INTO incidents (id, community_id, title, description, location, priority, status,
			created_by, assigned_to, image_url, search_text, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			in.ID, in.CommunityID, in.Title, in.Description, in.Location, string(in.Priority), string(in.Status),
			in.CreatedBy, in.AssignedTo, in.ImageURL, domain.SearchText(in.Title, in.Description), ms(in.CreatedAt), ms(in.UpdatedAt)); err != nil {
			return err
		}
		return addStatusChange(ctx, tx, in.ID, by, nil, in.Status, in.CreatedAt)
	})
}

func addStatusChange(ctx context.Context, tx conn, incidentID, by string, from *domain.IncidentStatus, to domain.IncidentStatus, at time.Time) error {
	var fromS *string
	if from != nil {
		s := string(*from)
		fromS = &s
	}
	_, err := tx.exec(ctx, `INSERT INTO incident_status_changes (id, incident_id, changed_by, from_status, to_status, changed_at)
		VALUES (?, ?, ?, ?, ?, ?)`, domain.NewID(), incidentID, nullString(by), fromS, string(to), at.UnixMilli())
	return err
}

// Incident returns an incident of communityID, deleted or not; one of another community is not found.
func (db *DB) Incident(ctx context.Context, communityID, id string) (*domain.Incident, error) {
	return scanIncident(db.reader().queryRow(ctx, incidentSelect+" WHERE i.id = ? AND i.community_id = ?", id, communityID))
}

// IncidentHistory returns the status changes of an incident, oldest first.
func (db *DB) IncidentHistory(ctx context.Context, incidentID string) ([]domain.StatusChange, error) {
	rows, err := db.reader().query(ctx, `SELECT h.from_status, h.to_status, h.changed_by, COALESCE(p.full_name, ''), h.changed_at
		FROM incident_status_changes h LEFT JOIN profiles p ON p.id = h.changed_by
		WHERE h.incident_id = ? ORDER BY h.changed_at, h.id`, incidentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.StatusChange
	for rows.Next() {
		var c domain.StatusChange
		var from *string
		var to string
		var at int64
		if err := rows.Scan(&from, &to, &c.ChangedBy, &c.ChangedByName, &at); err != nil {
			return nil, err
		}
		if from != nil {
			s := domain.IncidentStatus(*from)
			c.From = &s
		}
		c.To, c.ChangedAt = domain.IncidentStatus(to), fromMS(at)
		out = append(out, c)
	}
	return out, rows.Err()
}

// likePattern turns a normalized search into a LIKE pattern for `ESCAPE '\'`: substring, with the
// wildcards of the text itself taken literally.
func likePattern(search string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(search) + "%"
}

// incidentListQuery builds the list query of f. Every variant leads with community_id and orders by
// (created_at, id) descending, so it walks incidents_community (or incidents_community_status).
func incidentListQuery(communityID string, f domain.IncidentFilter) (string, []any) {
	var b strings.Builder
	b.WriteString(incidentSelect)
	b.WriteString(" WHERE i.community_id = ?")
	args := []any{communityID}
	if !f.IncludeDeleted {
		b.WriteString(" AND i.deleted_at IS NULL")
	}
	if f.Status != "" {
		b.WriteString(" AND i.status = ?")
		args = append(args, string(f.Status))
	}
	if f.Priority != "" {
		b.WriteString(" AND i.priority = ?")
		args = append(args, string(f.Priority))
	}
	if f.AssignedTo != "" {
		b.WriteString(" AND i.assigned_to = ?")
		args = append(args, f.AssignedTo)
	}
	if f.CreatedBy != "" {
		b.WriteString(" AND i.created_by = ?")
		args = append(args, f.CreatedBy)
	}
	if f.Mine != "" {
		b.WriteString(" AND (i.created_by = ? OR i.assigned_to = ?)")
		args = append(args, f.Mine, f.Mine)
	}
	if f.Search != "" {
		b.WriteString(` AND i.search_text LIKE ? ESCAPE '\'`)
		args = append(args, likePattern(f.Search))
	}
	if f.After != nil {
		// A row-value comparison: both engines turn it into one range of the index.
		b.WriteString(" AND (i.created_at, i.id) < (?, ?)")
		args = append(args, ms(f.After.At), f.After.ID)
	}
	b.WriteString(" ORDER BY i.created_at DESC, i.id DESC LIMIT ?")
	args = append(args, f.Limit)
	return b.String(), args
}

// ListIncidents returns up to f.Limit incidents of communityID, newest first, after f.After.
func (db *DB) ListIncidents(ctx context.Context, communityID string, f domain.IncidentFilter) ([]domain.Incident, error) {
	q, args := incidentListQuery(communityID, f)
	rows, err := db.reader().query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]domain.Incident, 0, f.Limit)
	for rows.Next() {
		in, err := scanIncident(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *in)
	}
	return out, rows.Err()
}

// ExplainIncidentList returns the engine's plan of the list query of f, one line per step (for tests
// that check the query uses the community index).
func (db *DB) ExplainIncidentList(ctx context.Context, communityID string, f domain.IncidentFilter) (string, error) {
	q, args := incidentListQuery(communityID, f)
	prefix := "EXPLAIN QUERY PLAN "
	if db.engine == Postgres {
		prefix = "EXPLAIN "
	}
	return db.explain(ctx, prefix+q, args...)
}

func (db *DB) explain(ctx context.Context, q string, args ...any) (string, error) {
	rows, err := db.reader().query(ctx, q, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return "", err
	}
	var lines []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return "", err
		}
		// SQLite: id, parent, notused, detail; PostgreSQL: one text column.
		switch v := vals[len(vals)-1].(type) {
		case string:
			lines = append(lines, v)
		case []byte:
			lines = append(lines, string(v))
		}
	}
	return strings.Join(lines, "\n"), rows.Err()
}

// Analyze refreshes the planner's statistics after a bulk load. On PostgreSQL it also vacuums, which
// sets the visibility map that index-only scans (the dashboard's counts) rely on, as autovacuum would.
func (db *DB) Analyze(ctx context.Context) error {
	q := "ANALYZE"
	if db.engine == Postgres {
		q = "VACUUM ANALYZE"
	}
	_, err := db.writer().exec(ctx, q)
	return err
}

// UpdateIncident changes an incident of communityID in one transaction: it locks the row, reads it,
// lets change apply the caller's rules and edits, checks a new assignee's membership, writes, and
// appends a status change (by, at) when the status moved. Deleted incidents are not found.
func (db *DB) UpdateIncident(ctx context.Context, communityID, id, by string, at time.Time, change func(*domain.Incident) error) (*domain.Incident, error) {
	err := db.inTx(ctx, func(tx conn) error {
		// Locked, so concurrent edits serialize and the history records the true previous status.
		if err := lockLiveRow(ctx, tx, "incidents", id, communityID, errIncidentNotFound); err != nil {
			return err
		}
		old, err := scanIncident(tx.queryRow(ctx, incidentSelect+" WHERE i.id = ?", id))
		if err != nil {
			return err
		}
		in := *old
		if err := change(&in); err != nil {
			return err
		}
		if in.AssignedTo != nil && (old.AssignedTo == nil || *old.AssignedTo != *in.AssignedTo) {
			ok, err := isMember(ctx, tx, communityID, *in.AssignedTo)
			if err != nil {
				return err
			}
			if !ok {
				return errAssigneeNotMember
			}
		}
		if _, err := tx.exec(ctx, `UPDATE incidents SET title = ?, description = ?, location = ?, priority = ?, status = ?,
			assigned_to = ?, image_url = ?, search_text = ?, updated_at = ?, deleted_at = ? WHERE id = ?`,
			in.Title, in.Description, in.Location, string(in.Priority), string(in.Status), in.AssignedTo, in.ImageURL,
			domain.SearchText(in.Title, in.Description), at.UnixMilli(), nullMS(in.DeletedAt), id); err != nil {
			return err
		}
		if in.Status != old.Status {
			return addStatusChange(ctx, tx, id, by, &old.Status, in.Status, at)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return db.Incident(ctx, communityID, id)
}

// CreateIncidents inserts many incidents at once, without history or checks (seeding benchmarks).
func (db *DB) CreateIncidents(ctx context.Context, ins []domain.Incident) error {
	return db.inTx(ctx, func(tx conn) error {
		for _, in := range ins {
			if _, err := tx.exec(ctx, `INSERT INTO incidents (id, community_id, title, description, location, priority, status,
				created_by, assigned_to, image_url, search_text, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				in.ID, in.CommunityID, in.Title, in.Description, in.Location, string(in.Priority), string(in.Status),
				in.CreatedBy, in.AssignedTo, in.ImageURL, domain.SearchText(in.Title, in.Description), ms(in.CreatedAt), ms(in.UpdatedAt)); err != nil {
				return err
			}
		}
		return nil
	})
}
