package files_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/files"
)

func TestTypeIsDecidedByTheBytes(t *testing.T) {
	html := []byte("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	svgProlog := []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`)
	gif := []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,")
	// A PNG whose first bytes were replaced by "%PDF" is a PDF as far as anyone can tell, and vice versa:
	// what counts is the content, never a name.
	cases := []struct {
		name           string
		bucket         *files.Bucket
		data           []byte
		wantType, ext  string
		wantTypeErrMsg string
	}{
		{"png avatar", files.Avatars, pngBytes, "image/png", "png", ""},
		{"jpeg avatar", files.Avatars, jpegBytes, "image/jpeg", "jpg", ""},
		{"webp incident", files.IncidentImages, webpBytes, "image/webp", "webp", ""},
		{"pdf document", files.VerificationDocuments, pdfBytes, "application/pdf", "pdf", ""},
		{"png document (named .pdf or not)", files.VerificationDocuments, pngBytes, "image/png", "png", ""},
		{"pdf community document", files.CommunityDocuments, pdfBytes, "application/pdf", "pdf", ""},
		{"png community document (named .pdf or not)", files.CommunityDocuments, pngBytes, "", "", "Tipo de archivo no válido. Solo se permiten archivos PDF"},
		{"jpeg community document", files.CommunityDocuments, jpegBytes, "", "", "Tipo de archivo no válido. Solo se permiten archivos PDF"},
		{"html community document", files.CommunityDocuments, html, "", "", "Tipo de archivo no válido. Solo se permiten archivos PDF"},
		{"pdf as avatar", files.Avatars, pdfBytes, "", "", "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP"},
		{"webp document", files.VerificationDocuments, webpBytes, "", "", "Tipo de archivo no válido. Solo se permiten PDF, JPG y PNG"},
		{"html named photo.jpg", files.IncidentImages, html, "", "", "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP"},
		{"svg", files.Avatars, svg, "", "", "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP"},
		{"svg with prolog", files.Avatars, svgProlog, "", "", "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP"},
		{"html document", files.VerificationDocuments, html, "", "", "Tipo de archivo no válido. Solo se permiten PDF, JPG y PNG"},
		{"gif", files.Avatars, gif, "", "", "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP"},
		{"empty", files.Avatars, nil, "", "", "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP"},
		{"text", files.VerificationDocuments, []byte("hola"), "", "", "Tipo de archivo no válido. Solo se permiten PDF, JPG y PNG"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			typ, ext, err := c.bucket.Detect(c.data)
			if c.wantTypeErrMsg != "" {
				if err == nil || domain.ErrorMessage(err) != c.wantTypeErrMsg || domain.ErrorCode(err) != domain.CodeInvalid {
					t.Fatalf("Detect = %q, %q, %v; want %q", typ, ext, err, c.wantTypeErrMsg)
				}
				return
			}
			if err != nil || typ != c.wantType || ext != c.ext {
				t.Fatalf("Detect = %q, %q, %v; want %q, %q", typ, ext, err, c.wantType, c.ext)
			}
		})
	}
}

func TestBucketRules(t *testing.T) {
	for _, c := range []struct {
		name string
		max  int64
		msg  string
		vis  files.Visibility
	}{
		{"avatars", 5 << 20, "El archivo es demasiado grande. Tamaño máximo: 5MB", files.Public},
		{"incident-images", 10 << 20, "El archivo es demasiado grande. Tamaño máximo: 10MB", files.Community},
		{"verification-documents", 5 << 20, "El archivo es demasiado grande. Tamaño máximo: 5MB", files.Private},
		{"community-documents", 10 << 20, "El archivo es demasiado grande. Tamaño máximo: 10MB", files.Community},
	} {
		b, ok := files.BucketByName(c.name)
		if !ok || b.MaxBytes != c.max || b.SizeError().Message != c.msg || b.Visibility != c.vis {
			t.Errorf("%s: %+v", c.name, b)
		}
	}
	for _, name := range []string{"", "..", "Avatars", "avatars/", "other"} {
		if _, ok := files.BucketByName(name); ok {
			t.Errorf("bucket %q exists", name)
		}
	}
}

const owner = "0190a8f2-1111-7000-8000-000000000001"

func TestKeys(t *testing.T) {
	now := time.Now()
	a, b := files.Avatars.NewKey(owner, "png", now), files.Avatars.NewKey(owner, "png", now)
	if a == b {
		t.Fatalf("two keys in the same millisecond: %s", a)
	}
	if !strings.HasPrefix(a, "avatars/"+owner+"/") || !strings.HasSuffix(a, ".png") {
		t.Fatalf("key %s", a)
	}
	k, err := files.ParseKey(a)
	if err != nil || k.Bucket != files.Avatars || k.UserID != owner || k.String() != a {
		t.Fatalf("ParseKey(%s) = %+v, %v", a, k, err)
	}
	for _, key := range []string{"verification-documents/" + owner + "/1735000000000.pdf", "community-documents/" + owner + "/1735000000000.pdf"} {
		if _, err := files.ParseKey(key); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []string{
		"", "avatars", "avatars/" + owner, "avatars/" + owner + "/", "/avatars/" + owner + "/1.png",
		"avatars/" + owner + "/../1.png", "avatars/../" + owner + "/1.png", "avatars/" + owner + "/x/1.png",
		"avatars/" + strings.ToUpper(owner) + "/1.png", "avatars/not-a-user/1.png", "other/" + owner + "/1.png",
		"avatars/" + owner + "/1.pdf", "avatars/" + owner + "/1.svg", "avatars/" + owner + "/1.html", "avatars/" + owner + "/photo.png",
		"avatars/" + owner + "/1.png.html", "avatars/" + owner + "/%2e%2e.png", "verification-documents/" + owner + "/1.webp",
		"community-documents/" + owner + "/1.png", "community-documents/" + owner + "/1.jpg",
		"avatars//" + owner + "/1.png", `avatars\` + owner + `\1.png`,
	} {
		if _, err := files.ParseKey(bad); err == nil {
			t.Errorf("ParseKey(%q) accepted", bad)
		}
	}
	for key, want := range map[string]string{"a/b/1.png": "image/png", "a/b/1.jpg": "image/jpeg", "a/b/1.webp": "image/webp",
		"a/b/1.pdf": "application/pdf", "a/b/1.html": "application/octet-stream", "a/b/1": "application/octet-stream"} {
		if got := files.TypeOfKey(key); got != want {
			t.Errorf("TypeOfKey(%s) = %s, want %s", key, got, want)
		}
	}
}

func TestWhoMayRead(t *testing.T) {
	const community, other = "c1", "c2"
	anon := (*domain.Actor)(nil)
	self := &domain.Actor{UserID: owner, CommunityID: community, Role: domain.RoleUser}
	selfAlone := &domain.Actor{UserID: owner}
	neighbour := &domain.Actor{UserID: "u2", CommunityID: community, Role: domain.RoleUser}
	moderator := &domain.Actor{UserID: "u3", CommunityID: community, Role: domain.RoleModerator}
	admin := &domain.Actor{UserID: "u4", CommunityID: community, Role: domain.RoleAdmin}
	stranger := &domain.Actor{UserID: "u5", CommunityID: other, Role: domain.RoleUser}
	otherAdmin := &domain.Actor{UserID: "u6", CommunityID: other, Role: domain.RoleAdmin}
	homeless := &domain.Actor{UserID: "u7"}
	type row struct {
		who                       string
		viewer                    *domain.Actor
		ownerCommunity            string
		avatar, incident, private bool
	}
	for _, r := range []row{
		{"anonymous", anon, community, true, false, false},
		{"owner", self, community, true, true, true},
		{"owner without community", selfAlone, "", true, true, true},
		{"neighbour", neighbour, community, true, true, false},
		{"moderator", moderator, community, true, true, false},
		{"admin", admin, community, true, true, true},
		{"member of another community", stranger, community, true, false, false},
		{"admin of another community", otherAdmin, community, true, false, false},
		{"no community, owner has none", homeless, "", true, false, false},
		{"admin, owner has no community", admin, "", true, false, false},
	} {
		if got := files.Avatars.CanRead(r.viewer, owner, r.ownerCommunity); got != r.avatar {
			t.Errorf("%s: avatar %v, want %v", r.who, got, r.avatar)
		}
		if got := files.IncidentImages.CanRead(r.viewer, owner, r.ownerCommunity); got != r.incident {
			t.Errorf("%s: incident image %v, want %v", r.who, got, r.incident)
		}
		// Community documents follow the same rule as incident photos.
		if got := files.CommunityDocuments.CanRead(r.viewer, owner, r.ownerCommunity); got != r.incident {
			t.Errorf("%s: community document %v, want %v", r.who, got, r.incident)
		}
		if got := files.VerificationDocuments.CanRead(r.viewer, owner, r.ownerCommunity); got != r.private {
			t.Errorf("%s: verification document %v, want %v", r.who, got, r.private)
		}
	}
}

func TestServeHeaders(t *testing.T) {
	for _, c := range []struct {
		typ         string
		vis         files.Visibility
		cache       string
		disposition string
	}{
		{"image/png", files.Public, "max-age=3600", ""},
		{"image/jpeg", files.Community, "private, max-age=3600", ""},
		{"image/webp", files.Public, "max-age=3600", ""},
		{"application/pdf", files.Private, "private, max-age=3600", ""},
		{"text/html", files.Public, "max-age=3600", "attachment"},
		{"image/svg+xml", files.Community, "private, max-age=3600", "attachment"},
		{"application/octet-stream", files.Private, "private, max-age=3600", "attachment"},
	} {
		h := http.Header{}
		files.ServeHeaders(h, c.typ, c.vis)
		if h.Get("Content-Type") != c.typ || h.Get("Cache-Control") != c.cache || h.Get("Content-Disposition") != c.disposition ||
			h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Content-Security-Policy") != sandboxOf(c.typ) {
			t.Errorf("%s: %v", c.typ, h)
		}
	}
}

// sandboxOf is the Content-Security-Policy a served file of type t carries: none for PDFs, which
// Chromium's viewer cannot show sandboxed.
func sandboxOf(t string) string {
	if t == "application/pdf" {
		return ""
	}
	return "sandbox"
}
