package money

import (
	"context"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestCreditIsAppliedEarliestFirst: with overpayments left as credit, the excess of a payment pays the
// unit's other owed receipts at once, the earliest due first, each use audited; a correction in the
// owner's favour does the same, and a credit left over pays the next receipts as they are issued.
func TestCreditIsAppliedEarliestFirst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		if _, err := f.svc.SaveSettings(ctx, f.admin, Settings{Periodicity: domain.Quarterly, Overpayments: domain.OverpaymentsCredited}); err != nil {
			t.Fatal(err)
		}
		for _, q := range []int{2, 3} {
			if _, err := f.svc.GenerateReceipts(ctx, f.admin, 2026, q, ""); err != nil {
				t.Fatal(err)
			}
		}
		mine := func() map[string]domain.Receipt {
			rs, err := db.Receipts(ctx, f.admin.CommunityID, domain.ReceiptFilter{UnitIDs: []string{f.flat}})
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]domain.Receipt{}
			for _, r := range rs {
				out[r.PeriodKey] = r
			}
			return out
		}
		rs := mine()
		if len(rs) != 3 || rs["2026-T1"].Amount != 13750 {
			t.Fatalf("receipts %+v", rs)
		}
		credited := func() (out []string) {
			f.mu.Lock()
			defer f.mu.Unlock()
			for _, c := range f.audit {
				if c.Action == AuditCreditApplied {
					after := c.After.(map[string]any)
					out = append(out, c.TargetLabel+" "+itoa(int(after["creditUsedCents"].(domain.Cents))))
				}
			}
			return out
		}
		// The third quarter is paid with 200,00 € more: the first quarter is paid from it, the second in part.
		if _, err := f.svc.RecordPayment(ctx, f.admin, rs["2026-T3"].ID, PaymentInput{Amount: 13750 + 20000, Method: domain.PayByTransfer,
			Date: "2026-03-02"}); err != nil {
			t.Fatal(err)
		}
		rs = mine()
		if r := rs["2026-T1"]; r.Status != domain.ReceiptPaid || r.Paid != 13750 {
			t.Errorf("first quarter %+v", r)
		}
		if r := rs["2026-T2"]; r.Status != domain.ReceiptPartial || r.Paid != 6250 {
			t.Errorf("second quarter %+v", r)
		}
		t1, t2 := rs["2026-T1"], rs["2026-T2"]
		if got := credited(); len(got) != 2 || got[0] != t1.Code()+" 13750" || got[1] != t2.Code()+" 6250" {
			t.Errorf("credit applied %q", got)
		}
		if b := f.balance(t, f.flat); b != 7500 {
			t.Errorf("balance %d, want what the second quarter still owes", b)
		}
		// A correction of 100,00 € in the owner's favour pays the second quarter and leaves 25,00 € …
		if _, err := f.svc.PostCorrection(ctx, f.admin, f.flat, CorrectionInput{Amount: -10000, Date: "2026-03-02", Note: "Error en el reparto"}); err != nil {
			t.Fatal(err)
		}
		if r := mine()["2026-T2"]; r.Status != domain.ReceiptPaid || r.Paid != 13750 {
			t.Errorf("second quarter after the correction %+v", r)
		}
		// … which the fourth quarter's receipt takes when it is issued; the other flat's is untouched.
		g, err := f.svc.GenerateReceipts(ctx, f.admin, 2026, 4, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range g.Receipts {
			want := domain.Cents(0)
			if r.UnitID == f.flat {
				want = 2500
			}
			if r.Paid != want {
				t.Errorf("issued %s of %s paid %d, want %d", r.Code(), r.UnitLabel, r.Paid, want)
			}
		}
		if r := mine()["2026-T4"]; r.Status != domain.ReceiptPartial || r.Paid != 2500 {
			t.Errorf("fourth quarter %+v", r)
		}
		if got := credited(); len(got) != 4 {
			t.Errorf("credit applied %q", got)
		}
		if b := f.balance(t, f.flat); b != 13750-2500 {
			t.Errorf("balance %d", b)
		}
	})
}

// TestCreditIsNotAppliedWhenOverpaymentsAreRefused: a correction in the owner's favour under the default
// setting changes the ledger only.
func TestCreditIsNotAppliedWhenOverpaymentsAreRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		if _, err := f.svc.PostCorrection(ctx, f.admin, f.flat, CorrectionInput{Amount: -10000, Date: "2026-03-02", Note: "Error"}); err != nil {
			t.Fatal(err)
		}
		if r := f.receipt(t, f.flat); r.Paid != 0 || r.Status != domain.ReceiptPending {
			t.Errorf("receipt %+v", r)
		}
		for _, a := range f.actions() {
			if a == AuditCreditApplied {
				t.Error("credit applied under the refuse setting")
			}
		}
	})
}

// TestSwitchingToCreditAppliesItAtOnce: a credit a unit gathered under the refuse setting (a correction in
// its owner's favour) pays its owed receipt when the community switches to credit, in the switch's
// transaction, audited; the other unit, with no credit, is untouched.
func TestSwitchingToCreditAppliesItAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		if _, err := f.svc.PostCorrection(ctx, f.admin, f.flat, CorrectionInput{Amount: -10000, Date: "2026-03-02", Note: "Error"}); err != nil {
			t.Fatal(err)
		}
		before := f.receipt(t, f.flat)
		if before.Paid != 0 || before.Amount <= 10000 {
			t.Fatalf("receipt before %+v", before)
		}
		other := f.receipt(t, f.other)
		if _, err := f.svc.SaveSettings(ctx, f.admin, Settings{Periodicity: domain.Quarterly, Overpayments: domain.OverpaymentsCredited}); err != nil {
			t.Fatal(err)
		}
		if r := f.receipt(t, f.flat); r.Paid != 10000 || r.Status != domain.ReceiptPartial {
			t.Errorf("receipt after the switch %+v", r)
		}
		if r := f.receipt(t, f.other); r.Paid != other.Paid || r.Status != other.Status {
			t.Errorf("the other unit's receipt %+v", r)
		}
		applied := 0
		for _, a := range f.actions() {
			if a == AuditCreditApplied {
				applied++
			}
		}
		if applied != 1 {
			t.Errorf("%d credit uses audited, want 1", applied)
		}
		// Saving the same setting again applies nothing more.
		if _, err := f.svc.SaveSettings(ctx, f.admin, Settings{Periodicity: domain.Quarterly, Overpayments: domain.OverpaymentsCredited}); err != nil {
			t.Fatal(err)
		}
		if r := f.receipt(t, f.flat); r.Paid != 10000 {
			t.Errorf("receipt after saving again %+v", r)
		}
	})
}

// TestStatementFollowsTheLedger: a statement read twice (the second from the ledger cache) shows an
// entry appended in between, and a range's opening balance is what came before it.
func TestStatementFollowsTheLedger(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newSepaFixture(t, db)
		ctx := context.Background()
		read := func(from, to string) *Statement {
			t.Helper()
			st, err := f.svc.UnitStatement(ctx, f.owner, f.flat, from, to)
			if err != nil {
				t.Fatal(err)
			}
			return st
		}
		for range 2 {
			if st := read("", ""); len(st.Entries) != 1 || st.Opening != 0 || st.Closing != 13750 {
				t.Fatalf("statement %+v", st)
			}
		}
		r := f.receipt(t, f.flat)
		if _, err := f.svc.RecordPayment(ctx, f.admin, r.ID, PaymentInput{Amount: 3750, Method: domain.PayByCash, Date: "2026-03-02"}); err != nil {
			t.Fatal(err)
		}
		if st := read("", ""); len(st.Entries) != 2 || st.Closing != 10000 || st.Balances[1] != 10000 {
			t.Fatalf("statement after a payment %+v", st)
		}
		if st := read("2026-02-01", "2026-03-02"); st.Opening != 13750 || len(st.Entries) != 1 || st.Closing != 10000 {
			t.Fatalf("statement of a range %+v", st)
		}
		if st := read("", "2026-02-01"); len(st.Entries) != 1 || st.Closing != 13750 {
			t.Fatalf("statement up to a day %+v", st)
		}
		// Another owner's unit, or one that does not exist, is refused as before.
		if _, err := f.svc.UnitStatement(ctx, f.owner, f.other, "", ""); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Errorf("another's statement: %v", err)
		}
		if _, err := f.svc.UnitStatement(ctx, f.owner, domain.NewID(), "", ""); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("no unit: %v", err)
		}
	})
}

// A payment recorded through one instance shows at once in a statement that another instance has cached:
// every read checks the unit's number of ledger entries in the database before using its cache (two
// stores on one PostgreSQL database; on SQLite, one instance, two services on its store).
func TestStatementShowsAnotherInstancesPaymentAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		other := db
		if db.Engine() == store.Postgres {
			instances := storetest.Instances(t, 2)
			db, other = instances[0], instances[1]
		}
		f := newSepaFixture(t, db)
		b := New(other, Options{Now: func() time.Time { return sepaNow }})
		ctx := context.Background()
		for range 2 { // the second from b's cache
			if st, err := b.UnitStatement(ctx, f.owner, f.flat, "", ""); err != nil || len(st.Entries) != 1 || st.Closing != 13750 {
				t.Fatalf("statement on the other instance %+v, %v", st, err)
			}
		}
		r := f.receipt(t, f.flat)
		if _, err := f.svc.RecordPayment(ctx, f.admin, r.ID, PaymentInput{Amount: 3750, Method: domain.PayByCash, Date: "2026-03-02"}); err != nil {
			t.Fatal(err)
		}
		if st, err := b.UnitStatement(ctx, f.owner, f.flat, "", ""); err != nil || len(st.Entries) != 2 || st.Closing != 10000 {
			t.Fatalf("statement on the other instance after a payment on the first %+v, %v", st, err)
		}
	})
}
