package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// invoiceUpload posts data as the invoice of an expense.
func (c *client) invoiceUpload(t *testing.T, expenseID, fileName string, data []byte) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("POST", c.e.srv.URL+"/api/v1/money/expenses/"+expenseID+"/invoice?"+url.Values{"fileName": {fileName}}.Encode(),
		bytes.NewReader(data))
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := map[string]any{}
	json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// TestBooksAccountsAndExpenses (issue #37): a bank account and the cash box; an expense with VAT and IRPF
// linked to a provider and an incident, its invoice filed in Documentos under 'Facturas' for the admins
// only (a file that is not a PDF or an image refused), paid in two parts from two accounts; the
// incident's cost; and who may do what.
func TestBooksAccountsAndExpenses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newMoneyCast(t, db)
		y := c.year
		today := c.e.clock().Format("2006-01-02")
		opening := fmt.Sprintf("%d-01-01", y)

		// Accounts.
		obDetail(t, c.admin, "POST", "/api/v1/money/accounts", map[string]any{"name": "Banco", "kind": "bank", "iban": "ES91 2100 0418 4502 0005 1333",
			"openingDate": opening, "openingCents": 500000}, 422, "invalid", "El IBAN no es válido: revisa que esté completo y sus dígitos de control")
		obDetail(t, c.admin, "POST", "/api/v1/money/accounts", map[string]any{"name": " ", "kind": "bank", "iban": "ES9121000418450200051332",
			"openingDate": opening}, 422, "invalid", "Indica el nombre de la cuenta")
		bank := c.admin.must(t, "POST", "/api/v1/money/accounts", map[string]any{"name": "Cuenta corriente", "kind": "bank",
			"iban": "es91 2100 0418 4502 0005 1332", "bank": "CaixaBank", "openingDate": opening, "openingCents": 500000}, 201)
		if bank["iban"] != "ES9121000418450200051332" || bank["balanceCents"] != float64(500000) {
			t.Fatalf("bank account %v", bank)
		}
		obDetail(t, c.admin, "POST", "/api/v1/money/accounts", map[string]any{"name": "Otra", "kind": "bank", "iban": "ES9121000418450200051332",
			"openingDate": opening}, 409, "conflict", "La comunidad ya tiene una cuenta con ese IBAN")
		cash := c.admin.must(t, "POST", "/api/v1/money/accounts", map[string]any{"name": "Caja", "kind": "cash", "iban": "ignored",
			"openingDate": opening, "openingCents": 20000}, 201)
		if cash["iban"] != "" || cash["kind"] != "cash" {
			t.Fatalf("cash %v", cash)
		}
		renamed := c.admin.must(t, "PUT", "/api/v1/money/accounts/"+bank["id"].(string), map[string]any{"name": "Cuenta de la comunidad",
			"iban": "ES9121000418450200051332", "bank": "CaixaBank", "openingDate": opening, "openingCents": 500000}, 200)
		if renamed["name"] != "Cuenta de la comunidad" || renamed["kind"] != "bank" {
			t.Fatalf("renamed %v", renamed)
		}

		// An expense of a provider of the directory, for an incident.
		provider := c.admin.must(t, "POST", "/api/v1/providers", plumber("Fontanería Rápida"), 201)
		incident := c.admin.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Fuga en el garaje", "description": "Tubería rota",
			"assignedTo": c.admin.must(t, "GET", "/api/v1/me", nil, 200)["id"]}, 201)
		expense := map[string]any{"date": today, "providerId": provider["id"], "providerName": "Fontanería Rápida SL", "nif": "b-12345678",
			"concept": "Reparación de la tubería", "groupId": "general", "baseCents": 100000, "vatRate": 2100, "irpfRate": 1500,
			"incidentId": incident["id"]}
		bad := func(k string, v any) map[string]any {
			m := map[string]any{}
			for a, b := range expense {
				m[a] = b
			}
			m[k] = v
			return m
		}
		obDetail(t, c.admin, "POST", "/api/v1/money/expenses", bad("nif", "12"), 422, "invalid", "El NIF no es válido")
		obDetail(t, c.admin, "POST", "/api/v1/money/expenses", bad("date", fmt.Sprintf("%d-01-01", y+1)), 422, "invalid",
			"La fecha de la factura no puede ser futura")
		obDetail(t, c.admin, "POST", "/api/v1/money/expenses", bad("groupId", "nope"), 404, "not_found", "El grupo de reparto no existe")
		obDetail(t, c.admin, "POST", "/api/v1/money/expenses", bad("baseCents", 0), 422, "invalid", "El importe del gasto debe ser mayor que cero")
		obDetail(t, c.admin, "POST", "/api/v1/money/expenses", bad("incidentId", "x"), 404, "not_found", "La incidencia no existe")
		obDetail(t, c.admin, "POST", "/api/v1/money/expenses", bad("dueDate", "2000-01-01"), 422, "invalid",
			"El vencimiento debe ser una fecha igual o posterior a la de la factura")
		e := c.admin.must(t, "POST", "/api/v1/money/expenses", expense, 201)
		if e["vatCents"] != float64(21000) || e["irpfCents"] != float64(15000) || e["totalCents"] != float64(121000) ||
			e["payableCents"] != float64(106000) || e["status"] != "pending" || e["nif"] != "B12345678" || e["number"] != float64(1) {
			t.Fatalf("expense %v", e)
		}
		id := e["id"].(string)

		// The invoice: not a PDF or an image is refused with its reason; a PDF goes to 'Facturas', for the admins.
		if status, p := c.admin.invoiceUpload(t, id, "factura.txt", []byte("una factura en texto")); status != 415 ||
			p["detail"] != "La factura debe ser un PDF o una imagen (JPG, PNG o WEBP)" {
			t.Fatalf("a text invoice: %d %v", status, p)
		}
		if status, p := c.owner.invoiceUpload(t, id, "f.pdf", docPDF("factura")); status != 403 {
			t.Fatalf("an owner's invoice: %d %v", status, p)
		}
		if status, _ := c.anon.invoiceUpload(t, id, "f.pdf", docPDF("factura")); status != 401 {
			t.Fatalf("an anonymous invoice: %d", status)
		}
		if status, p := c.outsider.invoiceUpload(t, id, "f.pdf", docPDF("factura")); status != 404 {
			t.Fatalf("another community's invoice: %d %v", status, p)
		}
		status, withInvoice := c.admin.invoiceUpload(t, id, "factura-123.pdf", docPDF("factura"))
		if status != 201 || withInvoice["documentId"] == "" {
			t.Fatalf("invoice: %d %v", status, withInvoice)
		}
		docID := withInvoice["documentId"].(string)
		doc := c.admin.must(t, "GET", "/api/v1/documents/"+docID, nil, 200)
		if doc["visibility"] != "admins" || doc["retainedUntil"] == nil {
			t.Fatalf("the invoice in Documentos: %v", doc)
		}
		c.owner.must(t, "GET", "/api/v1/documents/"+docID, nil, 404)
		if status, p := c.admin.invoiceUpload(t, id, "otra.pdf", docPDF("otra")); status != 409 || p["detail"] != "El gasto ya tiene su factura" {
			t.Fatalf("a second invoice: %d %v", status, p)
		}

		// Paid in two parts; never more than what is left.
		pay := "/api/v1/money/expenses/" + id + "/payments"
		part := c.admin.must(t, "POST", pay, map[string]any{"accountId": bank["id"], "date": today, "amountCents": 50000}, 200)
		if part["status"] != "pending" || part["paidCents"] != float64(50000) {
			t.Fatalf("part-payment %v", part)
		}
		obDetail(t, c.admin, "POST", pay, map[string]any{"accountId": cash["id"], "date": today, "amountCents": 56001}, 409, "conflict",
			"El pago supera lo que queda por pagar del gasto (560,00 €)")
		obDetail(t, c.admin, "POST", pay, map[string]any{"accountId": cash["id"], "date": fmt.Sprintf("%d-12-31", y-1), "amountCents": 100},
			422, "invalid", fmt.Sprintf("El pago no puede ser anterior al saldo inicial de la cuenta (%s)", opening))
		paid := c.admin.must(t, "POST", pay, map[string]any{"accountId": cash["id"], "date": today, "amountCents": 56000}, 200)
		if paid["status"] != "paid" || len(paid["payments"].([]any)) != 2 {
			t.Fatalf("paid %v", paid)
		}
		accounts := items(c.admin.must(t, "GET", "/api/v1/money/accounts", nil, 200))
		balances := map[string]any{}
		for _, a := range accounts {
			balances[a["name"].(string)] = a["balanceCents"]
		}
		if balances["Cuenta de la comunidad"] != float64(450000) || balances["Caja"] != float64(20000-56000) {
			t.Fatalf("balances %v", balances)
		}
		list := items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/expenses?year=%d", y), nil, 200))
		if len(list) != 1 || list[0]["status"] != "paid" || list[0]["documentId"] != docID {
			t.Fatalf("expenses %v", list)
		}
		if n := len(items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/expenses?year=%d", y-1), nil, 200))); n != 0 {
			t.Fatalf("last year's expenses: %d", n)
		}

		// What the incident cost: its admins and owners see it; not a tenant, not another community.
		cost := "/api/v1/money/incidents/" + incident["id"].(string) + "/cost"
		if got := c.admin.must(t, "GET", cost, nil, 200); got["totalCents"] != float64(121000) || got["expenses"] != float64(1) {
			t.Fatalf("cost %v", got)
		}
		c.owner.must(t, "GET", cost, nil, 200)
		obDetail(t, c.tenant, "GET", cost, nil, 403, "forbidden", "Solo los propietarios y los administradores ven lo que costó una incidencia")
		c.outsider.must(t, "GET", cost, nil, 404)

		// Charged to the reserve fund, which holds nothing yet: refused in each language, nothing recorded.
		reserve := bad("reserveJuntaDate", today)
		obDetail(t, c.admin, "POST", "/api/v1/money/expenses", reserve, 409, "conflict",
			"El fondo de reserva tiene 0,00 €: no alcanza para un gasto de 1.210,00 €")
		for lang, want := range map[string]string{"ca": "El fons de reserva té 0,00 €: no n'hi ha prou per a una despesa de 1.210,00 €",
			"en": "The reserve fund holds €0.00: not enough for an expense of €1,210.00"} {
			other := *c.admin
			other.lang = lang
			obDetail(t, &other, "POST", "/api/v1/money/expenses", reserve, 409, "conflict", want)
		}
		if n := len(items(c.admin.must(t, "GET", fmt.Sprintf("/api/v1/money/expenses?year=%d", y), nil, 200))); n != 1 {
			t.Fatalf("expenses after the refused ones: %d", n)
		}

		// The admins' routes.
		const adminsOnly = "Solo los administradores pueden gestionar las cuentas de la comunidad"
		for _, r := range []struct {
			method, path string
			body         map[string]any
		}{{"GET", "/api/v1/money/accounts", nil}, {"POST", "/api/v1/money/accounts", map[string]any{"name": "x"}},
			{"PUT", "/api/v1/money/accounts/" + bank["id"].(string), map[string]any{"name": "x"}},
			{"GET", "/api/v1/money/expenses", nil}, {"POST", "/api/v1/money/expenses", expense},
			{"POST", pay, map[string]any{"accountId": bank["id"], "date": today, "amountCents": 1}},
			{"POST", "/api/v1/money/accounts/" + bank["id"].(string) + "/statements", map[string]any{"content": "x"}},
			{"GET", "/api/v1/money/accounts/" + bank["id"].(string) + "/movements", nil}} {
			obDetail(t, c.owner, r.method, r.path, r.body, 403, "forbidden", adminsOnly)
			obDetail(t, c.tenant, r.method, r.path, r.body, 403, "forbidden", adminsOnly)
			c.anon.must(t, r.method, r.path, r.body, 401)
		}
		// A statement is checked whole (the parser's own tests and the import's, in internal/money, go further).
		obDetail(t, c.admin, "POST", "/api/v1/money/accounts/"+bank["id"].(string)+"/statements", map[string]any{"content": "11x"}, 422, "invalid",
			"La línea 1 no tiene 80 caracteres (tiene 3): el fichero está cortado o no es Norma 43")
		if mv := c.admin.must(t, "GET", "/api/v1/money/accounts/"+bank["id"].(string)+"/movements", nil, 200); mv["lastStatement"] != nil {
			t.Fatalf("movements %v", mv)
		}
		obDetail(t, c.outsider, "GET", "/api/v1/money/accounts/"+bank["id"].(string)+"/movements", nil, 404, "not_found", "La cuenta no existe")
		obDetail(t, c.outsider, "PUT", "/api/v1/money/accounts/"+bank["id"].(string), map[string]any{"name": "x", "openingDate": opening},
			404, "not_found", "La cuenta no existe")
		obDetail(t, c.outsider, "POST", pay, map[string]any{"accountId": bank["id"], "date": today, "amountCents": 1}, 404, "not_found",
			"El gasto no existe")
	})
}
