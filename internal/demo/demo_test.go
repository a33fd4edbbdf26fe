package demo_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/demo"
	"vecinos/internal/domain"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

type browser struct {
	t    *testing.T
	base string
	http *http.Client
}

func (b *browser) call(method, path string, body, out any) int {
	b.t.Helper()
	var r io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		r = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, b.base+path, r)
	req.Header.Set("Content-Type", "application/json")
	res, err := b.http.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			b.t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
	return res.StatusCode
}

func TestDemoCreatesACommunityToTry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		cfg := &config.Config{PublicURL: "http://localhost:8080", DataDir: t.TempDir(), MailFrom: "Vecinos <no-reply@localhost>"}
		a, err := app.New(ctx, cfg, app.Options{DB: db, Web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html><head></head>")}}})
		if err != nil {
			t.Fatal(err)
		}
		logins, err := demo.Seed(ctx, db, a.Handler, false, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if len(logins) != 24 || logins[0].Email != "presidenta@demo.vecinos.local" || !strings.Contains(logins[0].Role, "presidenta") {
			t.Fatalf("logins: %v", logins)
		}
		if _, err := demo.Seed(ctx, db, a.Handler, false, time.Now()); err == nil || !strings.Contains(err.Error(), "-force") {
			t.Fatalf("a second demo without -force: %v", err)
		}

		srv := httptest.NewServer(a.Handler)
		defer srv.Close()
		jar, _ := cookiejar.New(nil)
		b := &browser{t: t, base: srv.URL, http: &http.Client{Jar: jar}}
		if s := b.call("POST", "/api/v1/auth/login", map[string]any{"email": logins[0].Email, "password": demo.Password}, nil); s != 200 {
			t.Fatalf("sign in as the president: %d", s)
		}
		var consent struct{ Accepted bool }
		b.call("GET", "/api/v1/account/consent", nil, &consent)
		var reg struct {
			CoefficientsAre100 bool              `json:"coefficientsAre100"`
			Units              []json.RawMessage `json:"units"`
		}
		b.call("GET", "/api/v1/community/units", nil, &reg)
		var incidents struct {
			Items []struct{ Status string } `json:"items"`
		}
		b.call("GET", "/api/v1/incidents", nil, &incidents)
		var events struct{ Items []json.RawMessage }
		b.call("GET", "/api/v1/events", nil, &events)
		var ann struct {
			Items []struct {
				IsPinned bool   `json:"isPinned"`
				Priority string `json:"priority"`
			}
		}
		b.call("GET", "/api/v1/announcements", nil, &ann)
		var convs []json.RawMessage
		b.call("GET", "/api/v1/conversations", nil, &convs)
		var admins struct{ Admins []json.RawMessage }
		b.call("GET", "/api/v1/community/admins", nil, &admins)

		// The other features, by what their lists show.
		for path, want := range map[string]string{
			"/api/v1/documents":   "Acta de la junta ordinaria",
			"/api/v1/polls":       "Aprobación de la derrama para el ascensor",
			"/api/v1/providers":   `"ratingCount":2`,
			"/api/v1/tasks":       "Revisión anual de los extintores",
			"/api/v1/wall":        "buen pintor",
			"/api/v1/facilities":  "Sala comunitaria",
			"/api/v1/juntas":      `"status":"firmada"`,
			"/api/v1/juntas/next": `"kind":"extraordinaria"`,
		} {
			var raw json.RawMessage
			if s := b.call("GET", path, nil, &raw); s != 200 || !strings.Contains(string(raw), want) {
				t.Errorf("GET %s: %d, %q missing: %.300s", path, s, want, raw)
			}
		}
		// The past junta's signed acta is filed in Documentos under Actas.
		var docs json.RawMessage
		if b.call("GET", "/api/v1/documents", nil, &docs); !strings.Contains(string(docs), "Acta nº 1 · Junta ordinaria del") {
			t.Errorf("the signed acta is not in Documentos: %.300s", docs)
		}
		// Last year's accounts: two units in debt, each for two quarters.
		var debts struct {
			Units []struct {
				Unit     struct{ Label string }
				Receipts []json.RawMessage
			}
		}
		if s := b.call("GET", "/api/v1/money/debts", nil, &debts); s != 200 || len(debts.Units) != 2 || len(debts.Units[0].Receipts) != 2 ||
			!strings.HasSuffix(debts.Units[0].Unit.Label, "3º B") || !strings.HasSuffix(debts.Units[1].Unit.Label, "5º C") {
			t.Errorf("GET /api/v1/money/debts: %d %+v", s, debts)
		}
		// Last year's books: 20 expenses, all paid, all but the shop's ticket with their invoice in Documentos.
		var expenses struct {
			Items []struct {
				Status     string
				DocumentID string `json:"documentId"`
			}
		}
		if s := b.call("GET", fmt.Sprintf("/api/v1/money/expenses?year=%d", time.Now().Year()-1), nil, &expenses); s != 200 || len(expenses.Items) != 20 {
			t.Errorf("GET /api/v1/money/expenses: %d %+v", s, expenses)
		}
		invoices := 0
		for _, e := range expenses.Items {
			if e.Status != "paid" {
				t.Errorf("a demo expense is %s", e.Status)
			}
			if e.DocumentID != "" {
				invoices++
			}
		}
		if invoices != 19 {
			t.Errorf("%d invoices in Documentos, want 19", invoices)
		}
		// Two owners paid by direct debit: a remittance each quarter; the bank returned one debit, which
		// its owner then paid by transfer (she is not in debt).
		var rems struct{ Items []json.RawMessage }
		if s := b.call("GET", "/api/v1/money/remittances", nil, &rems); s != 200 || len(rems.Items) != 4 {
			t.Errorf("GET /api/v1/money/remittances: %d, %d remittances", s, len(rems.Items))
		}
		var receipts struct {
			Items []struct {
				UnitLabel, Status string
				Debit             *struct {
					ReturnedOn   *string `json:"returnedOn"`
					ReturnReason string  `json:"returnReason"`
				}
			}
		}
		if s := b.call("GET", fmt.Sprintf("/api/v1/money/receipts?year=%d", time.Now().Year()-1), nil, &receipts); s != 200 {
			t.Fatalf("GET /api/v1/money/receipts: %d", s)
		}
		var debited, returned int
		for _, r := range receipts.Items {
			if r.Debit != nil {
				debited++
				if r.Debit.ReturnedOn != nil {
					returned++
					if r.Debit.ReturnReason != "AM04" || r.Status != "paid" || !strings.HasSuffix(r.UnitLabel, "2º A") {
						t.Errorf("the returned receipt: %+v", r)
					}
				}
			}
		}
		if debited != 8 || returned != 1 {
			t.Errorf("%d receipts debited, %d returned; want 8 and 1", debited, returned)
		}
		// The bank's statement of the year is imported and reconciled: every transfer paid its receipt, every
		// remittance's credit its remittance, every debit its expense and the return's charge-back its
		// returned debit; the return's bank charge and the account's fee wait in the queue, and they are the
		// difference between the bank and the books.
		var accounts struct {
			Items []struct{ ID, Kind string }
		}
		if s := b.call("GET", "/api/v1/money/accounts", nil, &accounts); s != 200 || len(accounts.Items) != 2 {
			t.Fatalf("GET /api/v1/money/accounts: %d %+v", s, accounts)
		}
		for _, acc := range accounts.Items {
			if acc.Kind != "bank" {
				continue
			}
			var rec struct {
				Items []struct {
					Concept     string
					AmountCents int64 `json:"amountCents"`
					Match       *struct{ Kind string }
				}
				BankCents       *int64 `json:"bankCents"`
				DifferenceCents int64  `json:"differenceCents"`
			}
			if s := b.call("GET", "/api/v1/money/accounts/"+acc.ID+"/reconciliation", nil, &rec); s != 200 || rec.BankCents == nil {
				t.Fatalf("GET reconciliation: %d, bank %v", s, rec.BankCents)
			}
			var unmatched []string
			var pending int64
			kinds := map[string]int{}
			for _, m := range rec.Items {
				if m.Match == nil {
					unmatched, pending = append(unmatched, strings.Fields(m.Concept)[0]+" "+strings.Fields(m.Concept)[1]), pending+m.AmountCents
				} else {
					kinds[m.Match.Kind]++
				}
			}
			slices.Sort(unmatched)
			if fmt.Sprint(unmatched) != "[COMISION DEVOLUCION COMISION MANTENIMIENTO]" || rec.DifferenceCents != pending ||
				kinds["remittance"] != 4 || kinds["expense"] != 19 || kinds["receipt"] != 85 || kinds["return"] != 1 {
				t.Errorf("reconciliation: unmatched %v (%d), difference %d, matched %v", unmatched, pending, rec.DifferenceCents, kinds)
			}
		}
		// Last year is closed, its PDF in Documentos, and approved at a junta (issue #37).
		var closed struct {
			Items []struct {
				Year       int
				DocumentID string `json:"documentId"`
				JuntaDate  string `json:"juntaDate"`
			}
		}
		if s := b.call("GET", "/api/v1/money/closed-years", nil, &closed); s != 200 || len(closed.Items) != 1 ||
			closed.Items[0].Year != time.Now().Year()-1 || closed.Items[0].DocumentID == "" || closed.Items[0].JuntaDate == "" {
			t.Errorf("GET /api/v1/money/closed-years: %d %+v", s, closed)
		}
		states := map[string]bool{}
		for _, in := range incidents.Items {
			states[in.Status] = true
		}
		pinned, critical := false, false
		for _, x := range ann.Items {
			pinned, critical = pinned || x.IsPinned, critical || x.Priority == "critico"
		}
		if !consent.Accepted || !reg.CoefficientsAre100 || len(reg.Units) != 24 || len(states) != 3 || len(events.Items) != 3 ||
			!pinned || !critical || len(convs) != 1 || len(admins.Admins) != 2 {
			t.Fatalf("demo: consent %v, coefficients 100 %v, %d units, incident states %v, %d events, pinned %v critical %v, %d conversations, %d admins",
				consent.Accepted, reg.CoefficientsAre100, len(reg.Units), states, len(events.Items), pinned, critical, len(convs), len(admins.Admins))
		}
	})
}

func TestDemoRefusesADatabaseWithCommunitiesUnlessForced(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now()
		u := &domain.User{ID: domain.NewID(), Email: "real@example.es", FullName: "Real", Language: domain.Spanish, EmailConfirmedAt: &now}
		if err := db.SeedMember(ctx, u, domain.CommunitySetup{Create: &domain.Community{Name: "Real 1"}}, now); err != nil {
			t.Fatal(err)
		}
		cfg := &config.Config{PublicURL: "http://localhost:8080", DataDir: t.TempDir(), MailFrom: "Vecinos <no-reply@localhost>"}
		a, err := app.New(ctx, cfg, app.Options{DB: db, Web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html><head></head>")}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := demo.Seed(ctx, db, a.Handler, false, now); err == nil {
			t.Fatal("the demo ran on a database with a real community")
		}
		if n, _ := db.CommunityCount(ctx); n != 1 {
			t.Fatalf("a refused demo left %d communities", n)
		}
		if _, err := demo.Seed(ctx, db, a.Handler, true, now); err != nil {
			t.Fatalf("-force: %v", err)
		}
	})
}
