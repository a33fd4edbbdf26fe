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
	return scanIncidentAnd(row)
}

// scanIncidentAnd scans the columns of incidentSelect, then more.
func scanIncidentAnd(row interface{ Scan(...any) error }, more ...any) (*domain.Incident, error) {
	var in domain.Incident
	var priority, status string
	var created, updated int64
	var deleted *int64
	err := row.Scan(append([]any{&in.ID, &in.CommunityID, &in.Title, &in.Description, &in.Location, &priority, &status,
		&in.CreatedBy, &in.CreatedByName, &in.AssignedTo, &in.AssignedToName, &in.ImageURL, &created, &updated, &deleted}, more...)...)
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

// incidentWrite is one CreateIncident call.
type incidentWrite struct {
	in *domain.Incident
	by string
}

// maxIncidentBatch bounds the incidents of one grouped transaction (and so the shapes of its multi-row
// statements: 13 parameters a row).
const maxIncidentBatch = 32

// CreateIncident stores a new incident and the first entry of its history, by, in one transaction; the
// assignee must belong to the incident's community at that moment. It fills in the names of the creator
// and of the assignee, as Incident would read them.
//
// Concurrent calls share their transaction (groupCommit): under load the reports of many members are
// written with three statements and one commit.
func (db *DB) CreateIncident(ctx context.Context, in *domain.Incident, by string) error {
	return db.incidentWrites.do(ctx, incidentWrite{in: in, by: by})
}

// createIncidentBatch writes a batch of CreateIncident calls in one transaction. If that fails, one row
// may be at fault (an account deleted meanwhile, say): then each call is written on its own, so that
// only its own caller gets its error.
func (db *DB) createIncidentBatch(batch []*groupCall[incidentWrite]) {
	// The batch belongs to all its callers: one of them going away must not undo the others' writes.
	ctx := context.WithoutCancel(batch[0].ctx)
	err := db.inTx(ctx, func(tx conn) error { return insertIncidents(ctx, tx, batch) })
	if err == nil {
		return
	}
	if len(batch) == 1 {
		batch[0].err = err
		return
	}
	for i, c := range batch {
		c.err = nil
		if err := db.inTx(ctx, func(tx conn) error { return insertIncidents(ctx, tx, batch[i:i+1]) }); err != nil {
			c.err = err
		}
	}
}

// insertIncidents checks the assignees and reads the names of a batch in one query, then inserts its
// incidents and their first status change with one statement each. A call whose assignee is not a member
// of the incident's community gets errAssigneeNotMember and writes nothing.
func insertIncidents(ctx context.Context, tx conn, batch []*groupCall[incidentWrite]) error {
	ids := make([]any, 0, 2*len(batch))
	seen := make(map[string]bool, 2*len(batch))
	for _, c := range batch {
		for _, id := range []*string{c.arg.in.CreatedBy, c.arg.in.AssignedTo} {
			if id != nil && !seen[*id] {
				seen[*id] = true
				ids = append(ids, *id)
			}
		}
	}
	type profile struct{ community, name string }
	profiles := make(map[string]profile, len(ids))
	if len(ids) > 0 {
		rows, err := tx.query(ctx, "SELECT id, COALESCE(community_id, ''), full_name FROM profiles WHERE id IN (?"+strings.Repeat(", ?", len(ids)-1)+")", ids...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			var p profile
			if err := rows.Scan(&id, &p.community, &p.name); err != nil {
				rows.Close()
				return err
			}
			profiles[id] = p
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}

	var incidents, history strings.Builder
	incidents.WriteString(`INSERT INTO incidents (id, community_id, title, description, location, priority, status,
		created_by, assigned_to, image_url, search_text, created_at, updated_at) VALUES `)
	history.WriteString(`INSERT INTO incident_status_changes (id, incident_id, changed_by, from_status, to_status, changed_at) VALUES `)
	var iargs, hargs []any
	for _, c := range batch {
		in := c.arg.in
		if in.AssignedTo != nil {
			p, ok := profiles[*in.AssignedTo]
			if !ok || p.community != in.CommunityID {
				c.err = errAssigneeNotMember
				continue
			}
			in.AssignedToName = p.name
		}
		if in.CreatedBy != nil {
			in.CreatedByName = profiles[*in.CreatedBy].name
		}
		if len(iargs) > 0 {
			incidents.WriteString(", ")
			history.WriteString(", ")
		}
		incidents.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
		history.WriteString("(?, ?, ?, NULL, ?, ?)")
		iargs = append(iargs, in.ID, in.CommunityID, in.Title, in.Description, in.Location, string(in.Priority), string(in.Status),
			in.CreatedBy, in.AssignedTo, in.ImageURL, domain.SearchText(in.Title, in.Description), ms(in.CreatedAt), ms(in.UpdatedAt))
		hargs = append(hargs, domain.NewID(), in.ID, nullString(c.arg.by), string(in.Status), ms(in.CreatedAt))
	}
	if len(iargs) == 0 {
		return nil
	}
	if _, err := tx.exec(ctx, incidents.String(), iargs...); err != nil {
		return err
	}
	_, err := tx.exec(ctx, history.String(), hargs...)
	return err
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

// IncidentWithHistory returns an incident of communityID, deleted or not, and its status changes, oldest
// first, in one round trip: one row per change (or one row without a change), the incident repeated.
func (db *DB) IncidentWithHistory(ctx context.Context, communityID, id string) (*domain.Incident, []domain.StatusChange, error) {
	rows, err := db.reader().query(ctx, `SELECT i.id, i.community_id, i.title, i.description, i.location, i.priority, i.status,
		i.created_by, COALESCE(pc.full_name, ''), i.assigned_to, COALESCE(pa.full_name, ''), i.image_url,
		i.created_at, i.updated_at, i.deleted_at,
		h.from_status, h.to_status, h.changed_by, COALESCE(ph.full_name, ''), h.changed_at
	FROM incidents i
	LEFT JOIN profiles pc ON pc.id = i.created_by
	LEFT JOIN profiles pa ON pa.id = i.assigned_to
	LEFT JOIN incident_status_changes h ON h.incident_id = i.id
	LEFT JOIN profiles ph ON ph.id = h.changed_by
	WHERE i.id = ? AND i.community_id = ?
	ORDER BY h.changed_at, h.id`, id, communityID)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var in *domain.Incident
	var history []domain.StatusChange
	for rows.Next() {
		var c domain.StatusChange
		var from, to *string
		var at *int64
		row, err := scanIncidentAnd(rows, &from, &to, &c.ChangedBy, &c.ChangedByName, &at)
		if err != nil {
			return nil, nil, err
		}
		in = row
		if to == nil || at == nil { // no change recorded (incidents seeded in bulk)
			continue
		}
		if from != nil {
			s := domain.IncidentStatus(*from)
			c.From = &s
		}
		c.To, c.ChangedAt = domain.IncidentStatus(*to), fromMS(*at)
		history = append(history, c)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	if in == nil {
		return nil, nil, errIncidentNotFound
	}
	return in, history, nil
}

// incidentListQuery builds the list query of f. Every variant leads with community_id and orders by
// (created_at, id) descending, so it walks incidents_community (or incidents_community_status); only a
// search for a rare word goes, on PostgreSQL, through the trigram index instead.
func incidentListQuery(engine Engine, communityID string, f domain.IncidentFilter) (string, []any) {
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
		args = engine.containsText(&b, args, "i.search_text", f.Search)
	}
	if f.After != nil {
		// A row-value comparison: both engines turn it into one range of the index.
		b.WriteString(" AND (i.created_at, i.id) < (?, ?)")
		args = append(args, ms(f.After.At), f.After.ID)
	}
	// The limit is written into the SQL, not bound: PostgreSQL plans a prepared statement with a bound
	// LIMIT for a tenth of the rows, finds that generic plan dearer than planning for the real values and
	// so plans the list again at every execution (0.2 ms, more than running it). With a constant it keeps
	// the generic plan after five runs. It is an int, and the service bounds it: a few statement shapes.
	b.WriteString(" ORDER BY i.created_at DESC, i.id DESC LIMIT ")
	b.WriteString(strconv.Itoa(max(f.Limit, 0)))
	return b.String(), args
}

// ListIncidents returns up to f.Limit incidents of communityID, newest first, after f.After.
func (db *DB) ListIncidents(ctx context.Context, communityID string, f domain.IncidentFilter) ([]domain.Incident, error) {
	q, args := incidentListQuery(db.engine, communityID, f)
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
	q, args := incidentListQuery(db.engine, communityID, f)
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
// sets the visibility map that index-only scans rely on, as autovacuum would.
//
// On SQLite it keeps the per-index row estimates (sqlite_stat1) and drops the value samples
// (sqlite_stat4): with samples, a prepared statement whose parameters meet a sampled index column is
// planned again at every execution for the values bound (sqlite3_bind marks it expired), which costs
// more than running most of our queries and defeats the statement cache (14% of a list request's CPU).
// Our plans do not depend on the values: every list walks its community index.
func (db *DB) Analyze(ctx context.Context) error {
	q := "ANALYZE; DELETE FROM sqlite_stat4; ANALYZE sqlite_schema"
	if db.engine == Postgres {
		q = "VACUUM ANALYZE"
	}
	_, err := db.writer().exec(ctx, q)
	return err
}

// IncidentForUpdate reads a live incident of communityID inside the transaction of ctx (InTx) and locks
// it until that ends, so concurrent edits serialize and the history records the true previous status.
func (db *DB) IncidentForUpdate(ctx context.Context, communityID, id string) (*domain.Incident, error) {
	tx, err := txOf(ctx)
	if err != nil {
		return nil, err
	}
	if err := lockLiveRow(ctx, tx, "incidents", id, communityID, errIncidentNotFound); err != nil {
		return nil, err
	}
	return scanIncident(tx.queryRow(ctx, incidentSelect+" WHERE i.id = ?", id))
}

// SaveIncident writes in, read with IncidentForUpdate as old, inside the same transaction: a new assignee
// must be a member, a status change joins the history, and the names of in are filled in again.
func (db *DB) SaveIncident(ctx context.Context, old, in *domain.Incident, by string, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if in.AssignedTo != nil && (old.AssignedTo == nil || *old.AssignedTo != *in.AssignedTo) {
		ok, err := isMember(ctx, tx, in.CommunityID, *in.AssignedTo)
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
		domain.SearchText(in.Title, in.Description), at.UnixMilli(), nullMS(in.DeletedAt), in.ID); err != nil {
		return err
	}
	if in.Status != old.Status {
		if err := addStatusChange(ctx, tx, in.ID, by, &old.Status, in.Status, at); err != nil {
			return err
		}
	}
	saved, err := scanIncident(tx.queryRow(ctx, incidentSelect+" WHERE i.id = ?", in.ID))
	if err != nil {
		return err
	}
	*in = *saved
	return nil
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

// In the export of a member's data (personaldata.go): the incidents they reported.
func init() {
	exportPersonalData(
		dataSection{"incidents", `SELECT id, community_id, title, description, location, priority, status, image_url, created_at, updated_at, deleted_at
			FROM incidents WHERE created_by = ? ORDER BY created_at`},
	)
}
