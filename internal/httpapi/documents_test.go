package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"vecinos/internal/files"
	"vecinos/internal/files/filestest"
	"vecinos/internal/store"
	"vecinos/internal/store/storetest"
)

// docEnv is the announcements' cast (admin; Olga, owner of 1A; Teo, her tenant; Pablo, owner of 2B;
// Uxue, with no unit; the admin of another community; a user with no community; anonymous) in an
// instance whose file storage the test gives and watches.
type docEnv struct {
	*anCast
	storage *countingStorage
}

// countingStorage is a real storage that counts the objects put into it and removed from it, so a test
// can tell that a failed upload left nothing behind.
type countingStorage struct {
	files.Storage
	mu           sync.Mutex
	puts, delete []string
}

func (s *countingStorage) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	s.mu.Lock()
	s.puts = append(s.puts, key)
	s.mu.Unlock()
	return s.Storage.Put(ctx, key, r, size, contentType)
}

func (s *countingStorage) Delete(ctx context.Context, key string) error {
	s.mu.Lock()
	s.delete = append(s.delete, key)
	s.mu.Unlock()
	return s.Storage.Delete(ctx, key)
}

func (s *countingStorage) putCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.puts)
}

func newDocEnv(t *testing.T, db *store.DB, storage files.Storage) *docEnv {
	t.Helper()
	cs := &countingStorage{Storage: storage}
	fe := newFilesEnv(t, db, cs)
	return &docEnv{anCast: newAnCastIn(t, fe.env), storage: cs}
}

// docCategory is the id of the category of the caller's community called name.
func docCategory(t *testing.T, c *client, name string) string {
	t.Helper()
	for _, cat := range obItems(t, c.must(t, "GET", "/api/v1/documents/categories", nil, 200), "categories") {
		if cat["name"] == name {
			return cat["id"].(string)
		}
	}
	t.Fatalf("no category %q", name)
	return ""
}

// docUpload posts data as a new document (path: /api/v1/documents) or version (…/{id}/versions) with
// the form in the query string.
func (c *client) docUpload(t *testing.T, path string, form url.Values, data []byte) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("POST", c.e.srv.URL+path+"?"+form.Encode(), bytes.NewReader(data))
	req.Header.Set("Content-Type", "text/html") // what the browser claims is ignored
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := map[string]any{}
	json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// docForm is the form of a new document.
func docForm(category, title, date, visibility, fileName string) url.Values {
	return url.Values{"categoryId": {category}, "title": {title}, "date": {date}, "visibility": {visibility}, "fileName": {fileName}}
}

func (c *client) mustDocUpload(t *testing.T, form url.Values, data []byte) map[string]any {
	t.Helper()
	status, out := c.docUpload(t, "/api/v1/documents", form, data)
	if status != http.StatusCreated {
		t.Fatalf("upload %v: %d %v", form, status, out)
	}
	return out
}

func docTitles(t *testing.T, c *client, query string) []string {
	t.Helper()
	var out []string
	for _, it := range items(c.must(t, "GET", "/api/v1/documents"+query, nil, 200)) {
		out = append(out, it["title"].(string))
	}
	return out
}

func current(d map[string]any) map[string]any { return d["current"].(map[string]any) }

// A genuine PDF, distinct per title so versions differ.
func docPDF(text string) []byte {
	return []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% " + text + "\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
}

// zipOf builds a zip with the entries given in order; a "mimetype" entry is stored uncompressed, as
// OpenDocument requires.
func zipOf(t *testing.T, entries ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, e := range entries {
		method := zip.Deflate
		if e[0] == "mimetype" {
			method = zip.Store
		}
		w, err := z.CreateHeader(&zip.FileHeader{Name: e[0], Method: method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e[1]))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func dateAgo(years int) string { return time.Now().UTC().AddDate(-years, 0, 0).Format(time.DateOnly) }

// Who may see what: a tenant (or a member without a unit) cannot list, find, open or download an
// owners-only document; an owner can; the administration-only one is the admins'; another community
// gets 404 for everything, anonymous callers 401, a user without a community 403.
func TestDocumentVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newDocEnv(t, db, filestest.Local(t))
		actas := docCategory(t, e.admin, "Actas")
		owners := e.admin.mustDocUpload(t, docForm(actas, "Acta de la junta de propietarios", dateAgo(0), "owners", "acta.pdf"), docPDF("propietarios"))
		all := e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Estatutos y normas"), "Normas de convivencia", "2020-05-01", "all", "normas.pdf"), docPDF("normas"))
		admins := e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Contratos"), "Contrato del conserje", "2024-02-01", "admins", "contrato.pdf"), docPDF("contrato"))
		file := func(d map[string]any) string { return current(d)["downloadUrl"].(string) }

		for _, c := range []struct {
			name string
			who  *client
			sees []string
		}{
			{"admin", e.admin, []string{"Acta de la junta de propietarios", "Contrato del conserje", "Normas de convivencia"}},
			{"olga (owner)", e.olga, []string{"Acta de la junta de propietarios", "Normas de convivencia"}},
			{"pablo (owner)", e.pablo, []string{"Acta de la junta de propietarios", "Normas de convivencia"}},
			{"teo (tenant)", e.teo, []string{"Normas de convivencia"}},
			{"uxue (no unit)", e.uxue, []string{"Normas de convivencia"}},
		} {
			if got := docTitles(t, c.who, ""); !slices.Equal(got, c.sees) {
				t.Errorf("%s lists %v, want %v", c.name, got, c.sees)
			}
			// Search: accent-insensitive, the same rule.
			found := docTitles(t, c.who, "?q=JUNTA+de+propietarios") != nil
			if want := slices.Contains(c.sees, "Acta de la junta de propietarios"); found != want {
				t.Errorf("%s finds the owners' acta: %v", c.name, found)
			}
			h := c.who.must(t, "GET", "/api/v1/documents/highlights", nil, 200)
			if (h["lastActa"] != nil) != slices.Contains(c.sees, "Acta de la junta de propietarios") {
				t.Errorf("%s highlights: %v", c.name, h)
			}
			for _, d := range []map[string]any{owners, all, admins} {
				want := 404
				if slices.Contains(c.sees, d["title"].(string)) {
					want = 200
				}
				c.who.must(t, "GET", "/api/v1/documents/"+d["id"].(string), nil, want)
				if res, _ := c.who.get(t, file(d)); res.StatusCode != want {
					t.Errorf("%s downloads %s: %d, want %d", c.name, d["title"], res.StatusCode, want)
				}
			}
		}
		if got := docTitles(t, e.teo, "?q=contrato"); got != nil {
			t.Errorf("tenant finds %v", got)
		}

		// Another community: nothing exists; not even its own category list shows ours.
		for _, d := range []map[string]any{owners, all, admins} {
			id := d["id"].(string)
			obDetail(t, e.outsider, "GET", "/api/v1/documents/"+id, nil, 404, "not_found", "El documento no existe")
			obDetail(t, e.outsider, "DELETE", "/api/v1/documents/"+id, map[string]any{"reason": "x"}, 404, "not_found", "El documento no existe")
			if res, _ := e.outsider.get(t, file(d)); res.StatusCode != 404 {
				t.Errorf("outsider downloads: %d", res.StatusCode)
			}
			if status, _ := e.outsider.docUpload(t, "/api/v1/documents/"+id+"/versions", url.Values{"fileName": {"x.pdf"}}, docPDF("x")); status != 404 {
				t.Errorf("outsider adds a version: %d", status)
			}
		}
		if got := docTitles(t, e.outsider, ""); got != nil {
			t.Errorf("outsider lists %v", got)
		}
		if h := e.outsider.must(t, "GET", "/api/v1/documents/highlights", nil, 200); h["lastActa"] != nil || h["accounts"] != nil {
			t.Errorf("outsider highlights %v", h)
		}
		// Uploading to a category of another community.
		status, p := e.outsider.docUpload(t, "/api/v1/documents", docForm(actas, "Mía", "2025-01-01", "all", "a.pdf"), docPDF("x"))
		if status != 422 || p["detail"] != "La categoría no existe en tu comunidad" {
			t.Errorf("upload to another community's category: %d %v", status, p)
		}

		// Anonymous: 401; no community: 403; everywhere.
		id := all["id"].(string)
		for _, r := range []struct {
			method, path string
			body         map[string]any
		}{{"GET", "/api/v1/documents", nil}, {"GET", "/api/v1/documents/highlights", nil}, {"GET", "/api/v1/documents/categories", nil},
			{"POST", "/api/v1/documents/categories", map[string]any{"name": "x"}}, {"GET", "/api/v1/documents/email-notices", nil},
			{"PUT", "/api/v1/documents/email-notices", map[string]any{"on": true}}, {"GET", "/api/v1/documents/" + id, nil},
			{"DELETE", "/api/v1/documents/" + id, map[string]any{"reason": "x"}}} {
			e.anon.must(t, r.method, r.path, r.body, 401)
			e.homeless.must(t, r.method, r.path, r.body, 403)
		}
		for _, who := range []struct {
			c    *client
			want int
		}{{e.anon, 401}, {e.homeless, 403}} {
			if res, _ := who.c.get(t, file(all)); res.StatusCode != who.want {
				t.Errorf("file: %d, want %d", res.StatusCode, who.want)
			}
			if status, _ := who.c.docUpload(t, "/api/v1/documents", docForm(actas, "X", "2025-01-01", "all", "a.pdf"), docPDF("x")); status != who.want {
				t.Errorf("upload: %d, want %d", status, who.want)
			}
			if status, _ := who.c.docUpload(t, "/api/v1/documents/"+id+"/versions", nil, docPDF("x")); status != who.want {
				t.Errorf("version: %d, want %d", status, who.want)
			}
		}

		// Members: 403 for what is the admins', before any byte of the file is stored.
		puts := e.storage.putCount()
		obDetail(t, e.olga, "DELETE", "/api/v1/documents/"+id, map[string]any{"reason": "x"}, 403, "forbidden", "Solo los administradores pueden gestionar los documentos")
		obDetail(t, e.olga, "POST", "/api/v1/documents/categories", map[string]any{"name": "Mía"}, 403, "forbidden", "Solo los administradores pueden gestionar los documentos")
		status, p = e.olga.docUpload(t, "/api/v1/documents", docForm(actas, "Mi acta", "2025-01-01", "all", "a.pdf"), docPDF("x"))
		if status != 403 || p["detail"] != "Solo los administradores pueden subir documentos a esta categoría" {
			t.Errorf("member uploads to Actas: %d %v", status, p)
		}
		status, p = e.olga.docUpload(t, "/api/v1/documents/"+id+"/versions", url.Values{"fileName": {"x.pdf"}}, docPDF("x"))
		if status != 403 || p["detail"] != "Solo un administrador o quien subió el documento puede subir una nueva versión" {
			t.Errorf("member adds a version: %d %v", status, p)
		}
		if e.storage.putCount() != puts {
			t.Error("a refused upload stored a file")
		}

		// A category opened to members: anyone uploads there, and may add versions of their own upload.
		shared := e.admin.must(t, "POST", "/api/v1/documents/categories", map[string]any{"name": "Compartidos por vecinos", "membersUpload": true}, 201)
		obDetail(t, e.admin, "POST", "/api/v1/documents/categories", map[string]any{"name": "compartidos  POR vecinos"}, 409, "conflict", "Ya existe una categoría con ese nombre")
		if shared["membersUpload"] != true || shared["canUpload"] != true {
			t.Fatalf("shared category: %v", shared)
		}
		mine := e.teo.mustDocUpload(t, docForm(shared["id"].(string), "Presupuesto de pintura", "2025-03-01", "all", "pintura.pdf"), docPDF("pintura"))
		if mine["canAddVersion"] != true || mine["canDelete"] != false {
			t.Errorf("own upload: %v", mine)
		}
		if status, _ := e.teo.docUpload(t, "/api/v1/documents/"+mine["id"].(string)+"/versions", url.Values{"fileName": {"pintura v2.pdf"}}, docPDF("v2")); status != 201 {
			t.Errorf("own new version: %d", status)
		}
		if !slices.Contains(docTitles(t, e.olga, ""), "Presupuesto de pintura") {
			t.Error("a neighbour's shared document is not listed")
		}
	})
}

// Versions keep the older files, each with its uploader, time, size, format and SHA-256; the file downloads
// with its name (accents included), the exact bytes, nosniff, and ranges; PDFs and images may show inline,
// the rest only downloads. On the local and the S3 storage.
func TestDocumentVersionsAndDownload(t *testing.T) {
	filestest.Each(t, func(t *testing.T, storage files.Storage) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			e := newDocEnv(t, db, storage)
			cuentas := docCategory(t, e.admin, "Cuentas")
			v1 := docPDF("primera versión")
			d := e.admin.mustDocUpload(t, docForm(cuentas, "Cuentas del ejercicio", "2025-12-31", "all", "Cuentas año 2025.pdf"), v1)
			id := d["id"].(string)
			cur := current(d)
			sum := sha256.Sum256(v1)
			if cur["number"] != float64(1) || cur["format"] != "PDF" || cur["size"] != float64(len(v1)) || cur["sha256"] != hex.EncodeToString(sum[:]) ||
				cur["uploaderName"] != "Adela Admin" || cur["fileName"] != "Cuentas año 2025.pdf" || d["retainedUntil"] != "2030-12-31" {
				t.Fatalf("created: %v", d)
			}
			// A new version: a spreadsheet this time.
			v2 := zipOf(t, [2]string{"[Content_Types].xml", "<Types/>"}, [2]string{"xl/workbook.xml", "<workbook/>"})
			status, d2 := e.admin.docUpload(t, "/api/v1/documents/"+id+"/versions", url.Values{"fileName": {"cuentas.pdf"}}, v2)
			if status != 201 || current(d2)["number"] != float64(2) || current(d2)["format"] != "XLSX" || current(d2)["fileName"] != "cuentas.xlsx" ||
				d2["versionCount"] != float64(2) || current(d2)["previewUrl"] != nil {
				t.Fatalf("new version: %d %v", status, d2)
			}
			detail := e.olga.must(t, "GET", "/api/v1/documents/"+id, nil, 200)
			versions := obItems(t, detail, "versions")
			if len(versions) != 2 || versions[0]["number"] != float64(2) || versions[1]["number"] != float64(1) || versions[1]["sha256"] != cur["sha256"] {
				t.Fatalf("versions: %v", versions)
			}
			if got := docTitles(t, e.olga, ""); !slices.Equal(got, []string{"Cuentas del ejercicio"}) {
				t.Fatalf("list: %v", got)
			}

			// The old version downloads, bytes unchanged.
			res, body := e.olga.get(t, versions[1]["downloadUrl"].(string))
			if res.StatusCode != 200 || !bytes.Equal(body, v1) {
				t.Fatalf("download v1: %d %q", res.StatusCode, body)
			}
			for k, want := range map[string]string{
				"Content-Type":           "application/pdf",
				"Content-Disposition":    `attachment; filename="Cuentas ano 2025.pdf"; filename*=UTF-8''Cuentas%20a%C3%B1o%202025.pdf`,
				"X-Content-Type-Options": "nosniff",
				"Accept-Ranges":          "bytes",
				"Etag":                   `"` + cur["sha256"].(string) + `"`,
			} {
				if got := res.Header.Get(k); got != want {
					t.Errorf("%s: %q, want %q", k, got, want)
				}
			}
			// A range: the start of a large PDF shows at once.
			res, body = e.olga.get(t, versions[1]["downloadUrl"].(string), "Range", "bytes=0-7")
			if res.StatusCode != 206 || string(body) != "%PDF-1.7" || res.Header.Get("Content-Range") != "bytes 0-7/"+strconv.Itoa(len(v1)) {
				t.Fatalf("range: %d %q %v", res.StatusCode, body, res.Header)
			}
			// Inline for a PDF; never for a spreadsheet, which also keeps the sandbox.
			res, _ = e.olga.get(t, versions[1]["previewUrl"].(string))
			if !strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline; ") {
				t.Errorf("pdf preview: %v", res.Header)
			}
			res, body = e.olga.get(t, versions[0]["downloadUrl"].(string)+"?inline=1")
			if res.StatusCode != 200 || !bytes.Equal(body, v2) || res.Header.Get("Content-Security-Policy") != "sandbox" ||
				!strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment; ") || res.Header.Get("Content-Type") != files.XLSX {
				t.Errorf("xlsx inline: %d %v", res.StatusCode, res.Header)
			}
			// A version of another document is not found through this one.
			other := e.admin.mustDocUpload(t, docForm(cuentas, "Otras cuentas", "2024-12-31", "admins", "otras.pdf"), docPDF("otras"))
			if res, _ := e.admin.get(t, "/api/v1/documents/"+id+"/versions/"+current(other)["id"].(string)+"/file"); res.StatusCode != 404 {
				t.Errorf("another document's version: %d", res.StatusCode)
			}

			// 'abierto por N de M', for admins: Olga opened it; the six members of the community may.
			d3 := e.admin.must(t, "GET", "/api/v1/documents/"+id, nil, 200)
			if d3["openedBy"] != float64(1) || d3["audience"] != float64(6) {
				t.Errorf("opened by %v of %v", d3["openedBy"], d3["audience"])
			}
			if o := e.olga.must(t, "GET", "/api/v1/documents/"+id, nil, 200); o["openedBy"] != nil || o["audience"] != nil {
				t.Errorf("a member sees the tallies: %v", o)
			}
		})
	})
}

// Actas and accounts are kept 5 years from their date: deleting one before is refused with the day it
// may go; every deletion needs a reason and is soft (members no longer see or download it; admins still
// list it with includeDeleted, with its reason).
func TestDocumentRetentionAndSoftDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newDocEnv(t, db, filestest.Local(t))
		yearOld := e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Actas"), "Acta de 2024", dateAgo(1), "all", "acta.pdf"), docPDF("2024"))
		id := yearOld["id"].(string)
		until := time.Now().UTC().AddDate(-1, 0, 0).AddDate(5, 0, 0)
		if yearOld["retainedUntil"] != until.Format(time.DateOnly) {
			t.Fatalf("retainedUntil: %v", yearOld["retainedUntil"])
		}
		// The day is also a parameter, for the web app's translation of the code.
		p := e.admin.must(t, "DELETE", "/api/v1/documents/"+id, map[string]any{"reason": "Duplicado"}, 409)
		day := until.Format("02/01/2006")
		params, _ := p["params"].(map[string]any)
		if p["code"] != "document_retained" || p["detail"] != "Este documento debe conservarse hasta el "+day || params["until"] != day {
			t.Fatalf("retained document: %v", p)
		}
		other := e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Otros"), "Circular antigua", dateAgo(1), "all", "circular.pdf"), docPDF("circular"))
		oid := other["id"].(string)
		if other["retainedUntil"] != nil {
			t.Fatalf("Otros has no retention: %v", other)
		}
		obDetail(t, e.admin, "DELETE", "/api/v1/documents/"+oid, map[string]any{"reason": "  "}, 422, "invalid", "Indica el motivo de la eliminación")
		e.admin.must(t, "DELETE", "/api/v1/documents/"+oid, map[string]any{"reason": "Sustituida por la nueva circular"}, 204)
		for _, c := range []*client{e.olga, e.teo} {
			c.must(t, "GET", "/api/v1/documents/"+oid, nil, 404)
			if res, _ := c.get(t, current(other)["downloadUrl"].(string)); res.StatusCode != 404 {
				t.Errorf("member downloads a deleted document: %d", res.StatusCode)
			}
			if got := docTitles(t, c, "?includeDeleted=true"); !slices.Equal(got, []string{"Acta de 2024"}) {
				t.Errorf("member lists %v", got)
			}
		}
		if got := docTitles(t, e.admin, ""); !slices.Equal(got, []string{"Acta de 2024"}) {
			t.Errorf("admin lists %v", got)
		}
		var deleted map[string]any
		for _, it := range items(e.admin.must(t, "GET", "/api/v1/documents?includeDeleted=true", nil, 200)) {
			if it["id"] == oid {
				deleted = it
			}
		}
		if deleted == nil || deleted["deletedAt"] == nil || deleted["deleteReason"] != "Sustituida por la nueva circular" || deleted["canDelete"] != false {
			t.Fatalf("deleted one for admins: %v", deleted)
		}
		obDetail(t, e.admin, "DELETE", "/api/v1/documents/"+oid, map[string]any{"reason": "otra vez"}, 404, "not_found", "El documento no existe")
		// Once the 5 years are over, the acta may go.
		e.e.advance(4*365*24*time.Hour + 2*24*time.Hour)
		e.admin.must(t, "POST", "/api/v1/auth/login", map[string]any{"email": "admin@example.es", "password": "Secreto123"}, 200) // the session ended meanwhile
		e.admin.must(t, "DELETE", "/api/v1/documents/"+id, map[string]any{"reason": "Fin del plazo de conservación"}, 204)
	})
}

// The type comes from the bytes: PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT and ODS pass, whatever their
// name; HTML or an executable renamed to .pdf, a plain zip or a GIF do not. Bad forms get Spanish
// messages before the file is read, and an upload cut off half-way leaves nothing in storage or in the
// database.
func TestDocumentTypesAndBadInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newDocEnv(t, db, filestest.Local(t))
		otros := docCategory(t, e.admin, "Otros")
		const typeMsg = "Tipo de archivo no válido. Solo se permiten PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT y ODS"
		exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"), bytes.Repeat([]byte{0}, 100)...)
		for _, c := range []struct {
			name, fileName string
			data           []byte
			format         string // "" = refused
		}{
			{"pdf", "acta.pdf", docPDF("x"), "PDF"},
			{"jpeg", "foto.jpeg", testJPEG, "JPG"},
			{"png named .pdf", "plano.pdf", testPNG, "PNG"},
			{"webp", "foto.webp", testWEBP, "WEBP"},
			{"docx", "carta.docx", zipOf(t, [2]string{"[Content_Types].xml", "<Types/>"}, [2]string{"word/document.xml", "<w:document/>"}), "DOCX"},
			{"xlsx", "cuentas.xlsx", zipOf(t, [2]string{"[Content_Types].xml", "<Types/>"}, [2]string{"xl/workbook.xml", "<workbook/>"}), "XLSX"},
			{"odt", "acta.odt", zipOf(t, [2]string{"mimetype", files.ODT}, [2]string{"content.xml", "<office/>"}), "ODT"},
			{"ods", "cuentas.ods", zipOf(t, [2]string{"mimetype", files.ODS}, [2]string{"content.xml", "<office/>"}), "ODS"},
			{"html named .pdf", "acta.pdf", testHTML, ""},
			{"exe named .pdf", "acta.pdf", exe, ""},
			{"svg", "logo.pdf", testSVG, ""},
			{"plain zip", "fotos.zip", zipOf(t, [2]string{"foto.txt", "hola"}), ""},
			{"zip with word/ but no content types", "carta.docx", zipOf(t, [2]string{"word/document.xml", "<w:document/>"}), ""},
			{"odt mimetype not first", "acta.odt", zipOf(t, [2]string{"content.xml", "<office/>"}, [2]string{"mimetype", files.ODT}), ""},
			{"empty", "vacío.pdf", nil, ""},
		} {
			status, out := e.admin.docUpload(t, "/api/v1/documents", docForm(otros, "Documento "+c.name, "2025-01-01", "all", c.fileName), c.data)
			if c.format == "" {
				if status != 415 || out["detail"] != typeMsg {
					t.Errorf("%s: %d %v", c.name, status, out)
				}
				continue
			}
			if status != 201 || current(out)["format"] != c.format {
				t.Errorf("%s: %d %v", c.name, status, out)
			}
		}
		puts := e.storage.putCount()
		for _, c := range []struct {
			form   url.Values
			status int
			msg    string
		}{
			{docForm(otros, "  ", "2025-01-01", "all", "a.pdf"), 422, "El título es obligatorio"},
			{docForm("", "Sin categoría", "2025-01-01", "all", "a.pdf"), 422, "Elige una categoría"},
			{docForm(otros, "Sin fecha", "", "all", "a.pdf"), 422, "La fecha del documento es obligatoria"},
			{docForm(otros, "Fecha mala", "31/12/2025", "all", "a.pdf"), 422, "La fecha del documento no es válida"},
			{docForm(otros, "Visibilidad mala", "2025-01-01", "vecinos", "a.pdf"), 422, "La visibilidad no es válida"},
			{docForm("otra-comunidad:actas", "Ajena", "2025-01-01", "all", "a.pdf"), 422, "La categoría no existe en tu comunidad"},
		} {
			if status, out := e.admin.docUpload(t, "/api/v1/documents", c.form, docPDF("x")); status != c.status || out["detail"] != c.msg {
				t.Errorf("%v: %d %v", c.form, status, out)
			}
		}
		// Over the limit (20 MB by default), while reading.
		big := append(docPDF("grande"), bytes.Repeat([]byte{' '}, 20<<20)...)
		if status, out := e.admin.docUpload(t, "/api/v1/documents", docForm(otros, "Enorme", "2025-01-01", "all", "big.pdf"), big); status != 413 ||
			out["detail"] != "El archivo es demasiado grande. Tamaño máximo: 20MB" {
			t.Errorf("oversized: %d %v", status, out)
		}
		if e.storage.putCount() != puts {
			t.Error("a refused upload stored a file")
		}

		// Half an upload: the body stops before its Content-Length and the connection half-closes.
		before := docTitles(t, e.admin, "")
		conn, err := net.Dial("tcp", e.e.srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		form := docForm(otros, "Cortado", "2025-01-01", "all", "cortado.pdf").Encode()
		head := "POST /api/v1/documents?" + form + " HTTP/1.1\r\nHost: " + e.e.srv.Listener.Addr().String() +
			"\r\nCookie: vecinos_session=" + e.admin.cookie() + "\r\nContent-Length: 100000\r\n\r\n"
		conn.Write(append([]byte(head), docPDF("mitad")...))
		conn.(*net.TCPConn).CloseWrite()
		reply, _ := io.ReadAll(conn)
		if !strings.HasPrefix(string(reply), "HTTP/1.1 400") || !strings.Contains(string(reply), "No se pudo recibir el archivo") {
			t.Fatalf("half upload answered %q", reply)
		}
		if e.storage.putCount() != puts {
			t.Error("half an upload was stored")
		}
		if got := docTitles(t, e.admin, ""); !slices.Equal(got, before) {
			t.Errorf("half an upload listed: %v", got)
		}
	})
}

// A new acta or accounts is emailed, through the outbox, to the members who may open it (not its
// uploader, not who turned these emails off); other categories are not.
func TestDocumentEmails(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newDocEnv(t, db, filestest.Local(t))
		if got := e.teo.must(t, "GET", "/api/v1/documents/email-notices", nil, 200); got["on"] != true {
			t.Fatalf("default: %v", got)
		}
		e.teo.must(t, "PUT", "/api/v1/documents/email-notices", map[string]any{"on": false}, 200)
		if got := e.teo.must(t, "GET", "/api/v1/documents/email-notices", nil, 200); got["on"] != false {
			t.Fatalf("off: %v", got)
		}
		e.pablo.must(t, "PUT", "/api/v1/documents/email-notices", map[string]any{"on": false}, 200)
		e.pablo.must(t, "PUT", "/api/v1/documents/email-notices", map[string]any{"on": true}, 200)
		mailsAbout := func(title string) []string {
			t.Helper()
			mails, err := db.ListMail(context.Background(), 500)
			if err != nil {
				t.Fatal(err)
			}
			var to []string
			for _, m := range mails {
				if strings.Contains(m.Subject, title) {
					to = append(to, m.To)
				}
			}
			slices.Sort(to)
			return to
		}
		d := e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Actas"), "Acta de la junta de marzo", "2026-03-15", "all", "acta.pdf"), docPDF("marzo"))
		want := []string{"olga@example.es", "pablo@example.es", "pepa@example.es", "uxue@example.es"}
		if got := mailsAbout("Acta de la junta de marzo"); !slices.Equal(got, want) || d["emailsQueued"] != float64(len(want)) {
			t.Errorf("acta mailed to %v (%v queued)", got, d["emailsQueued"])
		}
		e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Cuentas"), "Cuentas para propietarios", "2026-03-15", "owners", "c.pdf"), docPDF("c"))
		if got := mailsAbout("Cuentas para propietarios"); !slices.Equal(got, []string{"olga@example.es", "pablo@example.es"}) {
			t.Errorf("owners' accounts mailed to %v", got)
		}
		e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Seguros"), "Póliza del seguro", "2026-03-15", "all", "p.pdf"), docPDF("p"))
		if got := mailsAbout("Póliza del seguro"); got != nil {
			t.Errorf("insurance mailed to %v", got)
		}
	})
}

// A new document, a new version and a deletion each reach the streams of the community as a change of
// area 'documents' naming the document, and nothing else: the clients read it back through the API.
func TestDocumentChangesGoLive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newDocEnv(t, db, filestest.Local(t))
		olga, outsider := openStream(t, e.e.srv.URL, e.olga.cookie(), ""), openStream(t, e.e.srv.URL, e.outsider.cookie(), "")
		olga.next(t, "unread")
		outsider.next(t, "unread")
		changed := func(id string) {
			t.Helper()
			if ev := olga.nextChange(t, "documents"); ev.Data["id"] != id || len(ev.Data) != 2 {
				t.Fatalf("change %+v, want documents %s", ev, id)
			}
		}
		d := e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Otros"), "Circular", "2025-01-01", "admins", "c.pdf"), docPDF("c"))
		id := d["id"].(string)
		changed(id)
		if status, _ := e.admin.docUpload(t, "/api/v1/documents/"+id+"/versions", url.Values{"fileName": {"c2.pdf"}}, docPDF("c2")); status != 201 {
			t.Fatalf("version: %d", status)
		}
		changed(id)
		e.admin.must(t, "DELETE", "/api/v1/documents/"+id, map[string]any{"reason": "Error"}, 204)
		changed(id)
		outsider.quiet(t, 200*time.Millisecond)
	})
}

// An admin's upload, new version and deletion of a document are in the audit, with the values before
// and after and the reason of the deletion.
func TestDocumentManagementIsAudited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newDocEnv(t, db, filestest.Local(t))
		doc := e.admin.mustDocUpload(t, docForm(docCategory(t, e.admin, "Contratos"), "Contrato del ascensor", "2026-01-15", "owners", "contrato.pdf"), docPDF("v1"))
		id := doc["id"].(string)
		if status, out := e.admin.docUpload(t, "/api/v1/documents/"+id+"/versions", url.Values{"fileName": {"contrato-firmado.pdf"}}, docPDF("v2")); status != 201 {
			t.Fatalf("new version: %d %v", status, out)
		}
		e.admin.must(t, "DELETE", "/api/v1/documents/"+id, map[string]any{"reason": "Contrato rescindido"}, 204)

		one := func(action string) map[string]any {
			t.Helper()
			got := auditEntries(t, e.admin, action)
			if len(got) != 1 || got[0]["targetLabel"] != "Contrato del ascensor" || got[0]["actorId"] != e.adminID {
				t.Fatalf("%s: %v", action, got)
			}
			return got[0]
		}
		added := one("document.added")
		if after := jsonText(added["after"]); added["before"] != nil || !strings.Contains(after, `"visibility":"owners"`) ||
			!strings.Contains(after, `"category":"Contratos"`) || !strings.Contains(after, `"fileName":"contrato.pdf"`) {
			t.Errorf("added: %v", added)
		}
		edited := one("document.edited")
		if !strings.Contains(jsonText(edited["before"]), `"version":1`) || !strings.Contains(jsonText(edited["after"]), `"fileName":"contrato-firmado.pdf"`) ||
			!strings.Contains(jsonText(edited["after"]), `"version":2`) {
			t.Errorf("edited: %v", edited)
		}
		deleted := one("document.deleted")
		if !strings.Contains(jsonText(deleted["before"]), `"date":"2026-01-15"`) || jsonText(deleted["after"]) != `{"reason":"Contrato rescindido"}` {
			t.Errorf("deleted: %v", deleted)
		}
	})
}
