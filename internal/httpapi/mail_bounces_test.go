package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"vecinos/internal/domain"
	"vecinos/internal/mail/mailtest"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

const testBounceSecret = "bounce-secret-for-tests"

// postBounce posts raw as a mail server's pipe would, with the Authorization header auth.
func postBounce(t *testing.T, e *env, auth string, raw []byte) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/mail/bounces", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "message/rfc822")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	out := map[string]any{}
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("%d %q", res.StatusCode, body)
	}
	return res.StatusCode, out
}

// TestABounceIsPostedWithTheSecret: the bounce endpoint takes a raw DSN with the secret as a bearer token
// or a Basic password, refuses a wrong one, never logs it, and ignores an unknown email.
func TestABounceIsPostedWithTheSecret(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		if err := db.QueueMail(ctx, domain.Mail{To: "ana@example.es", Subject: "Junta", Text: "Convocatoria"}, e.clock()); err != nil {
			t.Fatal(err)
		}
		list, _ := db.ListMail(ctx, 1)
		id := list[0].ID
		if err := db.MarkMailSent(ctx, id, e.clock()); err != nil {
			t.Fatal(err)
		}
		dsn := mailtest.DSN(id, "ana@example.es", "failed", "5.1.1", true)
		if status, body := postBounce(t, e, "Bearer wrong-secret-of-the-same", dsn); status != 403 {
			t.Fatalf("a wrong secret: %d %v", status, body)
		}
		if status, body := postBounce(t, e, "", dsn); status != 403 {
			t.Fatalf("no secret: %d %v", status, body)
		}
		if status, body := postBounce(t, e, "Bearer "+testBounceSecret, mailtest.DSN(id, "ana@example.es", "failed", "4.2.2", true)); status != 200 || body["transient"] != float64(1) || body["recorded"] != float64(0) {
			t.Fatalf("a transient failure: %d %v", status, body)
		}
		if status, body := postBounce(t, e, "Bearer "+testBounceSecret, mailtest.DSN(domain.NewID(), "x@example.es", "failed", "5.1.1", true)); status != 200 || body["ignored"] != float64(1) {
			t.Fatalf("an unknown email: %d %v", status, body)
		}
		req, _ := http.NewRequest("POST", "http://x", nil)
		req.SetBasicAuth("bounces", testBounceSecret)
		if status, body := postBounce(t, e, req.Header.Get("Authorization"), dsn); status != 200 || body["recorded"] != float64(1) {
			t.Fatalf("a bounce with Basic auth: %d %v", status, body)
		}
		if status, _ := postBounce(t, e, "Bearer "+testBounceSecret, []byte("Subject: hola\r\n\r\nnada")); status != 400 && status != 422 {
			t.Fatalf("not a DSN: %d", status)
		}
		list, _ = db.ListMail(ctx, 1)
		if list[0].BouncedAt == nil || list[0].BounceStatus != "5.1.1" {
			t.Fatalf("not recorded: %+v", list[0])
		}
		if strings.Contains(e.logs.String(), testBounceSecret) {
			t.Fatal("the secret is in the log")
		}
	})
}
