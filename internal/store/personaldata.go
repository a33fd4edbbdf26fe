package store

import (
	"context"
	"maps"
	"slices"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// dataSection is one kind of record about a member in the export of their data (RGPD arts. 15 and 20)
// and the query that reads it; the query takes the member's id once per `?`. Only what the member wrote,
// did or is: their messages but not the replies, their votes in public polls and only the fact of having
// voted in secret ones, no password hash, no session token, no other member's name.
type dataSection struct{ name, query string }

// personalData are the sections of the export. The store file of each feature's tables adds its own
// (exportPersonalData, from init), so a new feature edits no shared list (docs/adr/0039).
var personalData = map[string]string{}

// exportPersonalData adds sections to the export. A name taken twice would drop one section from the
// export, so it stops the program (and every test) at start.
func exportPersonalData(sections ...dataSection) {
	for _, s := range sections {
		if _, ok := personalData[s.name]; ok {
			panic("store: two sections of the personal-data export are named " + s.name)
		}
		personalData[s.name] = s.query
	}
}

// PersonalData reads every record about userID that the export of their data holds, one section per kind.
// Times (columns named *_at, stored as Unix milliseconds) come as RFC 3339 in UTC.
func (db *DB) PersonalData(ctx context.Context, userID string) ([]domain.DataSection, error) {
	out := make([]domain.DataSection, 0, len(personalData))
	// By name, as the export's JSON object lists them, whatever order the files registered them in.
	for _, name := range slices.Sorted(maps.Keys(personalData)) {
		rows, err := db.reader().query(ctx, personalData[name], userID)
		if err != nil {
			return nil, err
		}
		sec, err := scanSection(name, rows)
		if err != nil {
			return nil, err
		}
		out = append(out, sec)
	}
	return out, nil
}

func scanSection(name string, rows rows) (domain.DataSection, error) {
	defer rows.Close()
	sec := domain.DataSection{Name: name, Rows: []map[string]any{}}
	cols, err := rows.Columns()
	if err != nil {
		return sec, err
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return sec, err
		}
		row := make(map[string]any, len(cols))
		for i, c := range cols {
			row[c] = exportValue(c, vals[i])
		}
		sec.Rows = append(sec.Rows, row)
	}
	return sec, rows.Err()
}

// exportValue turns a column's value into what JSON shows: text for bytes, RFC 3339 for times.
func exportValue(column string, v any) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case int64:
		if strings.HasSuffix(column, "_at") {
			return time.UnixMilli(x).UTC().Format(time.RFC3339)
		}
	}
	return v
}
