package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/groupcommit"
)

const incidentSelect = `SELECT i.id, i.community_id, i.title, i.description, i.location, i.priority, i.status,
		i.created_by, COALESCE(pc.full_name, ''), i.assigned_to, COALESCE(pa.full_name, ''), i.image_url,
		i.created_at, i.updated_at, i.deleted_at
	FROM incidents i
	LEFT JOIN profiles pc ON pc.id = i.created_by
	LEFT JOIN profiles pa ON pa.id = i.assigned_to`

// postgresWordPageSelect is incidentSelect up to its FROM, the names read by a subquery on the profiles' key
// (incidentListQuery, a word's page on PostgreSQL).
var postgresWordPageSelect = strings.NewReplacer(
	"COALESCE(pc.full_name, '')", "COALESCE((SELECT full_name FROM profiles WHERE id = i.created_by), '')",
	"COALESCE(pa.full_name, '')", "COALESCE((SELECT full_name FROM profiles WHERE id = i.assigned_to), '')",
).Replace(incidentSelect[:strings.Index(incidentSelect, "FROM incidents i")])

func scanIncident(row scanner) (*domain.Incident, error) {
	return scanIncidentAnd(row)
}

// scanIncidentAnd scans the columns of incidentSelect, then more.
func scanIncidentAnd(row scanner, more ...any) (*domain.Incident, error) {
	in, err := newIncidentScan(more...).row(row)
	if err != nil {
		return nil, err
	}
	return &in, nil
}

// incidentScan scans rows of incidentSelect (then more columns) into one set of destinations that a
// list reuses from row to row: a page of incidents allocates them once, not eight times a row (its
// allocations, and so the garbage collector, were a third of a list request's CPU).
type incidentScan struct {
	in               domain.Incident
	priority, status string
	created, updated int64
	deleted          *int64
	dest             []any
}

func newIncidentScan(more ...any) *incidentScan {
	s := &incidentScan{}
	in := &s.in
	s.dest = append([]any{&in.ID, &in.CommunityID, &in.Title, &in.Description, &in.Location, &s.priority, &s.status,
		&in.CreatedBy, &in.CreatedByName, &in.AssignedTo, &in.AssignedToName, &in.ImageURL, &s.created, &s.updated, &s.deleted}, more...)
	return s
}

// row scans the next row. The incident shares nothing with the next row's: Scan gives each nullable
// column a new pointer.
func (s *incidentScan) row(row scanner) (domain.Incident, error) {
	if err := row.Scan(s.dest...); err != nil {
		return domain.Incident{}, err
	}
	s.in.Priority, s.in.Status = domain.Priority(s.priority), domain.IncidentStatus(s.status)
	s.in.CreatedAt, s.in.UpdatedAt, s.in.DeletedAt = fromMS(s.created), fromMS(s.updated), fromNullMS(s.deleted)
	return s.in, nil
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
	err := q.queryRow(ctx, "SELECT COUNT(*) FROM memberships WHERE user_id = ? AND community_id = ?", userID, communityID).Scan(&n)
	return n > 0, err
}

// IsMember reports whether userID belongs to communityID.
func (db *DB) IsMember(ctx context.Context, communityID, userID string) (bool, error) {
	return isMember(ctx, db.readerIn(ctx), communityID, userID)
}

// incidentWrite is one CreateIncident call.
type incidentWrite struct {
	in                *domain.Incident
	by                string
	assigneeNotMember error
}

// maxIncidentBatch bounds the incidents of one grouped transaction (and so the shapes of its multi-row
// statements: 13 parameters a row).
const maxIncidentBatch = 32

// CreateIncident stores a new incident and the first entry of its history, by, in one transaction; the
// assignee must belong to the incident's community at that moment, or it returns assigneeNotMember. It
// fills in the names of the creator and of the assignee, as Incident would read them.
//
// Concurrent calls share their transaction (groupcommit): under load the reports of many members are
// written with three statements and one commit. That transaction is the store's own, since it spans many
// services' calls: no service could open it.
func (db *DB) CreateIncident(ctx context.Context, in *domain.Incident, by string, assigneeNotMember error) error {
	return db.incidentWrites.Do(ctx, incidentWrite{in: in, by: by, assigneeNotMember: assigneeNotMember})
}

// insertIncidents checks the assignees and reads the names of a batch in one query, then inserts its
// incidents and their first status change with one statement each. A call whose assignee is not a member
// of the incident's community gets its assigneeNotMember and writes nothing.
func (db *DB) insertIncidents(ctx context.Context, batch []*groupcommit.Call[incidentWrite]) error {
	return db.InGroupTx(ctx, func(ctx context.Context) error {
		tx, err := txOf(ctx)
		if err != nil {
			return err
		}
		return writeIncidents(ctx, tx, batch)
	})
}

// writeIncidents is insertIncidents in tx.
func writeIncidents(ctx context.Context, tx conn, batch []*groupcommit.Call[incidentWrite]) error {
	ids := make([]any, 0, 2*len(batch))
	seen := make(map[string]bool, 2*len(batch))
	for _, c := range batch {
		for _, id := range []*string{c.Arg.in.CreatedBy, c.Arg.in.AssignedTo} {
			if id != nil && !seen[*id] {
				seen[*id] = true
				ids = append(ids, *id)
			}
		}
	}
	names := make(map[string]string, len(ids))
	memberOf := map[[2]string]bool{} // {user, community}
	if len(ids) > 0 {
		type row struct{ id, community, name string }
		rows, err := queryAll(ctx, tx, func(r scanner) (p row, err error) {
			return p, r.Scan(&p.id, &p.community, &p.name)
		}, `SELECT p.id, COALESCE(m.community_id, ''), p.full_name FROM profiles p LEFT JOIN memberships m ON m.user_id = p.id
			WHERE p.id IN (`+placeholders(len(ids))+")", ids...)
		if err != nil {
			return err
		}
		for _, r := range rows {
			names[r.id], memberOf[[2]string{r.id, r.community}] = r.name, true
		}
	}

	var incidents, history strings.Builder
	incidents.WriteString(`INSERT INTO incidents (id, community_id, title, description, location, priority, status,
		created_by, assigned_to, image_url, search_text, created_at, updated_at) VALUES `)
	history.WriteString(`INSERT INTO incident_status_changes (id, incident_id, changed_by, from_status, to_status, changed_at) VALUES `)
	var iargs, hargs []any
	var words []incidentWordRows
	for _, c := range batch {
		in := c.Arg.in
		if in.AssignedTo != nil {
			if !memberOf[[2]string{*in.AssignedTo, in.CommunityID}] {
				c.Err = c.Arg.assigneeNotMember
				continue
			}
			in.AssignedToName = names[*in.AssignedTo]
		}
		if in.CreatedBy != nil {
			in.CreatedByName = names[*in.CreatedBy]
		}
		if len(iargs) > 0 {
			incidents.WriteString(", ")
			history.WriteString(", ")
		}
		incidents.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
		history.WriteString("(?, ?, ?, NULL, ?, ?)")
		text := domain.SearchText(in.Title, in.Description)
		iargs = append(iargs, in.ID, in.CommunityID, in.Title, in.Description, in.Location, string(in.Priority), string(in.Status),
			in.CreatedBy, in.AssignedTo, in.ImageURL, text, ms(in.CreatedAt), ms(in.UpdatedAt))
		hargs = append(hargs, domain.NewID(), in.ID, nullString(c.Arg.by), string(in.Status), ms(in.CreatedAt))
		words = append(words, incidentWordRows{in.CommunityID, ms(in.CreatedAt), in.ID, searchWords(text)})
	}
	if len(iargs) == 0 {
		return nil
	}
	if _, err := tx.exec(ctx, incidents.String(), iargs...); err != nil {
		return err
	}
	if _, err := tx.exec(ctx, history.String(), hargs...); err != nil {
		return err
	}
	return addIncidentWords(ctx, tx, words)
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

// Incident returns an incident of communityID, deleted or not; nil when it has none such.
func (db *DB) Incident(ctx context.Context, communityID, id string) (*domain.Incident, error) {
	return orNil(scanIncident(db.readerIn(ctx).queryRow(ctx, incidentSelect+" WHERE i.id = ? AND i.community_id = ?", id, communityID)))
}

// IncidentWithHistory returns an incident of communityID, deleted or not, and its status changes, oldest
// first, in one round trip: one row per change (or one row without a change), the incident repeated; nil
// when it has none such.
func (db *DB) IncidentWithHistory(ctx context.Context, communityID, id string) (*domain.Incident, []domain.StatusChange, error) {
	type row struct {
		in     *domain.Incident
		change *domain.StatusChange // nil: no change recorded (incidents seeded in bulk)
	}
	rows, err := queryAll(ctx, db.readerIn(ctx), func(r scanner) (row, error) {
		var c domain.StatusChange
		var from, to *string
		var at *int64
		in, err := scanIncidentAnd(r, &from, &to, &c.ChangedBy, &c.ChangedByName, &at)
		if err != nil || to == nil || at == nil {
			return row{in: in}, err
		}
		if from != nil {
			s := domain.IncidentStatus(*from)
			c.From = &s
		}
		c.To, c.ChangedAt = domain.IncidentStatus(*to), fromMS(*at)
		return row{in, &c}, nil
	}, `SELECT i.id, i.community_id, i.title, i.description, i.location, i.priority, i.status,
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
	if err != nil || len(rows) == 0 {
		return nil, nil, err
	}
	var history []domain.StatusChange
	for _, r := range rows {
		if r.change != nil {
			history = append(history, *r.change)
		}
	}
	return rows[len(rows)-1].in, history, nil
}

// incidentListQuery builds the list query of f. Every variant leads with community_id and orders by
// (created_at, id) descending, so it walks incidents_community (or incidents_community_status); only a
// search for a rare word goes, on PostgreSQL, through the trigram index instead.
//
// word, when not 0, is the id of a word of the word index (search.go) that holds f.Search (or
// vocabularyWord, on PostgreSQL): the query walks
// that word's postings newest first instead of the community's incidents, and applies every condition
// of the list, the substring test included, to each incident it reaches.
func incidentListQuery(engine Engine, communityID string, f domain.IncidentFilter, word int64) (string, []any) {
	var b strings.Builder
	args := []any{communityID}
	order := " ORDER BY i.created_at DESC, i.id DESC LIMIT "
	if word != 0 {
		// CROSS JOIN keeps the postings the outer loop, in their order: no sort, no walk of the community.
		// PostgreSQL has no such hint: it estimates the rows a word keeps after the list's conditions far
		// too low and would hash the word's postings against a scan of the incidents (or of the trigram
		// index) and sort. A LATERAL subquery that reads the posting's incident by its key, fenced by
		// OFFSET 0 so that the planner cannot flatten it, leaves it the one plan: the postings newest
		// first, each joined to its incident, until the page is full (TestIncidentSearchUsesTheWordIndex).
		join := "FROM incident_words w CROSS JOIN incidents i ON i.id = w.incident_id"
		if engine == Postgres {
			join = "FROM incident_words w CROSS JOIN LATERAL (SELECT * FROM incidents WHERE id = w.incident_id OFFSET 0) i"
			// The names by key, one row each: with the page estimated at a row or two, PostgreSQL joined the
			// assignee's profile as a nested loop over a scan of every profile, materialized, and tested
			// each page row against all of them (a cost that grows with the members).
			b.WriteString(postgresWordPageSelect)
			b.WriteString(join)
		} else {
			b.WriteString(strings.Replace(incidentSelect, "FROM incidents i", join, 1))
		}
		if word == vocabularyWord {
			b.WriteString(" WHERE w.word_id = v.seq AND v.n <= " + strconv.Itoa(maxSearchWords) + " AND i.community_id = ?")
			args = []any{communityID}
		} else {
			b.WriteString(" WHERE w.word_id = ? AND i.community_id = ?")
			args = []any{word, communityID}
		}
		order = " ORDER BY w.created_at DESC, w.incident_id DESC LIMIT "
	} else {
		b.WriteString(incidentSelect)
		b.WriteString(" WHERE i.community_id = ?")
	}
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
		if word != 0 {
			b.WriteString(" AND (w.created_at, w.incident_id) < (?, ?)")
		} else {
			b.WriteString(" AND (i.created_at, i.id) < (?, ?)")
		}
		args = append(args, ms(f.After.At), f.After.ID)
	}
	// The limit is written into the SQL, not bound: PostgreSQL plans a prepared statement with a bound
	// LIMIT for a tenth of the rows, finds that generic plan dearer than planning for the real values and
	// so plans the list again at every execution (0.2 ms, more than running it). With a constant it keeps
	// the generic plan after five runs. It is an int, and the service bounds it: a few statement shapes.
	b.WriteString(order)
	b.WriteString(strconv.Itoa(max(f.Limit, 0)))
	return b.String(), args
}

// ListIncidents returns up to f.Limit incidents of communityID, newest first, after f.After.
func (db *DB) ListIncidents(ctx context.Context, communityID string, f domain.IncidentFilter) ([]domain.Incident, error) {
	if out, ok, err := db.searchIncidents(ctx, communityID, f); ok || err != nil {
		return out, err
	}
	q, args := incidentListQuery(db.engine, communityID, f, 0)
	// A page's capacity: the service asks for at most 101 rows; a larger limit grows the slice as it fills.
	return queryInto(ctx, db.readerIn(ctx), make([]domain.Incident, 0, min(max(f.Limit, 0), 128)), newIncidentScan().row, q, args...)
}

// ExplainIncidentList returns the engine's plan of the list query of f, one line per step (for tests
// that check the query uses the community index).
func (db *DB) ExplainIncidentList(ctx context.Context, communityID string, f domain.IncidentFilter) (string, error) {
	q, args := incidentListQuery(db.engine, communityID, f, 0)
	prefix := "EXPLAIN QUERY PLAN "
	if db.engine == Postgres {
		prefix = "EXPLAIN "
	}
	return db.explain(ctx, prefix+q, args...)
}

func (db *DB) explain(ctx context.Context, q string, args ...any) (string, error) {
	lines, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (string, error) {
		// SQLite: id, parent, notused, detail; PostgreSQL: one text column. The detail is the last.
		var id, parent, notused int
		var detail string
		if db.engine == Postgres {
			return detail, row.Scan(&detail)
		}
		return detail, row.Scan(&id, &parent, &notused, &detail)
	}, q, args...)
	return strings.Join(lines, "\n"), err
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
	// On the pool, never in a service's transaction: VACUUM cannot run inside one.
	_, err := db.writer().exec(ctx, q)
	return err
}

// IncidentForUpdate reads a live incident of communityID inside the transaction of ctx (InTx) and locks
// it until that ends, so concurrent edits serialize and the history records the true previous status;
// nil when there is none.
func (db *DB) IncidentForUpdate(ctx context.Context, communityID, id string) (*domain.Incident, error) {
	tx, ok, err := lockLive(ctx, "incidents", id, communityID)
	if !ok {
		return nil, err
	}
	return scanIncident(tx.queryRow(ctx, incidentSelect+" WHERE i.id = ?", id))
}

// SaveIncident writes in, read with IncidentForUpdate as old, inside the same transaction: a status
// change joins the history, and the names of in are filled in again.
func (db *DB) SaveIncident(ctx context.Context, old, in *domain.Incident, by string, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.exec(ctx, `UPDATE incidents SET title = ?, description = ?, location = ?, priority = ?, status = ?,
		assigned_to = ?, image_url = ?, search_text = ?, updated_at = ?, deleted_at = ? WHERE id = ?`,
		in.Title, in.Description, in.Location, string(in.Priority), string(in.Status), in.AssignedTo, in.ImageURL,
		domain.SearchText(in.Title, in.Description), at.UnixMilli(), nullMS(in.DeletedAt), in.ID); err != nil {
		return err
	}
	if err := reindexIncidentWords(ctx, tx, old.CommunityID, old.ID, ms(old.CreatedAt),
		domain.SearchText(old.Title, old.Description), domain.SearchText(in.Title, in.Description)); err != nil {
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

// CreateIncidents inserts many incidents at once, without history or checks (seeding benchmarks); in the
// transaction of ctx (InTx), so that a batch commits once.
func (db *DB) CreateIncidents(ctx context.Context, ins []domain.Incident) error {
	tx := db.writerIn(ctx)
	var words []incidentWordRows
	for _, in := range ins {
		text := domain.SearchText(in.Title, in.Description)
		if _, err := tx.exec(ctx, `INSERT INTO incidents (id, community_id, title, description, location, priority, status,
			created_by, assigned_to, image_url, search_text, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			in.ID, in.CommunityID, in.Title, in.Description, in.Location, string(in.Priority), string(in.Status),
			in.CreatedBy, in.AssignedTo, in.ImageURL, text, ms(in.CreatedAt), ms(in.UpdatedAt)); err != nil {
			return err
		}
		words = append(words, incidentWordRows{in.CommunityID, ms(in.CreatedAt), in.ID, searchWords(text)})
	}
	return addIncidentWords(ctx, tx, words)
}

// In the export of a member's data (personaldata.go): the incidents they reported.
func init() {
	exportPersonalData(
		dataSection{"incidents", `SELECT id, community_id, title, description, location, priority, status, image_url, created_at, updated_at, deleted_at
			FROM incidents WHERE created_by = ? ORDER BY created_at`},
	)
}
