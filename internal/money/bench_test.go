package money

import (
	"context"
	"fmt"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// The benchmarks report, never assert: run them with
//
//	go test ./internal/money -run '^$' -bench 'GenerateQuarter500|Statement5Years' -benchtime 20x
//
// on both engines (PostgreSQL at 127.0.0.1:5432, as the store's tests).

// benchEngines runs fn on a fresh SQLite store and a fresh PostgreSQL one.
func benchEngines(b *testing.B, fn func(b *testing.B, db *store.DB)) {
	b.Run(string(store.SQLite), func(b *testing.B) { fn(b, storetest.OpenSQLite(b)) })
	b.Run(string(store.Postgres), func(b *testing.B) { fn(b, storetest.OpenPostgres(b)) })
}

// benchCommunity is a community of n units with equal coeficientes (the first owned by the second actor),
// on a clock late enough for any year's junta and payments.
func benchCommunity(b *testing.B, db *store.DB, n int, now time.Time) (*Service, *domain.Actor, *domain.Actor, string) {
	b.Helper()
	actors := storetest.Community(b, db, "Pilar Presidenta", "Óscar Propietario")
	svc := New(db, Options{Now: func() time.Time { return now }})
	first := ""
	for i := range n {
		id := domain.NewID()
		storetest.Exec(b, db, "INSERT INTO units (id, community_id, unit_number, coefficient, created_at, updated_at) VALUES ($1, $2, $3, $4, 0, 0)",
			id, actors[0].CommunityID, fmt.Sprintf("%d", i+1), 1_000_000/n)
		if i == 0 {
			first = id
			storetest.Exec(b, db, "UPDATE units SET owner_id = $1 WHERE id = $2", actors[1].UserID, id)
		}
	}
	return svc, actors[0], actors[1], first
}

// benchBudget approves year's budget: cleaning and lift over General, and the reserve.
func benchBudget(b *testing.B, svc *Service, admin *domain.Actor, year int) {
	b.Helper()
	ctx := context.Background()
	bud, err := svc.CreateBudget(ctx, admin, year)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := svc.SaveBudget(ctx, admin, bud.ID, BudgetInput{Lines: []domain.BudgetLine{
		{Concept: "Limpieza", GroupID: domain.GeneralGroupID, Amount: 3_600_000},
		{Concept: "Ascensor", GroupID: domain.GeneralGroupID, Amount: 1_234_567}}}); err != nil {
		b.Fatal(err)
	}
	if _, err := svc.ApproveBudget(ctx, admin, bud.ID, fmt.Sprintf("%d-01-10", year)); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkGenerateQuarter500: one quarter's receipts of a community of 500 units (cuotas, numbers,
// receipts and ledger entries in one transaction). Each iteration is a new quarter; the budgets of new
// years are approved with the timer stopped.
func BenchmarkGenerateQuarter500(b *testing.B) {
	benchEngines(b, func(b *testing.B, db *store.DB) {
		svc, admin, _, _ := benchCommunity(b, db, 500, time.Date(maxYear, 12, 31, 12, 0, 0, 0, time.UTC))
		if b.N > 4*(maxYear-minYear) {
			b.Skipf("%d quarters do not fit in the years %d-%d: lower -benchtime", b.N, minYear, maxYear)
		}
		ctx := context.Background()
		b.ResetTimer()
		for i := range b.N {
			year, period := minYear+i/4, i%4+1
			if period == 1 {
				b.StopTimer()
				benchBudget(b, svc, admin, year)
				b.StartTimer()
			}
			g, err := svc.GenerateReceipts(ctx, admin, year, period, "")
			if err != nil {
				b.Fatal(err)
			}
			if len(g.Receipts) != 500 {
				b.Fatalf("%d receipts", len(g.Receipts))
			}
		}
	})
}

// BenchmarkStatement5Years: an owner's statement over 5 years of monthly receipts, each paid (120 ledger
// entries), read by many owners at once.
func BenchmarkStatement5Years(b *testing.B) {
	benchEngines(b, func(b *testing.B, db *store.DB) {
		const first = 2021
		svc, admin, owner, flat := benchCommunity(b, db, 4, time.Date(first+5, 1, 15, 12, 0, 0, 0, time.UTC))
		ctx := context.Background()
		if _, err := svc.SaveSettings(ctx, admin, Settings{Periodicity: domain.Monthly}); err != nil {
			b.Fatal(err)
		}
		for year := first; year < first+5; year++ {
			benchBudget(b, svc, admin, year)
			for month := 1; month <= 12; month++ {
				g, err := svc.GenerateReceipts(ctx, admin, year, month, "")
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range g.Receipts {
					if r.UnitID != flat {
						continue
					}
					if _, err := svc.RecordPayment(ctx, admin, r.ID, PaymentInput{Amount: r.Amount, Method: domain.PayByTransfer,
						Date: fmt.Sprintf("%d-%02d-05", year, month)}); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				st, err := svc.UnitStatement(ctx, owner, flat, "", "")
				if err != nil {
					b.Fatal(err)
				}
				if len(st.Entries) != 120 || st.Closing != 0 {
					b.Fatalf("%d entries, closing %d", len(st.Entries), st.Closing)
				}
			}
		})
	})
}

// BenchmarkMyMoney5Years: an owner's 'Mis cuotas' (this year's cuota and their receipts, 5 years of monthly
// receipts) in a community of 200 units, read by many owners at once.
func BenchmarkMyMoney5Years(b *testing.B) {
	benchEngines(b, func(b *testing.B, db *store.DB) {
		const first = 2021
		svc, admin, owner, flat := benchCommunity(b, db, 200, time.Date(first+4, 12, 15, 12, 0, 0, 0, time.UTC))
		ctx := context.Background()
		if _, err := svc.SaveSettings(ctx, admin, Settings{Periodicity: domain.Monthly}); err != nil {
			b.Fatal(err)
		}
		for year := first; year < first+5; year++ {
			benchBudget(b, svc, admin, year)
			for month := 1; month <= 12; month++ {
				if _, err := svc.GenerateReceipts(ctx, admin, year, month, ""); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				m, err := svc.MyMoney(ctx, owner, 0)
				if err != nil {
					b.Fatal(err)
				}
				if len(m.Receipts) != 60 || len(m.Cuotas.Units) != 1 || m.Cuotas.Units[0].Unit.ID != flat {
					b.Fatalf("%d receipts, %d cuotas", len(m.Receipts), len(m.Cuotas.Units))
				}
			}
		})
	})
}
