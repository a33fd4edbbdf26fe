package money

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestImportNorma43, on both engines: the fixture is imported whole into its account; the same file, the
// corrupted twin, another account's statement, one before the account's opening balance, one whose
// opening balance does not follow the last closing balance and one with a movement already imported are
// each refused with nothing imported.
func TestImportNorma43(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		actors := storetest.Community(t, db, "Pilar Presidenta")
		admin := actors[0]
		svc := New(db, Options{Now: func() time.Time { return time.Date(2027, 3, 1, 10, 0, 0, 0, time.UTC) },
			Audit: func(context.Context, *domain.Actor, domain.AuditChange) {}})
		acc, err := svc.CreateAccount(ctx, admin, AccountInput{Name: "Banco", Kind: domain.BankAccountBank, IBAN: "ES91 2100 0418 4502 0005 1332",
			OpeningDate: "2027-01-01", Opening: 500000})
		if err != nil {
			t.Fatal(err)
		}
		other, err := svc.CreateAccount(ctx, admin, AccountInput{Name: "Otra", Kind: domain.BankAccountBank, IBAN: "ES7921000813610123456789",
			OpeningDate: "2027-01-01"})
		if err != nil {
			t.Fatal(err)
		}
		count := func() int {
			t.Helper()
			ms, _, err := svc.BankMovements(ctx, admin, acc.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			return len(ms)
		}
		refused := func(accountID string, data []byte, want string) {
			t.Helper()
			before := count()
			_, err := svc.ImportNorma43(ctx, admin, accountID, "x.n43", data)
			if err == nil || !strings.Contains(domain.ErrorMessage(err), want) {
				t.Fatalf("got %v, want %q", err, want)
			}
			if n := count(); n != before {
				t.Fatalf("%d movements after a refused file, %d before", n, before)
			}
		}
		jan := n43Fixture(500000, fixtureMovements)
		sts, err := svc.ImportNorma43(ctx, admin, acc.ID, "enero.n43", jan)
		if err != nil {
			t.Fatal(err)
		}
		if len(sts) != 1 || sts[0].Movements != 4 || sts[0].Closing != 536050 || count() != 4 {
			t.Fatalf("imported %+v, %d movements", sts, count())
		}
		ms, last, _ := svc.BankMovements(ctx, admin, acc.ID, 2027)
		if last == nil || last.Closing != 536050 || ms[0].Amount != -450 || ms[len(ms)-1].Reference2 != "PRE202701050001" {
			t.Fatalf("movements %+v, last %+v", ms, last)
		}
		refused(acc.ID, jan, "Este fichero ya se importó")
		twin := []byte(strings.Replace(string(jan), "00000000028500", "00000000028600", 1))
		refused(acc.ID, twin, "no cuadran con los movimientos")
		refused(other.ID, n43FixtureOf("0200051332", "270201", "270228", 536050, nil), "El extracto es de la cuenta 2100 0418 0200051332, no de ES79 **** 6789")
		refused(acc.ID, n43FixtureOf("0200051332", "261201", "261231", 500000, nil), "El extracto empieza el 2026-12-01, antes del saldo inicial de la cuenta (2027-01-01)")
		refused(acc.ID, n43FixtureOf("0200051332", "270201", "270228", 100, nil),
			"El saldo inicial del extracto (1,00 €, el 2027-02-01) no sigue al saldo final del último importado (5.360,50 €, el 2027-01-31)")
		feb := n43FixtureOf("0200051332", "270201", "270228", 536050, []n43Mov{{"270228", -10000, "RECIBO LUZ ESCALERA", ""}})
		if _, err := svc.ImportNorma43(ctx, admin, acc.ID, "febrero.n43", feb); err != nil {
			t.Fatal(err)
		}
		// The next statement starts on the last day of the previous one and repeats its movement.
		again := n43FixtureOf("0200051332", "270228", "270301", 526050, []n43Mov{{"270228", -10000, "RECIBO LUZ ESCALERA", ""},
			{"270301", 5000, "TRANSFERENCIA", ""}})
		refused(acc.ID, again, "El movimiento del 2027-02-28 por -100,00 € ya está importado")
		if _, err := svc.ImportNorma43(ctx, admin, acc.ID, "marzo.n43", n43FixtureOf("0200051332", "270301", "270301", 526050,
			[]n43Mov{{"270301", 5000, "TRANSFERENCIA", ""}})); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != 6 {
			t.Fatalf("%d movements", n)
		}
	})
}

// BenchmarkImportNorma43_5000: a year's statement of 5,000 movements parsed, checked and imported (issue
// #37 asks under 2 s on both engines; the suggestions of matches are not built yet). Reports, never asserts:
//
//	go test ./internal/money -run '^$' -bench 'ImportNorma43_5000' -benchtime 3x
func BenchmarkImportNorma43_5000(b *testing.B) {
	benchEngines(b, func(b *testing.B, db *store.DB) {
		ctx := context.Background()
		svc, admin, _, _ := benchCommunity(b, db, 1, time.Date(2028, 3, 1, 10, 0, 0, 0, time.UTC))
		movs := make([]n43Mov, 5000)
		for i := range movs {
			day := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%365).Format("060102")
			amount := domain.Cents(1000 + i)
			if i%3 == 0 {
				amount = -amount
			}
			movs[i] = n43Mov{day, amount, fmt.Sprintf("RECIBO %d", i), ""}
		}
		data := n43FixtureOf("0200051332", "270101", "271231", 10_000_000, movs)
		b.ResetTimer()
		for b.Loop() {
			b.StopTimer()
			acc, err := svc.CreateAccount(ctx, admin, AccountInput{Name: domain.NewID(), Kind: domain.BankAccountBank,
				IBAN: "ES91 2100 0418 4502 0005 1332", OpeningDate: "2027-01-01"})
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := svc.ImportNorma43(ctx, admin, acc.ID, "año.n43", data); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			storetest.Exec(b, db, "DELETE FROM money_accounts WHERE id = $1", acc.ID)
			b.StartTimer()
		}
	})
}

// BenchmarkImportAndSuggestNorma43_5000: a year's statement of 5,000 movements imported, then the account's
// reconciliation read (each movement's suggestions among a 500-unit community's 2,000 open receipts and 100
// returned debits, a third of the movements naming a receipt's number). Issue #37 asks under 2 s on both engines. Reports, never
// asserts:
//
//	go test ./internal/money -run '^$' -bench 'ImportAndSuggestNorma43_5000' -benchtime 3x
func BenchmarkImportAndSuggestNorma43_5000(b *testing.B) {
	benchEngines(b, func(b *testing.B, db *store.DB) {
		ctx := context.Background()
		svc, admin, _, _ := benchCommunity(b, db, 500, time.Date(2028, 3, 1, 10, 0, 0, 0, time.UTC))
		benchBudget(b, svc, admin, 2027)
		var open []domain.Receipt
		for q := 1; q <= 4; q++ {
			g, err := svc.GenerateReceipts(ctx, admin, 2027, q, "")
			if err != nil {
				b.Fatal(err)
			}
			open = append(open, g.Receipts...)
		}
		// 100 of them collected by a remittance and returned: every debit movement is also compared with
		// the open returns (issue #37, ADR 0053).
		remID := domain.NewID()
		storetest.Exec(b, db, `INSERT INTO money_remittances (id, community_id, number, message_id, collection_date, debits, total_cents, xml,
			created_at) VALUES ($1, $2, 1, 'VEC-REM-000001-20270101', '2027-01-05', 100, 0, '', 0)`, remID, admin.CommunityID)
		for _, r := range open[:100] {
			storetest.Exec(b, db, `INSERT INTO money_remittance_receipts (receipt_id, remittance_id, mandate_id, sequence_type, collected_cents,
				collection_date, returned_on, return_reason, return_charge_cents) VALUES ($1, $2, 'm', 'RCUR', $3, '2027-01-05', '2027-01-08', 'AM04', 300)`,
				r.ID, remID, r.Amount)
		}
		movs := make([]n43Mov, 5000)
		for i := range movs {
			day := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%365).Format("060102")
			amount, concept := domain.Cents(1000+i), fmt.Sprintf("TRANSFERENCIA %d", i)
			switch {
			case i%3 == 0:
				amount = -amount
			case i%3 == 1:
				r := open[i%len(open)]
				amount, concept = r.Amount, "RECIBO "+r.Code()
			}
			movs[i] = n43Mov{day, amount, concept, ""}
		}
		data := n43FixtureOf("0200051332", "270101", "271231", 10_000_000, movs)
		b.ResetTimer()
		for b.Loop() {
			b.StopTimer()
			acc, err := svc.CreateAccount(ctx, admin, AccountInput{Name: domain.NewID(), Kind: domain.BankAccountBank,
				IBAN: "ES91 2100 0418 4502 0005 1332", OpeningDate: "2027-01-01"})
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := svc.ImportNorma43(ctx, admin, acc.ID, "año.n43", data); err != nil {
				b.Fatal(err)
			}
			rec, err := svc.Reconciliation(ctx, admin, acc.ID)
			if err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			suggested := 0
			for _, m := range rec.Movements {
				if len(m.Suggestions) > 0 {
					suggested++
				}
			}
			if len(rec.Movements) != 5000 || suggested < 5000/3 {
				b.Fatalf("%d movements, %d with suggestions", len(rec.Movements), suggested)
			}
			storetest.Exec(b, db, "DELETE FROM money_accounts WHERE id = $1", acc.ID)
			b.StartTimer()
		}
	})
}
