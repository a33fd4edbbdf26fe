package store

import (
	"context"
	"database/sql/driver"
	"strconv"
	"strings"
	"time"
	"unicode"

	"modernc.org/sqlite"

	"vecinos/internal/domain"
)

// The search across an office's communities (issue #35, ADR 0045 addendum): people by name, units by
// portal, staircase and name, incidents by their text. Each kind is one part of one statement over all the
// communities, reading its table through an index that leads with community_id, or for the people with
// the office (the plan test in organisations_search_test.go checks it), so its cost grows with the office,
// not with the database; units (on PostgreSQL) and incidents first ask their trigram indexes for the few
// rows of a rare term across the database (officeSearchPart).

// The people's and the units' texts are compared as stored, folded, by triggers (memberships.search_name,
// units.search_label): on PostgreSQL with migration 0062's office_fold, lower-cased with the accents of
// Spanish and Catalan names taken out; on SQLite the same in plain SQL (migration 0068), so that a plain
// sqlite3 connection can write those tables.

// unitNoise is left out of a unit's label and of the words sought in it, so '2ºB', '2º B' and '2b' find
// the same unit.
const unitNoise = " º ª.·-"

// CompactUnitText is text as the office's search compares units: SearchText without spaces, ordinal
// signs, dots, middle dots or dashes.
func CompactUnitText(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(unitNoise, r) {
			return -1
		}
		return r
	}, domain.SearchText(s))
}

func init() {
	// office_fold(text, compact) is domain.SearchText(text), and with compact 1 CompactUnitText(text): what
	// migration 0062 filled the columns with on SQLite, before 0068's triggers in plain SQL replaced it.
	sqlite.MustRegisterFunction("office_fold", &sqlite.FunctionImpl{
		NArgs:         2,
		Deterministic: true,
		Scalar: func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
			s, _ := args[0].(string)
			if c, _ := args[1].(int64); c == 1 {
				return CompactUnitText(s), nil
			}
			return domain.SearchText(s), nil
		},
	})
}

// officeSearchQuery is the search's one statement for text (not yet normalized) in the communities orgID
// runs now, scoped inside the SQL (amongOffice: one parameter, not the office's up to 300 communities, so
// that pgx sends and PostgreSQL binds and plans no list of hundreds of values): three parts of at most
// limit rows each, their kind (0 people, 1 units, 2 incidents), the community and its name (read by key
// for each row found: a join let PostgreSQL hash every community), the id, the title or detail parts and a
// time. Each part is ranked by its own order (ROW_NUMBER over its limited rows), so the order of the
// answer does not rest on how the engine appends them. The limits are written into the SQL, so that
// PostgreSQL's generic plan of the prepared statement is priced for them.
func (db *DB) officeSearchQuery(orgID, text string, limit int) sqlQuery {
	name, unit := domain.SearchText(text), CompactUnitText(text)
	n := strconv.Itoa(limit)
	units := officeSearchPart{cols: "u.community_id, u.id, u.building, u.staircase, u.unit_number, u.owner_id, u.created_at", from: "units u",
		order: "u.community_id, u.building, u.staircase, u.unit_number, u.id", column: "u.search_label", text: unit}
	incidents := officeSearchPart{cols: "i.community_id, i.id, i.title, i.status, i.created_at", from: "incidents i",
		where: " AND i.deleted_at IS NULL", order: "i.created_at DESC, i.id DESC", column: "i.search_text", text: name,
		fts: "incidents_trigram"}
	if db.engine == Postgres && hasTrigram(unit) {
		units.first = "units_found"
	}
	if hasTrigram(name) {
		incidents.first = "incidents_found"
	}
	var q sqlQuery
	var with []string
	for _, p := range []officeSearchPart{units, incidents} {
		if p.first != "" {
			var b strings.Builder
			from := p.from
			if db.engine == SQLite { // the index's rowids first, each incident read by its rowid
				from = p.fts + " CROSS JOIN " + p.from + " ON " + p.alias() + ".rowid = " + p.fts + ".rowid"
				b.WriteString(" AND " + p.fts + " MATCH ?")
				q.args = append(q.args, ftsPhrase(p.text))
			}
			q.args = db.engine.officeContains(&b, q.args, p.column, p.text)
			with = append(with, p.first+" AS MATERIALIZED (SELECT "+p.cols+" FROM "+from+" WHERE "+strings.TrimPrefix(b.String(), " AND ")+p.where+
				" LIMIT "+strconv.Itoa(officeCandidates+1)+")")
		}
	}
	if len(with) > 0 {
		q.q = "WITH " + strings.Join(with, ", ") + " "
	}
	// People: the members of the communities the office runs (memberships.office_id, migration 0073: the
	// office whose processor is active in the community, kept by triggers), walked in the office's name
	// order (memberships_office_name, which holds the copy of their profile's name of migration 0068 and
	// their folded name) until limit match: no profile is read, and only those limit read their unit. A
	// member without a profile (no name) is left out, as a join would. Units: in the registry's order, with
	// their owner. Incidents: newest first, deleted ones left out.
	var people strings.Builder
	peopleArgs := db.engine.officeContains(&people, nil, "m.search_name", name)
	q.add(`SELECT h.kind, h.community_id, (SELECT c.name FROM communities c WHERE c.id = h.community_id), h.id, h.a, h.b, h.c, h.d, h.at
		FROM (
		SELECT 0 AS kind, ROW_NUMBER() OVER (ORDER BY x.full_name, x.community_id, x.user_id) AS n, x.community_id, x.user_id AS id,
			x.full_name AS a, COALESCE(u.building, '') AS b, COALESCE(u.staircase, '') AS c, COALESCE(u.unit_number, '') AS d, x.joined_at AS at
			FROM (SELECT m.community_id, m.user_id, m.unit_id, m.joined_at, m.full_name FROM memberships m
				WHERE m.office_id = ? AND m.full_name IS NOT NULL`, orgID)
	q.add(people.String(), peopleArgs...)
	q.add(` ORDER BY m.full_name, m.community_id, m.user_id LIMIT ` + n + `) x
			LEFT JOIN units u ON u.id = x.unit_id
		UNION ALL SELECT 1, ROW_NUMBER() OVER (ORDER BY y.community_id, y.building, y.staircase, y.unit_number, y.id), y.community_id, y.id,
			COALESCE(y.building, ''), COALESCE(y.staircase, ''), y.unit_number, COALESCE(o.full_name, ''), y.created_at
			FROM (`)
	db.officeSearchRows(&q, orgID, units, n)
	q.add(`) y
			LEFT JOIN profiles o ON o.id = y.owner_id
		UNION ALL SELECT 2, ROW_NUMBER() OVER (ORDER BY z.created_at DESC, z.id DESC), z.community_id, z.id, z.title, z.status, '', '', z.created_at
			FROM (`)
	db.officeSearchRows(&q, orgID, incidents, n)
	q.add(`) z
		) h ORDER BY h.kind, h.n`)
	return q
}

// officeSearchPart is the units' or the incidents' part of the office's search: columns cols of table
// from (with its alias), the rows of the office's communities that hold text in column and meet where
// (" AND …" or ""), in order.
//
// The part walks the office's communities through the table's index that leads with community_id
// (amongOffice), testing each row. On PostgreSQL the test is strpos, a plain substring test, so that the
// planner never takes the column's trigram index for the walk: for a term without a trigram ('2b', 'la')
// that index has nothing to look up and reads all of itself (at full scale 2 million incidents, 2.4 s of
// CPU for one search, against 35 ms); for a common term, its bitmap of the whole database ANDed with the
// office's cost 200 ms ('ascensor', in a tenth of the incidents) where the walk costs 20–40 ms. Both tests
// find the same rows (a byte substring of the folded text).
//
// For a term with a trigram, first names a CTE of the part's rows across the whole database that a trigram
// index finds, at most officeCandidates+1: the office seeks a surname, a street, an incident's word, rare
// in the database, whose few rows the index finds without the walk through the office's 8,000 units and
// 40,000 incidents; the office's are kept among them. More than officeCandidates means a common term, which
// may have more of the office's rows than were taken: the part then walks the office's communities. On
// PostgreSQL the indexes are those of units.search_label (migration 0076) and incidents.search_text
// (migration 0008); on SQLite the incidents' FTS5 table fts (migration 0077), whose phrase finds the
// rows that hold the term, each tested again as the walk tests it (the same rows by construction, the
// test costs little on at most officeCandidates+1 rows); units have none there (their walk is short).
type officeSearchPart struct {
	cols, from, where, order string
	column, text, first, fts string
}

// alias is the name of the part's table in its SQL.
func (p officeSearchPart) alias() string { return p.from[strings.LastIndexByte(p.from, ' ')+1:] }

// ftsPhrase is the FTS5 query of a phrase that is s: a string between double quotes, its own doubled.
func ftsPhrase(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// officeCandidates is how many rows of the whole database the search keeps at most from a trigram index
// (officeSearchPart).
const officeCandidates = 1000

// officeSearchRows adds to q the rows of part p, at most limit, in its order.
func (db *DB) officeSearchRows(q *sqlQuery, orgID string, p officeSearchPart, limit string) {
	alias := p.alias()
	among, office := db.engine.amongOffice(alias+".community_id", orgID)
	var b strings.Builder
	args := db.engine.walkContains(&b, []any{office}, p.column, p.text)
	walk := "SELECT " + p.cols + " FROM " + p.from + " WHERE "
	rest := among + p.where + b.String() + " ORDER BY " + p.order + " LIMIT " + limit
	if p.first == "" {
		q.add(walk+rest, args...)
		return
	}
	// Both branches, one of which a one-time filter on the count empties before it reads anything.
	in, _ := inOffice(alias+".community_id", orgID)
	count, most := "(SELECT COUNT(*) FROM "+p.first+")", strconv.Itoa(officeCandidates)
	open, walk := "(", walk+count+" > "+most+" AND "
	if db.engine == SQLite {
		// SQLite takes no parentheses around the members of a UNION, and walked the office's rows with the
		// count's test in the WHERE clause (as costly as without it): the walk is joined to a row that is
		// there only when the count is over, so that it reads nothing otherwise.
		open = "SELECT * FROM ("
		walk = "SELECT " + p.cols + " FROM (SELECT 1 WHERE " + count + " > " + most + ") many CROSS JOIN " + p.from + " WHERE "
	}
	q.add(open+"SELECT "+p.cols+" FROM "+p.first+" "+alias+" WHERE "+count+" <= "+most+" AND "+in+" ORDER BY "+p.order+" LIMIT "+limit+
		") UNION ALL "+open+walk+rest+")", append([]any{orgID}, args...)...)
}

// officeContains is containsText for the office's search. On PostgreSQL the pattern is a subquery's
// value, which the planner prices alike for every term: given the value bound, it priced the lookup of a
// rare term as nearly free and a common name's walk as short, found the generic plan of the prepared
// statement dearer, and so planned the statement anew at every search (more CPU than running it).
func (e Engine) officeContains(b *strings.Builder, args []any, column, search string) []any {
	if e == SQLite {
		return e.containsText(b, args, column, search)
	}
	b.WriteString(" AND " + column + " LIKE (SELECT CAST(? AS TEXT))")
	return append(args, likePattern(search))
}

// walkContains is containsText for a walk through the office's communities: strpos on PostgreSQL
// (officeSearchPart).
func (e Engine) walkContains(b *strings.Builder, args []any, column, search string) []any {
	if e == Postgres {
		b.WriteString(" AND strpos(" + column + ", ?) > 0")
		return append(args, search)
	}
	return e.containsText(b, args, column, search)
}

// hasTrigram reports whether s has a run of at least three letters or digits, from which pg_trgm takes
// the trigrams of a LIKE pattern.
func hasTrigram(s string) bool {
	run := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if run++; run >= 3 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// officeHitKinds are the kinds of officeSearchQuery's parts, in its order.
var officeHitKinds = [...]domain.OfficeHitKind{domain.OfficeHitPerson, domain.OfficeHitUnit, domain.OfficeHitIncident}

// SearchOffice finds text among the people, units and incidents of the communities orgID runs now (its
// processor active there): at most limit of each kind, people by name, units in the registry's order,
// incidents newest first, each with its community's name. One round trip.
func (db *DB) SearchOffice(ctx context.Context, orgID, text string, limit int) ([]domain.OfficeHit, error) {
	q := db.officeSearchQuery(orgID, text, limit)
	return listOrEmpty(queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.OfficeHit, error) {
		var h domain.OfficeHit
		var kind int
		var a, b, c string
		var at int64
		if err := row.Scan(&kind, &h.CommunityID, &h.CommunityName, &h.ID, &a, &b, &c, &h.Detail, &at); err != nil {
			return h, err
		}
		h.Kind = officeHitKinds[kind]
		t := time.UnixMilli(at).UTC()
		h.CreatedAt = &t
		switch h.Kind {
		case domain.OfficeHitPerson: // name; the unit's portal, staircase and name
			h.Title, h.Detail = a, unitLabel(b, c, h.Detail)
		case domain.OfficeHitUnit: // portal, staircase, name; the owner
			h.Title = unitLabel(a, b, c)
		case domain.OfficeHitIncident: // title; status
			h.Title, h.Detail = a, b
		}
		return h, nil
	}, q.q, q.args...))
}

// unitLabel is domain.Unit.Label of a unit's parts; "" when it has none.
func unitLabel(building, staircase, number string) string {
	if number == "" {
		return ""
	}
	u := domain.Unit{UnitNumber: number}
	if building != "" {
		u.Building = &building
	}
	if staircase != "" {
		u.Staircase = &staircase
	}
	return u.Label()
}
