package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestMyReceiptsUseTheUnitIndex: an owner's receipts ('Mis cuotas') are found through the units' index on
// both engines, never by walking the community's receipts in number order (issue #36: my receipts read
// every receipt of the community). The community's list keeps its number order from the index.
func TestMyReceiptsUseTheUnitIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		communityID, _ := storetest.CommunityIDs(t, db, "Ana")
		// 100 units, 5 years of monthly receipts each.
		var rows []string
		n := 0
		for year := 2021; year <= 2025; year++ {
			for month := 1; month <= 12; month++ {
				for u := range 100 {
					n++
					rows = append(rows, fmt.Sprintf("('r%d', '%s', %d, %d, '%d-%02d', 'u%d', 'Piso %d', 'b', 1000, '%d-%02d-05', 'transfer', 'pending', 0, 0)",
						n, communityID, year, n, year, month, u, u, year, month))
				}
			}
			storetest.Exec(t, db, `INSERT INTO money_receipts (id, community_id, year, number, period_key, unit_id, unit_label, budget_id,
				amount_cents, due_date, method, status, created_at, updated_at) VALUES `+strings.Join(rows, ", "))
			rows = rows[:0]
		}
		// Before the planner has statistics (a new database, or rows added since) and after.
		for _, analyzed := range []bool{false, true} {
			if analyzed {
				if err := db.Analyze(ctx); err != nil {
					t.Fatal(err)
				}
			}
			plan, err := db.ReceiptsPlanForTest(ctx, communityID, domain.ReceiptFilter{UnitIDs: []string{"u7", "u8"}})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("my receipts on %s (analyzed: %v):\n%s", db.Engine(), analyzed, plan)
			if !strings.Contains(plan, "money_receipts_unit") {
				t.Errorf("analyzed %v: my receipts do not use the unit index:\n%s", analyzed, plan)
			}
			for _, bad := range []string{"Seq Scan on money_receipts", "sqlite_autoindex_money_receipts"} {
				if strings.Contains(plan, bad) {
					t.Errorf("analyzed %v: my receipts: plan has %q:\n%s", analyzed, bad, plan)
				}
			}
		}
		rs, err := db.Receipts(ctx, communityID, domain.ReceiptFilter{UnitIDs: []string{"u7", "u8"}})
		if err != nil || len(rs) != 120 {
			t.Fatalf("%d receipts, %v", len(rs), err)
		}
		for i := 1; i < len(rs); i++ {
			if rs[i-1].Year < rs[i].Year || rs[i-1].Year == rs[i].Year && rs[i-1].Number < rs[i].Number {
				t.Fatalf("receipts out of order at %d: %d/%d before %d/%d", i, rs[i-1].Year, rs[i-1].Number, rs[i].Year, rs[i].Number)
			}
		}
	})
}
