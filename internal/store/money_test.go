package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestLedgerIsNeverEdited: the database itself refuses to change or remove a ledger entry, on both engines.
func TestLedgerIsNeverEdited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		communityID, _ := storetest.CommunityIDs(t, db, "Ana")
		e := domain.LedgerEntry{ID: domain.NewID(), CommunityID: communityID, UnitID: "u1", Date: "2027-01-01", Kind: domain.LedgerReceipt,
			Amount: 12345, CreatedAt: time.Now().UnixMilli()}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.InsertLedgerEntries(ctx, []domain.LedgerEntry{e}) }); err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, "UPDATE money_ledger SET amount_cents = 1 WHERE id = ?", e.ID); err == nil {
			t.Error("an entry was updated")
		}
		if err := db.ExecForTest(ctx, "DELETE FROM money_ledger WHERE id = ?", e.ID); err == nil {
			t.Error("an entry was deleted")
		}
		if bal, err := db.LedgerBalance(ctx, communityID, "u1", "2028-01-01"); err != nil || bal != 12345 {
			t.Errorf("balance %d, %v", bal, err)
		}
	})
}

// The number of entries of each unit's ledger (migration 0072), which a statement reads to check its
// cached ledger, is the count of the unit's entries after appends to one unit, to several in one
// statement, and of concurrent transactions appending to the same units in opposite orders (no deadlock
// on PostgreSQL); migrated again after being taken back, it counts what the ledger already held.
func TestLedgerCountsFollowTheLedger(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		communityID, _ := storetest.CommunityIDs(t, db, "Ana")
		units := []string{domain.NewID(), domain.NewID(), domain.NewID()}
		for i, u := range units {
			storetest.Exec(t, db, "INSERT INTO units (id, community_id, unit_number, created_at, updated_at) VALUES ($1, $2, $3, 0, 0)",
				u, communityID, fmt.Sprintf("%dº", i+1))
		}
		appendTo := func(units ...string) error {
			es := make([]domain.LedgerEntry, len(units))
			for i, u := range units {
				es[i] = domain.LedgerEntry{ID: domain.NewID(), CommunityID: communityID, UnitID: u, Date: "2027-01-01", Kind: domain.LedgerReceipt,
					Amount: 100, CreatedAt: time.Now().UnixMilli()}
			}
			return db.InTx(ctx, func(ctx context.Context) error { return db.InsertLedgerEntries(ctx, es) })
		}
		check := func(when string) {
			t.Helper()
			for _, u := range units {
				counted, err := db.IntsForTest(ctx, "SELECT COUNT(*) FROM money_ledger WHERE community_id = ? AND unit_id = ?", communityID, u)
				if err != nil {
					t.Fatal(err)
				}
				if _, n, err := db.MoneyUnitLedgerCount(ctx, communityID, u); err != nil || int64(n) != counted[0][0] {
					t.Errorf("%s: the unit's ledger has %d entries, its number says %d (%v)", when, counted[0][0], n, err)
				}
			}
		}
		check("before any entry")
		if err := appendTo(units[0]); err != nil {
			t.Fatal(err)
		}
		if err := appendTo(units[0], units[1], units[0], units[2]); err != nil {
			t.Fatal(err)
		}
		check("after appends")
		var wg sync.WaitGroup
		errs := make([]error, 16)
		for i := range errs {
			order := slices.Clone(units)
			if i%2 == 1 {
				slices.Reverse(order)
			}
			wg.Go(func() { errs[i] = appendTo(order...) })
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		check("after concurrent appends")

		takeBack := []string{"DROP TRIGGER money_ledger_count", "DROP TABLE money_ledger_counts", "DELETE FROM schema_migrations WHERE version = 72"}
		if db.Engine() == store.Postgres {
			takeBack = []string{"DROP TRIGGER money_ledger_count ON money_ledger", "DROP FUNCTION money_ledger_count()", "DROP TABLE money_ledger_counts",
				"DELETE FROM schema_migrations WHERE version = 72"}
		}
		for _, q := range takeBack {
			storetest.Exec(t, db, q)
		}
		if n, err := db.Migrate(ctx); err != nil || n != 1 {
			t.Fatalf("migrating 0072 again: %d applied, %v", n, err)
		}
		check("migrated again")
		if err := appendTo(units[2]); err != nil {
			t.Fatal(err)
		}
		check("after an append once migrated again")
	})
}
