package store_test

import (
	"context"
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
