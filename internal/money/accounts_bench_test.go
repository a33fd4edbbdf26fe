package money

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
)

// BenchmarkYearAccounts500: the year's accounts of a community of 500 units with 20,000 ledger entries
// in the year (12 monthly receipts each, 6,000, their payments, 6,000, and 8,000 corrections), 240
// expenses in three groups, each paid, and two accounts. Run it, on both engines, with
//
//	go test ./internal/money -run '^$' -bench YearAccounts500 -benchtime 20x
//
// It reports the wall time and this process's CPU per op (cpu-ms/op).
func BenchmarkYearAccounts500(b *testing.B) {
	benchEngines(b, func(b *testing.B, db *store.DB) {
		const year = 2026
		svc, admin, _, _ := benchCommunity(b, db, 500, time.Date(year+1, 1, 20, 12, 0, 0, 0, time.UTC))
		ctx := context.Background()
		if _, err := svc.SaveSettings(ctx, admin, Settings{Periodicity: domain.Monthly}); err != nil {
			b.Fatal(err)
		}
		benchBudget(b, svc, admin, year)
		units, err := db.MoneyUnits(ctx, admin.CommunityID)
		if err != nil {
			b.Fatal(err)
		}
		var extra []domain.GroupShare
		for _, u := range units[:100] {
			extra = append(extra, domain.GroupShare{UnitID: u.ID})
		}
		g, err := svc.CreateGroup(ctx, admin, GroupInput{Name: "Portal 2", Method: domain.ByEqualParts, Shares: extra})
		if err != nil {
			b.Fatal(err)
		}
		var entries []domain.LedgerEntry
		for month := 1; month <= 12; month++ {
			gen, err := svc.GenerateReceipts(ctx, admin, year, month, "")
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range gen.Receipts {
				id := r.ID
				entries = append(entries, domain.LedgerEntry{ID: domain.NewID(), CommunityID: admin.CommunityID, UnitID: r.UnitID,
					Date: fmt.Sprintf("%d-%02d-05", year, month), Kind: domain.LedgerPayment, Amount: -r.Amount, ReceiptID: &id,
					ReceiptCode: r.Code(), Method: string(domain.PayByTransfer), CreatedAt: int64(month)})
			}
		}
		for i := range 8000 {
			u := units[i%len(units)]
			entries = append(entries, domain.LedgerEntry{ID: domain.NewID(), CommunityID: admin.CommunityID, UnitID: u.ID,
				Date: fmt.Sprintf("%d-%02d-%02d", year, i%12+1, i%28+1), Kind: domain.LedgerCorrection, Amount: int64(i%7 - 3), Note: "Ajuste"})
		}
		if err := db.InTx(ctx, func(ctx context.Context) error { return db.InsertLedgerEntries(ctx, entries) }); err != nil {
			b.Fatal(err)
		}
		bank, err := svc.CreateAccount(ctx, admin, AccountInput{Name: "Banco", Kind: domain.BankAccountBank, IBAN: "ES91 2100 0418 4502 0005 1332",
			OpeningDate: "2026-01-01", Opening: 10_000_000})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := svc.CreateAccount(ctx, admin, AccountInput{Name: "Caja", Kind: domain.BankAccountCash, OpeningDate: "2026-01-01"}); err != nil {
			b.Fatal(err)
		}
		groups := []string{domain.GeneralGroupID, g.ID}
		for i := range 240 {
			e, err := svc.CreateExpense(ctx, admin, ExpenseInput{Date: fmt.Sprintf("%d-%02d-%02d", year, i%12+1, i%28+1), ProviderName: "Proveedor",
				Concept: []string{"Limpieza", "Ascensor", "Reparación"}[i%3], GroupID: groups[i%2], Base: int64(10000 + i), VATRate: 2100})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := svc.PayExpense(ctx, admin, e.ID, ExpensePaymentInput{AccountID: bank.ID, Date: e.Date, Amount: e.Payable()}); err != nil {
				b.Fatal(err)
			}
		}
		var before syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
		b.ResetTimer()
		for range b.N {
			y, err := svc.YearAccounts(ctx, admin, year)
			if err != nil {
				b.Fatal(err)
			}
			if len(y.Units) != 500 || len(y.Liquidation) != 500 || len(y.Accounts) != 2 || y.Income.Cuotas != 3_600_000+1_234_567+483_457 {
				b.Fatalf("%d units, %d liquidation lines, %d accounts, cuotas %d", len(y.Units), len(y.Liquidation), len(y.Accounts), y.Income.Cuotas)
			}
		}
		b.StopTimer()
		// This process's CPU per op (on SQLite, all of the work; on PostgreSQL, the client's): on a shared
		// machine the wall time also counts the waits for the cores.
		var after syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
}
