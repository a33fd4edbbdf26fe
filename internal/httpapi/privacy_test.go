package httpapi_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/privacy"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// exportZip downloads the caller's data export and returns the ZIP's files by name.
func (c *client) exportZip(t *testing.T) map[string][]byte {
	t.Helper()
	res, err := c.http.Get(c.e.srv.URL + "/api/v1/account/export")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/zip" ||
		!strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: %d %v: %.200s", res.StatusCode, res.Header, raw)
	}
	z, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatalf("export is not a ZIP: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], _ = io.ReadAll(r)
		r.Close()
	}
	return out
}

func TestDataExportHoldsMyDataAndNoOneElses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := newCast(t, db)
		myKey, myURL := c.creator.mustUpload(t, "incident-images", testPNG, "gotera.png", "image/png")
		c.creator.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Gotera en el trastero 7", "description": "Cae agua del techo",
			"imageUrl": myURL, "assignedTo": c.creatorID}, 201)
		theirKey, theirURL := c.neighbour.mustUpload(t, "incident-images", testPNG, "ruido.png", "image/png")
		c.neighbour.must(t, "POST", "/api/v1/incidents", map[string]any{"title": "Ruido en el patio de luces", "description": "Cada noche",
			"imageUrl": theirURL, "assignedTo": c.neighbourID}, 201)
		conv := "/api/v1/conversations/" + c.creator.must(t, "POST", "/api/v1/conversations", map[string]any{"userId": c.neighbourID}, 200)["id"].(string)
		c.creator.must(t, "POST", conv+"/messages", map[string]any{"content": "¿Subes a ver la gotera?"}, 201)
		c.neighbour.must(t, "POST", conv+"/messages", map[string]any{"content": "Mi respuesta privada"}, 201)

		zipped := c.creator.exportZip(t)
		raw, ok := zipped[privacy.DataFile]
		if !ok {
			t.Fatalf("no %s in the ZIP: %v", privacy.DataFile, len(zipped))
		}
		var doc struct {
			UserID string                      `json:"userId"`
			Data   map[string][]map[string]any `json:"data"`
			Files  []string                    `json:"files"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		if doc.UserID != c.creatorID || len(doc.Data["account"]) != 1 || doc.Data["account"][0]["email"] != "creador@example.es" {
			t.Fatalf("account: %v %v", doc.UserID, doc.Data["account"])
		}
		if in := doc.Data["incidents"]; len(in) != 1 || in[0]["title"] != "Gotera en el trastero 7" {
			t.Fatalf("incidents: %v", in)
		}
		if dm := doc.Data["direct_messages"]; len(dm) != 1 || dm[0]["content"] != "¿Subes a ver la gotera?" {
			t.Fatalf("direct messages: %v", dm)
		}
		if s := doc.Data["sessions"]; len(s) == 0 || s[0]["id"] != nil {
			t.Fatalf("sessions (never the token's hash): %v", s)
		}
		if !bytes.Equal(zipped["archivos/"+myKey], testPNG) || len(doc.Files) != 1 || doc.Files[0] != "archivos/"+myKey {
			t.Fatalf("my incident photo: files %v", doc.Files)
		}
		if _, ok := zipped["archivos/"+theirKey]; ok {
			t.Fatal("the neighbour's photo is in my export")
		}
		for _, other := range []string{"Ruido en el patio de luces", "Mi respuesta privada", "vecina@example.es", c.neighbourID,
			"admin@example.es", "password", "Secreto123"} {
			if bytes.Contains(raw, []byte(other)) {
				t.Fatalf("my export holds %q", other)
			}
		}
	})
}

func TestDataExportRefusesAnonymousAndIsLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		if p := e.client().must(t, "GET", "/api/v1/account/export", nil, 401); p["code"] != "unauthorized" {
			t.Fatalf("anonymous: %v", p)
		}
		ana := e.confirmedUser(t, "ana@example.es", nil) // no community: their data is still theirs
		for range 5 {
			ana.exportZip(t)
		}
		if p := ana.must(t, "GET", "/api/v1/account/export", nil, 429); p["code"] != "rate_limited" {
			t.Fatalf("sixth export in an hour: %v", p)
		}
	})
}

func TestConsentIsRecordedAtSignUpAndOnEveryNewVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.client().must(t, "GET", "/api/v1/account/consent", nil, 401)
		e.client().must(t, "POST", "/api/v1/account/consent", map[string]any{"version": domain.ConsentVersion}, 401)

		// Sign-up requires the terms (issue #33): without them nothing is created.
		body := signUpBody("ana@example.es", "Inquilino", nil)
		delete(body, "acceptTerms")
		ana := e.client()
		if p := ana.must(t, "POST", "/api/v1/auth/signup", body, 422); p["detail"] != "Debes aceptar los términos y condiciones para continuar" {
			t.Fatalf("sign-up without the terms: %v", p)
		}
		ana.must(t, "POST", "/api/v1/auth/login", login("ana@example.es", "Secreto123"), 401)
		body["acceptTerms"] = true
		signedUp := e.clock()
		ana.must(t, "POST", "/api/v1/auth/signup", body, 201)
		ana.must(t, "POST", "/api/v1/auth/confirm", map[string]any{"token": e.lastLink(t, "ana@example.es", "/confirm-email")}, 200)
		st := ana.must(t, "GET", "/api/v1/account/consent", nil, 200)
		records := st["records"].([]any)
		if st["accepted"] != true || st["current"] != domain.ConsentVersion || len(records) != 1 ||
			records[0].(map[string]any)["version"] != domain.ConsentVersion {
			t.Fatalf("after signing up with the terms accepted: %v", st)
		}
		if at, _ := time.Parse(time.RFC3339, records[0].(map[string]any)["acceptedAt"].(string)); !at.Equal(signedUp.Truncate(time.Millisecond)) {
			t.Fatalf("accepted at %v, want the sign-up's %v", at, signedUp)
		}

		// An account made by a social sign-in is asked, and its answer is kept.
		e.withGoogle(newFakeProvider(t, map[string]any{"sub": "g-luis", "email": "luis@example.es", "email_verified": true, "name": "Luis"}))
		luis := e.client()
		luis.signInWithGoogle(t)
		if st := luis.must(t, "GET", "/api/v1/account/consent", nil, 200); st["accepted"] != false || len(st["records"].([]any)) != 0 {
			t.Fatalf("without consent: %v", st)
		}
		if p := luis.must(t, "POST", "/api/v1/account/consent", map[string]any{"version": "2000-01-01"}, 409); p["code"] != "conflict" {
			t.Fatalf("an old version: %v", p)
		}
		luis.must(t, "POST", "/api/v1/account/consent", map[string]any{"version": domain.ConsentVersion}, 200)
		if st := luis.must(t, "GET", "/api/v1/account/consent", nil, 200); st["accepted"] != true || len(st["records"].([]any)) != 1 {
			t.Fatalf("after accepting: %v", st)
		}
		// The export holds the record too.
		raw := luis.exportZip(t)[privacy.DataFile]
		if !bytes.Contains(raw, []byte(`"version": "`+domain.ConsentVersion+`"`)) {
			t.Fatalf("consent missing from the export: %s", raw)
		}
	})
}
