package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// spa serves the built web app from memory: real files as they are, any other path as index.html so
// the client-side router can show the screen (or its 404 page). Text files are gzipped once, at start-up;
// the build also brotli-compresses them (x.js.br beside x.js, web/vite.config.ts), a sixth smaller on the
// wire, and a browser that accepts br gets that.
type spa struct {
	files   map[string]staticFile
	started time.Time
	// index.html as the answer to a route of the client-side router, in two versions (see routePage).
	signedOut, signedIn staticFile
	// The signed-in version of the paths in screenData, which also preloads that screen's API answers.
	signedInScreens map[string]staticFile
	// The pages the build prerendered for a visitor without a session (/login, /register), by path.
	prerendered map[string]staticFile
	// CSP sources ('sha256-…') of index.html's inline scripts: the one that applies the device's theme
	// before the first paint is inline, as a file it would hold the first paint back by a request.
	scriptHashes []string
}

// inlineScript is a <script> element without attributes, and its text.
var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// prerenderedDir holds index.html with a screen's markup in it, one file a path (web/scripts/prerender.mjs).
const prerenderedDir = "prerendered/"

// startChunksFile lists the scripts a signed-in member's first screen needs besides the main chunk: the app
// shell's and the app layout's chunks (web/vite.config.ts writes it). A signed-in page names them in
// modulepreload links, so that the browser fetches them along with the main chunk instead of after running
// it (ADR 0029, addendum "fewer, larger chunks"), at low priority: nothing runs them before the main chunk,
// and at the default (high) priority they took a phone's bandwidth from the stylesheet and the main chunk,
// holding the first paint back (ADR 0029, addendum "start chunks at low priority"). It is read, not served.
const startChunksFile = "start-chunks.json"

// What index.html says of the session when it answers a route (ADR 0029, addendum). Without a session cookie
// the client knows the visitor is signed out and shows /login or /register without asking GET /api/v1/me
// first; with one, the browser fetches /api/v1/me along with the scripts instead of after them (the
// client's fetch of it, mode cors and same-origin credentials, takes the preloaded answer).
const signedOutHint = `<meta name="vecinos-session" content="none">`

var sessionHint = fetchPreloads("/api/v1/me")

// screenData is what a signed-in screen asks the API for as it first shows, by path: its page has the
// browser fetch those along with the scripts too, so the screen renders with its data at once. Only the
// dashboard, where a member opens the app. A URL the client stopped asking for would cost a request and a
// warning in the console: e2e/first-load.spec.ts checks that each is fetched once. (A member without a
// community yet asks for none of the last three: those come back refused and unused.)
var screenData = map[string][]string{
	"/dashboard": {"/api/v1/profile", "/api/v1/account/consent", "/api/v1/community", "/api/v1/dashboard", "/api/v1/reservations/next"},
}

type staticFile struct {
	body, gzipped, brotli []byte
	contentType           string
	cacheControl          string
}

func newSPA(dist fs.FS) (*spa, error) {
	s := &spa{files: map[string]staticFile{}, prerendered: map[string]staticFile{}, started: time.Now()}
	var startChunks []string
	err := fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == ".vite" { // the build's manifest, for web/scripts/size-budget.mjs only
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".br") {
			return nil // read with the file it compresses
		}
		body, err := fs.ReadFile(dist, p)
		if err != nil {
			return err
		}
		if p == startChunksFile {
			return json.Unmarshal(body, &startChunks)
		}
		f := staticFile{body: body, contentType: mime.TypeByExtension(path.Ext(p)), cacheControl: "public, max-age=3600"}
		switch {
		case strings.HasPrefix(p, "assets/"): // content-hashed names: never change
			f.cacheControl = "public, max-age=31536000, immutable"
		case p == "index.html" || p == "sw.js": // always revalidate, so a deploy reaches everyone at once
			f.cacheControl = "no-cache"
		}
		if p == "manifest.webmanifest" {
			f.contentType = "application/manifest+json"
		}
		if f.contentType == "" {
			f.contentType = "application/octet-stream"
		}
		if compressible(f.contentType) && len(body) > 1024 {
			f.gzipped = gzipped(body)
			if br, err := fs.ReadFile(dist, p+".br"); err == nil {
				f.brotli = br
			}
		}
		if page, ok := strings.CutPrefix(p, prerenderedDir); ok { // a page, not a file to serve as is
			s.prerendered["/"+strings.TrimSuffix(page, ".html")] = withHint(f, signedOutHint)
			return nil
		}
		s.files[p] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	index, ok := s.files["index.html"]
	if !ok {
		return nil, fs.ErrNotExist
	}
	if !bytes.Contains(index.body, []byte("</head>")) {
		return nil, errors.New("web: index.html has no </head>")
	}
	chunks := links("modulepreload", ` fetchpriority="low"`, startChunks...)
	s.signedOut, s.signedIn = withHint(index, signedOutHint), withHint(index, sessionHint+chunks)
	s.signedInScreens = map[string]staticFile{}
	for path, data := range screenData {
		s.signedInScreens[path] = withHint(index, sessionHint+fetchPreloads(data...)+chunks)
	}
	for _, m := range inlineScript.FindAllSubmatch(index.body, -1) {
		sum := sha256.Sum256(m[1])
		s.scriptHashes = append(s.scriptHashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return s, nil
}

// withHint is index.html with hint at the end of its head, gzipped (Go has no brotli encoder, and the page
// is about 1 kB: a hundred bytes more than the build's brotli copy).
func withHint(index staticFile, hint string) staticFile {
	f := index
	f.body = bytes.Replace(index.body, []byte("</head>"), []byte(hint+"</head>"), 1)
	f.gzipped, f.brotli = gzipped(f.body), nil
	return f
}

// links is a <link rel=rel href=…> for each href, with the attributes after it (attrs, led by a space).
func links(rel, attrs string, hrefs ...string) string {
	var b strings.Builder
	for _, href := range hrefs {
		b.WriteString(`<link rel="` + rel + `" href="` + html.EscapeString(href) + `"` + attrs + `>`)
	}
	return b.String()
}

// fetchPreloads has the browser fetch each API path with the page; the client's fetch of it (mode cors,
// same-origin credentials) takes that answer.
func fetchPreloads(paths ...string) string {
	return links("preload", ` as="fetch" crossorigin`, paths...)
}

func gzipped(body []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	return b.Bytes()
}

func compressible(contentType string) bool {
	for _, t := range []string{"text/", "javascript", "json", "svg", "xml"} {
		if strings.Contains(contentType, t) {
			return true
		}
	}
	return false
}

func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeProblem(w, newProblem(r.Context(), http.StatusMethodNotAllowed, codeMethodNotAllowed, nil))
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	h := w.Header()
	f, ok := s.files[name]
	modified := s.started
	if !ok {
		if strings.HasPrefix(name, "assets/") { // a missing hashed asset is a real 404, not a page
			writeProblem(w, newProblem(r.Context(), http.StatusNotFound, domain.CodeNotFound, nil))
			return
		}
		f = s.routePage(r)
		// It depends on the cookie: no Last-Modified, so that a copy cached before signing in is never
		// revalidated into use after it.
		h.Add("Vary", "Cookie")
		modified = time.Time{}
	}
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", f.cacheControl)
	body := f.body
	if f.gzipped != nil {
		h.Add("Vary", "Accept-Encoding")
		switch accepted := r.Header.Get("Accept-Encoding"); {
		case f.brotli != nil && acceptsEncoding(accepted, "br"):
			h.Set("Content-Encoding", "br")
			body = f.brotli
		case acceptsEncoding(accepted, "gzip"):
			h.Set("Content-Encoding", "gzip")
			body = f.gzipped
		}
	}
	http.ServeContent(w, r, "", modified, bytes.NewReader(body))
}

// routePage is index.html for a route, with the hint of whether the request carries a session cookie,
// and, without one, the screen's markup where the build prerendered it. A request for /index.html itself
// gets the page without a hint: the service worker keeps that one as its offline copy, where a hint would
// be stale.
func (s *spa) routePage(r *http.Request) staticFile {
	if _, err := r.Cookie(sessionCookieName); err == nil {
		// A link that names its community (?c=, ADR 0040) may open another than the account's last, which
		// the preloads, naming none, would answer for: such a page preloads no screen data.
		if page, ok := s.signedInScreens[path.Clean(r.URL.Path)]; ok && !r.URL.Query().Has("c") {
			return page
		}
		return s.signedIn
	}
	if page, ok := s.prerendered[path.Clean(r.URL.Path)]; ok {
		return page
	}
	return s.signedOut
}

// acceptsEncoding tells whether an Accept-Encoding header lists coding (without q=0).
func acceptsEncoding(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		if strings.EqualFold(strings.TrimSpace(name), coding) {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
