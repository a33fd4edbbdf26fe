package files

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"vecinos/internal/domain"
)

// Visibility says who may read a bucket's files.
type Visibility int

const (
	// Public files are readable by anyone with the URL (avatars).
	Public Visibility = iota
	// Community files are readable by the uploader and the members of the uploader's community.
	Community
	// Private files are readable by the uploader and the admins of the uploader's community.
	Private
)

// Bucket is a logical bucket: a key prefix with its own rules.
type Bucket struct {
	Name       string
	MaxBytes   int64
	Types      []string // detected content types accepted, e.g. image/png
	Visibility Visibility
	typeError  *domain.Error // for any other type
}

const mb = 1 << 20

var (
	imageTypeError    = domain.Errorf(domain.CodeInvalid, "Tipo de archivo no válido. Solo se permiten imágenes JPG, PNG y WEBP")
	documentTypeError = domain.Errorf(domain.CodeInvalid, "Tipo de archivo no válido. Solo se permiten PDF, JPG y PNG")
	pdfTypeError      = domain.Errorf(domain.CodeInvalid, "Tipo de archivo no válido. Solo se permiten archivos PDF")
	archiveTypeError  = domain.Errorf(domain.CodeInvalid, "Tipo de archivo no válido. Solo se permiten PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT y ODS")
)

// The office formats, told apart by what their zip holds (see officeType). The archive takes DOCX, XLSX,
// ODT and ODS; chat files also PPTX and ODP.
const (
	DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
	ODT  = "application/vnd.oasis.opendocument.text"
	ODS  = "application/vnd.oasis.opendocument.spreadsheet"
	ODP  = "application/vnd.oasis.opendocument.presentation"
)

// The logical buckets (spec 02 §5).
var (
	Avatars = &Bucket{Name: "avatars", MaxBytes: 5 * mb, Visibility: Public,
		Types: []string{"image/jpeg", "image/png", "image/webp"}, typeError: imageTypeError}
	IncidentImages = &Bucket{Name: "incident-images", MaxBytes: 10 * mb, Visibility: Community,
		Types: []string{"image/jpeg", "image/png", "image/webp"}, typeError: imageTypeError}
	VerificationDocuments = &Bucket{Name: "verification-documents", MaxBytes: 5 * mb, Visibility: Private,
		Types: []string{"application/pdf", "image/jpeg", "image/png"}, typeError: documentTypeError}
	// CommunityDocuments are PDFs for the whole community (an announcement's document). Only PDF: the
	// link that shows them says "PDF", and pictures have their own field and bucket.
	CommunityDocuments = &Bucket{Name: "community-documents", MaxBytes: 10 * mb, Visibility: Community,
		Types: []string{"application/pdf"}, typeError: pdfTypeError}
	// WallImages are the photos of the community wall's posts (issue #16).
	WallImages = &Bucket{Name: "wall-images", MaxBytes: 10 * mb, Visibility: Community,
		Types: []string{"image/jpeg", "image/png", "image/webp"}, typeError: imageTypeError}
)

// Archive holds the community's archive (issue #14). It is not one of the buckets that /files/ serves
// (BucketByName does not know it): its files are read only through the documents service, which applies
// each document's visibility. Its keys are documents/{communityId}/{timestamp}.{ext}; MaxBytes is the
// default, which the configuration may change (VECINOS_DOCUMENT_MAX_MB).
var Archive = &Bucket{Name: "documents", MaxBytes: 20 * mb, Visibility: Private,
	Types: []string{"application/pdf", "image/jpeg", "image/png", "image/webp", DOCX, XLSX, ODT, ODS}, typeError: archiveTypeError}

var buckets = map[string]*Bucket{Avatars.Name: Avatars, IncidentImages.Name: IncidentImages,
	VerificationDocuments.Name: VerificationDocuments, CommunityDocuments.Name: CommunityDocuments, WallImages.Name: WallImages}

// BucketByName returns the logical bucket called name.
func BucketByName(name string) (*Bucket, bool) {
	b, ok := buckets[name]
	return b, ok
}

// TypeError is the error for a file of a type the bucket does not take.
func (b *Bucket) TypeError() *domain.Error {
	return b.typeError
}

// SizeError is the error for a file over the bucket's limit.
func (b *Bucket) SizeError() *domain.Error {
	return domain.Errorf(domain.CodeInvalid, "El archivo es demasiado grande. Tamaño máximo: %dMB", b.MaxBytes/mb)
}

// extensions maps the content types we store to the extension of their keys, and back (typeOfExt). The
// extension is chosen by us from the detected type, never taken from the client's file name.
var extensions = map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf",
	DOCX: "docx", XLSX: "xlsx", ODT: "odt", ODS: "ods"}

var typeOfExt = func() map[string]string {
	m := map[string]string{}
	for t, e := range extensions {
		m[e] = t
	}
	return m
}()

// sniffLen is how many leading bytes Detect looks at, but for a zip.
const sniffLen = 512

// Detect decides a file's type from its bytes (the content's magic numbers, through
// http.DetectContentType), never from its name or the Content-Type the client sent. A zip is an office
// document only when its entries say so (officeType), which needs the whole file. It returns the content
// type and the extension of the key when the bucket takes that type.
func (b *Bucket) Detect(data []byte) (contentType, ext string, err error) {
	t := http.DetectContentType(data[:min(len(data), sniffLen)])
	if i := strings.IndexByte(t, ';'); i >= 0 {
		t = t[:i]
	}
	if t == "application/zip" {
		t = officeType(data)
	}
	for _, ok := range b.Types {
		if t == ok {
			return t, extensions[t], nil
		}
	}
	return "", "", b.TypeError()
}

// officeType tells the office document a zip is, by its entries, or "" for any other zip: the one
// detector of the archive and of chat files, each of which then takes only the types it allows.
// OpenDocument files start with an entry "mimetype" that holds their type (the format requires it first);
// Office Open XML files hold "[Content_Types].xml" and their parts under exactly one of word/ (DOCX),
// xl/ (XLSX) or ppt/ (PPTX).
func officeType(data []byte) string {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil || len(z.File) == 0 {
		return ""
	}
	if first := z.File[0]; first.Name == "mimetype" {
		if first.UncompressedSize64 >= 100 {
			return ""
		}
		rc, err := first.Open()
		if err != nil {
			return ""
		}
		defer rc.Close()
		b, err := io.ReadAll(io.LimitReader(rc, 100))
		if err != nil {
			return ""
		}
		switch t := string(b); t {
		case ODT, ODS, ODP:
			return t
		}
		return ""
	}
	var types bool
	var parts []string
	for _, f := range z.File {
		types = types || f.Name == "[Content_Types].xml"
		for _, dir := range []string{"word/", "xl/", "ppt/"} {
			if strings.HasPrefix(f.Name, dir) && !slices.Contains(parts, dir) {
				parts = append(parts, dir)
			}
		}
	}
	if !types || len(parts) != 1 {
		return ""
	}
	return map[string]string{"word/": DOCX, "xl/": XLSX, "ppt/": PPTX}[parts[0]]
}

// Format is the short name people know a stored type by ("PDF", "DOCX"), "" for other types.
func Format(contentType string) string { return strings.ToUpper(extensions[contentType]) }

// Previewable reports whether a type may be shown inside a page (images and PDF) rather than only
// downloaded.
func Previewable(contentType string) bool { return inline(contentType) }

// TypeOfKey is the content type of a stored key, from the extension we gave it; unknown extensions are
// application/octet-stream.
func TypeOfKey(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		if t, ok := typeOfExt[key[i+1:]]; ok {
			return t
		}
	}
	return "application/octet-stream"
}

// Keys are {bucket}/{userId}/{unix milliseconds}.{ext}; the user ID is a lower-case UUID.
var (
	userIDRE   = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	fileNameRE = regexp.MustCompile(`^([0-9]{1,19})\.([a-z]{3,4})$`)
)

// lastMillis makes the timestamps of keys strictly increasing within the process, so two uploads in the
// same millisecond never share a key.
var lastMillis atomic.Int64

func nextMillis(now time.Time) int64 {
	for {
		last := lastMillis.Load()
		ms := max(now.UnixMilli(), last+1)
		if lastMillis.CompareAndSwap(last, ms) {
			return ms
		}
	}
}

// NewKey returns a fresh key for a file of userID with the given extension (from Detect).
func (b *Bucket) NewKey(userID, ext string, now time.Time) string {
	return b.Name + "/" + userID + "/" + strconv.FormatInt(nextMillis(now), 10) + "." + ext
}

// Key is a parsed object key.
type Key struct {
	Bucket *Bucket
	UserID string // the owner: who uploaded it
	Name   string // {timestamp}.{ext}
}

func (k Key) String() string { return k.Bucket.Name + "/" + k.UserID + "/" + k.Name }

// ParseKey accepts exactly the keys NewKey makes, with an extension of a type the bucket takes; anything
// else (other shapes, "..", absolute paths, odd characters) is ErrInvalidKey.
func ParseKey(key string) (Key, error) {
	parts := strings.Split(key, "/")
	if len(parts) != 3 {
		return Key{}, ErrInvalidKey
	}
	b, ok := BucketByName(parts[0])
	if !ok || !userIDRE.MatchString(parts[1]) {
		return Key{}, ErrInvalidKey
	}
	m := fileNameRE.FindStringSubmatch(parts[2])
	if m == nil {
		return Key{}, ErrInvalidKey
	}
	accepted := false
	for _, t := range b.Types {
		accepted = accepted || extensions[t] == m[2]
	}
	if !accepted {
		return Key{}, ErrInvalidKey
	}
	return Key{Bucket: b, UserID: parts[1], Name: parts[2]}, nil
}

// Personal are the buckets whose files are about their uploader alone (their picture, their ID
// documents): they go when the account goes. Incident photos and community documents belong to what
// the community shares and stay, like the incidents and announcements they illustrate.
var Personal = []*Bucket{Avatars, VerificationDocuments}

// EraseOwner deletes every file userID uploaded to the Personal buckets, whether or not anything still
// points at it.
func EraseOwner(ctx context.Context, s Storage, userID string) error {
	if !userIDRE.MatchString(userID) {
		return ErrInvalidKey
	}
	var errs []error
	for _, b := range Personal {
		if err := s.DeleteAll(ctx, b.Name+"/"+userID); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", b.Name, err))
		}
	}
	return errors.Join(errs...)
}

// CanRead reports whether viewer (nil: anonymous) may read a file of the bucket uploaded by ownerID,
// whose community is ownerCommunity ("" when they have none).
func (b *Bucket) CanRead(viewer *domain.Actor, ownerID, ownerCommunity string) bool {
	switch {
	case b.Visibility == Public:
		return true
	case viewer == nil:
		return false
	case viewer.UserID == ownerID:
		return true
	case viewer.CommunityID == "" || viewer.CommunityID != ownerCommunity:
		return false
	case b.Visibility == Community:
		return true
	default: // Private
		return viewer.IsAdmin()
	}
}

// ServeHeaders sets the headers of a served file: its type, caching (shared caches only for public
// files), no sniffing, a sandbox so an active document cannot script our origin, and a download
// instead of a display for anything that is not an image or a PDF. PDFs go without the sandbox:
// Chromium refuses to start its PDF viewer in a sandboxed document (crbug.com/413851), and the viewer
// runs a PDF's scripts in its own process, never in our origin.
func ServeHeaders(h http.Header, contentType string, v Visibility) {
	h.Set("Content-Type", contentType)
	if v == Public {
		h.Set("Cache-Control", "max-age=3600")
	} else {
		h.Set("Cache-Control", "private, max-age=3600")
	}
	h.Set("X-Content-Type-Options", "nosniff")
	if contentType == "application/pdf" {
		h.Del("Content-Security-Policy") // the app's own policy (object-src 'none') stops the viewer too
	} else {
		h.Set("Content-Security-Policy", "sandbox")
	}
	if !inline(contentType) {
		h.Set("Content-Disposition", "attachment")
	}
}

func inline(contentType string) bool {
	switch contentType {
	case "image/jpeg", "image/png", "image/webp", "application/pdf":
		return true
	}
	return false
}
