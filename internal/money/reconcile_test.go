package money

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
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
			if len(m.Suggestions) == 0 || !reflect.DeepEqual(m.Suggestions[0].MovementMatch, want[m.Amount]) {
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

// TestReconcileChecksTheRemittanceTotal, on both engines: a credit matched with a remittance must be its
// total, or its total less the debits the bank returned; any other amount is refused with nothing written.
func TestReconcileChecksTheRemittanceTotal(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newSepaFixture(t, db)
		acc, err := f.svc.CreateAccount(ctx, f.admin, AccountInput{Name: "Banco", Kind: domain.BankAccountBank,
			IBAN: "ES91 2100 0418 4502 0005 1332", OpeningDate: "2026-01-01", Opening: 500000})
		if err != nil {
			t.Fatal(err)
		}
		flat, other := f.receipt(t, f.flat), f.receipt(t, f.other)
		remID := domain.NewID()
		storetest.Exec(t, db, `INSERT INTO money_remittances (id, community_id, number, message_id, collection_date, debits, total_cents, xml,
			created_at) VALUES ($1, $2, 7, 'VEC-2026-0007', '2026-02-20', 2, $3, '', 0)`, remID, f.admin.CommunityID, flat.Amount+other.Amount)
		for _, r := range []domain.Receipt{flat, other} {
			storetest.Exec(t, db, `INSERT INTO money_remittance_receipts (receipt_id, remittance_id, mandate_id, sequence_type, collected_cents,
				collection_date) VALUES ($1, $2, 'm', 'RCUR', $3, '2026-02-20')`, r.ID, remID, r.Amount)
		}
		data := n43FixtureOf("0200051332", "260201", "260228", 500000, []n43Mov{
			{"260220", 20000, "ABONO REMESA VEC-2026-0007", ""},
			{"260221", flat.Amount, "ABONO REMESA VEC-2026-0007 NETO", ""},
		})
		if _, err := f.svc.ImportNorma43(ctx, f.admin, acc.ID, "febrero.n43", data); err != nil {
			t.Fatal(err)
		}
		rec, err := f.svc.Reconciliation(ctx, f.admin, acc.ID)
		if err != nil {
			t.Fatal(err)
		}
		ids := map[domain.Cents]string{}
		for _, m := range rec.Movements {
			ids[m.Amount] = m.ID
		}
		match := domain.MovementMatch{Kind: domain.MatchRemittance, TargetID: remID}
		_, err = f.svc.Reconcile(ctx, f.admin, ids[20000], match)
		wantError(t, err, domain.CodeInvalid, "El abono (200,00 €) no es el total de la remesa 7 (275,00 €)")
		_, err = f.svc.Reconcile(ctx, f.admin, ids[flat.Amount], match)
		wantError(t, err, domain.CodeInvalid, "El abono (137,50 €) no es el total de la remesa 7 (275,00 €)")
		// The bank returned the other flat's debit: the total less it is accepted, another amount is not.
		storetest.Exec(t, db, "UPDATE money_remittance_receipts SET returned_on = '2026-02-25', return_reason = 'AM04' WHERE receipt_id = $1", other.ID)
		_, err = f.svc.Reconcile(ctx, f.admin, ids[20000], match)
		wantError(t, err, domain.CodeInvalid,
			"El abono (200,00 €) no es el total de la remesa 7 (275,00 €) ni ese total menos sus devoluciones (137,50 €)")
		if _, err := f.svc.Reconcile(ctx, f.admin, ids[flat.Amount], match); err != nil {
			t.Fatal(err)
		}
		rec, _ = f.svc.Reconciliation(ctx, f.admin, acc.ID)
		for _, m := range rec.Movements {
			if (m.Match != nil) != (m.Amount == flat.Amount) {
				t.Errorf("movement %d matched %+v", m.Amount, m.Match)
			}
		}
	})
}

// TestSuggestionsFromTheIndexesAreTheFullComparisons: over random receipts (many owing the same, as equal
// cuotas do), expenses and movements, the indexed suggestions are those of comparing every movement with
// every candidate (the reference below, the way suggestions were first built), names written as words.
func TestSuggestionsFromTheIndexesAreTheFullComparisons(t *testing.T) {
	rnd := rand.New(rand.NewPCG(36, 37))
	names := []string{"María García López", "Óscar Propietario", "Ana Gil", "José Martín", ""}
	providers := []string{"Limpiezas Sol SL", "Ascensores Norte SA", "Jardines Gil"}
	amounts := []domain.Cents{13750, 13750, 13750, 13751, 5000, 12100}
	var rs []domain.Receipt
	for i := range 80 {
		rs = append(rs, domain.Receipt{ID: fmt.Sprintf("r%d", i), Year: 2026 + i%2, Number: i + 1, UnitLabel: "Piso",
			OwnerName: names[rnd.IntN(len(names))], Amount: amounts[rnd.IntN(len(amounts))]})
	}
	var es []domain.Expense
	for i := range 20 {
		es = append(es, domain.Expense{ID: fmt.Sprintf("e%d", i), Number: i + 1, ProviderName: providers[rnd.IntN(len(providers))],
			Base: amounts[rnd.IntN(len(amounts))]})
	}
	rems := []domain.RemittanceSummary{{ID: "rem1", Number: 1, MessageID: "VEC-2026-0001", Total: 13750}, {ID: "rem2", Number: 2, Total: 5000}}
	c := newCandidates(rs, es, rems, nil)
	for i := range 2000 {
		words := []string{"TRANSF"}
		for range rnd.IntN(3) {
			switch rnd.IntN(4) {
			case 0:
				words = append(words, names[rnd.IntN(len(names))])
			case 1:
				r := rs[rnd.IntN(len(rs))]
				words = append(words, []string{r.Code(), strings.ReplaceAll(r.Code(), "/", ""), strings.ReplaceAll(r.Code(), "/", "-")}[rnd.IntN(3)])
			case 2:
				words = append(words, providers[rnd.IntN(len(providers))])
			default:
				words = append(words, "REMESA VEC-2026-0001")
			}
		}
		amount := amounts[rnd.IntN(len(amounts))]
		if rnd.IntN(2) == 0 {
			amount = -amount
		}
		m := &domain.BankMovement{ID: fmt.Sprintf("m%d", i), Amount: amount, Concept: strings.Join(words, " ")}
		got, want := c.suggest(m), referenceSuggest(c, m)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("movement %q %d:\n got %+v\nwant %+v", m.Concept, m.Amount, got, want)
		}
	}
}

// referenceSuggest compares m with every candidate.
func referenceSuggest(c *candidates, m *domain.BankMovement) []Suggestion {
	text := movementText(m)
	var out []Suggestion
	add := func(kind domain.MatchKind, id, label string, amount domain.Cents, score int, reasons []string) {
		if score > 0 {
			out = append(out, Suggestion{MovementMatch: domain.MovementMatch{Kind: kind, TargetID: id}, Label: label, Amount: amount,
				Score: score, Reasons: reasons})
		}
	}
	if m.Amount > 0 {
		for _, r := range c.receipts {
			owed := r.Amount - r.Paid
			score, reasons := 0, []string{}
			code := r.Code()
			if strings.Contains(text, code) || strings.Contains(text, strings.ReplaceAll(code, "/", "")) ||
				strings.Contains(text, strings.ReplaceAll(code, "/", "-")) {
				score, reasons = score+40, append(reasons, "número")
			}
			if r.OwnerName != "" && nameIn(r.OwnerName, text) {
				score, reasons = score+30, append(reasons, "nombre")
			}
			if score == 0 && owed != m.Amount {
				continue
			}
			if owed == m.Amount {
				score, reasons = score+50, append(reasons, "importe")
			}
			add(domain.MatchReceipt, r.ID, strings.TrimSpace(fmt.Sprintf("Recibo %s · %s · %s", code, r.UnitLabel, r.OwnerName)), owed, score, reasons)
		}
		for _, r := range c.remittances {
			score, reasons := 0, []string{}
			if r.MessageID != "" && strings.Contains(text, fold(r.MessageID)) {
				score, reasons = score+60, append(reasons, "MsgId")
			}
			if r.Total == m.Amount {
				score, reasons = score+50, append(reasons, "importe")
			}
			add(domain.MatchRemittance, r.ID, fmt.Sprintf("Remesa %d · %s", r.Number, r.MessageID), r.Total, score, reasons)
		}
	} else if m.Amount < 0 {
		for _, e := range c.expenses {
			left := e.Payable() - e.PaidSum()
			score, reasons := 0, []string{}
			if nameIn(e.ProviderName, text) {
				score, reasons = score+30, append(reasons, "nombre")
			}
			if left == -m.Amount {
				score, reasons = score+50, append(reasons, "importe")
			}
			add(domain.MatchExpense, e.ID, fmt.Sprintf("Gasto %d · %s · %s", e.Number, e.ProviderName, e.Concept), left, score, reasons)
		}
	}
	slices.SortStableFunc(out, func(a, b Suggestion) int { return b.Score - a.Score })
	if len(out) > maxSuggestions {
		out = out[:maxSuggestions]
	}
	return out
}

// TestReconcileReturnedDebits, on both engines: the bank credits a remittance whole, then charges back
// its two returned debits in two movements, one with its charge. Each charge is suggested the return it
// is (by the amount with the charge and the mandate's reference; by the amount and the receipt's number),
// never a return of a remittance collected after it; confirming records the match once: the movement
// cannot be matched again, nor the return with another movement. The book then follows the bank, and
// the year's accounts count the charges as money out of the account.
func TestReconcileReturnedDebits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newSepaFixture(t, db)
		acc, err := f.svc.CreateAccount(ctx, f.admin, AccountInput{Name: "Banco", Kind: domain.BankAccountBank,
			IBAN: "ES91 2100 0418 4502 0005 1332", OpeningDate: "2026-01-01", Opening: 500000})
		if err != nil {
			t.Fatal(err)
		}
		f.settings(t, nil)
		mandate, err := f.svc.SignMandate(ctx, f.owner, f.flat, MandateInput{DebtorName: "Óscar Propietario", IBAN: validIBAN})
		if err != nil {
			t.Fatal(err)
		}
		flat, other := f.receipt(t, f.flat), f.receipt(t, f.other)
		remID := domain.NewID()
		total := flat.Amount + other.Amount
		storetest.Exec(t, db, `INSERT INTO money_remittances (id, community_id, number, message_id, collection_date, debits, total_cents, xml,
			created_at) VALUES ($1, $2, 9, 'VEC-2026-0009', '2026-02-20', 2, $3, '', 0)`, remID, f.admin.CommunityID, total)
		storetest.Exec(t, db, `INSERT INTO money_remittance_receipts (receipt_id, remittance_id, mandate_id, sequence_type, collected_cents,
			collection_date, returned_on, return_reason, return_charge_cents) VALUES ($1, $2, $3, 'RCUR', $4, '2026-02-20', '2026-02-25', 'AM04', 350)`,
			flat.ID, remID, mandate.ID, flat.Amount)
		storetest.Exec(t, db, `INSERT INTO money_remittance_receipts (receipt_id, remittance_id, mandate_id, sequence_type, collected_cents,
			collection_date, returned_on, return_reason) VALUES ($1, $2, 'm', 'RCUR', $3, '2026-02-20', '2026-02-26', 'MS02')`, other.ID, remID, other.Amount)
		data := n43FixtureOf("0200051332", "260201", "260301", 500000, []n43Mov{
			{"260215", -other.Amount, "CARGO VARIOS", ""},
			{"260220", total, "ABONO REMESA VEC-2026-0009", ""},
			{"260226", -(flat.Amount + 350), "DEVOL " + mandate.Reference, ""},
			{"260227", -other.Amount, "DEVOLUCION RECIBO " + other.Code(), ""},
		})
		if _, err := f.svc.ImportNorma43(ctx, f.admin, acc.ID, "febrero.n43", data); err != nil {
			t.Fatal(err)
		}
		rec, err := f.svc.Reconciliation(ctx, f.admin, acc.ID)
		if err != nil {
			t.Fatal(err)
		}
		byDate := map[string]MovementView{}
		for _, m := range rec.Movements {
			byDate[m.Date] = m
		}
		wantTop := func(date string, receipt string, reasons ...string) domain.MovementMatch {
			t.Helper()
			m := byDate[date]
			if len(m.Suggestions) == 0 {
				t.Fatalf("%s %q: no suggestion", date, m.Concept)
			}
			top := m.Suggestions[0]
			if top.Kind != domain.MatchReturn || top.TargetID != remID || !reflect.DeepEqual(top.Receipts, []string{receipt}) ||
				!reflect.DeepEqual(top.Reasons, reasons) {
				t.Fatalf("%s %q: suggestions %+v", date, m.Concept, m.Suggestions)
			}
			return top.MovementMatch
		}
		withCharge := wantTop("2026-02-26", flat.ID, "mandato", "importe", "gastos")
		plain := wantTop("2026-02-27", other.ID, "número", "importe")
		for _, s := range byDate["2026-02-15"].Suggestions {
			if s.Kind == domain.MatchReturn {
				t.Fatalf("a charge before the remittance was collected is suggested a return: %+v", s)
			}
		}
		if _, err := f.svc.Reconcile(ctx, f.admin, byDate["2026-02-20"].ID, domain.MovementMatch{Kind: domain.MatchRemittance, TargetID: remID}); err != nil {
			t.Fatal(err)
		}
		// Before the remittance was collected: refused. A wrong amount: refused.
		_, err = f.svc.Reconcile(ctx, f.admin, byDate["2026-02-15"].ID, plain)
		wantError(t, err, domain.CodeInvalid, "El cargo (2026-02-15) es anterior al cobro de la remesa 9 (2026-02-20): no puede ser su devolución")
		_, err = f.svc.Reconcile(ctx, f.admin, byDate["2026-02-26"].ID, plain)
		wantError(t, err, domain.CodeInvalid, fmt.Sprintf(
			"El cargo (%s) no es lo devuelto de los recibos %s (%s) ni eso más los gastos de la devolución (%s)",
			domain.EurosText(flat.Amount+350), other.Code(), domain.EurosText(other.Amount), domain.EurosText(other.Amount)))
		// A credit is not a return's.
		_, err = f.svc.Reconcile(ctx, f.admin, byDate["2026-02-20"].ID, plain)
		wantError(t, err, domain.CodeConflict, "Este movimiento ya está conciliado: no se puede conciliar dos veces")

		if _, err := f.svc.Reconcile(ctx, f.admin, byDate["2026-02-26"].ID, withCharge); err != nil {
			t.Fatal(err)
		}
		// The same movement again, and the same return with another movement: refused.
		_, err = f.svc.Reconcile(ctx, f.admin, byDate["2026-02-26"].ID, withCharge)
		wantError(t, err, domain.CodeConflict, "Este movimiento ya está conciliado: no se puede conciliar dos veces")
		_, err = f.svc.Reconcile(ctx, f.admin, byDate["2026-02-27"].ID, domain.MovementMatch{Kind: domain.MatchReturn, TargetID: remID,
			Receipts: []string{flat.ID}})
		wantError(t, err, domain.CodeConflict, "Esta devolución ya está conciliada con otro movimiento")
		// Once matched, a return is no longer suggested.
		rec, _ = f.svc.Reconciliation(ctx, f.admin, acc.ID)
		for _, m := range rec.Movements {
			if m.Date == "2026-02-27" && (len(m.Suggestions) == 0 || !reflect.DeepEqual(m.Suggestions[0].Receipts, []string{other.ID}) ||
				slices.ContainsFunc(m.Suggestions, func(s Suggestion) bool { return slices.Contains(s.Receipts, flat.ID) })) {
				t.Fatalf("suggestions after the first return's match %+v", m.Suggestions)
			}
		}
		if _, err := f.svc.Reconcile(ctx, f.admin, byDate["2026-02-27"].ID, plain); err != nil {
			t.Fatal(err)
		}
		rec, _ = f.svc.Reconciliation(ctx, f.admin, acc.ID)
		out := flat.Amount + 350 + other.Amount
		if book := domain.Cents(500000) + total - out; rec.Book != book || rec.Difference != -other.Amount {
			t.Fatalf("book %d (want %d), difference %d (want %d: the unmatched charge)", rec.Book, book, rec.Difference, -other.Amount)
		}
		y, err := f.svc.YearAccounts(ctx, f.admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		if len(y.Accounts) != 1 || y.Accounts[0].In != total || y.Accounts[0].Out != out || y.Accounts[0].Unreconciled != 1 {
			t.Fatalf("the account's year %+v", y.Accounts)
		}
		if got := strings.Join(f.actions(), " "); strings.Count(got, AuditMovementReconciled) != 3 {
			t.Errorf("audit %s", got)
		}
	})
}

// TestSuggestReturnsTogether: a charge of every open return of a remittance at once is suggested as one
// match of them all, by their sum with or without their charges and the remittance's MsgId; a
// remittance's single return is not suggested for a sum it does not make.
func TestSuggestReturnsTogether(t *testing.T) {
	returns := []domain.ReturnedDebit{
		{ReceiptID: "a", ReceiptCode: "2026/000001", RemittanceID: "rem", RemittanceNumber: 4, MessageID: "VEC-REM-000004-20260201",
			CollectionDate: "2026-02-10", Collected: 10000, Charge: 200},
		{ReceiptID: "b", ReceiptCode: "2026/000002", RemittanceID: "rem", RemittanceNumber: 4, MessageID: "VEC-REM-000004-20260201",
			CollectionDate: "2026-02-10", Collected: 5000, Charge: 200},
		{ReceiptID: "c", ReceiptCode: "2026/000003", RemittanceID: "other", RemittanceNumber: 5, MessageID: "VEC-REM-000005-20260301",
			CollectionDate: "2026-03-10", Collected: 5000},
	}
	for _, tc := range []struct {
		amount   domain.Cents
		concept  string
		want     []string
		reasons  []string
		nonePast bool
	}{
		{-15400, "DEVOLUCIONES VEC-REM-000004-20260201", []string{"a", "b"}, []string{"MsgId", "importe", "gastos"}, false},
		{-15000, "DEVOLUCIONES", []string{"a", "b"}, []string{"importe"}, false},
		{-5200, "DEVOLUCION", []string{"b"}, []string{"importe", "gastos"}, false},
	} {
		m := &domain.BankMovement{Date: "2026-02-20", Amount: tc.amount, Concept: tc.concept}
		got := suggestReturns(returns, m, movementText(m))
		slices.SortStableFunc(got, func(a, b Suggestion) int { return b.Score - a.Score })
		if len(got) == 0 || !reflect.DeepEqual(got[0].Receipts, tc.want) || !reflect.DeepEqual(got[0].Reasons, tc.reasons) {
			t.Errorf("%d %q: %+v", tc.amount, tc.concept, got)
		}
		for _, s := range got {
			if slices.Contains(s.Receipts, "c") {
				t.Errorf("%d: a return of a remittance collected after the charge is suggested: %+v", tc.amount, s)
			}
		}
	}
}
