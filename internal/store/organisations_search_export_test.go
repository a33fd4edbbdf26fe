package store

import (
	"context"
)

// OfficeSearchPlansForTest explains the office search's queries (organisations_search.go) over
// communityIDs for text. On PostgreSQL sequential scans are priced out, so that a small table still shows
// whether an index serves.
func (db *DB) OfficeSearchPlansForTest(ctx context.Context, communityIDs []string, text string) ([]string, error) {
	return db.officeSearchPlans(ctx, communityIDs, text, true)
}

// OfficeSearchStatsPlansForTest is OfficeSearchPlansForTest with the planner's own prices: for a test
// that seeds enough rows and refreshes the statistics.
func (db *DB) OfficeSearchStatsPlansForTest(ctx context.Context, communityIDs []string, text string) ([]string, error) {
	return db.officeSearchPlans(ctx, communityIDs, text, false)
}

func (db *DB) officeSearchPlans(ctx context.Context, communityIDs []string, text string, noSeqScan bool) ([]string, error) {
	var plans []string
	err := db.InTx(ctx, func(ctx context.Context) error {
		prefix := "EXPLAIN QUERY PLAN "
		if db.engine == Postgres {
			prefix = "EXPLAIN "
		}
		if db.engine == Postgres && noSeqScan {
			if _, err := db.writerIn(ctx).exec(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
				return err
			}
		}
		for _, q := range db.officeSearchQueries(communityIDs, text, 20) {
			plan, err := db.explain(ctx, prefix+q.q, q.args...)
			if err != nil {
				return err
			}
			plans = append(plans, plan)
		}
		return nil
	})
	return plans, err
}
