package money

import (
	"context"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestReconcile, on both engines: a statement's three movements are each suggested their match first (a
// receipt by its number, its owner's name and amount; an expense by its provider and payable amount; a
// remittance by its MsgId and total); confirming pays the receipt by transfer and the expense from the
// account at the movement's date and credits the remittance, all reconciled once: a second match of a
// movement, and a second credit of a remittance, are refused. The book's balance then is the bank's.
func TestReconcile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newSepaFixture(t, db)
		acc, err := f.svc.CreateAccount(ctx, f.admin, AccountInput{Name: "Banco", Kind: domain.BankAccountBank,
			IBAN: "ES91 2100 0418 4502 0005 1332", OpeningDate: "2026-01-01", Opening: 500000})
		if err != nil {
			t.Fatal(err)
		}
		e, err := f.svc.CreateExpense(ctx, f.admin, ExpenseInput{Date: "2026-02-01", ProviderName: "Limpiezas Sol SL", Concept: "Limpieza de febrero",
			GroupID: domain.GeneralGroupID, Base: 10000, VATRate: 2100})
		if err != nil {
			t.Fatal(err)
		}
		r := f.receipt(t, f.flat)
		remID := domain.NewID()
		storetest.Exec(t, db, `INSERT INTO money_remittances (id, community_id, number, message_id, collection_date, debits, total_cents, xml,
			created_at) VALUES ($1, $2, 1, 'VEC-2026-0001', '2026-02-20', 1, 77700, '', 0)`, remID, f.admin.CommunityID)
		data := n43FixtureOf("0200051332", "260201", "260228", 500000, []n43Mov{
			{"260210", r.Amount, "TRANSF OSCAR PROPIETARIO " + r.Code(), ""},
			{"260215", -12100, "PAGO LIMPIEZAS SOL SL", ""},
			{"260220", 77700, "ABONO REMESA VEC-2026-0001", ""},
		})
		if _, err := f.svc.ImportNorma43(ctx, f.admin, acc.ID, "febrero.n43", data); err != nil {
			t.Fatal(err)
		}
		rec, err := f.svc.Reconciliation(ctx, f.admin, acc.ID)
		if err != nil {
			t.Fatal(err)
		}
		bank := domain.Cents(500000 + r.Amount - 12100 + 77700)
		if len(rec.Movements) != 3 || rec.Book != 500000 || rec.Bank == nil || *rec.Bank != bank || rec.Difference != bank-500000 {
			t.Fatalf("reconciliation %+v", rec)
		}
		want := map[domain.Cents]domain.MovementMatch{r.Amount: {Kind: domain.MatchReceipt, TargetID: r.ID},
			-12100: {Kind: domain.MatchExpense, TargetID: e.ID}, 77700: {Kind: domain.MatchRemittance, TargetID: remID}}
		ids := map[domain.MatchKind]string{}
		for _, m := range rec.Movements {
			if len(m.Suggestions) == 0 || m.Suggestions[0].MovementMatch != want[m.Amount] {
				t.Fatalf("movement %s %d: suggestions %+v", m.Concept, m.Amount, m.Suggestions)
			}
			ids[want[m.Amount].Kind] = m.ID
		}
		for _, k := range []domain.MatchKind{domain.MatchReceipt, domain.MatchExpense, domain.MatchRemittance} {
			if _, err := f.svc.Reconcile(ctx, f.admin, ids[k], want[map[domain.MatchKind]domain.Cents{domain.MatchReceipt: r.Amount,
				domain.MatchExpense: -12100, domain.MatchRemittance: 77700}[k]]); err != nil {
				t.Fatalf("%s: %v", k, err)
			}
		}
		if got := f.receipt(t, f.flat); got.Status != domain.ReceiptPaid {
			t.Fatalf("receipt %+v", got)
		}
		es, _ := f.svc.Expenses(ctx, f.admin, 2026)
		if len(es) != 1 || len(es[0].Payments) != 1 || es[0].Payments[0].AccountID != acc.ID || es[0].Payments[0].Date != "2026-02-15" ||
			es[0].Payments[0].Amount != 12100 {
			t.Fatalf("expense %+v", es)
		}
		// Twice: refused, nothing paid twice.
		_, err = f.svc.Reconcile(ctx, f.admin, ids[domain.MatchExpense], domain.MovementMatch{Kind: domain.MatchExpense, TargetID: e.ID})
		wantError(t, err, domain.CodeConflict, "Este movimiento ya está conciliado: no se puede conciliar dos veces")
		_, err = f.svc.Reconcile(ctx, f.admin, ids[domain.MatchReceipt], domain.MovementMatch{Kind: domain.MatchReceipt, TargetID: r.ID})
		wantError(t, err, domain.CodeConflict, "Este movimiento ya está conciliado: no se puede conciliar dos veces")
		rec, err = f.svc.Reconciliation(ctx, f.admin, acc.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Book != bank || rec.Difference != 0 {
			t.Fatalf("book %d, bank %v, difference %d", rec.Book, rec.Bank, rec.Difference)
		}
		for _, m := range rec.Movements {
			if m.Match == nil || len(m.Suggestions) != 0 {
				t.Fatalf("movement %+v", m)
			}
		}
		// A remittance is credited once, and a movement is matched by its sign.
		more := n43FixtureOf("0200051332", "260301", "260301", bank, []n43Mov{{"260301", 77700, "ABONO REMESA VEC-2026-0001", ""},
			{"260301", -500, "COMISION", ""}})
		if _, err := f.svc.ImportNorma43(ctx, f.admin, acc.ID, "marzo.n43", more); err != nil {
			t.Fatal(err)
		}
		rec, _ = f.svc.Reconciliation(ctx, f.admin, acc.ID)
		var credit, charge string
		for _, m := range rec.Movements[:2] {
			if m.Amount > 0 {
				credit = m.ID
				if len(m.Suggestions) != 0 && m.Suggestions[0].Kind == domain.MatchRemittance {
					t.Fatalf("a credited remittance suggested: %+v", m.Suggestions)
				}
			} else {
				charge = m.ID
			}
		}
		_, err = f.svc.Reconcile(ctx, f.admin, credit, domain.MovementMatch{Kind: domain.MatchRemittance, TargetID: remID})
		wantError(t, err, domain.CodeConflict, "Esta remesa ya está conciliada con otro movimiento")
		_, err = f.svc.Reconcile(ctx, f.admin, charge, domain.MovementMatch{Kind: domain.MatchReceipt, TargetID: r.ID})
		wantError(t, err, domain.CodeInvalid, "Un recibo o una remesa solo se concilia con un abono")
	})
}
