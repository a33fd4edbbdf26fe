package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"vecinos/internal/app"
	"vecinos/internal/config"
	"vecinos/internal/files"
	"vecinos/internal/files/filestest"
	"vecinos/internal/oauth"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// filesEnv is an instance with file storage; h is its handler, for requests that must not go through a
// socket (to count exactly what the server reads of a body).
type filesEnv struct {
	*env
	h http.Handler
}

func newFilesEnv(t *testing.T, db *store.DB, storage files.Storage, options ...func(*app.Options)) *filesEnv {
	t.Helper()
	e := &env{db: db, now: time.Now(), oauth: map[string]*oauth.Provider{}}
	cfg := &config.Config{PublicURL: "http://localhost:8080", Dev: true}
	o := app.Options{Now: e.clock, OAuth: e.oauth, Files: storage}
	for _, opt := range options {
		opt(&o)
	}
	h := newApp(t, db, cfg, o).Handler
	e.srv = httptest.NewServer(h)
	t.Cleanup(e.srv.Close)
	return &filesEnv{env: e, h: h}
}

// Small but genuine files: type detection reads their first bytes.
var (
	testPNG  = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"), bytes.Repeat([]byte{1}, 200)...)
	testJPEG = append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"), bytes.Repeat([]byte{2}, 200)...)
	testWEBP = append([]byte("RIFF\x24\x00\x00\x00WEBPVP8 "), bytes.Repeat([]byte{3}, 200)...)
	testPDF  = []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
	testHTML = []byte("<!DOCTYPE html><html><body><script>fetch('/api/v1/me')</script></body></html>")
	testSVG  = []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`)
)

const (
	imageTypeMsg    = "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP"
	documentTypeMsg = "Tipo de archivo no válido. Solo se permiten PDF, JPG y PNG"
	pdfTypeMsg      = "Tipo de archivo no válido. Solo se permiten archivos PDF"
)

var communityMeta = func(name string) map[string]any {
	return map[string]any{"community_intent": "create", "community_name": name, "community_address": "Calle Mayor 1",
		"community_city": "Madrid", "community_postal_code": "28013"}
}

// upload posts data as the raw body, with a file name and a Content-Type that the server must ignore.
func (c *client) upload(t *testing.T, bucket string, data []byte, claimedName, claimedType string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("POST", c.e.srv.URL+"/api/v1/files/"+bucket, bytes.NewReader(data))
	req.Header.Set("Content-Type", claimedType)
	req.Header.Set("Content-Disposition", `attachment; filename="`+claimedName+`"`)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := map[string]any{}
	json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

func (c *client) mustUpload(t *testing.T, bucket string, data []byte, claimedName, claimedType string) (key, url string) {
	t.Helper()
	status, out := c.upload(t, bucket, data, claimedName, claimedType)
	if status != http.StatusCreated {
		t.Fatalf("upload to %s: %d %v", bucket, status, out)
	}
	key, _ = out["key"].(string)
	url, _ = out["url"].(string)
	if url != "/files/"+key {
		t.Fatalf("upload answered %v", out)
	}
	return key, url
}

// get fetches path (following redirects) and returns the response with its body read.
func (c *client) get(t *testing.T, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", c.e.srv.URL+path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

func (c *client) userID(t *testing.T) string {
	t.Helper()
	return c.must(t, "GET", "/api/v1/me", nil, 200)["id"].(string)
}

func TestFilesRoundTripOnLocalAndS3Storage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		filestest.Each(t, func(t *testing.T, storage files.Storage) {
			e := newFilesEnv(t, db, storage)
			// One database for both storages: one user each.
			ana := e.confirmedUser(t, "ana."+t.Name()[strings.LastIndexByte(t.Name(), '/')+1:]+"@example.es", communityMeta("Mayor 1"))
			id := ana.userID(t)
			anonymous := e.client()

			key, url := ana.mustUpload(t, "avatars", testPNG, "yo.png", "image/png")
			if !strings.HasPrefix(key, "avatars/"+id+"/") || !strings.HasSuffix(key, ".png") {
				t.Fatalf("avatar key %s", key)
			}
			res, body := anonymous.get(t, url)
			if res.StatusCode != 200 || !bytes.Equal(body, testPNG) {
				t.Fatalf("public avatar: %d, %d bytes", res.StatusCode, len(body))
			}
			wantHeaders(t, res, "image/png", "max-age=3600", "")

			// Ranges work (the stored object can seek on both storages).
			res, body = anonymous.get(t, url, "Range", "bytes=1-3")
			if res.StatusCode != http.StatusPartialContent || string(body) != "PNG" {
				t.Fatalf("range: %d %q", res.StatusCode, body)
			}

			_, url = ana.mustUpload(t, "incident-images", testWEBP, "grieta.webp", "image/webp")
			res, body = ana.get(t, url)
			if res.StatusCode != 200 || !bytes.Equal(body, testWEBP) {
				t.Fatalf("incident image: %d", res.StatusCode)
			}
			wantHeaders(t, res, "image/webp", "private, max-age=3600", "")

			key, url = ana.mustUpload(t, "verification-documents", testPDF, "escritura.pdf", "application/pdf")
			if !strings.HasSuffix(key, ".pdf") {
				t.Fatalf("document key %s", key)
			}
			res, body = ana.get(t, url)
			if res.StatusCode != 200 || !bytes.Equal(body, testPDF) {
				t.Fatalf("document: %d", res.StatusCode)
			}
			wantHeaders(t, res, "application/pdf", "private, max-age=3600", "")

			actaKey, actaURL := ana.mustUpload(t, "community-documents", testPDF, "acta.pdf", "application/pdf")
			if !strings.HasPrefix(actaKey, "community-documents/"+id+"/") || !strings.HasSuffix(actaKey, ".pdf") {
				t.Fatalf("community document key %s", actaKey)
			}
			res, body = ana.get(t, actaURL)
			if res.StatusCode != 200 || !bytes.Equal(body, testPDF) {
				t.Fatalf("community document: %d", res.StatusCode)
			}
			wantHeaders(t, res, "application/pdf", "private, max-age=3600", "")

			rc, _, err := storage.Open(t.Context(), key)
			if err != nil {
				t.Fatalf("the file is not in the storage under its key: %v", err)
			}
			rc.Close()
			if err := storage.Delete(t.Context(), key); err != nil {
				t.Fatal(err)
			}
			if res, _ := ana.get(t, url); res.StatusCode != 404 {
				t.Fatalf("deleted file: %d", res.StatusCode)
			}
		})
	})
}

func wantHeaders(t *testing.T, res *http.Response, contentType, cache, disposition string) {
	t.Helper()
	h := res.Header
	wantCSP := "sandbox" // Chromium's PDF viewer does not start in a sandboxed document
	if contentType == "application/pdf" {
		wantCSP = ""
	}
	if h.Get("Content-Type") != contentType || h.Get("Cache-Control") != cache || h.Get("X-Content-Type-Options") != "nosniff" ||
		h.Get("Content-Security-Policy") != wantCSP || h.Get("Content-Disposition") != disposition {
		t.Fatalf("headers of %s: %v", res.Request.URL.Path, h)
	}
}

func TestUploadTypeComesFromTheBytes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newFilesEnv(t, db, filestest.Local(t))
		ana := e.confirmedUser(t, "ana@example.es", communityMeta("Mayor 1"))

		// A PNG called escritura.pdf is a PNG: documents take PNGs, so it is stored and served as one.
		key, url := ana.mustUpload(t, "verification-documents", testPNG, "escritura.pdf", "application/pdf")
		if !strings.HasSuffix(key, ".png") {
			t.Fatalf("a PNG named .pdf was stored as %s", key)
		}
		if res, _ := ana.get(t, url); res.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("served as %s", res.Header.Get("Content-Type"))
		}
		// A JPEG called foto.png keeps its own type too.
		if key, _ := ana.mustUpload(t, "avatars", testJPEG, "foto.png", "image/png"); !strings.HasSuffix(key, ".jpg") {
			t.Fatalf("a JPEG named .png was stored as %s", key)
		}
		for _, c := range []struct {
			name, bucket string
			data         []byte
			claimedName  string
			claimedType  string
			msg          string
		}{
			{"PDF named photo.jpg", "avatars", testPDF, "photo.jpg", "image/jpeg", imageTypeMsg},
			{"HTML named photo.jpg", "incident-images", testHTML, "photo.jpg", "image/jpeg", imageTypeMsg},
			{"HTML named photo.jpg as a document", "verification-documents", testHTML, "photo.jpg", "image/jpeg", documentTypeMsg},
			{"SVG", "avatars", testSVG, "logo.svg", "image/svg+xml", imageTypeMsg},
			{"SVG named .png", "incident-images", testSVG, "logo.png", "image/png", imageTypeMsg},
			{"WEBP document", "verification-documents", testWEBP, "dni.webp", "image/webp", documentTypeMsg},
			{"PNG named acta.pdf as a community document", "community-documents", testPNG, "acta.pdf", "application/pdf", pdfTypeMsg},
			{"JPEG named acta.pdf as a community document", "community-documents", testJPEG, "acta.pdf", "application/pdf", pdfTypeMsg},
			{"HTML named acta.pdf as a community document", "community-documents", testHTML, "acta.pdf", "application/pdf", pdfTypeMsg},
			{"empty", "avatars", nil, "nada.png", "image/png", imageTypeMsg},
		} {
			status, out := ana.upload(t, c.bucket, c.data, c.claimedName, c.claimedType)
			if status != http.StatusUnsupportedMediaType || out["detail"] != c.msg || out["code"] != "invalid" {
				t.Errorf("%s: %d %v", c.name, status, out)
			}
		}
	})
}

// countingBody is a request body of endless bytes (a valid PNG start, or head when set, then zeros)
// that fails the test when the server reads more than max of it.
type countingBody struct {
	t    *testing.T
	max  int64
	read int64
	head []byte
}

func (b *countingBody) Read(p []byte) (int, error) {
	head := b.head
	if head == nil {
		head = testPNG
	}
	for i := range p {
		if off := b.read + int64(i); off < int64(len(head)) {
			p[i] = head[off]
		} else {
			p[i] = 0
		}
	}
	b.read += int64(len(p))
	if b.read > b.max {
		b.t.Errorf("the server read %d bytes of the body; the limit is %d, so it needed at most %d", b.read, b.max-1, b.max)
	}
	return len(p), nil
}

func TestUploadSizeLimitHoldsWhileReading(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newFilesEnv(t, db, filestest.Local(t))
		ana := e.confirmedUser(t, "ana@example.es", communityMeta("Mayor 1"))
		cookie := &http.Cookie{Name: "vecinos_session", Value: ana.cookie()}
		post := func(bucket string, body io.Reader, length int64) (int, map[string]any) {
			req := httptest.NewRequest("POST", "/api/v1/files/"+bucket, body)
			req.ContentLength = length
			req.AddCookie(cookie)
			rec := httptest.NewRecorder()
			e.h.ServeHTTP(rec, req)
			out := map[string]any{}
			json.Unmarshal(rec.Body.Bytes(), &out)
			return rec.Code, out
		}
		for _, c := range []struct {
			bucket string
			limit  int64
			msg    string
			head   []byte // the start of a file the bucket takes (nil: a PNG)
		}{
			{"avatars", 5 << 20, "El archivo es demasiado grande. Tamaño máximo: 5MB", nil},
			{"incident-images", 10 << 20, "El archivo es demasiado grande. Tamaño máximo: 10MB", nil},
			{"verification-documents", 5 << 20, "El archivo es demasiado grande. Tamaño máximo: 5MB", nil},
			{"community-documents", 10 << 20, "El archivo es demasiado grande. Tamaño máximo: 10MB", testPDF},
		} {
			// No Content-Length: the server must stop reading at limit+1 bytes.
			body := &countingBody{t: t, max: c.limit + 1, head: c.head}
			status, out := post(c.bucket, body, -1)
			if status != http.StatusRequestEntityTooLarge || out["detail"] != c.msg {
				t.Errorf("%s, endless body: %d %v", c.bucket, status, out)
			}
			// A Content-Length over the limit is refused before reading anything.
			body = &countingBody{t: t, max: 0, head: c.head}
			status, out = post(c.bucket, body, c.limit+1)
			if status != http.StatusRequestEntityTooLarge || out["detail"] != c.msg || body.read != 0 {
				t.Errorf("%s, declared too large: %d %v, %d bytes read", c.bucket, status, out, body.read)
			}
			// Exactly the limit is fine.
			body = &countingBody{t: t, max: c.limit + 1, head: c.head}
			status, out = post(c.bucket, io.LimitReader(body, c.limit), c.limit)
			if status != http.StatusCreated {
				t.Errorf("%s, exactly %d bytes: %d %v", c.bucket, c.limit, status, out)
			}
		}
		// And through a real connection: the whole message, without Content-Length (chunked).
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/files/avatars", io.LimitReader(&countingBody{t: t, max: 1 << 30}, 6<<20))
		res, err := ana.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("over a connection: %d", res.StatusCode)
		}
	})
}

func TestFilePathTricksAreRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newFilesEnv(t, db, filestest.Local(t))
		ana := e.confirmedUser(t, "ana@example.es", communityMeta("Mayor 1"))
		luis := e.confirmedUser(t, "luis@example.es", communityMeta("Mayor 2"))
		anaID, luisID := ana.userID(t), luis.userID(t)
		docKey, docURL := ana.mustUpload(t, "verification-documents", testPDF, "dni.pdf", "application/pdf")
		name := docKey[strings.LastIndexByte(docKey, '/')+1:]
		_, avatarURL := ana.mustUpload(t, "avatars", testPNG, "yo.png", "image/png")
		avatarName := avatarURL[strings.LastIndexByte(avatarURL, '/')+1:]

		// Uploads: the server picks the key; the path names only a bucket.
		for _, path := range []string{
			"/api/v1/files/avatars/" + anaID, "/api/v1/files/avatars/" + anaID + "/" + name, "/api/v1/files/..%2Favatars",
			"/api/v1/files/%2e%2e", "/api/v1/files/avatars%2F" + anaID, "/api/v1/files/Avatars", "/api/v1/files/otro",
		} {
			req, _ := http.NewRequest("POST", e.srv.URL+path, bytes.NewReader(testPNG))
			res, err := luis.http.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 404 {
				t.Errorf("POST %s: %d, want 404", path, res.StatusCode)
			}
		}
		// Nothing the client sends moves the file into someone else's prefix.
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/files/avatars?key=avatars/"+anaID+"/"+avatarName+"&userId="+anaID, bytes.NewReader(testJPEG))
		req.Header.Set("Content-Disposition", `attachment; filename="../../`+anaID+`/`+avatarName+`"`)
		res, err := luis.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var out map[string]any
		json.NewDecoder(res.Body).Decode(&out)
		res.Body.Close()
		if res.StatusCode != 201 || !strings.HasPrefix(out["key"].(string), "avatars/"+luisID+"/") {
			t.Fatalf("upload with a planted key: %d %v", res.StatusCode, out)
		}
		if res, body := e.client().get(t, avatarURL); res.StatusCode != 200 || !bytes.Equal(body, testPNG) {
			t.Fatal("ana's avatar was overwritten")
		}

		// Downloads: Luis (signed in, another community) and anonymous visitors try to reach Ana's document.
		for _, path := range []string{
			"/files/avatars/" + anaID + "/../../verification-documents/" + anaID + "/" + name,
			"/files/avatars/" + anaID + "/..%2F..%2Fverification-documents%2F" + anaID + "%2F" + name,
			"/files/avatars/%2e%2e/verification-documents/" + anaID + "/" + name,
			"/files/avatars/" + anaID + "/%2e%2e%2f%2e%2e%2fverification-documents/" + anaID + "/" + name,
			"/files/verification-documents%2F" + anaID + "%2F" + name,
			"/files/verification-documents/" + anaID + "%2F" + name,
			"/files/avatars/" + anaID + "/" + strings.Replace(name, ".pdf", ".png", 1),
			"/files/avatars//verification-documents/" + anaID + "/" + name,
			"/files/avatars/" + anaID + "/" + name,
			"/files//" + docKey,
			"/files/" + docKey + "%00",
			"/files/" + docKey + "/",
			"/files/verification-documents/" + strings.ToUpper(anaID) + "/" + name,
			"/files/verification-documents/" + luisID + "/" + name,
			"/files/verification-documents/" + anaID + "/" + name + "?userId=" + luisID,
		} {
			for who, c := range map[string]*client{"luis": luis, "anonymous": e.client()} {
				res, body := c.get(t, path)
				if res.StatusCode != 404 || bytes.Equal(body, testPDF) {
					t.Errorf("%s GET %s: %d (%s), want 404", who, path, res.StatusCode, res.Request.URL.Path)
				}
			}
		}
		// The avatar path with a trick that only resolves to the same public avatar is harmless, but
		// encoded separators are refused even then.
		if res, _ := e.client().get(t, "/files/avatars/"+anaID+"%2F"+avatarName); res.StatusCode != 404 {
			t.Errorf("encoded slash to a public file: %d", res.StatusCode)
		}
		if res, _ := ana.get(t, docURL); res.StatusCode != 200 {
			t.Fatalf("ana cannot read her own document: %d", res.StatusCode)
		}
	})
}

func TestFileAccessByRole(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newFilesEnv(t, db, filestest.Local(t))
		admin := e.confirmedUser(t, "presi@example.es", communityMeta("Mayor 1"))
		code := e.communityCode(t, admin)
		joins := map[string]any{"invite_token": code, "community_intent": "join"}
		vecina := e.confirmedUser(t, "vecina@example.es", joins)
		vecino := e.confirmedUser(t, "vecino@example.es", joins)
		otherAdmin := e.confirmedUser(t, "otro-presi@example.es", communityMeta("Mayor 2"))
		otherCode := e.communityCode(t, otherAdmin)
		stranger := e.confirmedUser(t, "ajeno@example.es", map[string]any{"invite_token": otherCode, "community_intent": "join"})
		homeless := e.confirmedUser(t, "sin-comunidad@example.es", nil)
		anonymous := e.client()

		// Anonymous uploads: 401 with the spec's message, on every bucket.
		for _, bucket := range []string{"avatars", "incident-images", "verification-documents", "community-documents"} {
			status, out := anonymous.upload(t, bucket, testPNG, "x.png", "image/png")
			if status != 401 || out["detail"] != "Usuario no autenticado" || out["code"] != "unauthorized" {
				t.Fatalf("anonymous upload to %s: %d %v", bucket, status, out)
			}
		}
		forged := e.client()
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/files/avatars", bytes.NewReader(testPNG))
		req.AddCookie(&http.Cookie{Name: "vecinos_session", Value: "forged"})
		if res, err := forged.http.Do(req); err != nil || res.StatusCode != 401 {
			t.Fatalf("forged session: %v %v", res, err)
		}
		// Incident photos and community documents need a community.
		if status, out := homeless.upload(t, "incident-images", testPNG, "x.png", "image/png"); status != 403 || out["detail"] != "No perteneces a ninguna comunidad" {
			t.Fatalf("incident image without a community: %d %v", status, out)
		}
		if status, out := homeless.upload(t, "community-documents", testPDF, "acta.pdf", "application/pdf"); status != 403 || out["detail"] != "No perteneces a ninguna comunidad" {
			t.Fatalf("community document without a community: %d %v", status, out)
		}

		_, avatar := vecina.mustUpload(t, "avatars", testPNG, "yo.png", "image/png")
		_, photo := vecina.mustUpload(t, "incident-images", testJPEG, "grieta.jpg", "image/jpeg")
		_, doc := vecina.mustUpload(t, "verification-documents", testPDF, "escritura.pdf", "application/pdf")
		_, acta := admin.mustUpload(t, "community-documents", testPDF, "acta.pdf", "application/pdf")
		_, homelessDoc := homeless.mustUpload(t, "verification-documents", testPNG, "dni.png", "image/png")
		_, homelessAvatar := homeless.mustUpload(t, "avatars", testWEBP, "yo.webp", "image/webp")

		type check struct {
			who  string
			c    *client
			path string
			want int
		}
		checks := []check{
			{"anonymous", anonymous, avatar, 200},
			{"member of another community", stranger, avatar, 200},
			{"anonymous", anonymous, homelessAvatar, 200},

			{"owner", vecina, photo, 200},
			{"neighbour", vecino, photo, 200},
			{"admin", admin, photo, 200},
			{"anonymous", anonymous, photo, 404},
			{"member of another community", stranger, photo, 404},
			{"admin of another community", otherAdmin, photo, 404},
			{"user without community", homeless, photo, 404},

			{"owner", vecina, doc, 200},
			{"admin of the owner's community", admin, doc, 200},
			{"unprivileged member", vecino, doc, 404},
			{"anonymous", anonymous, doc, 404},
			{"member of another community", stranger, doc, 404},
			{"admin of another community", otherAdmin, doc, 404},
			{"user without community", homeless, doc, 404},

			{"owner (admin)", admin, acta, 200},
			{"member", vecina, acta, 200},
			{"another member", vecino, acta, 200},
			{"anonymous", anonymous, acta, 404},
			{"member of another community", stranger, acta, 404},
			{"admin of another community", otherAdmin, acta, 404},
			{"user without community", homeless, acta, 404},

			{"owner without community", homeless, homelessDoc, 200},
			{"an admin (owner has no community)", admin, homelessDoc, 404},
			{"anonymous", anonymous, homelessDoc, 404},
		}
		for _, c := range checks {
			res, _ := c.c.get(t, c.path)
			if res.StatusCode != c.want {
				t.Errorf("%s GET %s: %d, want %d", c.who, c.path, res.StatusCode, c.want)
			}
		}
		// A missing file answers like a forbidden one, even to its would-be owner.
		missing := doc[:strings.LastIndexByte(doc, '/')+1] + "1.pdf"
		if res, _ := vecina.get(t, missing); res.StatusCode != 404 {
			t.Fatalf("missing file: %d", res.StatusCode)
		}
		// Signed out, the owner is anonymous.
		vecina.must(t, "POST", "/api/v1/auth/logout", nil, 204)
		if res, _ := vecina.get(t, doc); res.StatusCode != 404 {
			t.Fatalf("after sign-out: %d", res.StatusCode)
		}
	})
}

// An upload that declares the largest file its bucket takes but sends 4 bytes costs the server no more
// memory than those bytes (it used to allocate the declared size at once), and the connection is cut
// when the body does not arrive in time, with a Spanish 408. One engine only: the database plays no part,
// and the engines' subtests run in parallel, so the other's sign-ups would count in the process' heap.
func TestUploadThatNeverArrivesCostsNoMemoryAndIsCutOff(t *testing.T) {
	func(t *testing.T, db *store.DB) {
		e := newFilesEnv(t, db, filestest.Local(t), func(o *app.Options) {
			o.BodyReadTimeout, o.UploadReadTimeout = time.Hour, 200*time.Millisecond // the upload's own deadline
		})
		ana := e.confirmedUser(t, "ana@example.es", communityMeta("Mayor 1"))
		const declared = 10 << 20 // the incident-images limit
		const connections = 4
		conns := make([]net.Conn, connections)
		for i := range conns {
			c, err := net.Dial("tcp", e.srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			// Only guards against a hang: the server must answer on its own.
			c.SetDeadline(time.Now().Add(20 * time.Second))
			conns[i] = c
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for _, c := range conns {
			fmt.Fprintf(c, "POST /api/v1/files/incident-images HTTP/1.1\r\nHost: localhost\r\nCookie: vecinos_session=%s\r\n"+
				"Content-Type: image/png\r\nContent-Length: %d\r\n\r\n%s", ana.cookie(), declared, testPNG[:4])
		}
		for i, c := range conns {
			res, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Errorf("connection %d: no answer, the server is still waiting for the body: %v", i, err)
				continue
			}
			var p map[string]any
			json.NewDecoder(res.Body).Decode(&p)
			res.Body.Close()
			if res.StatusCode != http.StatusRequestTimeout || p["detail"] != "El archivo tardó demasiado en llegar. Comprueba tu conexión e inténtalo de nuevo" {
				t.Errorf("connection %d: %d %v", i, res.StatusCode, p)
			}
		}
		runtime.ReadMemStats(&after)
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 2<<20 {
			t.Errorf("%d uploads declaring %d MB each and sending 4 bytes made the server allocate %d KB", connections, declared>>20, grown>>10)
		}
	}(t, storetest.OpenSQLite(t))
}

// Each member may upload 30 files an hour: the 31st gets a Spanish 429 with Retry-After, and an hour
// later uploads go through again. Another member is not affected.
func TestUploadsPerMemberAndHour(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newFilesEnv(t, db, filestest.Local(t))
		ana := e.confirmedUser(t, "ana@example.es", communityMeta("Mayor 1"))
		luis := e.confirmedUser(t, "luis@example.es", communityMeta("Mayor 2"))
		for range 30 {
			ana.mustUpload(t, "incident-images", testPNG, "foto.png", "image/png")
		}
		e.advance(59*time.Minute + 30*time.Second)
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/files/avatars", bytes.NewReader(testPNG))
		res, err := ana.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var p map[string]any
		json.NewDecoder(res.Body).Decode(&p)
		res.Body.Close()
		const msg = "Has alcanzado el límite de subidas (30 archivos o 200 MB por hora). Inténtalo de nuevo en 1 minuto."
		if res.StatusCode != http.StatusTooManyRequests || p["code"] != "rate_limited" || p["detail"] != msg ||
			res.Header.Get("Retry-After") != "30" || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/problem+json") {
			t.Fatalf("31st upload: %d %v %v", res.StatusCode, res.Header, p)
		}
		luis.mustUpload(t, "avatars", testPNG, "yo.png", "image/png")
		e.advance(30 * time.Second)
		ana.mustUpload(t, "avatars", testPNG, "yo.png", "image/png")
	})
}

// Deleting an account erases the person's avatars and verification documents from storage (local and
// S3): the avatar URL answers 404 and nothing of theirs is left in the personal buckets, including a
// document never submitted. What they shared with the community (an incident photo) stays.
func TestAccountDeletionErasesTheirAvatarAndDocuments(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		filestest.Each(t, func(t *testing.T, storage files.Storage) {
			e := newFilesEnv(t, db, storage)
			suffix := t.Name()[strings.LastIndexByte(t.Name(), '/')+1:] // one database for both storages
			admin := e.obAdmin(t, "presi."+suffix+"@example.es", "Alcalá 12")
			luis := e.obMember(t, "luis."+suffix+"@example.es", e.communityCode(t, admin))
			avatarKey, avatarURL := luis.mustUpload(t, "avatars", testPNG, "yo.png", "image/png")
			oldAvatarKey, _ := luis.mustUpload(t, "avatars", testJPEG, "antes.jpg", "image/jpeg")
			luis.must(t, "PATCH", "/api/v1/profile", map[string]any{"avatarUrl": avatarURL}, 200)
			docKey, _ := luis.mustUpload(t, "verification-documents", testPDF, "escritura.pdf", "application/pdf")
			luis.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document", "documentKey": docKey}, 200)
			unsentKey, _ := luis.mustUpload(t, "verification-documents", testPNG, "dni.png", "image/png")
			photoKey, _ := luis.mustUpload(t, "incident-images", testPNG, "grieta.png", "image/png")
			if res, _ := e.client().get(t, avatarURL); res.StatusCode != 200 {
				t.Fatalf("avatar before: %d", res.StatusCode)
			}

			luis.must(t, "POST", "/api/v1/account/delete", map[string]any{"password": "Secreto123"}, 204)
			if res, _ := e.client().get(t, avatarURL); res.StatusCode != 404 {
				t.Errorf("avatar URL after the deletion: %d, want 404", res.StatusCode)
			}
			for _, key := range []string{avatarKey, oldAvatarKey, docKey, unsentKey} {
				if rc, _, err := storage.Open(t.Context(), key); !errors.Is(err, files.ErrNotFound) {
					if err == nil {
						rc.Close()
					}
					t.Errorf("%s is still in storage (%v)", key, err)
				}
			}
			rc, _, err := storage.Open(t.Context(), photoKey)
			if err != nil {
				t.Fatalf("the incident photo went too: %v", err)
			}
			rc.Close()
		})
	})
}

// Reviewing a verification request (approve or reject) erases its document from storage; the outcome
// stays, and the request no longer offers a link to the document.
func TestReviewedVerificationKeepsTheOutcomeAndErasesTheDocument(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		filestest.Each(t, func(t *testing.T, storage files.Storage) {
			e := newFilesEnv(t, db, storage)
			suffix := t.Name()[strings.LastIndexByte(t.Name(), '/')+1:]
			admin := e.obAdmin(t, "presi."+suffix+"@example.es", "Alcalá 12")
			luis := e.obMember(t, "luis."+suffix+"@example.es", e.communityCode(t, admin))
			for _, decision := range []string{"rejected", "approved"} {
				key, url := luis.mustUpload(t, "verification-documents", testPDF, "escritura.pdf", "application/pdf")
				luis.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document", "documentKey": key}, 200)
				pending := obItems(t, admin.must(t, "GET", "/api/v1/community/verifications?status=pending", nil, 200), "requests")
				if len(pending) != 1 || pending[0]["documentUrl"] != url {
					t.Fatalf("queue: %v", pending)
				}
				if res, _ := admin.get(t, url); res.StatusCode != 200 {
					t.Fatalf("the admin cannot read the document under review: %d", res.StatusCode)
				}
				r := admin.must(t, "POST", "/api/v1/community/verifications/"+pending[0]["id"].(string)+"/review", map[string]any{"decision": decision}, 200)
				if r["status"] != decision || r["documentUrl"] != nil {
					t.Fatalf("%s: %v", decision, r)
				}
				if rc, _, err := storage.Open(t.Context(), key); !errors.Is(err, files.ErrNotFound) {
					if err == nil {
						rc.Close()
					}
					t.Errorf("%s: the document is still in storage (%v)", decision, err)
				}
				for _, c := range []*client{admin, luis} {
					if res, _ := c.get(t, url); res.StatusCode != 404 {
						t.Errorf("%s: document URL answers %d, want 404", decision, res.StatusCode)
					}
				}
				latest := luis.must(t, "GET", "/api/v1/verification", nil, 200)["latest"].(map[string]any)
				if latest["status"] != decision || latest["documentUrl"] != nil {
					t.Errorf("%s: the member reads %v", decision, latest)
				}
			}
			if v := luis.must(t, "GET", "/api/v1/verification", nil, 200); v["level"] != 2.0 {
				t.Fatalf("the approval did not stay: %v", v)
			}
			all := obItems(t, admin.must(t, "GET", "/api/v1/community/verifications", nil, 200), "requests")
			if len(all) != 2 || all[0]["status"] != "rejected" || all[1]["status"] != "approved" {
				t.Fatalf("outcomes: %v", all)
			}
		})
	})
}

// brokenDeletes is a storage whose deletes fail, as when the bucket is unreachable.
type brokenDeletes struct{ files.Storage }

func (brokenDeletes) Delete(context.Context, string) error    { return errors.New("storage down") }
func (brokenDeletes) DeleteAll(context.Context, string) error { return errors.New("storage down") }

// When storage cannot delete, the account deletion and the review still stand (the failure is logged).
func TestDeletionAndReviewStandWhenStorageFails(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newFilesEnv(t, db, brokenDeletes{filestest.Local(t)})
		admin := e.obAdmin(t, "presi@example.es", "Alcalá 12")
		luis := e.obMember(t, "luis@example.es", e.communityCode(t, admin))
		key, _ := luis.mustUpload(t, "verification-documents", testPDF, "escritura.pdf", "application/pdf")
		luis.must(t, "POST", "/api/v1/onboarding/verify", map[string]any{"method": "document", "documentKey": key}, 200)
		id := obItems(t, admin.must(t, "GET", "/api/v1/community/verifications?status=pending", nil, 200), "requests")[0]["id"].(string)
		admin.must(t, "POST", "/api/v1/community/verifications/"+id+"/review", map[string]any{"decision": "approved"}, 200)
		if v := luis.must(t, "GET", "/api/v1/verification", nil, 200); v["level"] != 2.0 {
			t.Fatalf("the review did not stand: %v", v)
		}
		luis.must(t, "POST", "/api/v1/account/delete", map[string]any{"password": "Secreto123"}, 204)
		e.client().must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "luis@example.es", "password": "Secreto123"}, 401)
	})
}
