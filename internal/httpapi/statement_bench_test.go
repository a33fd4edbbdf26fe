package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/domain"
	"vecinos/internal/loadseed"
	"vecinos/internal/money"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// BenchmarkStatementRequest: an owner's statement over 5 years of monthly receipts, each paid (120 ledger
// entries), through the app's handler without a network: the server's CPU and allocations per request
// (docs/adr/0044, the statement's addendum). Each goroutine reuses its request and a writer that keeps
// nothing, so B/op and allocs/op are the server's.
//
//	go test ./internal/httpapi -run '^$' -bench StatementRequest -benchmem
func BenchmarkStatementRequest(b *testing.B) {
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		b.Run(string(engine), func(b *testing.B) {
			var db *store.DB
			if engine == store.SQLite {
				db = storetest.OpenSQLite(b)
			} else {
				db = storetest.OpenPostgres(b)
			}
			ctx := context.Background()
			c, err := loadseed.Members(ctx, db, 2)
			if err != nil {
				b.Fatal(err)
			}
			flat := domain.NewID()
			storetest.Exec(b, db, "INSERT INTO units (id, community_id, unit_number, coefficient, owner_id, created_at, updated_at) VALUES ($1, $2, '1', 1000000, $3, 0, 0)",
				flat, c.ID, c.UserIDs[1])
			svc := money.New(db, money.Options{Now: func() time.Time { return time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC) }})
			admin := &domain.Actor{UserID: c.UserIDs[0], CommunityID: c.ID, Role: domain.RoleAdmin}
			if _, err := svc.SaveSettings(ctx, admin, money.Settings{Periodicity: domain.Monthly}); err != nil {
				b.Fatal(err)
			}
			for year := 2021; year < 2026; year++ {
				bud, err := svc.CreateBudget(ctx, admin, year)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := svc.SaveBudget(ctx, admin, bud.ID, money.BudgetInput{Lines: []domain.BudgetLine{{Concept: "Limpieza", GroupID: domain.GeneralGroupID, Amount: 3_600_000}}}); err != nil {
					b.Fatal(err)
				}
				if _, err := svc.ApproveBudget(ctx, admin, bud.ID, fmt.Sprintf("%d-01-10", year)); err != nil {
					b.Fatal(err)
				}
				for month := 1; month <= 12; month++ {
					g, err := svc.GenerateReceipts(ctx, admin, year, month, "")
					if err != nil {
						b.Fatal(err)
					}
					for _, r := range g.Receipts {
						if _, err := svc.RecordPayment(ctx, admin, r.ID, money.PaymentInput{Amount: r.Amount, Method: domain.PayByTransfer,
							Date: fmt.Sprintf("%d-%02d-05", year, month)}); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			h := newApp(b, db, &config.Config{PublicURL: "http://localhost:8080"}, app.Options{}).Handler
			path := "/api/v1/money/units/" + flat + "/statement"
			request := func() *http.Request {
				req := httptest.NewRequest("GET", path, nil)
				req.AddCookie(&http.Cookie{Name: "vecinos_session", Value: c.Tokens[1]})
				return req
			}
			w := httptest.NewRecorder()
			if h.ServeHTTP(w, request()); w.Code != http.StatusOK || w.Header().Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
				b.Fatalf("%d, Content-Length %q for %d bytes: %s", w.Code, w.Header().Get("Content-Length"), w.Body.Len(), w.Body)
			}
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				req, w := request(), &discardWriter{header: http.Header{}}
				for pb.Next() {
					clear(w.header)
					if h.ServeHTTP(w, req); w.status != http.StatusOK {
						b.Errorf("status %d", w.status)
						return
					}
				}
			})
		})
	}
}

// discardWriter is a ResponseWriter that keeps only the status.
type discardWriter struct {
	header http.Header
	status int
}

func (w *discardWriter) Header() http.Header         { return w.header }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(status int)      { w.status = status }
