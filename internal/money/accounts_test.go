package money

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testpdf"
)

// yearFixture is the worked example of the year's accounts: 2026 in a building of 12 units (the
// coeficientes of cuotas_test's example) with General, Garaje (1º A, 2º A and 3º A in equal parts) and
// Ascensor (9 % each floor, 14 % each ático; the ground floor pays none), yearly cuotas from an approved
// budget of 11.400,00 € and its 1.140,00 € reserve, six expenses, the receipts paid but for Bajo B (in
// part) and 4º B, a correction charged to Ático B, and a bank statement of the year with a transfer and
// an expense reconciled and a bank fee not. The clock is at 2027-01-20.
type yearFixture struct {
	db                   *store.DB
	svc                  *Service
	admin, owner, tenant *domain.Actor
	units                map[string]string // label → id
	expenses             []*domain.Expense
	bank, cash           string
	now                  time.Time
	mu                   sync.Mutex
	audit                []string
}

var yearUnits = []string{"Bajo A", "Bajo B", "1º A", "1º B", "2º A", "2º B", "3º A", "3º B", "4º A", "4º B", "Ático A", "Ático B"}

func newYearFixture(t *testing.T, db *store.DB) *yearFixture {
	t.Helper()
	ctx := context.Background()
	actors := storetest.Community(t, db, "Pilar Presidenta", "Óscar Propietario", "Tina Inquilina")
	f := &yearFixture{db: db, admin: actors[0], owner: actors[1], tenant: actors[2], units: map[string]string{},
		now: time.Date(2027, 1, 20, 10, 0, 0, 0, time.UTC)}
	fs, err := files.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	docs := documents.New(db, fs, documents.Options{Now: func() time.Time { return f.now }})
	f.svc = New(db, Options{Now: func() time.Time { return f.now }, Archive: docs,
		Audit: func(_ context.Context, _ *domain.Actor, c domain.AuditChange) {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.audit = append(f.audit, c.Action)
		}})
	coefs := []int64{105000, 95000, 80000, 80000, 80000, 80000, 80000, 80000, 80000, 80000, 83333, 76667}
	var garage, lift []domain.GroupShare
	for i, n := range yearUnits {
		id := domain.NewID()
		f.units[n] = id
		storetest.Exec(t, db, "INSERT INTO units (id, community_id, unit_number, coefficient, created_at, updated_at) VALUES ($1, $2, $3, $4, 0, 0)",
			id, f.admin.CommunityID, n, coefs[i])
		if n == "1º A" || n == "2º A" || n == "3º A" {
			garage = append(garage, domain.GroupShare{UnitID: id})
		}
		switch {
		case i >= 2 && i < 10:
			lift = append(lift, domain.GroupShare{UnitID: id, Weight: 90000})
		case i >= 10:
			lift = append(lift, domain.GroupShare{UnitID: id, Weight: 140000})
		}
	}
	storetest.Exec(t, db, "UPDATE units SET owner_id = $1 WHERE id = $2", f.owner.UserID, f.units["1º A"])
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err = f.svc.SaveSettings(ctx, f.admin, Settings{Periodicity: domain.Yearly})
	must(err)
	g, err := f.svc.CreateGroup(ctx, f.admin, GroupInput{Name: "Garaje", Method: domain.ByEqualParts, Shares: garage})
	must(err)
	l, err := f.svc.CreateGroup(ctx, f.admin, GroupInput{Name: "Ascensor", Method: domain.ByPercentage, Shares: lift})
	must(err)
	b, err := f.svc.CreateBudget(ctx, f.admin, 2026)
	must(err)
	_, err = f.svc.SaveBudget(ctx, f.admin, b.ID, BudgetInput{Lines: []domain.BudgetLine{
		{Concept: "Limpieza", GroupID: domain.GeneralGroupID, Amount: 600000},
		{Concept: "Seguro", GroupID: domain.GeneralGroupID, Amount: 240000},
		{Concept: "Mantenimiento garaje", GroupID: g.ID, Amount: 100000},
		{Concept: "Ascensor", GroupID: l.ID, Amount: 200000},
	}})
	must(err)
	_, err = f.svc.ApproveBudget(ctx, f.admin, b.ID, "2026-01-10")
	must(err)
	_, err = f.svc.GenerateReceipts(ctx, f.admin, 2026, 1, "")
	must(err)

	acc, err := f.svc.CreateAccount(ctx, f.admin, AccountInput{Name: "Banco", Kind: domain.BankAccountBank, IBAN: "ES91 2100 0418 4502 0005 1332",
		OpeningDate: "2026-01-01", Opening: 1500000})
	must(err)
	f.bank = acc.ID
	cash, err := f.svc.CreateAccount(ctx, f.admin, AccountInput{Name: "Caja", Kind: domain.BankAccountCash, OpeningDate: "2026-01-01", Opening: 10000})
	must(err)
	f.cash = cash.ID
	for _, e := range []ExpenseInput{
		{Date: "2026-06-30", ProviderName: "Limpiezas Sol SL", Concept: "Limpieza primer semestre", GroupID: domain.GeneralGroupID, Base: 250000, VATRate: 2100},
		{Date: "2026-12-15", ProviderName: "Limpiezas Sol SL", Concept: "Limpieza segundo semestre", GroupID: domain.GeneralGroupID, Base: 250000, VATRate: 2100},
		{Date: "2026-02-20", ProviderName: "Seguros Mar SA", Concept: "Seguro multirriesgo", GroupID: domain.GeneralGroupID, Base: 235000},
		{Date: "2026-05-01", ProviderName: "Ascensores Altos SL", Concept: "Ascensor revisión anual", GroupID: l.ID, Base: 180000, VATRate: 2100},
		{Date: "2026-09-01", ProviderName: "Puertas Norte SL", Concept: "Puerta del garaje", GroupID: g.ID, Base: 50000, VATRate: 2100},
		{Date: "2026-11-02", ProviderName: "Pintor Ruiz", NIF: "12345678Z", Concept: "Pintura del portal", GroupID: domain.GeneralGroupID, Base: 40000,
			VATRate: 2100, IRPFRate: 1500},
	} {
		created, err := f.svc.CreateExpense(ctx, f.admin, e)
		must(err)
		f.expenses = append(f.expenses, created)
	}
	for _, p := range []struct {
		expense int
		date    string
		amount  domain.Cents
	}{{0, "2026-07-05", 302500}, {1, "2026-12-20", 302500}, {3, "2026-05-10", 217800}, {4, "2026-09-15", 60500}, {5, "2026-11-30", 20000}} {
		_, err := f.svc.PayExpense(ctx, f.admin, f.expenses[p.expense].ID, ExpensePaymentInput{AccountID: f.bank, Date: p.date, Amount: p.amount})
		must(err)
	}
	rs, err := f.svc.Receipts(ctx, f.admin, 2026, "")
	must(err)
	var flat1B domain.Receipt
	for _, r := range rs {
		switch r.UnitLabel {
		case "1º B":
			flat1B = r
		case "4º B":
		case "Bajo B":
			_, err = f.svc.RecordPayment(ctx, f.admin, r.ID, PaymentInput{Amount: 50000, Method: domain.PayByTransfer, Date: "2026-02-01"})
			must(err)
		default:
			_, err = f.svc.RecordPayment(ctx, f.admin, r.ID, PaymentInput{Amount: r.Amount, Method: domain.PayByTransfer, Date: "2026-01-15"})
			must(err)
		}
	}
	_, err = f.svc.PostCorrection(ctx, f.admin, f.units["Ático B"], CorrectionInput{Amount: 1000, Date: "2026-06-01", Note: "Copia de la llave del garaje"})
	must(err)
	// The bank's year: 1º B's transfer and the insurance reconciled, the bank's fee not.
	data := n43FixtureOf("0200051332", "260101", "261231", 1500000, []n43Mov{
		{"260120", flat1B.Amount, "TRANSF " + flat1B.Code(), ""},
		{"260301", -235000, "RECIBO SEGUROS MAR SA", ""},
		{"261231", -1500, "COMISION MANTENIMIENTO", ""},
	})
	_, err = f.svc.ImportNorma43(ctx, f.admin, f.bank, "2026.n43", data)
	must(err)
	ms, _, err := f.svc.BankMovements(ctx, f.admin, f.bank, 2026)
	must(err)
	for _, m := range ms {
		switch m.Amount {
		case flat1B.Amount:
			_, err = f.svc.Reconcile(ctx, f.admin, m.ID, domain.MovementMatch{Kind: domain.MatchReceipt, TargetID: flat1B.ID})
		case -235000:
			_, err = f.svc.Reconcile(ctx, f.admin, m.ID, domain.MovementMatch{Kind: domain.MatchExpense, TargetID: f.expenses[2].ID})
		}
		must(err)
	}
	return f
}

// wantAccounts2026 are the worked example's accounts of 2026, every figure to the cent.
func wantAccounts2026(f *yearFixture, garage, lift string) *YearAccounts {
	bank := domain.Cents(1357820)
	u := func(label string, opening, charged, paid, closing domain.Cents) UnitYear {
		return UnitYear{UnitID: f.units[label], Label: label, Opening: opening, Charged: charged, Paid: paid, Closing: closing}
	}
	l := func(label string, expenses, cuotas, paid, result domain.Cents) domain.Liquidation {
		return domain.Liquidation{UnitID: f.units[label], UnitLabel: label, Expenses: expenses, Cuotas: cuotas, Paid: paid, Result: result}
	}
	return &YearAccounts{Year: 2026, From: "2026-01-01", To: "2026-12-31",
		Groups: []GroupAccounts{
			{GroupID: domain.GeneralGroupID, Name: "General", Budget: 840000, Actual: 888400, Lines: []LineAccounts{
				{Concept: "Limpieza", Budget: 600000, Actual: 605000, Budgeted: true, Expenses: 2},
				{Concept: "Seguro", Budget: 240000, Actual: 235000, Budgeted: true, Expenses: 1},
				{Concept: "Pintura del portal", Actual: 48400, Expenses: 1}}},
			{GroupID: lift, Name: "Ascensor", Budget: 200000, Actual: 217800, Lines: []LineAccounts{
				{Concept: "Ascensor", Budget: 200000, Actual: 217800, Budgeted: true, Expenses: 1}}},
			{GroupID: garage, Name: "Garaje", Budget: 100000, Actual: 60500, Lines: []LineAccounts{
				{Concept: "Mantenimiento garaje", Budget: 100000, Budgeted: true},
				{Concept: "Puerta del garaje", Actual: 60500, Expenses: 1}}},
		},
		Income:   Income{Cuotas: 1254000, Derramas: 0, Other: 1000, Total: 1255000, Collected: 1119050},
		Expenses: 1166700,
		Result:   88300,
		Reserve:  ReserveFund{Budget: 114000, Opening: 0, Contributions: 114000, Spending: []ReserveSpending{}, Closing: 114000},
		Accounts: []AccountYear{
			{ID: f.bank, Name: "Banco", Kind: domain.BankAccountBank, IBAN: MaskIBAN("ES9121000418450200051332"), Opening: 1500000, In: 94320,
				Out: 1138300, Closing: 456020,
				Months: []domain.Cents{1594320, 1594320, 1359320, 1359320, 1141520, 1141520, 839020, 839020, 778520, 778520, 758520, 456020},
				Bank:   &bank, StatementEnd: "2026-12-31", Difference: 901800, Unreconciled: 1},
			{ID: f.cash, Name: "Caja", Kind: domain.BankAccountCash, Opening: 10000, Closing: 10000,
				Months: []domain.Cents{10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000}},
		},
		Units: []UnitYear{
			u("1º A", 0, 127654, 127654, 0), u("1º B", 0, 94320, 94320, 0), u("2º A", 0, 127653, 127653, 0), u("2º B", 0, 94320, 94320, 0), u("3º A", 0, 127653, 127653, 0),
			u("3º B", 0, 94320, 94320, 0), u("4º A", 0, 94320, 94320, 0), u("4º B", 0, 94320, 0, 94320),
			u("Bajo A", 0, 100170, 100170, 0), u("Bajo B", 0, 90630, 50000, 40630), u("Ático A", 0, 107500, 107500, 0),
			u("Ático B", 0, 102140, 101140, 1000),
		},
		// General (888.400) by coeficiente, Garaje (60.500) in three equal parts (20.167, 20.167, 20.166),
		// Ascensor (217.800) at 9 % (19.602) and 14 % (30.492), against the cuota less its reserve part.
		Liquidation: []domain.Liquidation{
			l("1º A", 110841, 118534, 127654, -7693), l("1º B", 90674, 85200, 94320, 5474), l("2º A", 110841, 118533, 127653, -7692), l("2º B", 90674, 85200, 94320, 5474),
			l("3º A", 110840, 118533, 127653, -7693), l("3º B", 90674, 85200, 94320, 5474), l("4º A", 90674, 85200, 94320, 5474),
			l("4º B", 90674, 85200, 0, 5474), l("Bajo A", 93282, 88200, 100170, 5082), l("Bajo B", 84398, 79800, 50000, 4598), l("Ático A", 104525, 98000, 107500, 6525), l("Ático B", 98603, 92400, 101140, 6203),
		},
	}
}

func groupIDs(t *testing.T, f *yearFixture) (string, string) {
	t.Helper()
	gs, _, err := f.svc.Groups(context.Background(), f.admin)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, g := range gs {
		ids[g.Name] = g.ID
	}
	return ids["Garaje"], ids["Ascensor"]
}

func sameAccounts(t *testing.T, got, want *YearAccounts) {
	t.Helper()
	g, w := *got, *want
	g.Budget, g.Closed, g.liquidationErr, w.Closed = nil, nil, nil, nil
	for name, pair := range map[string][2]any{"groups": {g.Groups, w.Groups}, "income": {g.Income, w.Income}, "reserve": {g.Reserve, w.Reserve},
		"accounts": {g.Accounts, w.Accounts}, "units": {g.Units, w.Units}, "liquidation": {g.Liquidation, w.Liquidation}} {
		if !reflect.DeepEqual(pair[0], pair[1]) {
			t.Errorf("%s:\n got %+v\nwant %+v", name, pair[0], pair[1])
		}
	}
	if g.Year != w.Year || g.From != w.From || g.To != w.To || g.Expenses != w.Expenses || g.Result != w.Result || g.LiquidationProblem != "" {
		t.Errorf("year %d %s..%s, expenses %d, result %d, problem %q", g.Year, g.From, g.To, g.Expenses, g.Result, g.LiquidationProblem)
	}
}

// TestYearAccountsWorkedExample, on both engines: the 12-unit building's 2026, every figure of its
// accounts and liquidación to the cent; the liquidación adds up to the expenses less the ordinary cuotas.
func TestYearAccountsWorkedExample(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newYearFixture(t, db)
		garage, lift := groupIDs(t, f)
		y, err := f.svc.YearAccounts(ctx, f.admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		want := wantAccounts2026(f, garage, lift)
		for i := range want.Units {
			want.Units[i].OwnerName = y.Units[i].OwnerName
		}
		sameAccounts(t, y, want)
		if y.Budget == nil || y.Budget.JuntaDate != "2026-01-10" || y.Closed != nil {
			t.Errorf("budget %+v closed %+v", y.Budget, y.Closed)
		}
		var sum domain.Cents
		for _, l := range y.Liquidation {
			sum += l.Result
		}
		if sum != 1166700-1140000 {
			t.Errorf("the liquidación adds up to %d", sum)
		}
	})
}

// TestReserveFundSpending, on both engines: conservation works the junta agreed are charged to the
// reserve fund of the worked example (1.140,00 € of contributions in 2026): more than it holds is refused
// with the figures, a bad or future junta date too; what is charged lowers the fund, is listed in its
// movements and is neither an ordinary expense of a group nor shared out in the liquidación; the fund's
// closing is 2027's opening once 2026 is closed.
func TestReserveFundSpending(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newYearFixture(t, db)
		garage, lift := groupIDs(t, f)
		works := ExpenseInput{Date: "2026-07-01", ProviderName: "Cubiertas Norte SL", Concept: "Reparación de la cubierta",
			GroupID: domain.GeneralGroupID, Base: 100000, VATRate: 2100, ReserveJuntaDate: "2026-06-01"}
		_, err := f.svc.CreateExpense(ctx, f.admin, works)
		wantError(t, err, domain.CodeConflict, "El fondo de reserva tiene 1.140,00 €: no alcanza para un gasto de 1.210,00 €")
		bad := works
		bad.ReserveJuntaDate = "2026-13-01"
		_, err = f.svc.CreateExpense(ctx, f.admin, bad)
		wantError(t, err, domain.CodeInvalid, "Ese gasto se carga al fondo de reserva: indica la fecha de la junta que acordó las obras")
		bad.ReserveJuntaDate = "2027-02-01"
		_, err = f.svc.CreateExpense(ctx, f.admin, bad)
		wantError(t, err, domain.CodeInvalid, "La junta que acordó cargar el gasto al fondo de reserva no puede ser futura")

		works.Base = 50000 // 605,00 € with its VAT
		e, err := f.svc.CreateExpense(ctx, f.admin, works)
		if err != nil {
			t.Fatal(err)
		}
		if !e.FromReserve() || e.ReserveJuntaDate != "2026-06-01" {
			t.Fatalf("expense %+v", e)
		}
		// What is left (535,00 €) does not pay another 605,00 €.
		again := works
		again.Date = "2026-08-01"
		_, err = f.svc.CreateExpense(ctx, f.admin, again)
		wantError(t, err, domain.CodeConflict, "El fondo de reserva tiene 535,00 €: no alcanza para un gasto de 605,00 €")

		y, err := f.svc.YearAccounts(ctx, f.admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		want := wantAccounts2026(f, garage, lift)
		for i := range want.Units {
			want.Units[i].OwnerName = y.Units[i].OwnerName
		}
		want.Reserve.Spent, want.Reserve.Closing = 60500, 114000-60500
		want.Reserve.Spending = []ReserveSpending{{ExpenseID: e.ID, Number: e.Number, Date: "2026-07-01", Provider: "Cubiertas Norte SL",
			Concept: "Reparación de la cubierta", JuntaDate: "2026-06-01", Amount: 60500}}
		want.Result -= 60500
		sameAccounts(t, y, want) // the groups, their expenses and the liquidación are as they were
		f.mu.Lock()
		audited := slices.Contains(f.audit, AuditExpenseFromReserve)
		f.mu.Unlock()
		if !audited {
			t.Errorf("no %s in the audit", AuditExpenseFromReserve)
		}

		if _, err := f.svc.CloseYear(ctx, f.admin, 2026); err != nil {
			t.Fatal(err)
		}
		next, err := f.svc.YearAccounts(ctx, f.admin, 2027)
		if err != nil {
			t.Fatal(err)
		}
		if next.Reserve.Opening != 53500 {
			t.Errorf("2027's reserve fund opens at %d, want 53500", next.Reserve.Opening)
		}
		// A closed year is closed first: the fund is not the reason.
		_, err = f.svc.CreateExpense(ctx, f.admin, again)
		wantError(t, err, domain.CodeConflict,
			"El ejercicio 2026 está cerrado y no se puede cambiar: anota la corrección en 2027 con referencia al ejercicio cerrado")
	})
}

// TestCloseYear, on both engines: closing 2026 keeps its accounts, applies each unit's result to 2027's
// first day, files the PDF under 'Estado de cuentas' and refuses, with its message, every write dated in
// 2026 (an expense, a payment of a receipt or an expense, a correction, a derrama's receipt); the same
// writes dated in 2027 go through, and a correction of 2026 goes into 2027 with its reference. Owners read
// the accounts once a junta approved them, their own unit's lines only; tenants only where the community
// opens them.
func TestCloseYear(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newYearFixture(t, db)
		garage, lift := groupIDs(t, f)
		_, err := f.svc.CloseYear(ctx, f.admin, 2027)
		wantError(t, err, domain.CodeConflict, "El ejercicio 2027 aún no ha terminado: se cierra a partir del 1 de enero siguiente")
		y, err := f.svc.CloseYear(ctx, f.admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		if y.Closed == nil || y.Closed.Mode != domain.ClosingApplied || y.Closed.DocumentID == "" {
			t.Fatalf("closed %+v", y.Closed)
		}
		_, err = f.svc.CloseYear(ctx, f.admin, 2026)
		wantError(t, err, domain.CodeConflict, "El ejercicio ya está cerrado")

		// Each unit's result is on its ledger on 2027-01-01, referring to the liquidación.
		for label, want := range map[string]domain.Cents{"Bajo A": 5082, "Bajo B": 40630 + 4598, "1º A": -7693, "4º B": 94320 + 5474, "Ático B": 1000 + 6203} {
			got, err := db.LedgerBalance(ctx, f.admin.CommunityID, f.units[label], "2027-01-02")
			if err != nil || got != want {
				t.Errorf("%s: balance %d, want %d (%v)", label, got, want, err)
			}
		}
		es, err := db.LedgerEntries(ctx, f.admin.CommunityID, f.units["1º A"], "2027-01-01", "2027-01-01")
		if err != nil || len(es) != 1 || es[0].Amount != -7693 || es[0].Reference != "Liquidación 2026" ||
			es[0].Note != "Liquidación del ejercicio 2026: superávit" {
			t.Fatalf("1º A's liquidación entry %+v %v", es, err)
		}

		// Nothing dated in 2026 can be written any more.
		closedMsg := "El ejercicio 2026 está cerrado y no se puede cambiar: anota la corrección en 2027 con referencia al ejercicio cerrado"
		_, err = f.svc.CreateExpense(ctx, f.admin, ExpenseInput{Date: "2026-12-30", ProviderName: "Limpiezas Sol SL", Concept: "Limpieza extra",
			GroupID: domain.GeneralGroupID, Base: 1000})
		wantError(t, err, domain.CodeConflict, closedMsg)
		_, err = f.svc.PayExpense(ctx, f.admin, f.expenses[5].ID, ExpensePaymentInput{AccountID: f.bank, Date: "2026-12-31", Amount: 1000})
		wantError(t, err, domain.CodeConflict, closedMsg)
		rs, err := f.svc.Receipts(ctx, f.admin, 2026, "")
		if err != nil {
			t.Fatal(err)
		}
		var bajoB domain.Receipt
		for _, r := range rs {
			if r.UnitLabel == "Bajo B" {
				bajoB = r
			}
		}
		_, err = f.svc.RecordPayment(ctx, f.admin, bajoB.ID, PaymentInput{Amount: 1000, Method: domain.PayByCash, Date: "2026-12-31"})
		wantError(t, err, domain.CodeConflict, closedMsg)
		_, err = f.svc.PostCorrection(ctx, f.admin, f.units["Bajo A"], CorrectionInput{Amount: 500, Date: "2026-07-01", Note: "Error"})
		wantError(t, err, domain.CodeConflict, closedMsg)
		d, err := f.svc.CreateDerrama(ctx, f.admin, DerramaInput{Concept: "Fachada", Total: 120000, GroupID: domain.GeneralGroupID,
			JuntaDate: "2027-01-15", DueDates: []string{"2026-12-01"}})
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = f.svc.IssueDerrama(ctx, f.admin, d.ID)
		wantError(t, err, domain.CodeConflict, closedMsg)
		// Dated in 2027, they go through; 2026's accounts stay as they were closed.
		if _, err := f.svc.RecordPayment(ctx, f.admin, bajoB.ID, PaymentInput{Amount: 1000, Method: domain.PayByCash, Date: "2027-01-20"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.PayExpense(ctx, f.admin, f.expenses[5].ID, ExpensePaymentInput{AccountID: f.bank, Date: "2027-01-20", Amount: 1000}); err != nil {
			t.Fatal(err)
		}
		e, err := f.svc.CorrectClosedYear(ctx, f.admin, 2026, ClosedYearCorrection{UnitID: f.units["Bajo A"], Amount: -500, Note: "Recibo de 2026 mal calculado"})
		if err != nil || e.Date != "2027-01-20" || e.Reference != "Ejercicio 2026" || e.Kind != domain.LedgerCorrection {
			t.Fatalf("correction %+v %v", e, err)
		}
		_, err = f.svc.CorrectClosedYear(ctx, f.admin, 2025, ClosedYearCorrection{UnitID: f.units["Bajo A"], Amount: -500, Note: "x"})
		wantError(t, err, domain.CodeConflict, "El ejercicio no está cerrado")
		got, err := f.svc.YearAccounts(ctx, f.admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		want := wantAccounts2026(f, garage, lift)
		for i := range want.Units {
			want.Units[i].OwnerName = got.Units[i].OwnerName
		}
		for i := range want.Liquidation {
			want.Liquidation[i].LedgerEntryID = got.Liquidation[i].LedgerEntryID
			if got.Liquidation[i].LedgerEntryID == "" {
				t.Errorf("%s's liquidación has no ledger entry", got.Liquidation[i].UnitLabel)
			}
		}
		sameAccounts(t, got, want)
		if got.Closed == nil || got.Closed.DocumentID != y.Closed.DocumentID {
			t.Errorf("closed %+v", got.Closed)
		}

		// The PDF reads back: cover, summary, groups, liquidación, debtors (no amounts) and the bank.
		pdf, _, err := f.svc.AccountsPDF(ctx, f.admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		text := testpdf.Contains(t, pdf, "Cuentas del ejercicio 2026", "Presupuesto aprobado en la junta del 10/01/2026",
			"Ejercicio cerrado. Cuentas para su aprobación en la junta ordinaria", "Total ingresos", "12.550,00 €", "Gastos del ejercicio",
			"11.667,00 €", "Resultado (ingresos - gastos)", "883,00 €", "Liquidación por vivienda", "Pintura del portal (no presupuestado)",
			"-76,93 €", "Propietarios que no están al corriente de pago", "art. 16.2", "Conciliación bancaria al cierre",
			"Saldo del banco al cierre (extractos hasta el 31/12/2026)", "13.578,20 €", "4.560,20 €", "9.018,00 €")
		// The owners read it: the debtors by unit and name, never what they owe or paid.
		if strings.Contains(text, "406,30 €") || strings.Contains(text, "Pagado") { // Bajo B owes 406,30 €
			t.Errorf("the PDF shows a unit's debt or payments:\n%s", text)
		}

		// The owners read the accounts once approved: their own unit's lines only.
		_, err = f.svc.ApprovedAccounts(ctx, f.owner, 2026)
		wantError(t, err, domain.CodeNotFound, "Las cuentas de ese ejercicio no están aprobadas")
		_, err = f.svc.ApproveAccounts(ctx, f.admin, 2026, "2026-12-31")
		wantError(t, err, domain.CodeInvalid, "La junta que aprueba las cuentas de un ejercicio se celebra después de su cierre")
		if _, err := f.svc.ApproveAccounts(ctx, f.admin, 2026, "2027-01-15"); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.ApproveAccounts(ctx, f.admin, 2026, "2027-01-16")
		wantError(t, err, domain.CodeConflict, "Las cuentas de este ejercicio ya están aprobadas")
		mine, err := f.svc.ApprovedAccounts(ctx, f.owner, 2026)
		if err != nil {
			t.Fatal(err)
		}
		if len(mine.Units) != 1 || mine.Units[0].Label != "1º A" || len(mine.Liquidation) != 1 || mine.Liquidation[0].Result != -7693 ||
			mine.Income.Total != 1255000 || mine.Closed.JuntaDate != "2027-01-15" || mine.Closed.DocumentID != "" {
			t.Fatalf("the owner reads %+v", mine)
		}
		_, err = f.svc.ApprovedAccounts(ctx, f.tenant, 2026)
		wantError(t, err, domain.CodeForbidden, "Solo los propietarios ven las cuentas aprobadas de la comunidad")
		if _, err := f.svc.SaveClosingSettings(ctx, f.admin, ClosingSettings{Mode: domain.ClosingApplied, TenantsReadAccounts: true}); err != nil {
			t.Fatal(err)
		}
		theirs, err := f.svc.ApprovedAccounts(ctx, f.tenant, 2026)
		if err != nil || len(theirs.Units) != 0 || len(theirs.Liquidation) != 0 || theirs.Expenses != 1166700 {
			t.Fatalf("the tenant reads %+v %v", theirs, err)
		}
		years, err := f.svc.ApprovedYears(ctx, f.owner)
		if err != nil || len(years) != 1 || years[0].Year != 2026 || years[0].JuntaDate != "2027-01-15" {
			t.Fatalf("approved years %+v %v", years, err)
		}
		for _, action := range []string{AuditYearClosed, AuditAccountsApproved, AuditClosedYearCorrected} {
			if !slices.Contains(f.audit, action) {
				t.Errorf("no %s in the audit", action)
			}
		}
	})
}

// TestCloseYearSettled: with the setting 'settle', the liquidación is recorded but nothing is posted to
// the ledger.
func TestCloseYearSettled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newYearFixture(t, db)
		if _, err := f.svc.SaveClosingSettings(ctx, f.admin, ClosingSettings{Mode: domain.ClosingSettled}); err != nil {
			t.Fatal(err)
		}
		y, err := f.svc.CloseYear(ctx, f.admin, 2026)
		if err != nil {
			t.Fatal(err)
		}
		if y.Closed.Mode != domain.ClosingSettled {
			t.Fatalf("mode %s", y.Closed.Mode)
		}
		ls, err := db.Liquidations(ctx, f.admin.CommunityID, 2026)
		if err != nil || len(ls) != 12 {
			t.Fatalf("liquidations %+v %v", ls, err)
		}
		for _, l := range ls {
			if l.LedgerEntryID != "" {
				t.Errorf("%s has a ledger entry", l.UnitLabel)
			}
		}
		if got, _ := db.LedgerBalance(ctx, f.admin.CommunityID, f.units["Bajo A"], "2027-01-02"); got != 0 {
			t.Errorf("Bajo A's balance %d", got)
		}
	})
}
