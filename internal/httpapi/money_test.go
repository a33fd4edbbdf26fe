package httpapi_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
	"vecinos/internal/testpdf"
)

// moneyCast is a 4-unit building (1º A, 1º B, 2º A, 2º B at 25 % each) with its admin, the confirmed owner
// of 1º A, a tenant (a member who owns nothing), the admin of another community, a user without one and
// an anonymous caller.
type moneyCast struct {
	e                                           *env
	admin, owner, tenant, outsider, loner, anon *client
	units                                       map[string]string // name → id
	year                                        int
}

func newMoneyCast(t *testing.T, db *store.DB) *moneyCast {
	t.Helper()
	e := newEnv(t, db)
	c := &moneyCast{e: e, anon: e.client(), units: map[string]string{}, year: e.clock().Year()}
	c.admin = e.regAdmin(t, "presi@example.es", map[string]any{"floors_count": 2, "doors_per_floor": 2})
	_, units := regUnits(t, c.admin)
	for _, u := range units {
		c.units[u["name"].(string)] = u["id"].(string)
		c.admin.must(t, "PATCH", "/api/v1/community/units/"+u["id"].(string), map[string]any{"coefficient": "25"}, 200)
	}
	code := e.communityCode(t, c.admin)
	c.owner = e.obMember(t, "duena@example.es", code)
	c.owner.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": c.units["1º A"], "owner": true}, 200)
	obConfirmOwners(t, c.admin)
	c.tenant = e.obMember(t, "inquilino@example.es", code)
	c.outsider = e.confirmedUser(t, "fuera@example.es", obCommunityMeta("Otra", "Calle Otra 1", "Madrid", nil))
	c.loner = e.obLoner(t, "sin@example.es")
	return c
}

// approvedBudget sets up 'Ascensor' (the upper floor pays the lift) and approves a budget of 4.000,00 €
// of cleaning (General) and 1.000,00 € of lift, with the 10 % reserve (500,00 €), quarterly.
func (c *moneyCast) approvedBudget(t *testing.T) (budgetID, liftID string) {
	t.Helper()
	lift := c.admin.must(t, "POST", "/api/v1/money/groups", map[string]any{"name": "Ascensor", "method": "percentage", "shares": []any{
		map[string]any{"unitId": c.units["2º A"], "weight": 500000}, map[string]any{"unitId": c.units["2º B"], "weight": 500000}}}, 201)
	b := c.admin.must(t, "POST", "/api/v1/money/budgets", map[string]any{"year": c.year}, 201)
	c.admin.must(t, "PUT", "/api/v1/money/budgets/"+b["id"].(string), map[string]any{"lines": []any{
		map[string]any{"concept": "Limpieza", "groupId": "general", "amountCents": 400000},
		map[string]any{"concept": "Ascensor", "groupId": lift["id"], "amountCents": 100000}}}, 200)
	c.admin.must(t, "POST", "/api/v1/money/budgets/"+b["id"].(string)+"/approve", map[string]any{"juntaDate": fmt.Sprintf("%d-01-15", c.year)}, 200)
	return b["id"].(string), lift["id"].(string)
}

// TestMoneyPermissions: anonymous callers, users without a community, a tenant, an owner on the admins'
// screens and another community get nothing of a community's money.
func TestMoneyPermissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		budgetID, liftID := c.approvedBudget(t)
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": c.year, "period": 1}, 201)
		receipts := items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/receipts?year=%d", c.year), nil, 200))
		receiptID := receipts[0]["id"].(string)
		unit := c.units["1º A"]
		y := fmt.Sprint(c.year)
		type call struct {
			method, path string
			body         map[string]any
		}
		group := map[string]any{"name": "X", "method": "equal", "shares": []any{map[string]any{"unitId": unit}}}
		adminRoutes := []call{{"GET", "/api/v1/money/settings", nil}, {"PUT", "/api/v1/money/settings", map[string]any{"periodicity": "monthly"}},
			{"GET", "/api/v1/money/groups", nil}, {"POST", "/api/v1/money/groups", group}, {"PUT", "/api/v1/money/groups/" + liftID, group},
			{"DELETE", "/api/v1/money/groups/" + liftID, nil}, {"GET", "/api/v1/money/budgets?year=" + y, nil},
			{"POST", "/api/v1/money/budgets", map[string]any{"year": c.year + 1}},
			{"PUT", "/api/v1/money/budgets/" + budgetID, map[string]any{"lines": []any{}}},
			{"POST", "/api/v1/money/budgets/" + budgetID + "/approve", map[string]any{"juntaDate": y + "-01-20"}},
			{"POST", "/api/v1/money/budgets/" + budgetID + "/revise", nil}, {"GET", "/api/v1/money/cuotas?year=" + y, nil},
			{"POST", "/api/v1/money/receipts/generate", map[string]any{"year": c.year, "period": 2}},
			{"GET", "/api/v1/money/receipts?year=" + y, nil},
			{"POST", "/api/v1/money/receipts/" + receiptID + "/payments", map[string]any{"amountCents": 100, "method": "cash", "date": y + "-01-20"}},
			{"POST", "/api/v1/money/units/" + unit + "/corrections", map[string]any{"amountCents": 100, "date": y + "-01-20", "note": "x"}}}
		memberRoutes := []call{{"GET", "/api/v1/money/mine", nil}, {"GET", "/api/v1/money/units/" + unit + "/statement", nil},
			{"GET", "/api/v1/money/units/" + unit + "/statement.csv", nil}}
		for _, r := range append(adminRoutes, memberRoutes...) {
			if p := c.anon.must(t, r.method, r.path, r.body, 401); p["code"] != "unauthorized" {
				t.Errorf("anonymous %s %s: %v", r.method, r.path, p)
			}
			c.loner.must(t, r.method, r.path, r.body, 403)
		}
		const adminsOnly = "Solo los administradores pueden gestionar las cuentas de la comunidad"
		for _, r := range adminRoutes {
			obDetail(t, c.tenant, r.method, r.path, r.body, 403, "forbidden", adminsOnly)
			obDetail(t, c.owner, r.method, r.path, r.body, 403, "forbidden", adminsOnly)
		}
		// Another community's admin: our ids are not found, and their lists are their own (empty).
		for _, r := range append(adminRoutes, memberRoutes...) {
			if r.method == "GET" && !strings.Contains(r.path, "/units/") || r.method == "POST" && !strings.Contains(r.path, budgetID) &&
				!strings.Contains(r.path, receiptID) && !strings.Contains(r.path, unit) || r.method == "PUT" && strings.Contains(r.path, "settings") {
				continue // the caller's own community's
			}
			if r.method == "PUT" && strings.Contains(r.path, "groups") {
				// Its body names our unit, which is not theirs either.
				obDetail(t, c.outsider, r.method, r.path, r.body, 404, "not_found", "La vivienda no existe")
				continue
			}
			if p := c.outsider.must(t, r.method, r.path, r.body, 404); p["code"] != "not_found" {
				t.Errorf("outsider %s %s: %v", r.method, r.path, p)
			}
		}
		if got := items(c.outsider.must(t, "GET", "/api/v1/money/receipts?year="+y, nil, 200)); len(got) != 0 {
			t.Errorf("outsider lists %d receipts", len(got))
		}
		if got := items(c.outsider.must(t, "GET", "/api/v1/money/budgets?year="+y, nil, 200)); len(got) != 0 {
			t.Errorf("outsider lists %d budgets", len(got))
		}
		if got := obItems(t, c.outsider.must(t, "GET", "/api/v1/money/groups", nil, 200), "groups"); len(got) != 1 || got[0]["id"] != "general" {
			t.Errorf("outsider's groups %v", got)
		}
		// The tenant owns nothing: no cuota, no receipt, and not the owner's statement.
		if m := c.tenant.must(t, "GET", "/api/v1/money/mine", nil, 200); len(m["cuotas"].([]any)) != 0 || len(m["receipts"].([]any)) != 0 {
			t.Errorf("tenant sees %v", m)
		}
		obDetail(t, c.tenant, "GET", "/api/v1/money/units/"+unit+"/statement", nil, 403, "forbidden",
			"Solo el propietario de la vivienda y los administradores pueden ver sus cuentas")
		c.tenant.must(t, "GET", "/api/v1/money/units/"+unit+"/statement.csv", nil, 403)
		// The owner sees their own unit's, and not their neighbour's.
		c.owner.must(t, "GET", "/api/v1/money/units/"+unit+"/statement", nil, 200)
		c.owner.must(t, "GET", "/api/v1/money/units/"+c.units["2º B"]+"/statement", nil, 403)
		if m := c.outsider.must(t, "GET", "/api/v1/money/mine", nil, 200); len(m["receipts"].([]any)) != 0 {
			t.Errorf("outsider's own receipts %v", m)
		}
	})
}

// TestGroupsAndBudget: a group whose shares do not add up cannot be used; the budget's reserve fund is
// 10 % and cannot be lowered; an approved budget changes only by a new version, which keeps the old.
func TestGroupsAndBudget(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		y := c.year
		groups := obItems(t, c.admin.must(t, "GET", "/api/v1/money/groups", nil, 200), "groups")
		if len(groups) != 1 || groups[0]["name"] != "General" || groups[0]["ready"] != true || len(groups[0]["shares"].([]any)) != 4 ||
			groups[0]["sum"] != float64(1000000) {
			t.Fatalf("groups %v", groups)
		}
		// 40 % + 50 %: saved, but not ready.
		lift := c.admin.must(t, "POST", "/api/v1/money/groups", map[string]any{"name": "Ascensor", "method": "percentage", "shares": []any{
			map[string]any{"unitId": c.units["2º A"], "weight": 400000}, map[string]any{"unitId": c.units["2º B"], "weight": 500000}}}, 201)
		groups = obItems(t, c.admin.must(t, "GET", "/api/v1/money/groups", nil, 200), "groups")
		if groups[1]["ready"] != false || groups[1]["problem"] != "Las partes del grupo «Ascensor» suman 90 %: deben sumar 100 %" {
			t.Fatalf("lift %v", groups[1])
		}
		obDetail(t, c.admin, "POST", "/api/v1/money/groups", map[string]any{"name": "ascensor", "method": "equal",
			"shares": []any{map[string]any{"unitId": c.units["1º A"]}}}, 409, "conflict", "Ya existe un grupo «ascensor»")
		obDetail(t, c.admin, "POST", "/api/v1/money/groups", map[string]any{"name": "Garaje", "method": "percentage",
			"shares": []any{map[string]any{"unitId": c.units["1º A"], "weight": -1}}}, 422, "invalid", "El porcentaje de cada vivienda debe estar entre 0 y 100")
		b := c.admin.must(t, "POST", "/api/v1/money/budgets", map[string]any{"year": y}, 201)
		if b["status"] != "draft" || b["version"] != float64(1) {
			t.Fatalf("budget %v", b)
		}
		path := "/api/v1/money/budgets/" + b["id"].(string)
		c.admin.must(t, "POST", "/api/v1/money/budgets", map[string]any{"year": y}, 409)
		lines := []any{map[string]any{"concept": "Limpieza", "groupId": "general", "amountCents": 400000},
			map[string]any{"concept": "Ascensor", "groupId": lift["id"], "amountCents": 100000}}
		obDetail(t, c.admin, "PUT", path, map[string]any{"lines": []any{map[string]any{"concept": "Limpieza", "groupId": "general", "amountCents": -5}}},
			422, "invalid", "La partida «Limpieza» no puede ser negativa")
		obDetail(t, c.admin, "PUT", path, map[string]any{"lines": lines, "reserveCents": 49999}, 422, "invalid",
			"El fondo de reserva no puede ser menor que el 10 % del presupuesto ordinario (500,00 €)")
		saved := c.admin.must(t, "PUT", path, map[string]any{"lines": lines}, 200)
		if saved["reserveCents"] != float64(50000) || saved["totalCents"] != float64(550000) {
			t.Fatalf("saved %v", saved)
		}
		saved = c.admin.must(t, "PUT", path, map[string]any{"lines": lines, "reserveCents": 60000}, 200)
		if saved["reserveCents"] != float64(60000) {
			t.Fatalf("raised reserve %v", saved)
		}
		// Not approved while Ascensor adds up to 90 %; nothing half-written.
		obDetail(t, c.admin, "POST", path+"/approve", map[string]any{"juntaDate": fmt.Sprintf("%d-01-15", y)}, 409, "conflict",
			"Las partes del grupo «Ascensor» suman 90 %: deben sumar 100 %")
		obDetail(t, c.admin, "POST", path+"/approve", map[string]any{"juntaDate": "ayer"}, 422, "invalid", "Indica la fecha de la junta que aprobó el presupuesto")
		c.admin.must(t, "PUT", "/api/v1/money/groups/"+lift["id"].(string), map[string]any{"name": "Ascensor", "method": "percentage", "shares": []any{
			map[string]any{"unitId": c.units["2º A"], "weight": 500000}, map[string]any{"unitId": c.units["2º B"], "weight": 500000}}}, 200)
		approved := c.admin.must(t, "POST", path+"/approve", map[string]any{"juntaDate": fmt.Sprintf("%d-01-15", y)}, 200)
		if approved["status"] != "approved" || approved["juntaDate"] != fmt.Sprintf("%d-01-15", y) {
			t.Fatalf("approved %v", approved)
		}
		obDetail(t, c.admin, "PUT", path, map[string]any{"lines": lines}, 409, "conflict", "Un presupuesto aprobado no se modifica: crea una nueva versión")
		obDetail(t, c.admin, "DELETE", "/api/v1/money/groups/"+lift["id"].(string), nil, 409, "conflict",
			"El grupo «Ascensor» tiene partidas en un presupuesto: quítalas antes de borrarlo")
		// Cuotas, quarterly: 1º A pays a quarter of cleaning and reserve: (4.000 + 600) / 4 / 4 = 287,50 € a quarter.
		cu := c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/cuotas?year=%d", y), nil, 200)
		byUnit := map[string]map[string]any{}
		for _, u := range cu["units"].([]any) {
			m := u.(map[string]any)
			byUnit[m["unit"].(map[string]any)["label"].(string)] = m
		}
		if p := byUnit["1º A"]["periods"].([]any); len(p) != 4 || p[0] != float64(28750) || byUnit["1º A"]["annualCents"] != float64(115000) {
			t.Errorf("1º A %v", byUnit["1º A"])
		}
		if p := byUnit["2º B"]["periods"].([]any); p[0] != float64(41250) || byUnit["2º B"]["annualCents"] != float64(165000) {
			t.Errorf("2º B %v", byUnit["2º B"])
		}
		// A new version is a draft copy; approving it supersedes the old, which is kept unchanged.
		v2 := c.admin.must(t, "POST", path+"/revise", nil, 201)
		if v2["version"] != float64(2) || v2["status"] != "draft" || len(v2["lines"].([]any)) != 2 || v2["reserveCents"] != float64(60000) {
			t.Fatalf("v2 %v", v2)
		}
		c.admin.must(t, "POST", path+"/revise", nil, 409)
		c.admin.must(t, "PUT", "/api/v1/money/budgets/"+v2["id"].(string), map[string]any{"lines": []any{
			map[string]any{"concept": "Limpieza", "groupId": "general", "amountCents": 480000}}}, 200)
		c.admin.must(t, "POST", "/api/v1/money/budgets/"+v2["id"].(string)+"/approve", map[string]any{"juntaDate": fmt.Sprintf("%d-02-01", y)}, 200)
		versions := items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/budgets?year=%d", y), nil, 200))
		if len(versions) != 2 || versions[0]["status"] != "approved" || versions[1]["status"] != "superseded" ||
			versions[1]["totalCents"] != float64(560000) || versions[1]["juntaDate"] != fmt.Sprintf("%d-01-15", y) {
			t.Fatalf("versions %v", versions)
		}
		c.admin.must(t, "PUT", "/api/v1/money/settings", map[string]any{"periodicity": "monthly"}, 200)
		c.admin.must(t, "PUT", "/api/v1/money/settings", map[string]any{"periodicity": "weekly"}, 422)
		cu = c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/cuotas?year=%d", y), nil, 200)
		if cu["periodicity"] != "monthly" || len(cu["units"].([]any)[0].(map[string]any)["periods"].([]any)) != 12 {
			t.Errorf("monthly cuotas %v", cu)
		}
		// Every change is in the audit log.
		seen := map[string]bool{}
		for _, e := range auditEntries(t, c.admin, "") {
			seen[e["action"].(string)] = true
		}
		for _, a := range []string{"money.group.created", "money.group.edited", "money.budget.created", "money.budget.edited",
			"money.budget.approved", "money.settings.edited"} {
			if !seen[a] {
				t.Errorf("no %s in the audit log", a)
			}
		}
	})
}

// TestReceiptsPaymentsAndStatement: a period's receipts are generated once even by two admins at the
// same moment, numbered without gaps; the owner sees theirs; payments are partial or whole, never over
// what is owed nor twice; the statement has the running balance and downloads as CSV.
func TestReceiptsPaymentsAndStatement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		y := c.year
		c.approvedBudget(t)
		// Two generations of the first quarter at once: exactly one wins.
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for i := range 2 {
			wg.Go(func() {
				statuses[i] = c.admin.status(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y, "period": 1})
			})
		}
		wg.Wait()
		if !(statuses[0] == 201 && statuses[1] == 409 || statuses[0] == 409 && statuses[1] == 201) {
			t.Fatalf("concurrent generations answered %v", statuses)
		}
		obDetail(t, c.admin, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y, "period": 1}, 409, "conflict",
			"Los recibos de este periodo ya están generados")
		obDetail(t, c.admin, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y, "period": 5}, 422, "invalid",
			"El periodo debe estar entre 1 y 4")
		obDetail(t, c.admin, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y + 1, "period": 1}, 409, "conflict",
			fmt.Sprintf("No hay un presupuesto aprobado de %d", y+1))
		q2 := c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y, "period": 2, "dueDate": fmt.Sprintf("%d-04-05", y)}, 201)
		if q2["count"] != float64(4) || q2["totalCents"] != float64(137500) || q2["periodKey"] != fmt.Sprintf("%d-T2", y) {
			t.Fatalf("Q2 %v", q2)
		}
		all := items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/receipts?year=%d", y), nil, 200))
		if len(all) != 8 {
			t.Fatalf("%d receipts", len(all))
		}
		numbers := map[float64]bool{}
		for _, r := range all {
			numbers[r["number"].(float64)] = true
		}
		for n := 1; n <= 8; n++ {
			if !numbers[float64(n)] {
				t.Errorf("receipt number %d missing: %v", n, numbers)
			}
		}
		// The owner sees the two receipts of 1º A and why they pay.
		mine := c.owner.must(t, "GET", "/api/v1/money/mine", nil, 200)
		rs := mine["receipts"].([]any)
		if len(rs) != 2 {
			t.Fatalf("owner's receipts %v", rs)
		}
		q1 := rs[1].(map[string]any)
		if q1["amountCents"] != float64(28125) || q1["unitLabel"] != "1º A" || q1["periodKey"] != fmt.Sprintf("%d-T1", y) ||
			q1["dueDate"] != fmt.Sprintf("%d-01-01", y) || q1["status"] != "pending" {
			t.Fatalf("owner's Q1 receipt %v", q1)
		}
		concepts := []string{}
		for _, l := range q1["lines"].([]any) {
			concepts = append(concepts, fmt.Sprint(l.(map[string]any)["concept"], "=", l.(map[string]any)["amountCents"]))
		}
		if strings.Join(concepts, ",") != "Limpieza=25000,Fondo de reserva=3125" {
			t.Errorf("concepts %v", concepts)
		}
		if cs := mine["cuotas"].([]any); len(cs) != 1 || cs[0].(map[string]any)["annualCents"] != float64(112500) {
			t.Errorf("owner's cuotas %v", cs)
		}
		// Payments: partial, then over what is left (refused), then the rest; a second one is refused.
		pay := "/api/v1/money/receipts/" + q1["id"].(string) + "/payments"
		day := e2eDay(c.e)
		obDetail(t, c.admin, "POST", pay, map[string]any{"amountCents": 10000, "method": "bizum", "date": day}, 422, "invalid",
			"Indica si el pago fue por transferencia o en efectivo")
		partial := c.admin.must(t, "POST", pay, map[string]any{"amountCents": 10000, "method": "cash", "date": day}, 200)
		if partial["status"] != "partial" || partial["paidCents"] != float64(10000) {
			t.Fatalf("partial %v", partial)
		}
		obDetail(t, c.admin, "POST", pay, map[string]any{"amountCents": 20000, "method": "transfer", "date": day}, 422, "invalid",
			"El pago (200,00 €) es mayor que lo que queda por pagar del recibo (181,25 €)")
		paid := c.admin.must(t, "POST", pay, map[string]any{"amountCents": 18125, "method": "transfer", "date": day, "reference": "TRF 123"}, 200)
		if paid["status"] != "paid" {
			t.Fatalf("paid %v", paid)
		}
		obDetail(t, c.admin, "POST", pay, map[string]any{"amountCents": 1, "method": "cash", "date": day}, 409, "conflict",
			fmt.Sprintf("El recibo %d/%06d ya está pagado", y, int(q1["number"].(float64))))
		// A correction: a new entry, with its reason.
		unit := c.units["1º A"]
		obDetail(t, c.admin, "POST", "/api/v1/money/units/"+unit+"/corrections", map[string]any{"amountCents": 500, "date": day, "note": " "}, 422,
			"invalid", "Explica el motivo de la corrección")
		c.admin.must(t, "POST", "/api/v1/money/units/"+unit+"/corrections", map[string]any{"amountCents": -500, "date": day,
			"note": "Devolución de un cargo duplicado"}, 201)
		// The owner's statement: receipts Q1 and Q2 owed, two payments, the correction; running balance.
		st := c.owner.must(t, "GET", "/api/v1/money/units/"+unit+"/statement", nil, 200)
		entries := st["entries"].([]any)
		if st["openingCents"] != float64(0) || len(entries) != 5 {
			t.Fatalf("statement %v", st)
		}
		if last := entries[len(entries)-1].(map[string]any); last["balanceCents"] != st["closingCents"] {
			t.Errorf("last balance %v, closing %v", last["balanceCents"], st["closingCents"])
		}
		// Q1 281,25 + Q2 281,25 − 100 − 181,25 − 5 = 276,25 owed.
		if st["closingCents"] != float64(27625) {
			t.Errorf("closing %v", st["closingCents"])
		}
		// From April on: the opening balance is the Q1 receipt (its payments came later), the closing the same.
		from := fmt.Sprintf("%d-04-01", y)
		st2 := c.owner.must(t, "GET", "/api/v1/money/units/"+unit+"/statement?from="+from, nil, 200)
		if st2["openingCents"] != float64(28125) || st2["closingCents"] != float64(27625) {
			t.Errorf("statement from %s: %v", from, st2)
		}
		obDetail(t, c.owner, "GET", "/api/v1/money/units/"+unit+"/statement?from=2030-01-01&to=2029-01-01", nil, 422, "invalid",
			"La fecha inicial del extracto es posterior a la final")
		csv := moneyCSV(t, c.owner, "/api/v1/money/units/"+unit+"/statement.csv?from="+from)
		if !strings.Contains(csv, "Saldo inicial;;;;281,25") || !strings.Contains(csv, "Saldo final;;;;276,25") ||
			!strings.Contains(csv, "Pago del recibo") || !strings.Contains(csv, "(TRF 123)") {
			t.Errorf("CSV:\n%s", csv)
		}
		seen := map[string]bool{}
		for _, e := range auditEntries(t, c.admin, "") {
			seen[e["action"].(string)] = true
		}
		for _, a := range []string{"money.receipts.issued", "money.payment.recorded", "money.correction.posted"} {
			if !seen[a] {
				t.Errorf("no %s in the audit log", a)
			}
		}
	})
}

func e2eDay(e *env) string { return moneyNow(e).Format("2006-01-02") }

// moneyNow is the test clock in the money service's calendar (Europe/Madrid, or UTC without zone data):
// near midnight its day is not UTC's.
func moneyNow(e *env) time.Time {
	zone, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		zone = time.UTC
	}
	return e.clock().In(zone)
}

func moneyCSV(t *testing.T, c *client, path string) string {
	t.Helper()
	res, err := c.http.Get(c.e.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
		!strings.Contains(res.Header.Get("Content-Disposition"), "extracto-") {
		t.Fatalf("CSV %s: %d %v %s", path, res.StatusCode, res.Header, b)
	}
	return string(b)
}

// TestReceiptCompensation: an admin settles a receipt against what the community owes the owner; the
// ledger says why, the receipt is no longer owed and a second compensation is refused.
func TestReceiptCompensation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		y := c.year
		c.approvedBudget(t)
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y, "period": 1}, 201)
		q1 := c.owner.must(t, "GET", "/api/v1/money/mine", nil, 200)["receipts"].([]any)[0].(map[string]any)
		day := e2eDay(c.e)
		path := "/api/v1/money/receipts/" + q1["id"].(string) + "/compensation"
		c.admin.must(t, "POST", "/api/v1/money/receipts/"+q1["id"].(string)+"/payments", map[string]any{"amountCents": 10000, "method": "cash", "date": day}, 200)
		obDetail(t, c.admin, "POST", path, map[string]any{"date": day, "reason": " "}, 422, "invalid", "Explica qué debe la comunidad al propietario")
		if st := c.owner.status(t, "POST", path, map[string]any{"date": day, "reason": "Reparación de la bajante"}); st != 403 {
			t.Fatalf("an owner compensated their receipt: %d", st)
		}
		r := c.admin.must(t, "POST", path, map[string]any{"date": day, "reason": "Reparación de la bajante"}, 200)
		if r["status"] != "paid" || r["paidCents"] != r["amountCents"] || r["compensatedCents"] != float64(18125) {
			t.Fatalf("compensated %v", r)
		}
		// 'Compensado' in 'Mis cuotas' and the admin's list (compensatedCents) and in the receipt's PDF.
		if mine := c.owner.must(t, "GET", "/api/v1/money/mine", nil, 200)["receipts"].([]any)[0].(map[string]any); mine["compensatedCents"] != float64(18125) {
			t.Errorf("my receipt %v", mine)
		}
		for _, it := range c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/receipts?year=%d", y), nil, 200)["items"].([]any) {
			if it := it.(map[string]any); it["id"] == q1["id"] && it["compensatedCents"] != float64(18125) || it["id"] != q1["id"] && it["compensatedCents"] != float64(0) {
				t.Errorf("listed receipt %v", it)
			}
		}
		res, pdf := c.owner.get(t, "/api/v1/money/receipts/"+q1["id"].(string)+"/pdf")
		if res.StatusCode != 200 {
			t.Fatalf("receipt pdf %d", res.StatusCode)
		}
		testpdf.Contains(t, pdf, "Recibo "+q1["code"].(string), "Pagado 281,25 €", "Compensado 181,25 €", "Estado Compensado")
		obDetail(t, c.admin, "POST", path, map[string]any{"date": day, "reason": "Otra vez"}, 409, "conflict",
			fmt.Sprintf("El recibo %d/%06d ya está pagado", y, int(q1["number"].(float64))))
		st := c.owner.must(t, "GET", "/api/v1/money/units/"+c.units["1º A"]+"/statement", nil, 200)
		entries := st["entries"].([]any)
		last := entries[len(entries)-1].(map[string]any)
		if st["closingCents"] != float64(0) || last["kind"] != "compensation" || last["amountCents"] != float64(-18125) ||
			last["note"] != "Compensación del recibo "+q1["code"].(string)+": Reparación de la bajante" {
			t.Fatalf("statement %v", st)
		}
		found := false
		for _, e := range auditEntries(t, c.admin, "") {
			found = found || e["action"] == "money.receipt.compensated"
		}
		if !found {
			t.Error("no money.receipt.compensated in the audit log")
		}
	})
}

// TestOverpayments: a payment over what its receipt owes is refused by default; when the community leaves
// it as credit, the receipt is paid and the excess shows as a credit the next receipt is set against.
func TestOverpayments(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		y := c.year
		c.approvedBudget(t)
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y, "period": 1}, 201)
		q1 := c.owner.must(t, "GET", "/api/v1/money/mine", nil, 200)["receipts"].([]any)[0].(map[string]any)
		pay := "/api/v1/money/receipts/" + q1["id"].(string) + "/payments"
		day := e2eDay(c.e)
		if st := c.admin.must(t, "GET", "/api/v1/money/settings", nil, 200); st["overpayments"] != "refuse" {
			t.Fatalf("default settings %v", st)
		}
		obDetail(t, c.admin, "POST", pay, map[string]any{"amountCents": 30000, "method": "transfer", "date": day}, 422, "invalid",
			"El pago (300,00 €) es mayor que lo que queda por pagar del recibo (281,25 €)")
		obDetail(t, c.admin, "PUT", "/api/v1/money/settings", map[string]any{"periodicity": "quarterly", "overpayments": "keep"}, 422, "invalid",
			"Los datos enviados no son válidos")
		st := c.admin.must(t, "PUT", "/api/v1/money/settings", map[string]any{"periodicity": "quarterly", "overpayments": "credit"}, 200)
		if st["overpayments"] != "credit" {
			t.Fatalf("saved settings %v", st)
		}
		// Saving the periodicity alone keeps the choice.
		if st := c.admin.must(t, "PUT", "/api/v1/money/settings", map[string]any{"periodicity": "quarterly"}, 200); st["overpayments"] != "credit" {
			t.Fatalf("settings after saving the periodicity %v", st)
		}
		r := c.admin.must(t, "POST", pay, map[string]any{"amountCents": 30000, "method": "transfer", "date": day}, 200)
		if r["status"] != "paid" || r["paidCents"] != float64(28125) {
			t.Fatalf("overpaid receipt %v", r)
		}
		unit := c.units["1º A"]
		statement := c.owner.must(t, "GET", "/api/v1/money/units/"+unit+"/statement", nil, 200)
		last := statement["entries"].([]any)[1].(map[string]any)
		if statement["closingCents"] != float64(-1875) || last["amountCents"] != float64(-30000) ||
			last["note"] != "Pago del recibo "+q1["code"].(string)+" (18,75 € a cuenta)" {
			t.Fatalf("statement with credit %v", statement)
		}
		// The next receipt is set against the credit: the balance owed is the receipt less the credit.
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y, "period": 2, "dueDate": day}, 201)
		statement = c.owner.must(t, "GET", "/api/v1/money/units/"+unit+"/statement", nil, 200)
		if statement["closingCents"] != float64(28125-1875) {
			t.Fatalf("statement after the next receipt %v", statement)
		}
		// The credit paid that receipt in part, and the audit says so (money.credit.applied).
		for _, r := range c.owner.must(t, "GET", "/api/v1/money/mine", nil, 200)["receipts"].([]any) {
			if r := r.(map[string]any); r["periodKey"] == fmt.Sprintf("%d-T2", y) && (r["paidCents"] != float64(1875) || r["status"] != "partial") {
				t.Errorf("the next receipt after the credit %v", r)
			}
		}
		found := false
		for _, e := range auditEntries(t, c.admin, "") {
			found = found || e["action"] == "money.credit.applied"
		}
		if !found {
			t.Error("no money.credit.applied in the audit log")
		}
	})
}

// TestDerramas: a one-off charge shared by General's shares (largest remainder) over three instalments,
// one receipt per unit per instalment, issued once and numbered on in the receipts' sequence of each year.
func TestDerramas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		y := c.year
		day := e2eDay(c.e)
		dues := []string{fmt.Sprintf("%d-03-01", y), fmt.Sprintf("%d-09-01", y), fmt.Sprintf("%d-03-01", y+1)}
		body := map[string]any{"concept": "Fachada", "totalCents": 100001, "groupId": "general", "juntaDate": day, "dueDates": dues}
		obDetail(t, c.admin, "POST", "/api/v1/money/derramas", map[string]any{"concept": " ", "totalCents": 100001, "groupId": "general",
			"juntaDate": day, "dueDates": dues}, 422, "invalid", "Indica el concepto de la derrama")
		obDetail(t, c.admin, "POST", "/api/v1/money/derramas", map[string]any{"concept": "Fachada", "totalCents": 100001, "groupId": "general",
			"juntaDate": day, "dueDates": []string{dues[1], dues[0]}}, 422, "invalid", "Las fechas de los plazos deben ser válidas y sucesivas")
		d := c.admin.must(t, "POST", "/api/v1/money/derramas", body, 201)
		issue := "/api/v1/money/derramas/" + d["id"].(string) + "/receipts"
		g := c.admin.must(t, "POST", issue, nil, 201)
		if d["number"] != float64(1) || g["count"] != float64(12) || g["totalCents"] != float64(100001) || g["periodKey"] != "DER1-" {
			t.Fatalf("issued %v", g)
		}
		obDetail(t, c.admin, "POST", issue, nil, 409, "conflict", "Los recibos de esta derrama ya están generados")
		list := items(c.admin.must(t, "GET", "/api/v1/money/derramas", nil, 200))
		if len(list) != 1 || len(list[0]["instalments"].([]any)) != 3 || list[0]["instalments"].([]any)[2].(map[string]any)["issued"] != true {
			t.Fatalf("derramas %v", list)
		}
		// Per instalment: 4 units, the odd cents to the earlier instalments and the first units.
		byYear := map[int]int{}
		perDue := map[string]float64{}
		for _, year := range []int{y, y + 1} {
			rs := items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/receipts?year=%d", year), nil, 200))
			byYear[year] = len(rs)
			numbers := map[float64]bool{}
			for _, r := range rs {
				numbers[r["number"].(float64)] = true
				perDue[r["dueDate"].(string)] += r["amountCents"].(float64)
				if year == y+1 && r["periodKey"] != "DER1-3" {
					t.Errorf("the third instalment's period key: %v", r["periodKey"])
				}
			}
			for n := 1; n <= len(rs); n++ {
				if !numbers[float64(n)] {
					t.Errorf("%d: receipt number %d missing: %v", year, n, numbers)
				}
			}
		}
		if byYear[y] != 8 || byYear[y+1] != 4 || perDue[dues[0]] != 33336 || perDue[dues[1]] != 33333 || perDue[dues[2]] != 33332 {
			t.Fatalf("receipts by year %v, by instalment %v", byYear, perDue)
		}
		var mine float64
		for _, r := range c.owner.must(t, "GET", "/api/v1/money/mine", nil, 200)["receipts"].([]any) {
			mine += r.(map[string]any)["amountCents"].(float64)
		}
		if mine != 25000 && mine != 25001 {
			t.Errorf("the owner's part of the derrama: %v", mine)
		}
		// The quarter's receipts number on after the derrama's.
		c.approvedBudget(t)
		// A derrama's group cannot be deleted: its receipts are shared by it.
		garden := c.admin.must(t, "POST", "/api/v1/money/groups", map[string]any{"name": "Jardín", "method": "equal", "shares": []any{
			map[string]any{"unitId": c.units["1º A"]}, map[string]any{"unitId": c.units["2º A"]}}}, 201)
		c.admin.must(t, "POST", "/api/v1/money/derramas", map[string]any{"concept": "Poda", "totalCents": 1001, "groupId": garden["id"],
			"juntaDate": day, "dueDates": dues[:1]}, 201)
		obDetail(t, c.admin, "DELETE", "/api/v1/money/groups/"+garden["id"].(string), nil, 409, "conflict",
			"El grupo «Jardín» reparte una derrama: no se puede borrar")
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": y, "period": 1}, 201)
		if rs := items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/receipts?year=%d", y), nil, 200)); len(rs) != 12 {
			t.Fatalf("%d receipts after the quarter's", len(rs))
		}
	})
}
