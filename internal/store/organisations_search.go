package store

import (
	"context"
	"database/sql/driver"
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
// not with the database.

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
// answer does not rest on how the engine appends them.
func (db *DB) officeSearchQuery(orgID, text string, limit int) sqlQuery {
	name, unit := domain.SearchText(text), CompactUnitText(text)
	var people, units, incidents strings.Builder
	inUnits, office := db.engine.amongOffice("u.community_id", orgID)
	inIncidents, _ := db.engine.amongOffice("i.community_id", orgID)
	args := append(db.engine.containsText(&people, []any{office}, "m.search_name", name), limit, office)
	args = append(db.engine.containsText(&units, args, "u.search_label", unit), limit, office)
	args = append(db.engine.incidentsContain(&incidents, args, name), limit)
	// People: the members of the communities the office runs (memberships.office_id, migration 0073: the
	// office whose processor is active in the community, kept by triggers), walked in the office's name
	// order (memberships_office_name, which holds the copy of their profile's name of migration 0068 and
	// their folded name) until limit match: no profile is read, and only those limit read their unit. A
	// member without a profile (no name) is left out, as a join would. Units: in the registry's order, with
	// their owner. Incidents: newest first, deleted ones left out.
	return sqlQuery{`SELECT h.kind, h.community_id, (SELECT c.name FROM communities c WHERE c.id = h.community_id), h.id, h.a, h.b, h.c, h.d, h.at
		FROM (
		SELECT 0 AS kind, ROW_NUMBER() OVER (ORDER BY x.full_name, x.community_id, x.user_id) AS n, x.community_id, x.user_id AS id,
			x.full_name AS a, COALESCE(u.building, '') AS b, COALESCE(u.staircase, '') AS c, COALESCE(u.unit_number, '') AS d, x.joined_at AS at
			FROM (SELECT m.community_id, m.user_id, m.unit_id, m.joined_at, m.full_name FROM memberships m
				WHERE m.office_id = ? AND m.full_name IS NOT NULL` + people.String() + `
				ORDER BY m.full_name, m.community_id, m.user_id LIMIT ?) x
			LEFT JOIN units u ON u.id = x.unit_id
		UNION ALL SELECT 1, ROW_NUMBER() OVER (ORDER BY y.community_id, y.building, y.staircase, y.unit_number, y.id), y.community_id, y.id,
			COALESCE(y.building, ''), COALESCE(y.staircase, ''), y.unit_number, COALESCE(o.full_name, ''), y.created_at
			FROM (SELECT u.community_id, u.id, u.building, u.staircase, u.unit_number, u.owner_id, u.created_at FROM units u
				WHERE ` + inUnits + units.String() + ` ORDER BY u.community_id, u.building, u.staircase, u.unit_number, u.id LIMIT ?) y
			LEFT JOIN profiles o ON o.id = y.owner_id
		UNION ALL SELECT 2, ROW_NUMBER() OVER (ORDER BY z.created_at DESC, z.id DESC), z.community_id, z.id, z.title, z.status, '', '', z.created_at
			FROM (SELECT i.community_id, i.id, i.title, i.status, i.created_at FROM incidents i
				WHERE ` + inIncidents + ` AND i.deleted_at IS NULL` + incidents.String() + ` ORDER BY i.created_at DESC, i.id DESC LIMIT ?) z
		) h ORDER BY h.kind, h.n`, args}
}

// incidentsContain is containsText for the incidents' part of the office's search. On PostgreSQL a term
// without a trigram (no run of three letters or digits: '2b', 'la', '1-a') is tested with strpos, a
// plain substring test that no index serves, so that the office's incidents are read through their
// community's index: LIKE let the generic plan take the trigram index, which, given nothing to look up,
// reads all of it (at full scale 2 million entries, 2.4 s of CPU for one search, against 35 ms). Both
// tests find the same incidents (a byte substring of the folded text).
func (e Engine) incidentsContain(b *strings.Builder, args []any, search string) []any {
	if e == Postgres && !hasTrigram(search) {
		b.WriteString(" AND strpos(i.search_text, ?) > 0")
		return append(args, search)
	}
	return e.containsText(b, args, "i.search_text", search)
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
