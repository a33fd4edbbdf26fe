package store

import (
	"context"
)

// OfficeSearchPlanForTest explains the office search's statement (organisations_search.go) over the
// communities orgID runs, for text. On PostgreSQL sequential scans are priced out, so that a small table
// still shows whether an index serves.
func (db *DB) OfficeSearchPlanForTest(ctx context.Context, orgID, text string) (string, error) {
	plans, err := db.plansForTest(ctx, []sqlQuery{db.officeSearchQuery(orgID, text, 20)})
	if err != nil {
		return "", err
	}
	return plans[0], nil
}

// OfficeSearchStatsPlanForTest is OfficeSearchPlanForTest with the planner's own prices: for a test that
// seeds enough rows and refreshes the statistics.
func (db *DB) OfficeSearchStatsPlanForTest(ctx context.Context, orgID, text string) (string, error) {
	q := db.officeSearchQuery(orgID, text, 20)
	prefix := "EXPLAIN QUERY PLAN "
	if db.engine == Postgres {
		prefix = "EXPLAIN "
	}
	return db.explain(ctx, prefix+q.q, q.args...)
}
