package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestMoneySepaOverHTTP: the admin sets up the creditor, the owner of 1º A signs a mandate, the admin
// builds the remittance, downloads its file and records a return with its charge, which the owner sees in
// the statement. Anonymous callers, users without a community, a tenant, the owner on the admins'
// screens and another community get nothing of it.
func TestMoneySepaOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		c.approvedBudget(t)
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": c.year, "period": 1}, 201)
		unit := c.units["1º A"]
		if st := c.admin.must(t, "GET", "/api/v1/money/sepa-settings", nil, 200); st["fileVersion"] != "pain.008.001.02" {
			t.Errorf("default settings %v", st)
		}
		settings := map[string]any{"creditorId": "ES00000B85626240", "creditorIban": "", "creditorBic": "",
			"sequencePolicy": "frst_rcur", "prenoticeDays": 14, "returnsToPause": 2, "chargeToOwner": true, "fileVersion": "pain.008.001.02"}
		obDetail(t, c.admin, "PUT", "/api/v1/money/sepa-settings", settings, 422, "invalid",
			"El identificador de acreedor no es válido: son ES, dos dígitos de control, un sufijo de tres caracteres y el NIF de la comunidad, como ES77000B85626240")
		settings["creditorId"], settings["creditorIban"] = "ES77000B85626240", "ES9121000418450200051332"
		c.admin.must(t, "PUT", "/api/v1/money/sepa-settings", settings, 200)

		body := map[string]any{"debtorName": "Dueña", "iban": "ES7921000813610123456789"}
		obDetail(t, c.tenant, "POST", "/api/v1/money/units/"+unit+"/mandate", body, 403, "forbidden", "Solo los propietarios pueden hacer esto")
		obDetail(t, c.owner, "POST", "/api/v1/money/units/"+c.units["2º A"]+"/mandate", body, 403, "forbidden",
			"Solo el propietario de la vivienda puede firmar su orden de domiciliación")
		m := c.owner.must(t, "POST", "/api/v1/money/units/"+unit+"/mandate", body, 201)
		if m["reference"] != "VEC-000001" || m["iban"] != "ES79 **** 6789" || m["status"] != "active" {
			t.Fatalf("mandate %v", m)
		}
		mandate := m["id"].(string)
		mine := c.owner.must(t, "GET", "/api/v1/money/my-mandates", nil, 200)
		if len(mine["mandates"].([]any)) != 1 || mine["creditorId"] != "ES77000B85626240" {
			t.Fatalf("my mandates %v", mine)
		}
		if res, b := c.owner.get(t, "/api/v1/money/mandates/"+mandate+"/pdf"); res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" ||
			!strings.HasPrefix(string(b), "%PDF") {
			t.Fatalf("mandate PDF %d %v", res.StatusCode, res.Header)
		}
		const notYours = "Solo el propietario de la vivienda y los administradores pueden ver o revocar su orden de domiciliación"
		obDetail(t, c.tenant, "GET", "/api/v1/money/mandates/"+mandate+"/pdf", nil, 403, "forbidden", notYours)
		obDetail(t, c.tenant, "POST", "/api/v1/money/mandates/"+mandate+"/revoke", nil, 403, "forbidden", notYours)
		if m := c.tenant.must(t, "GET", "/api/v1/money/my-mandates", nil, 200); len(m["mandates"].([]any)) != 0 || len(m["units"].([]any)) != 0 {
			t.Errorf("tenant's mandates %v", m)
		}

		collect := moneyNow(c.e).AddDate(0, 0, 14).Format("2006-01-02")
		early := moneyNow(c.e).AddDate(0, 0, 13).Format("2006-01-02")
		obDetail(t, c.admin, "POST", "/api/v1/money/remittances", map[string]any{"collectionDate": early}, 422, "invalid",
			fmt.Sprintf("La fecha de cobro está dentro del plazo de preaviso de 14 días a los propietarios: la primera fecha posible es el %s", collect))
		rem := c.admin.must(t, "POST", "/api/v1/money/remittances", map[string]any{"collectionDate": collect}, 201)
		receipts := rem["receipts"].([]any)
		if rem["debits"] != float64(1) || len(receipts) != 1 || rem["skipped"] == nil || len(rem["skipped"].([]any)) != 0 {
			t.Fatalf("remittance %v", rem)
		}
		if got := items(c.admin.must(t, "GET", "/api/v1/money/mandates", nil, 200))[0]; got["lastCollectionOn"] != collect || got["expired"] != false ||
			got["expiresOn"] != moneyNow(c.e).AddDate(3, 0, 14).Format("2006-01-02") {
			t.Errorf("the used mandate %v", got)
		}
		remID := rem["id"].(string)
		receipt := receipts[0].(map[string]any)
		if d := receipt["debit"].(map[string]any); d["sequenceType"] != "FRST" || receipt["status"] != "paid" {
			t.Fatalf("remitted receipt %v", receipt)
		}
		res, file := c.admin.get(t, "/api/v1/money/remittances/"+remID+"/xml")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/xml" ||
			!strings.Contains(string(file), "<MndtId>VEC-000001</MndtId>") || !strings.Contains(res.Header.Get("Content-Disposition"), "remesa-0001-") ||
			!strings.Contains(string(file), `xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"`) {
			t.Fatalf("file %d %v %s", res.StatusCode, res.Header, file)
		}
		obDetail(t, c.admin, "POST", "/api/v1/money/remittances", map[string]any{"collectionDate": collect}, 409, "conflict",
			"La remesa no tendría nada que cobrar: no hay recibos domiciliados pendientes, de viviendas con una orden de domiciliación activa, que venzan hasta el "+collect)
		back := c.admin.must(t, "POST", "/api/v1/money/receipts/"+receipt["id"].(string)+"/return", map[string]any{"reason": "MS02", "chargeCents": 350}, 200)
		if back["status"] != "pending" || back["debit"].(map[string]any)["returnReason"] != "MS02" {
			t.Fatalf("returned %v", back)
		}
		st := c.owner.must(t, "GET", "/api/v1/money/units/"+unit+"/statement", nil, 200)
		kinds := []string{}
		for _, e := range st["entries"].([]any) {
			kinds = append(kinds, e.(map[string]any)["kind"].(string))
		}
		if got := strings.Join(kinds, " "); got != "receipt payment return bank_charge" ||
			st["closingCents"] != receipt["amountCents"].(float64)+350 {
			t.Errorf("statement %s, closing %v", got, st["closingCents"])
		}
		// The file's version is a setting: the second quarter's remittance is a pain.008.001.08, under the
		// same name and type; the first remittance's file stays as it was sent.
		settings["fileVersion"] = "pain.008.001.09"
		c.admin.must(t, "PUT", "/api/v1/money/sepa-settings", settings, 422)
		settings["fileVersion"] = "pain.008.001.08"
		if st := c.admin.must(t, "PUT", "/api/v1/money/sepa-settings", settings, 200); st["fileVersion"] != "pain.008.001.08" {
			t.Errorf("saved settings %v", st)
		}
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": c.year, "period": 2}, 201)
		again := c.admin.must(t, "POST", "/api/v1/money/remittances", map[string]any{"collectionDate": collect}, 201)
		res, file = c.admin.get(t, "/api/v1/money/remittances/"+again["id"].(string)+"/xml")
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/xml" ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "remesa-0002-") ||
			!strings.Contains(string(file), `xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"`) {
			t.Fatalf("pain.008.001.08 file %d %v %s", res.StatusCode, res.Header, file)
		}
		if _, first := c.admin.get(t, "/api/v1/money/remittances/"+remID+"/xml"); !strings.Contains(string(first), "pain.008.001.02") {
			t.Errorf("the first remittance's file changed: %s", first)
		}

		// Who gets nothing.
		adminRoutes := [][3]string{{"GET", "/api/v1/money/sepa-settings"}, {"PUT", "/api/v1/money/sepa-settings"}, {"GET", "/api/v1/money/mandates"},
			{"GET", "/api/v1/money/remittances"}, {"POST", "/api/v1/money/remittances"}, {"GET", "/api/v1/money/remittances/" + remID},
			{"GET", "/api/v1/money/remittances/" + remID + "/xml"}, {"POST", "/api/v1/money/receipts/" + receipt["id"].(string) + "/return"},
			{"POST", "/api/v1/money/returns/import"}}
		for _, r := range adminRoutes {
			obDetail(t, c.tenant, r[0], r[1], map[string]any{}, 403, "forbidden", "Solo los administradores pueden gestionar las cuentas de la comunidad")
			obDetail(t, c.owner, r[0], r[1], map[string]any{}, 403, "forbidden", "Solo los administradores pueden gestionar las cuentas de la comunidad")
		}
		for _, path := range []string{"/api/v1/money/remittances/" + remID, "/api/v1/money/remittances/" + remID + "/xml",
			"/api/v1/money/mandates/" + mandate + "/pdf"} {
			c.outsider.must(t, "GET", path, nil, 404)
		}
		c.outsider.must(t, "POST", "/api/v1/money/mandates/"+mandate+"/revoke", nil, 404)
		c.outsider.must(t, "POST", "/api/v1/money/receipts/"+receipt["id"].(string)+"/return", map[string]any{}, 404)
		if got := items(c.outsider.must(t, "GET", "/api/v1/money/remittances", nil, 200)); len(got) != 0 {
			t.Errorf("outsider lists %d remittances", len(got))
		}
		revoke := "/api/v1/money/mandates/" + mandate + "/revoke"
		for _, r := range append(adminRoutes, [3]string{"GET", "/api/v1/money/my-mandates"}, [3]string{"GET", "/api/v1/money/mandates/" + mandate + "/pdf"},
			[3]string{"POST", revoke}) {
			c.anon.must(t, r[0], r[1], map[string]any{}, 401)
			c.loner.must(t, r[0], r[1], map[string]any{}, 403)
		}
		// Revoking: the owner of another unit, a tenant and another community's admin cannot, even with a
		// reason; an admin must give one; the owner then reads the revocation in 'Mis cuotas'.
		neighbour := c.secondOwner(t)
		reason := map[string]any{"reason": "Escrito del propietario"}
		adminName := c.admin.must(t, "GET", "/api/v1/me", nil, 200)["fullName"]
		if adminName == "" || adminName == nil {
			t.Fatal("the admin has no name")
		}
		obDetail(t, neighbour, "POST", revoke, reason, 403, "forbidden", notYours)
		obDetail(t, c.tenant, "POST", revoke, reason, 403, "forbidden", notYours)
		c.outsider.must(t, "POST", revoke, reason, 404)
		obDetail(t, c.admin, "POST", revoke, nil, 422, "invalid",
			"Escribe el motivo de la revocación (por ejemplo, el escrito del propietario o el aviso del banco): el propietario lo verá")
		c.admin.must(t, "POST", revoke, map[string]any{"reason": strings.Repeat("x", 301)}, 422) // the contract's maxLength
		if m := c.admin.must(t, "POST", revoke, reason, 200); m["status"] != "revoked" || m["endReason"] != "Escrito del propietario" ||
			m["endedByName"] != adminName || m["endedAt"] == nil {
			t.Errorf("revoked %v", m)
		}
		mine = c.owner.must(t, "GET", "/api/v1/money/my-mandates", nil, 200)
		if m := mine["mandates"].([]any)[0].(map[string]any); m["status"] != "revoked" || m["endReason"] != "Escrito del propietario" ||
			m["endedByName"] != adminName {
			t.Errorf("the owner's revoked mandate %v", m)
		}
	})
}

// secondOwner is the confirmed owner of 2º A.
func (c *moneyCast) secondOwner(t *testing.T) *client {
	t.Helper()
	o := c.e.obMember(t, "vecino@example.es", c.e.communityCode(t, c.admin))
	o.must(t, "POST", "/api/v1/onboarding/choose-unit", map[string]any{"unitId": c.units["2º A"], "owner": true}, 200)
	obConfirmOwners(t, c.admin)
	return o
}

// TestMandateExpiryOverHTTP: a mandate unused for 36 months reads expired in the admins' list and the
// owner's, and a remittance leaves its receipt out, saying why, while it collects the others; the owner
// revokes their own mandate without a reason.
func TestMandateExpiryOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		c.approvedBudget(t)
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": c.year, "period": 1}, 201)
		c.admin.must(t, "PUT", "/api/v1/money/sepa-settings", map[string]any{"creditorId": "ES77000B85626240",
			"creditorIban": "ES9121000418450200051332", "creditorBic": "", "sequencePolicy": "frst_rcur", "prenoticeDays": 14, "returnsToPause": 2,
			"chargeToOwner": true, "fileVersion": "pain.008.001.02"}, 200)
		body := map[string]any{"debtorName": "Dueña", "iban": "ES7921000813610123456789"}
		old := c.owner.must(t, "POST", "/api/v1/money/units/"+c.units["1º A"]+"/mandate", body, 201)
		c.secondOwner(t).must(t, "POST", "/api/v1/money/units/"+c.units["2º A"]+"/mandate", body, 201)
		signed := moneyNow(c.e).AddDate(-3, 0, -1).Format("2006-01-02") // three years and a day ago, never used
		storetest.Exec(t, db, "UPDATE money_mandates SET signed_on = $1 WHERE id = $2", signed, old["id"])
		expiresOn := moneyNow(c.e).AddDate(0, 0, -1).Format("2006-01-02")
		for _, m := range items(c.admin.must(t, "GET", "/api/v1/money/mandates", nil, 200)) {
			if want := m["id"] == old["id"]; m["expired"] != want || want && (m["expiresOn"] != expiresOn || m["lastCollectionOn"] != nil) {
				t.Errorf("listed %v", m)
			}
		}
		if m := c.owner.must(t, "GET", "/api/v1/money/my-mandates", nil, 200)["mandates"].([]any)[0].(map[string]any); m["expired"] != true {
			t.Errorf("the owner's %v", m)
		}
		collect := moneyNow(c.e).AddDate(0, 0, 14).Format("2006-01-02")
		rem := c.admin.must(t, "POST", "/api/v1/money/remittances", map[string]any{"collectionDate": collect}, 201)
		skipped := rem["skipped"].([]any)
		if rem["debits"] != float64(1) || len(skipped) != 1 {
			t.Fatalf("remittance %v", rem)
		}
		if k := skipped[0].(map[string]any); k["unitLabel"] != "1º A" || k["reason"] != "expired" || k["mandateReference"] != "VEC-000001" ||
			k["expiresOn"] != expiresOn || k["lastCollectionOn"] != nil || k["amountCents"].(float64) <= 0 || !strings.Contains(k["code"].(string), "/") {
			t.Errorf("skipped %v", k)
		}
		// The owner's own revocation needs no reason.
		if m := c.owner.must(t, "POST", "/api/v1/money/mandates/"+old["id"].(string)+"/revoke", nil, 200); m["status"] != "revoked" ||
			m["endReason"] != "" || m["expired"] != false {
			t.Errorf("revoked %v", m)
		}
	})
}

// TestAdminMandatesOverHTTP: the admins' list of mandates gives each account masked, whether its bank
// needs the holder's address (a mandate signed before addresses were asked for lacks it, and a remittance
// would refuse it) and when a mandate stopped being active. Another community's admin lists none; the
// rest are refused by TestMoneySepaOverHTTP.
func TestAdminMandatesOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		c.admin.must(t, "PUT", "/api/v1/money/sepa-settings", map[string]any{"creditorId": "ES77000B85626240",
			"creditorIban": "ES9121000418450200051332", "creditorBic": "", "sequencePolicy": "frst_rcur", "prenoticeDays": 14, "returnsToPause": 2,
			"chargeToOwner": true, "fileVersion": "pain.008.001.02"}, 200)
		m := c.owner.must(t, "POST", "/api/v1/money/units/"+c.units["1º A"]+"/mandate",
			map[string]any{"debtorName": "Dueña", "iban": "ES7921000813610123456789"}, 201)
		list := func() map[string]any {
			t.Helper()
			got := items(c.admin.must(t, "GET", "/api/v1/money/mandates", nil, 200))
			if len(got) != 1 {
				t.Fatalf("the admin's mandates %v", got)
			}
			return got[0]
		}
		if got := list(); got["iban"] != "ES79 **** 6789" || got["addressRequired"] != false || got["endedAt"] != nil ||
			got["unitLabel"] != "1º A" || got["returns"] != float64(0) {
			t.Fatalf("mandate %v", got)
		}
		storetest.Exec(t, db, "UPDATE money_mandates SET iban = 'GB29NWBK60161331926819' WHERE id = $1", m["id"])
		if got := list(); got["iban"] != "GB29 **** 6819" || got["addressRequired"] != true || got["debtorAddress"] != nil {
			t.Fatalf("a UK mandate without the address %v", got)
		}
		if got := list(); got["lastCollectionOn"] != nil || got["expired"] != false || got["endReason"] != "" || got["endedByName"] != "" {
			t.Fatalf("a mandate never used %v", got)
		}
		revoked := c.admin.must(t, "POST", "/api/v1/money/mandates/"+m["id"].(string)+"/revoke", map[string]any{"reason": "Aviso del banco: orden cancelada"}, 200)
		if got := list(); got["status"] != "revoked" || got["endedAt"] != float64(moneyNow(c.e).UnixMilli()) || revoked["endedAt"] != got["endedAt"] ||
			got["endReason"] != "Aviso del banco: orden cancelada" || got["endedByName"] != c.admin.must(t, "GET", "/api/v1/me", nil, 200)["fullName"] {
			t.Fatalf("revoked %v, listed %v", revoked, got)
		}
		if got := items(c.outsider.must(t, "GET", "/api/v1/money/mandates", nil, 200)); len(got) != 0 {
			t.Errorf("another community's admin lists %v", got)
		}
	})
}
