package store_test

import (
	"context"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestOfficeMoneySums: the overview's money columns sum per community what is owed before each one's
// date (paid receipts and those due later left out), and read each account's books and bank.
func TestOfficeMoneySums(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c1, _ := storetest.CommunityIDs(t, db, "Ana")
		c2, _ := storetest.CommunityIDs(t, db, "Bea")
		c3, _ := storetest.CommunityIDs(t, db, "Carlos")
		other, _ := storetest.CommunityIDs(t, db, "Dora") // not the office's: its debt is not summed
		org := officeRunning(t, db, []string{c1, c2, c3}, []string{other})
		exec := func(q string, args ...any) {
			t.Helper()
			if err := db.ExecForTest(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`INSERT INTO money_settings (community_id, grace_days, updated_at) VALUES (?, 10, 0), (?, 0, 0), (?, 5, 0)`, c1, c2, other)
		for i, r := range []struct {
			community, unit, due string
			amount, paid         int
		}{
			{c1, "1A", "2026-09-01", 5000, 0},    // owed
			{c1, "1A", "2026-10-01", 5000, 2000}, // partly paid: 3000 owed
			{c1, "1B", "2026-10-01", 5000, 5000}, // paid
			{c1, "1C", "2026-11-20", 5000, 0},    // due after c1's date
			{c2, "2A", "2026-11-20", 7000, 0},    // owed before c2's later date
			{other, "3A", "2026-11-20", 9000, 0}, // owed in a community the office does not run
		} {
			exec(`INSERT INTO money_receipts (id, community_id, year, number, period_key, unit_id, unit_label, budget_id, amount_cents,
				paid_cents, due_date, method, status, created_at, updated_at) VALUES (?, ?, 2026, ?, ?, ?, ?, 'b', ?, ?, ?, 'transfer', ?, 0, 0)`,
				"r"+string(rune('a'+i)), r.community, i+1, r.due, r.unit, r.unit, r.amount, r.paid, r.due,
				map[bool]string{true: "paid", false: "pending"}[r.amount == r.paid])
		}
		// The days of grace come with the office's list: those of the communities it runs that set some.
		_, grace, err := db.OfficeCommunities(ctx, org, "nobody", time.Now())
		if err != nil || len(grace) != 1 || grace[c1] != 10 {
			t.Fatalf("grace %v, %v", grace, err)
		}
		debts, balances, err := db.OfficeMoney(ctx, org, "2026-11-28", map[string]string{c1: "2026-11-01"})
		if err != nil || len(balances) != 0 {
			t.Fatal(balances, err)
		}
		want := map[string]domain.Debt{c1: {Owed: 8000, Units: 1}, c2: {Owed: 7000, Units: 1}}
		if len(debts) != 2 || debts[c1] != want[c1] || debts[c2] != want[c2] {
			t.Fatalf("debts %v, want %v", debts, want)
		}

		// c1's bank account: opening 1,000.00, an expense of 200.00 paid from it (its movement reconciled
		// to the expense, counted once), a transfer of 50.00 reconciled to a receipt, one of 30.00 not yet
		// reconciled, and two statements of which the later closes at 820.00: the books say 850.00, short of the
		// 30.00 not yet reconciled.
		exec(`INSERT INTO money_accounts (id, community_id, name, kind, opening_date, opening_cents, created_at, updated_at)
			VALUES ('acc1', ?, 'Banco', 'bank', '2026-01-01', 100000, 0, 0), ('acc2', ?, 'Caja', 'cash', '2026-01-01', 500, 0, 0)`, c1, c2)
		exec(`INSERT INTO money_expenses (id, community_id, number, expense_date, provider_name, concept, group_id, base_cents, created_at, updated_at)
			VALUES ('e1', ?, 1, '2026-03-01', 'Limpiezas', 'Limpieza', 'g', 20000, 0, 0)`, c1)
		exec(`INSERT INTO money_expense_payments (id, expense_id, community_id, account_id, paid_on, amount_cents, created_at)
			VALUES ('p1', 'e1', ?, 'acc1', '2026-03-02', 20000, 0)`, c1)
		exec(`INSERT INTO money_bank_statements (id, community_id, account_id, file_sha256, start_date, end_date, opening_cents, closing_cents,
			movements, created_at) VALUES ('s1', ?, 'acc1', 'h1', '2026-01-01', '2026-02-28', 100000, 100000, 0, 0),
			('s2', ?, 'acc1', 'h2', '2026-03-01', '2026-03-31', 100000, 82000, 3, 1)`, c1, c1)
		for i, m := range []struct {
			amount int
			kind   string
		}{{-20000, "expense"}, {5000, "receipt"}, {-3000, ""}} {
			id := "m" + string(rune('a'+i))
			exec(`INSERT INTO money_bank_movements (id, community_id, account_id, statement_id, op_date, value_date, amount_cents, movement_key, created_at)
				VALUES (?, ?, 'acc1', 's2', '2026-03-05', '2026-03-05', ?, ?, 0)`, id, c1, m.amount, id)
			if m.kind != "" {
				exec(`INSERT INTO money_reconciliations (movement_id, community_id, kind, target_id, created_at) VALUES (?, ?, ?, 't', 0)`, id, c1, m.kind)
			}
		}
		if debts, balances, err = db.OfficeMoney(ctx, org, "2026-11-28", map[string]string{c1: "2026-11-01"}); err != nil || len(debts) != 2 ||
			len(balances) != 2 {
			t.Fatalf("balances %+v, %v", balances, err)
		}
		for _, b := range balances {
			switch b.AccountID {
			case "acc1":
				if b.Book() != 85000 || b.Bank == nil || *b.Bank != 82000 || b.Paid != 20000 || b.Reconciled != 5000 {
					t.Errorf("acc1 %+v (books %d)", b, b.Book())
				}
			case "acc2":
				if b.Book() != 500 || b.Bank != nil {
					t.Errorf("acc2 %+v", b)
				}
			}
		}
	})
}
