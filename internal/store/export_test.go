package store

import (
	"context"
	"time"

	"vecinos/internal/domain"
)

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

// OverviewPlansForTest explains the office's list with its overview (organisations.go), then its money's
// statement (organisations_money.go: the debts before dueBefore or except's dates, the accounts' balances).
func (db *DB) OverviewPlansForTest(ctx context.Context, orgID, userID string, now time.Time, dueBefore string, except map[string]string) ([]string, error) {
	return db.plansForTest(ctx, []sqlQuery{officeOverviewQuery(orgID, userID, now), officeMoneyQuery(orgID, dueBefore, except)})
}

// plansForTest explains each query. On PostgreSQL sequential scans are priced out, so that a small table
// still shows whether an index serves.
func (db *DB) plansForTest(ctx context.Context, qs []sqlQuery) ([]string, error) {
	var plans []string
	err := db.InTx(ctx, func(ctx context.Context) error {
		prefix := "EXPLAIN QUERY PLAN "
		if db.engine == Postgres {
			prefix = "EXPLAIN "
			if _, err := db.writerIn(ctx).exec(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
				return err
			}
		}
		for _, q := range qs {
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

// ReceiptsPlanForTest explains Receipts' query for f (on PostgreSQL with sequential scans priced out, as
// OverviewPlansForTest).
func (db *DB) ReceiptsPlanForTest(ctx context.Context, communityID string, f domain.ReceiptFilter) (string, error) {
	var plan string
	err := db.InTx(ctx, func(ctx context.Context) error {
		prefix := "EXPLAIN QUERY PLAN "
		if db.engine == Postgres {
			prefix = "EXPLAIN "
			if _, err := db.writerIn(ctx).exec(ctx, "SET LOCAL enable_seqscan = off"); err != nil {
				return err
			}
		}
		q, args := receiptsQuery(communityID, f)
		var err error
		plan, err = db.explain(ctx, prefix+q, args...)
		return err
	})
	return plan, err
}

// ResidentPlansForTest explains, as OverviewPlansForTest, the chat page's query (userID reading the 50
// latest messages of channelID in communityID) and a booking's check of what is held (HeldForUpdate).
func (db *DB) ResidentPlansForTest(ctx context.Context, communityID, userID, channelID, facilityID, unitID, month string, from, to time.Time) ([]string, error) {
	return db.plansForTest(ctx, []sqlQuery{
		{channelMessageSelect + " " + channelPageWhere + " ORDER BY m.id DESC LIMIT ?", []any{channelID, communityID, userID, 50}},
		held(domain.HeldAsk{FacilityID: facilityID, UnitID: unitID, Month: month, From: from, To: to},
			domain.HeldAsk{FacilityID: facilityID, UnitID: unitID, Month: month, From: to, To: to.Add(time.Hour)}),
	})
}

// held is heldStatement as a query to explain.
func held(asks ...domain.HeldAsk) sqlQuery {
	q, args := heldStatement(asks)
	return sqlQuery{q, args}
}

// DashboardPlanForTest explains, as OverviewPlansForTest, DashboardCounts' statement for userID in
// communityID at now, counting from since.
func (db *DB) DashboardPlanForTest(ctx context.Context, communityID, userID string, now, since time.Time) (string, error) {
	q, args := dashboardQuery(communityID, userID, ms(now), ms(since), (ms(since)/dayMS+1)*dayMS)
	plans, err := db.plansForTest(ctx, []sqlQuery{{q, args}})
	if err != nil {
		return "", err
	}
	return plans[0], nil
}

// DashboardGenericPlansForTest runs DashboardCounts' statement runs times on one PostgreSQL connection,
// as a server does (pgx prepares it once per connection), and says how many of those runs PostgreSQL
// served from the statement's generic plan and how many it planned anew.
func (db *DB) DashboardGenericPlansForTest(ctx context.Context, communityID, userID string, now, since time.Time, runs int) (generic, custom int, err error) {
	q, args := dashboardQuery(communityID, userID, ms(now), ms(since), (ms(since)/dayMS+1)*dayMS)
	c, err := db.read.Conn(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer c.Close()
	for range runs {
		rows, err := c.QueryContext(ctx, db.rebind(q), args...)
		if err != nil {
			return 0, 0, err
		}
		rows.Close()
	}
	err = c.QueryRowContext(ctx, "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1", db.rebind(q)).
		Scan(&generic, &custom)
	return generic, custom, err
}
