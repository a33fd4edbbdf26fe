package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// quarterIssued approves the cast's budget and issues the first quarter's receipts, due on 1 January of
// this year: today they are all overdue. It returns the receipts by unit name.
func (c *moneyCast) quarterIssued(t *testing.T) map[string]map[string]any {
	t.Helper()
	c.approvedBudget(t)
	c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": c.year, "period": 1}, 201)
	out := map[string]map[string]any{}
	for _, r := range items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/receipts?year=%d", c.year), nil, 200)) {
		out[r["unitLabel"].(string)] = r
	}
	return out
}

func debtUnits(t *testing.T, body map[string]any) []map[string]any {
	t.Helper()
	return obItems(t, body, "units")
}

// TestWhoOwes: a receipt past its due date and the days of grace is a debt; admins see every unit's with
// its age, an owner only their own, a tenant nothing, and another community none of ours.
func TestWhoOwes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		rs := c.quarterIssued(t)
		due, _ := time.Parse("2006-01-02", fmt.Sprintf("%d-01-01", c.year))
		today, _ := time.Parse("2006-01-02", e2eDay(c.e)) // the service's day (Madrid): near midnight not UTC's
		age := int(today.Sub(due).Hours() / 24)
		if age < 1 {
			t.Skip("the first quarter is not yet overdue on 1 January")
		}
		report := c.admin.must(t, "GET", "/api/v1/money/debts", nil, 200)
		units := debtUnits(t, report)
		if len(units) != 4 || report["graceDays"] != float64(0) {
			t.Fatalf("report %v", report)
		}
		var total int64
		for _, r := range rs {
			total += int64(r["amountCents"].(float64))
		}
		if report["totalCents"] != float64(total) {
			t.Errorf("total %v, want %d", report["totalCents"], total)
		}
		if got := units[0]["receipts"].([]any)[0].(map[string]any); got["ageDays"] == nil || units[0]["ageDays"].(float64) < float64(age-1) {
			t.Errorf("age %v, want about %d", units[0], age)
		}
		// The owner sees their own unit's debt, and nobody else's.
		mine := debtUnits(t, c.owner.must(t, "GET", "/api/v1/money/mine/debts", nil, 200))
		if len(mine) != 1 || mine[0]["unit"].(map[string]any)["label"] != "1º A" {
			t.Fatalf("owner's debts %v", mine)
		}
		if got := debtUnits(t, c.tenant.must(t, "GET", "/api/v1/money/mine/debts", nil, 200)); len(got) != 0 {
			t.Errorf("tenant sees %v", got)
		}
		const adminsOnly = "Solo los administradores pueden gestionar las cuentas de la comunidad"
		obDetail(t, c.owner, "GET", "/api/v1/money/debts", nil, 403, "forbidden", adminsOnly)
		obDetail(t, c.tenant, "GET", "/api/v1/money/debts", nil, 403, "forbidden", adminsOnly)
		c.anon.must(t, "GET", "/api/v1/money/debts", nil, 401)
		c.anon.must(t, "GET", "/api/v1/money/mine/debts", nil, 401)
		if got := debtUnits(t, c.outsider.must(t, "GET", "/api/v1/money/debts", nil, 200)); len(got) != 0 {
			t.Errorf("another community sees %v", got)
		}
		// Paid in full, 1º A is up to date.
		a := rs["1º A"]
		c.admin.must(t, "POST", "/api/v1/money/receipts/"+a["id"].(string)+"/payments", map[string]any{"amountCents": a["amountCents"],
			"method": "transfer", "date": today.Format("2006-01-02")}, 200)
		if got := debtUnits(t, c.owner.must(t, "GET", "/api/v1/money/mine/debts", nil, 200)); len(got) != 0 {
			t.Errorf("owner after paying %v", got)
		}
		if got := debtUnits(t, c.admin.must(t, "GET", "/api/v1/money/debts", nil, 200)); len(got) != 3 {
			t.Errorf("after a payment %d units in debt", len(got))
		}
		// Days of grace beyond the receipts' age: nobody owes yet.
		c.admin.must(t, "PUT", "/api/v1/money/debt-settings", map[string]any{"graceDays": 400}, 422)
		c.admin.must(t, "PUT", "/api/v1/money/debt-settings", map[string]any{"graceDays": age + 1}, 200)
		if got := debtUnits(t, c.admin.must(t, "GET", "/api/v1/money/debts", nil, 200)); len(got) != 0 {
			t.Errorf("within the grace days %v", got)
		}
		if s := c.admin.must(t, "GET", "/api/v1/money/debt-settings", nil, 200); s["graceDays"] != float64(age+1) {
			t.Errorf("settings %v", s)
		}
	})
}

// TestDebtCertificates: the secretary records a request (the 7 days run from it) and issues it with the
// president's visto bueno; the PDF carries a code that anyone can check; a liquidation needs its junta and
// a debt; a certificate is issued once.
func TestDebtCertificates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		rs := c.quarterIssued(t)
		today := moneyNow(c.e).Format("2006-01-02")
		a := rs["1º A"]
		c.admin.must(t, "POST", "/api/v1/money/receipts/"+a["id"].(string)+"/payments", map[string]any{"amountCents": a["amountCents"],
			"method": "cash", "date": today}, 200)

		obDetail(t, c.admin, "POST", "/api/v1/money/certificates", map[string]any{"kind": "debt", "unitId": c.units["1º A"],
			"requestedOn": "2999-01-01"}, 422, "invalid", "La fecha de la solicitud no puede ser futura")
		req := c.admin.must(t, "POST", "/api/v1/money/certificates", map[string]any{"kind": "debt", "unitId": c.units["1º A"],
			"requestedOn": today}, 201)
		if want := moneyNow(c.e).AddDate(0, 0, 7).Format("2006-01-02"); req["dueOn"] != want || req["issuedOn"] != nil || req["code"] != nil {
			t.Fatalf("request %v, want due %s", req, want)
		}
		id := req["id"].(string)
		c.admin.must(t, "GET", "/api/v1/money/certificates/"+id+"/pdf", nil, 409)
		obDetail(t, c.admin, "POST", "/api/v1/money/certificates/"+id+"/issue", map[string]any{"presidentName": " "}, 422, "invalid",
			"Indica quién da el visto bueno como presidente")
		issued := c.admin.must(t, "POST", "/api/v1/money/certificates/"+id+"/issue", map[string]any{"presidentName": "Pedro Presidente"}, 200)
		code, _ := issued["code"].(string)
		if issued["owedCents"] != float64(0) || issued["issuedOn"] != today || len(code) != 14 {
			t.Fatalf("issued %v", issued)
		}
		obDetail(t, c.admin, "POST", "/api/v1/money/certificates/"+id+"/issue", map[string]any{"presidentName": "Otra"}, 409, "conflict",
			"El certificado ya está emitido")
		res, body := c.admin.get(t, "/api/v1/money/certificates/"+id+"/pdf")
		if res.StatusCode != 200 || !strings.HasPrefix(string(body), "%PDF") || res.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf %d %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		// Anyone holding the code checks it; a wrong code is not found.
		v := c.anon.must(t, "GET", "/api/v1/money/verify/"+strings.ToLower(code), nil, 200)
		if v["unitLabel"] != "1º A" || v["owedCents"] != float64(0) || v["kind"] != "debt" || v["presidentName"] != "Pedro Presidente" {
			t.Errorf("verified %v", v)
		}
		obDetail(t, c.anon, "GET", "/api/v1/money/verify/AAAA-BBBB-CCCC", nil, 404, "not_found", "No hay ningún certificado con ese código")

		// The liquidation of art. 21: of a debt, with the junta that approved it.
		obDetail(t, c.admin, "POST", "/api/v1/money/certificates", map[string]any{"kind": "liquidation", "unitId": c.units["2º B"],
			"requestedOn": today}, 422, "invalid", "Indica la fecha de la junta que aprobó la liquidación")
		paid := c.admin.must(t, "POST", "/api/v1/money/certificates", map[string]any{"kind": "liquidation", "unitId": c.units["1º A"],
			"requestedOn": today, "juntaDate": today}, 201)
		obDetail(t, c.admin, "POST", "/api/v1/money/certificates/"+paid["id"].(string)+"/issue", map[string]any{"presidentName": "Pedro"},
			409, "conflict", "«1º A» no debe nada: no hay deuda que liquidar")
		liq := c.admin.must(t, "POST", "/api/v1/money/certificates", map[string]any{"kind": "liquidation", "unitId": c.units["2º B"],
			"requestedOn": today, "juntaDate": today}, 201)
		liq = c.admin.must(t, "POST", "/api/v1/money/certificates/"+liq["id"].(string)+"/issue", map[string]any{"presidentName": "Pedro"}, 200)
		if liq["owedCents"] != rs["2º B"]["amountCents"] || len(liq["detail"].([]any)) != 1 {
			t.Errorf("liquidation %v", liq)
		}
		if got := items(c.admin.must(t, "GET", "/api/v1/money/certificates", nil, 200)); len(got) != 3 {
			t.Errorf("%d certificates", len(got))
		}
		// Nobody but the admins.
		for _, who := range []*client{c.owner, c.tenant} {
			who.must(t, "GET", "/api/v1/money/certificates", nil, 403)
			who.must(t, "GET", "/api/v1/money/certificates/"+id+"/pdf", nil, 403)
		}
		c.outsider.must(t, "GET", "/api/v1/money/certificates/"+id+"/pdf", nil, 404)
		c.anon.must(t, "GET", "/api/v1/money/certificates/"+id+"/pdf", nil, 401)
		// The public check is rate-limited per client address, as the other public look-ups: 60 in 5 minutes.
		limited := false
		for i := 0; i < 60 && !limited; i++ {
			status, _ := c.anon.bare(t, "GET", "/api/v1/money/verify/"+code)
			limited = status == 429
		}
		if !limited {
			t.Error("the public check is not rate-limited")
		}
	})
}

// TestReceiptPDFsNoticesAndSharing: the owner downloads their receipt and statement as PDF and got an
// email of it; a tenant sees nothing until the owner shares the unit's receipts with them; a unit with
// ledger entries is neither removed nor merged.
func TestReceiptPDFsNoticesAndSharing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		before := c.e.ivMails(t, "duena@example.es")
		rs := c.quarterIssued(t)
		if subject, text := c.e.obMail(t, "duena@example.es"); !strings.Contains(subject, "Nuevo recibo") || !strings.Contains(text, "1º A") {
			t.Errorf("receipt email %q %q", subject, text)
		}
		if n := c.e.ivMails(t, "duena@example.es") - before; n != 1 {
			t.Errorf("%d receipt emails to the owner", n)
		}
		a := rs["1º A"]["id"].(string)
		res, body := c.owner.get(t, "/api/v1/money/receipts/"+a+"/pdf")
		if res.StatusCode != 200 || !strings.HasPrefix(string(body), "%PDF") ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "recibo-") {
			t.Fatalf("receipt pdf %d %q", res.StatusCode, res.Header.Get("Content-Disposition"))
		}
		res, body = c.owner.get(t, "/api/v1/money/units/"+c.units["1º A"]+"/statement.pdf")
		if res.StatusCode != 200 || !strings.HasPrefix(string(body), "%PDF") {
			t.Fatalf("statement pdf %d", res.StatusCode)
		}
		c.owner.must(t, "GET", "/api/v1/money/receipts/"+rs["2º B"]["id"].(string)+"/pdf", nil, 403)
		c.owner.must(t, "GET", "/api/v1/money/units/"+c.units["2º B"]+"/statement.pdf", nil, 403)
		c.tenant.must(t, "GET", "/api/v1/money/receipts/"+a+"/pdf", nil, 403)
		c.outsider.must(t, "GET", "/api/v1/money/receipts/"+a+"/pdf", nil, 404)
		c.anon.must(t, "GET", "/api/v1/money/receipts/"+a+"/pdf", nil, 401)

		// The tenant moves into 1º A; the owner lets them see its receipts, then stops it.
		c.tenant.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": c.units["1º A"], "owner": false}, 200)
		tenantID := c.tenant.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string)
		sharing := items(c.owner.must(t, "GET", "/api/v1/money/units/"+c.units["1º A"]+"/sharing", nil, 200))
		if len(sharing) != 1 || sharing[0]["userId"] != tenantID || sharing[0]["granted"] != false {
			t.Fatalf("sharing %v", sharing)
		}
		c.tenant.must(t, "GET", "/api/v1/money/units/"+c.units["1º A"]+"/sharing", nil, 403)
		c.admin.must(t, "GET", "/api/v1/money/units/"+c.units["1º A"]+"/sharing", nil, 403)
		if m := c.tenant.must(t, "GET", "/api/v1/money/mine", nil, 200); len(m["receipts"].([]any)) != 0 {
			t.Fatalf("tenant before the grant %v", m["receipts"])
		}
		c.owner.must(t, "PUT", "/api/v1/money/units/"+c.units["1º A"]+"/sharing/"+tenantID, map[string]any{"on": true}, 200)
		m := c.tenant.must(t, "GET", "/api/v1/money/mine", nil, 200)
		if got := m["receipts"].([]any); len(got) != 1 || got[0].(map[string]any)["unitLabel"] != "1º A" || len(m["cuotas"].([]any)) != 0 {
			t.Fatalf("tenant with the grant %v", m)
		}
		if res, _ := c.tenant.get(t, "/api/v1/money/receipts/"+a+"/pdf"); res.StatusCode != 200 {
			t.Errorf("tenant's shared receipt pdf %d", res.StatusCode)
		}
		c.tenant.must(t, "GET", "/api/v1/money/units/"+c.units["1º A"]+"/statement", nil, 403)
		c.tenant.must(t, "GET", "/api/v1/money/receipts/"+rs["2º B"]["id"].(string)+"/pdf", nil, 403)
		c.owner.must(t, "PUT", "/api/v1/money/units/"+c.units["1º A"]+"/sharing/"+tenantID, map[string]any{"on": false}, 200)
		c.tenant.must(t, "GET", "/api/v1/money/receipts/"+a+"/pdf", nil, 403)
		obDetail(t, c.owner, "PUT", "/api/v1/money/units/"+c.units["1º A"]+"/sharing/"+c.admin.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string),
			map[string]any{"on": true}, 404, "not_found", "Esa persona no vive en «1º A»")

		// 2º B has neither owner nor residents, but it has a ledger: it stays.
		obDetail(t, c.admin, "DELETE", "/api/v1/community/units/"+c.units["2º B"], nil, 409, "conflict",
			"No se puede eliminar «2º B»: tiene movimientos en sus cuentas, que se conservan siempre")
		obDetail(t, c.admin, "POST", "/api/v1/community/units/"+c.units["2º B"]+"/merge", map[string]any{"into": c.units["2º A"]}, 409, "conflict",
			"No se puede fusionar «2º B»: tiene movimientos en sus cuentas, que se conservan siempre")
	})
}

// TestDebtProposesDeprivingTheVote: in a junta vote's electorate, the admin sees the units in debt
// proposed for deprivation (art. 15.2) with what they owe, and confirms one through the usual path.
func TestDebtProposesDeprivingTheVote(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		rs := c.quarterIssued(t)
		today := moneyNow(c.e).Format("2006-01-02")
		for _, name := range []string{"1º A", "1º B", "2º A"} {
			r := rs[name]
			c.admin.must(t, "POST", "/api/v1/money/receipts/"+r["id"].(string)+"/payments", map[string]any{"amountCents": r["amountCents"],
				"method": "cash", "date": today}, 200)
		}
		closes := c.e.clock().Add(48 * time.Hour).Format(time.RFC3339)
		junta := c.admin.must(t, "POST", "/api/v1/polls", map[string]any{"kind": "junta", "title": "Derrama", "closesAt": closes, "juntaDate": closes}, 201)
		proposed := map[string]any{}
		for _, u := range junta["units"].([]any) {
			u := u.(map[string]any)
			if u["debtCents"] != nil {
				proposed[u["label"].(string)] = u["debtCents"]
			}
		}
		if len(proposed) != 1 || proposed["2º B"] != rs["2º B"]["amountCents"] {
			t.Fatalf("proposed %v", proposed)
		}
		base := "/api/v1/polls/" + junta["id"].(string)
		after := c.admin.must(t, "PUT", base+"/units/"+c.units["2º B"]+"/deprivation", map[string]any{"reason": "No está al corriente de pago"}, 200)
		for _, u := range after["units"].([]any) {
			if u := u.(map[string]any); u["label"] == "2º B" && u["deprivedReason"] != "No está al corriente de pago" {
				t.Errorf("after confirming %v", u)
			}
		}
	})
}

// TestTheOfficeOverviewShowsEachCommunitysDebt: the administrador's office sees, for a community it
// runs, what its units owe past the days of grace (by the debt report's rule) and that no bank statement
// is in yet; the days of grace move it as they move the report.
func TestTheOfficeOverviewShowsEachCommunitysDebt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		c.quarterIssued(t)
		due, _ := time.Parse("2006-01-02", fmt.Sprintf("%d-01-01", c.year))
		today, _ := time.Parse("2006-01-02", e2eDay(c.e)) // the service's day (Madrid): near midnight not UTC's
		age := int(today.Sub(due).Hours() / 24)
		if age < 2 {
			t.Skip("the first quarter is not yet overdue on 1 or 2 January")
		}
		marta := c.e.obLoner(t, "marta@fincasperez.es")
		marta.must(t, "POST", "/api/v1/organisation", map[string]any{"name": "Fincas Pérez S.L.", "nif": "B12345674"}, 201)
		community := c.admin.must(t, "GET", "/api/v1/me", nil, 200)["communityId"].(string)
		c.admin.must(t, "POST", "/api/v1/community/processor", map[string]any{"code": "B12345674"}, 200)
		marta.must(t, "POST", "/api/v1/organisation/communities/"+community+"/accept", nil, 204)
		overview := func() map[string]any {
			t.Helper()
			status, list := marta.rawAny(t, "GET", "/api/v1/organisation/communities")
			rows, _ := list.([]any)
			if status != 200 || len(rows) != 1 {
				t.Fatalf("communities %d %v", status, list)
			}
			o, _ := rows[0].(map[string]any)["overview"].(map[string]any)
			if o == nil {
				t.Fatalf("no overview in %v", rows[0])
			}
			return o
		}
		report := c.admin.must(t, "GET", "/api/v1/money/debts", nil, 200)
		if o := overview(); o["debtCents"] != report["totalCents"] || o["unitsInDebt"] != float64(4) || o["bankDifferenceCents"] != nil {
			t.Fatalf("overview %v, the debt report %v", o, report["totalCents"])
		}
		c.admin.must(t, "PUT", "/api/v1/money/debt-settings", map[string]any{"graceDays": age}, 200)
		if o := overview(); o["debtCents"] != float64(0) || o["unitsInDebt"] != float64(0) {
			t.Fatalf("overview with %d days of grace: %v", age, o)
		}
	})
}
