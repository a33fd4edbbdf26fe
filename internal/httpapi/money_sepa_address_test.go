package httpapi_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// TestMandateDebtorAddressOverHTTP: the form learns which IBAN countries need the holder's address; a UK
// IBAN without it is refused with the rule's message, with it the mandate is signed, the owner and the
// admins read the address, and the remittance's file carries it.
func TestMandateDebtorAddressOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		c.approvedBudget(t)
		c.admin.must(t, "POST", "/api/v1/money/receipts/generate", map[string]any{"year": c.year, "period": 1}, 201)
		c.admin.must(t, "PUT", "/api/v1/money/sepa-settings", map[string]any{"creditorId": "ES77000B85626240",
			"creditorIban": "ES9121000418450200051332", "creditorBic": "", "sequencePolicy": "frst_rcur", "prenoticeDays": 14, "returnsToPause": 2,
			"chargeToOwner": true, "fileVersion": "pain.008.001.02"}, 200)
		unit := c.units["1º A"]

		var countries []string
		for _, c := range c.owner.must(t, "GET", "/api/v1/money/my-mandates", nil, 200)["addressRequiredIn"].([]any) {
			countries = append(countries, c.(string))
		}
		if !slices.Contains(countries, "GB") || !slices.Contains(countries, "CH") || slices.Contains(countries, "ES") {
			t.Fatalf("addressRequiredIn %v", countries)
		}

		body := map[string]any{"debtorName": "Dueña", "iban": "GB82 WEST 1234 5698 7654 32"}
		obDetail(t, c.owner, "POST", "/api/v1/money/units/"+unit+"/mandate", body, 422, "invalid",
			"El banco de esta cuenta está en un país SEPA fuera del Espacio Económico Europeo (GB): la orden necesita la dirección del titular (calle y número, población y país)")
		body["debtorAddress"] = map[string]any{"street": "221B Baker Street", "postCode": "NW1 6XE", "town": "London", "country": "GB"}
		m := c.owner.must(t, "POST", "/api/v1/money/units/"+unit+"/mandate", body, 201)
		addr, ok := m["debtorAddress"].(map[string]any)
		if !ok || addr["street"] != "221B Baker Street" || addr["postCode"] != "NW1 6XE" || addr["town"] != "London" || addr["country"] != "GB" {
			t.Fatalf("mandate %v", m)
		}
		if items := c.admin.must(t, "GET", "/api/v1/money/mandates", nil, 200)["items"].([]any); len(items) != 1 ||
			items[0].(map[string]any)["debtorAddress"].(map[string]any)["town"] != "London" {
			t.Fatalf("the admin's mandates %v", items)
		}

		rem := c.admin.must(t, "POST", "/api/v1/money/remittances", map[string]any{"collectionDate": moneyNow(c.e).AddDate(0, 0, 14).Format("2006-01-02")}, 201)
		res, file := c.admin.get(t, "/api/v1/money/remittances/"+rem["id"].(string)+"/xml")
		if res.StatusCode != http.StatusOK || !strings.Contains(string(file),
			"<PstlAdr>\n            <Ctry>GB</Ctry>\n            <AdrLine>221B Baker Street</AdrLine>\n            <AdrLine>NW1 6XE London</AdrLine>") {
			t.Fatalf("file %d %s", res.StatusCode, file)
		}
	})
}
