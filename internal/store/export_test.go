package store

import "context"

// ExecForTest runs a statement written with `?` placeholders on the writer, for tests that need a write no
// store method makes (a hard delete, a back-dated row).
func (db *DB) ExecForTest(ctx context.Context, query string, args ...any) error {
	_, err := db.writer().exec(ctx, query, args...)
	return err
}

// IntsForTest runs a query whose columns are all integers and returns its rows.
func (db *DB) IntsForTest(ctx context.Context, query string, args ...any) ([][]int64, error) {
	rows, err := db.reader().query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out [][]int64
	for rows.Next() {
		row := make([]int64, len(cols))
		ptrs := make([]any, len(cols))
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		out = append(out, row)
	}
	return out, rows.Err()
}
