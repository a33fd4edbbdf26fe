package store

import (
	"context"
	"database/sql/driver"
	"strings"
	"time"

	"modernc.org/sqlite"

	"vecinos/internal/domain"
)

// The search across an office's communities (issue #35, ADR 0045 addendum): people by name, units by
// portal, staircase and name, incidents by their text. Each kind is one query over all the communities,
// reading its table through an index that leads with community_id (the plan test in
// organisations_search_test.go checks it), so its cost grows with the office, not with the database.

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

type officeQuery struct {
	kind domain.OfficeHitKind
	q    string
	args []any
}

// officeSearchQueries are the search's three queries over communityIDs for text (not yet normalized),
// each returning at most limit rows: community, id, title, detail parts and a time.
func (db *DB) officeSearchQueries(communityIDs []string, text string, limit int) []officeQuery {
	in := placeholders(len(communityIDs))
	ids := make([]any, len(communityIDs))
	for i, id := range communityIDs {
		ids[i] = id
	}
	args := func(extra ...any) []any { return append(append([]any{}, ids...), extra...) }
	var b strings.Builder
	incidentArgs := db.engine.containsText(&b, args(), "i.search_text", domain.SearchText(text))
	name, unit := domain.SearchText(text), CompactUnitText(text)
	var nameCond, unitCond strings.Builder
	nameArgs := db.engine.containsText(&nameCond, args(), "m.search_name", name)
	unitArgs := db.engine.containsText(&unitCond, args(), "u.search_label", unit)
	return []officeQuery{
		// The members of the communities whose folded name matches, tested in their index
		// (memberships_community_search), sorted by the copy of their profile's name that the index also
		// holds (migration 0068): no profile is read, and only the first limit read their unit. A member
		// without a profile (no name) is left out, as a join would.
		{domain.OfficeHitPerson, `SELECT x.community_id, x.user_id, x.full_name, COALESCE(u.building, ''), COALESCE(u.staircase, ''),
			COALESCE(u.unit_number, ''), x.joined_at
			FROM (SELECT m.community_id, m.user_id, m.unit_id, m.joined_at, m.full_name
				FROM memberships m WHERE m.community_id IN (` + in + `)` + nameCond.String() + ` AND m.full_name IS NOT NULL
				ORDER BY m.full_name, m.community_id, m.user_id LIMIT ?) x
			LEFT JOIN units u ON u.id = x.unit_id
			ORDER BY x.full_name, x.community_id, x.user_id`,
			append(nameArgs, limit)},
		{domain.OfficeHitUnit, `SELECT u.community_id, u.id, COALESCE(u.building, ''), COALESCE(u.staircase, ''), u.unit_number,
			COALESCE(o.full_name, ''), u.created_at
			FROM units u LEFT JOIN profiles o ON o.id = u.owner_id
			WHERE u.community_id IN (` + in + `)` + unitCond.String() + ` ORDER BY u.community_id, u.building, u.staircase, u.unit_number, u.id LIMIT ?`,
			append(unitArgs, limit)},
		{domain.OfficeHitIncident, `SELECT i.community_id, i.id, i.title, i.status, '', '', i.created_at
			FROM incidents i WHERE i.community_id IN (` + in + `) AND i.deleted_at IS NULL` + b.String() + `
			ORDER BY i.created_at DESC, i.id DESC LIMIT ?`, append(incidentArgs, limit)},
	}
}

// SearchCommunities finds text among the people, units and incidents of communityIDs: at most limit
// of each kind, people by name, units in the registry's order, incidents newest first. The community's
// name is left to the caller.
func (db *DB) SearchCommunities(ctx context.Context, communityIDs []string, text string, limit int) ([]domain.OfficeHit, error) {
	out := []domain.OfficeHit{}
	if len(communityIDs) == 0 {
		return out, nil
	}
	for _, q := range db.officeSearchQueries(communityIDs, text, limit) {
		hits, err := queryAll(ctx, db.readerIn(ctx), func(row scanner) (domain.OfficeHit, error) {
			h := domain.OfficeHit{Kind: q.kind}
			var a, b, c string
			var at int64
			if err := row.Scan(&h.CommunityID, &h.ID, &a, &b, &c, &h.Detail, &at); err != nil {
				return h, err
			}
			t := time.UnixMilli(at).UTC()
			h.CreatedAt = &t
			switch q.kind {
			case domain.OfficeHitPerson: // name; the unit's portal, staircase and name
				h.Title, h.Detail = a, unitLabel(b, c, h.Detail)
			case domain.OfficeHitUnit: // portal, staircase, name; the owner
				h.Title = unitLabel(a, b, c)
			case domain.OfficeHitIncident: // title; status
				h.Title, h.Detail = a, b
			}
			return h, nil
		}, q.q, q.args...)
		if err != nil {
			return nil, err
		}
		out = append(out, hits...)
	}
	return out, nil
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
