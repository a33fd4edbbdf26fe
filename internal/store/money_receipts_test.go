package store_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

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

// TestReceiptLinesStayRightWhenReadAgain: the lines of receipts are kept after a committed read (issue #36:
// they were half of 'Mis cuotas'), so a receipt read again, by the community's list or an owner's, in or
// out of a transaction, shows the lines it was issued with; what a caller appends to a result is not in the
// next one; a receipt read inside the transaction that issues it, which then rolls back, is gone.
func TestReceiptLinesStayRightWhenReadAgain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		communityID, _ := storetest.CommunityIDs(t, db, "Ana")
		at := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
		receipt := func(id string, number int, unit string, lines ...domain.ReceiptLine) domain.Receipt {
			r := domain.Receipt{ID: id, CommunityID: communityID, Year: 2025, Number: number, PeriodKey: "2025-01", UnitID: unit, UnitLabel: unit,
				BudgetID: "b", DueDate: "2025-01-05", Method: domain.PayByTransfer, Status: domain.ReceiptPending, Lines: lines}
			for _, l := range lines {
				r.Amount += l.Amount
			}
			return r
		}
		issued := []domain.Receipt{
			receipt(domain.NewID(), 1, "u1", domain.ReceiptLine{Concept: "Limpieza", Amount: 3000}, domain.ReceiptLine{Concept: "Ascensor", Amount: 1029}),
			receipt(domain.NewID(), 2, "u2", domain.ReceiptLine{Concept: "Limpieza", Amount: 2000}),
		}
		lines := func(rs []domain.Receipt) map[string][]domain.ReceiptLine {
			out := map[string][]domain.ReceiptLine{}
			for _, r := range rs {
				out[r.ID] = r.Lines
			}
			return out
		}
		want := lines(issued)
		// Read inside the transaction that issues them, which then rolls back: nothing is left.
		gone := receipt(domain.NewID(), 3, "u1", domain.ReceiptLine{Concept: "Derrama", Amount: 9999})
		errRollBack := errors.New("roll back")
		if err := db.InTx(ctx, func(ctx context.Context) error {
			if err := db.InsertReceipts(ctx, []domain.Receipt{gone}, at); err != nil {
				return err
			}
			rs, err := db.Receipts(ctx, communityID, domain.ReceiptFilter{UnitIDs: []string{"u1"}})
			if err != nil || len(rs) != 1 || !reflect.DeepEqual(rs[0].Lines, gone.Lines) {
				t.Errorf("in its transaction: %+v, %v", rs, err)
			}
			return errRollBack
		}); !errors.Is(err, errRollBack) {
			t.Fatal(err)
		}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.InsertReceipts(ctx, issued, at) }); err != nil {
			t.Fatal(err)
		}
		for i, f := range []domain.ReceiptFilter{{}, {UnitIDs: []string{"u1", "u2"}}, {Year: 2025}, {}} {
			rs, err := db.Receipts(ctx, communityID, f)
			if err != nil || len(rs) != 2 {
				t.Fatalf("read %d: %d receipts, %v", i, len(rs), err)
			}
			if got := lines(rs); !reflect.DeepEqual(got, want) {
				t.Fatalf("read %d: lines %+v, want %+v", i, got, want)
			}
			for j := range rs { // a caller's append stays in its own result
				rs[j].Lines = append(rs[j].Lines, domain.ReceiptLine{Concept: "Añadida", Amount: 1})
			}
		}
		if err := db.InTx(ctx, func(ctx context.Context) error {
			rs, err := db.Receipts(ctx, communityID, domain.ReceiptFilter{UnitIDs: []string{"u1"}})
			if err != nil || len(rs) != 1 || !reflect.DeepEqual(rs[0].Lines, want[issued[0].ID]) {
				t.Errorf("in a transaction: %+v, %v", rs, err)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestCallerMoneyUnitsAreOwnedAndGranted: 'Mis cuotas' reads in one query the units the caller owns (in
// the community list's order: building, staircase, number) and those whose receipts they were let see,
// the same as the two queries it replaces, and nothing of another member or community.
func TestCallerMoneyUnitsAreOwnedAndGranted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		communityID, members := storetest.CommunityIDs(t, db, "Ana", "Bruno")
		otherID, others := storetest.CommunityIDs(t, db, "Carla")
		ana, bruno := members[0], members[1]
		unit := func(community, id, building, number string, owner any) {
			var b any
			if building != "" {
				b = building
			}
			storetest.Exec(t, db, "INSERT INTO units (id, community_id, building, unit_number, owner_id, coefficient, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1000, 0, 0)",
				id, community, b, number, owner)
		}
		unit(communityID, "u-b2", "B", "2", ana)
		unit(communityID, "u-a9", "A", "9", ana)
		unit(communityID, "u-none", "", "1", ana)
		unit(communityID, "u-bruno1", "A", "1", bruno)
		unit(communityID, "u-bruno2", "A", "2", bruno)
		unit(otherID, "u-other", "A", "1", others[0])
		for _, g := range []string{"u-bruno2", "u-bruno1"} {
			storetest.Exec(t, db, "INSERT INTO money_receipt_grants (community_id, unit_id, user_id, created_at) VALUES ($1, $2, $3, 0)", communityID, g, ana)
		}
		storetest.Exec(t, db, "INSERT INTO money_receipt_grants (community_id, unit_id, user_id, created_at) VALUES ($1, $2, $3, 0)", otherID, "u-other", ana)
		for _, c := range []struct{ community, user string }{{communityID, ana}, {communityID, bruno}, {otherID, ana}, {otherID, others[0]}} {
			owned, granted, err := db.CallerMoneyUnits(ctx, c.community, c.user)
			if err != nil {
				t.Fatal(err)
			}
			wantOwned, err := db.OwnedMoneyUnits(ctx, c.community, c.user)
			if err != nil {
				t.Fatal(err)
			}
			wantGranted, err := db.GrantedUnits(ctx, c.community, c.user)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(owned, wantOwned) || !reflect.DeepEqual(granted, wantGranted) {
				t.Errorf("%s in %s: owned %+v granted %v; want %+v and %v", c.user, c.community, owned, granted, wantOwned, wantGranted)
			}
		}
		owned, granted, _ := db.CallerMoneyUnits(ctx, communityID, ana)
		var ids []string
		for _, u := range owned {
			ids = append(ids, u.ID)
		}
		if want := []string{"u-none", "u-a9", "u-b2"}; !reflect.DeepEqual(ids, want) || !reflect.DeepEqual(granted, []string{"u-bruno1", "u-bruno2"}) {
			t.Errorf("Ana's units %v granted %v", ids, granted)
		}
	})
}
