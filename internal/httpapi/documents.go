package httpapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"

	"vecinos/internal/documents"
	"vecinos/internal/domain"
	"vecinos/internal/files"
)

// The community's archive (issue #14). Listing, reading and deleting are API operations; uploading a
// document or a version and reading a file are plain handlers, as the other uploads are
// (docs/adr/0005-file-storage.md, docs/adr/0021-community-documents.md): the body is the raw file, read
// under the archive's limit as it arrives, and the form's fields travel in the query string.

// DocumentVersion is one uploaded file of a document.
type DocumentVersion struct {
	ID           string    `json:"id"`
	Number       int       `json:"number" doc:"1 for the first upload"`
	FileName     string    `json:"fileName" doc:"As uploaded, with the extension of its real type"`
	ContentType  string    `json:"contentType" doc:"Decided from the bytes at upload"`
	Format       string    `json:"format" doc:"PDF, JPG, PNG, WEBP, DOCX, XLSX, ODT or ODS"`
	Size         int64     `json:"size" doc:"Bytes"`
	SHA256       string    `json:"sha256" doc:"Hex SHA-256 of the file"`
	UploadedBy   *string   `json:"uploadedBy" doc:"null once the uploader's account is deleted"`
	UploaderName string    `json:"uploaderName"`
	UploadedAt   time.Time `json:"uploadedAt"`
	DownloadURL  string    `json:"downloadUrl" doc:"GET downloads it (Content-Disposition: attachment)"`
	PreviewURL   *string   `json:"previewUrl" doc:"GET shows it inline; only PDF and images, null for the rest"`
}

// Document is a document of the archive with its current version.
type Document struct {
	ID            string          `json:"id"`
	Title         string          `json:"title"`
	Description   string          `json:"description"`
	CategoryID    string          `json:"categoryId"`
	CategoryName  string          `json:"categoryName"`
	CategoryKind  string          `json:"categoryKind" enum:"actas,cuentas,estatutos,contratos,seguros,presupuestos,otros," doc:"Empty for categories admins added"`
	Date          string          `json:"date" format:"date" doc:"The document's own date, YYYY-MM-DD"`
	Visibility    string          `json:"visibility" enum:"all,owners,admins"`
	CreatedBy     *string         `json:"createdBy"`
	CreatedAt     time.Time       `json:"createdAt"`
	UpdatedAt     time.Time       `json:"updatedAt"`
	DeletedAt     *time.Time      `json:"deletedAt"`
	DeleteReason  *string         `json:"deleteReason"`
	RetainedUntil *string         `json:"retainedUntil" format:"date" doc:"Actas and accounts: kept until this day (YYYY-MM-DD); null otherwise"`
	Current       DocumentVersion `json:"current"`
	VersionCount  int             `json:"versionCount"`
	CanAddVersion bool            `json:"canAddVersion" doc:"An admin, or whoever uploaded it"`
	CanDelete     bool            `json:"canDelete" doc:"Admins; the retention may still refuse"`
	OpenedBy      *int            `json:"openedBy" doc:"Admins only: members who may open it and did"`
	Audience      *int            `json:"audience" doc:"Admins only: members who may open it"`
}

// DocumentDetail is a document with all its versions, newest first.
type DocumentDetail struct {
	Document
	Versions []DocumentVersion `json:"versions"`
}

// DocumentPage is one page of the archive.
type DocumentPage struct {
	Items      []Document `json:"items"`
	NextCursor *string    `json:"nextCursor" doc:"Pass as cursor for the next page; null on the last page"`
}

// DocumentCategory is a category of the archive.
type DocumentCategory struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Kind          string `json:"kind" enum:"actas,cuentas,estatutos,contratos,seguros,presupuestos,otros," doc:"Empty for categories admins added"`
	MembersUpload bool   `json:"membersUpload" doc:"Every member may upload to it, not only admins"`
	CanUpload     bool   `json:"canUpload" doc:"Whether the caller may upload to it"`
}

func documentPath(id string) string { return "/api/v1/documents/" + id }

func versionOf(v *domain.DocumentVersion) DocumentVersion {
	file := documentPath(v.DocumentID) + "/versions/" + v.ID + "/file"
	out := DocumentVersion{ID: v.ID, Number: v.Number, FileName: v.FileName, ContentType: v.ContentType, Format: files.Format(v.ContentType),
		Size: v.Size, SHA256: v.SHA256, UploadedBy: v.UploadedBy, UploaderName: v.UploaderName, UploadedAt: v.UploadedAt, DownloadURL: file}
	if files.Previewable(v.ContentType) {
		preview := file + "?inline=1"
		out.PreviewURL = &preview
	}
	return out
}

func documentOf(a *domain.Actor, d *domain.Document) Document {
	out := Document{ID: d.ID, Title: d.Title, Description: d.Description, CategoryID: d.CategoryID, CategoryName: d.CategoryName,
		CategoryKind: string(d.CategoryKind), Date: d.Date.Format(time.DateOnly), Visibility: string(d.Visibility), CreatedBy: d.CreatedBy,
		CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, DeletedAt: d.DeletedAt, DeleteReason: d.DeleteReason, Current: versionOf(&d.Current),
		VersionCount: d.Current.Number, CanDelete: a.IsAdmin() && d.DeletedAt == nil,
		CanAddVersion: documents.MayAddVersion(a, d)}
	if until := d.RetainedUntil(); until != nil {
		s := until.Format(time.DateOnly)
		out.RetainedUntil = &s
	}
	if a.IsAdmin() {
		out.OpenedBy, out.Audience = &d.OpenedBy, &d.Audience
	}
	return out
}

func categoryOf(a *domain.Actor, c *domain.DocumentCategory) DocumentCategory {
	return DocumentCategory{ID: c.ID, Name: c.Name, Kind: string(c.Kind), MembersUpload: c.MembersUpload, CanUpload: documents.MayUpload(a, c)}
}

type documentIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type documentDetailOutput struct{ Body DocumentDetail }

type documentPageOutput struct{ Body DocumentPage }

type listDocumentsInput struct {
	CategoryID     string `query:"categoryId" maxLength:"120"`
	Year           int    `query:"year" minimum:"0" maximum:"2999" doc:"Of the document's date; 0 = any"`
	Q              string `query:"q" maxLength:"200" doc:"Search in title and description (case and accents ignored)"`
	IncludeDeleted bool   `query:"includeDeleted" doc:"Admins: also deleted ones"`
	Limit          int    `query:"limit" minimum:"1" maximum:"100" default:"20"`
	Cursor         string `query:"cursor" maxLength:"200" doc:"nextCursor of the previous page"`
}

func (s *server) listDocuments(ctx context.Context, in *listDocumentsInput) (*documentPageOutput, error) {
	a := actor(ctx)
	p, err := s.Documents.List(ctx, a, documents.ListInput{CategoryID: in.CategoryID, Year: in.Year, Query: in.Q,
		IncludeDeleted: in.IncludeDeleted, Limit: in.Limit, Cursor: in.Cursor})
	if err != nil {
		return nil, err
	}
	out := &documentPageOutput{Body: DocumentPage{Items: make([]Document, len(p.Items))}}
	for i := range p.Items {
		out.Body.Items[i] = documentOf(a, &p.Items[i])
	}
	if p.NextCursor != "" {
		out.Body.NextCursor = &p.NextCursor
	}
	return out, nil
}

type documentHighlightsOutput struct {
	Body struct {
		LastActa *Document `json:"lastActa" doc:"'Última acta': the newest document in Actas the caller may see; null when none"`
		Accounts *Document `json:"accounts" doc:"'Estado de cuentas': the newest in Cuentas; null when none"`
	}
}

func (s *server) documentHighlights(ctx context.Context, _ *struct{}) (*documentHighlightsOutput, error) {
	a := actor(ctx)
	h, err := s.Documents.Highlights(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &documentHighlightsOutput{}
	for _, x := range []struct {
		from *domain.Document
		to   **Document
	}{{h.LastActa, &out.Body.LastActa}, {h.Accounts, &out.Body.Accounts}} {
		if x.from != nil {
			d := documentOf(a, x.from)
			*x.to = &d
		}
	}
	return out, nil
}

func (s *server) getDocument(ctx context.Context, in *documentIDInput) (*documentDetailOutput, error) {
	a := actor(ctx)
	d, err := s.Documents.Get(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	out := &documentDetailOutput{Body: DocumentDetail{Document: documentOf(a, d.Document), Versions: make([]DocumentVersion, len(d.Versions))}}
	for i := range d.Versions {
		out.Body.Versions[i] = versionOf(&d.Versions[i])
	}
	return out, nil
}

type deleteDocumentInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Reason string `json:"reason" maxLength:"500" doc:"Why it is deleted; required"`
	}
}

func (s *server) deleteDocument(ctx context.Context, in *deleteDocumentInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Documents.Delete(ctx, a, in.ID, in.Body.Reason)
}

type documentCategoriesOutput struct {
	Body struct {
		Categories []DocumentCategory `json:"categories"`
		MaxMB      int64              `json:"maxMb" doc:"The size limit of a file, in MB (VECINOS_DOCUMENT_MAX_MB)"`
	}
}

func (s *server) documentCategories(ctx context.Context, _ *struct{}) (*documentCategoriesOutput, error) {
	a := actor(ctx)
	cs, err := s.Documents.Categories(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &documentCategoriesOutput{}
	out.Body.MaxMB = s.Documents.Bucket().MaxBytes >> 20
	out.Body.Categories = make([]DocumentCategory, len(cs))
	for i := range cs {
		out.Body.Categories[i] = categoryOf(a, &cs[i])
	}
	return out, nil
}

type createDocumentCategoryInput struct {
	Body struct {
		Name          string `json:"name" maxLength:"60"`
		MembersUpload bool   `json:"membersUpload,omitempty" doc:"Open it to every member for upload"`
	}
}

type documentCategoryOutput struct{ Body DocumentCategory }

func (s *server) createDocumentCategory(ctx context.Context, in *createDocumentCategoryInput) (*documentCategoryOutput, error) {
	a := actor(ctx)
	c, err := s.Documents.CreateCategory(ctx, a, documents.CategoryInput{Name: in.Body.Name, MembersUpload: in.Body.MembersUpload})
	if err != nil {
		return nil, err
	}
	return &documentCategoryOutput{Body: categoryOf(a, c)}, nil
}

type documentEmailsBody struct {
	On bool `json:"on" doc:"Whether I am emailed new actas and accounts"`
}

type documentEmailsOutput struct{ Body documentEmailsBody }

func (s *server) documentEmails(ctx context.Context, _ *struct{}) (*documentEmailsOutput, error) {
	a := actor(ctx)
	on, err := s.Documents.EmailsOn(ctx, a)
	if err != nil {
		return nil, err
	}
	return &documentEmailsOutput{Body: documentEmailsBody{On: on}}, nil
}

type setDocumentEmailsInput struct{ Body documentEmailsBody }

func (s *server) setDocumentEmails(ctx context.Context, in *setDocumentEmailsInput) (*documentEmailsOutput, error) {
	a := actor(ctx)
	if err := s.Documents.SetEmails(ctx, a, in.Body.On); err != nil {
		return nil, err
	}
	return &documentEmailsOutput{Body: in.Body}, nil
}

// documentMember is the caller of an upload or a download, a confirmed member; nil when it answered.
func (s *server) documentMember(w http.ResponseWriter, r *http.Request) *domain.Actor {
	return s.plainCaller(w, r, members)
}

// receiveDocument reads an upload's file once check accepted the form, refuses a type the archive does
// not take (415) and charges the member's allowance; it returns false when it answered.
func (s *server) receiveDocument(w http.ResponseWriter, r *http.Request, a *domain.Actor, check func() error) ([]byte, bool) {
	b := s.Documents.Bucket()
	return s.receiveArchived(w, r, a, check, func(data []byte) error {
		_, _, err := b.Detect(data)
		return err
	})
}

// receiveArchived is receiveDocument with the types a feature files in the archive: typeOf refuses the
// others (an expense's invoice takes a PDF or an image only).
func (s *server) receiveArchived(w http.ResponseWriter, r *http.Request, a *domain.Actor, check func() error,
	typeOf func([]byte) error) ([]byte, bool) {
	if err := check(); err != nil {
		w.Header().Set("Connection", "close") // the body is not read
		writeProblem(w, problemFor(r.Context(), err))
		return nil, false
	}
	b := s.Documents.Bucket()
	data, ok := s.readUpload(w, r, a.UserID, b.MaxBytes, b.SizeError())
	if !ok {
		return nil, false
	}
	if err := typeOf(data); err != nil {
		writeProblem(w, newProblem(r.Context(), http.StatusUnsupportedMediaType, domain.CodeInvalid, err))
		return nil, false
	}
	return data, s.uploads.allowed(w, r)(s.uploads.charge(r.Context(), a.UserID, int64(len(data))))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// uploadDocument answers POST /api/v1/documents: the body is the file, the query string the form
// (categoryId, title, description, date, visibility, fileName). The form is checked before the file is
// read; the document exists only once its file is stored, and a file whose record fails is removed.
func (s *server) uploadDocument(w http.ResponseWriter, r *http.Request) {
	a := s.documentMember(w, r)
	if a == nil {
		return
	}
	q := r.URL.Query()
	in := documents.UploadInput{CategoryID: q.Get("categoryId"), Title: q.Get("title"), Description: q.Get("description"),
		Date: q.Get("date"), Visibility: domain.DocumentVisibility(q.Get("visibility")), FileName: q.Get("fileName")}
	data, ok := s.receiveDocument(w, r, a, func() error { return s.Documents.CheckUpload(r.Context(), a, in) })
	if !ok {
		return
	}
	c, err := s.Documents.Create(r.Context(), a, in, data)
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	w.Header().Set("Location", documentPath(c.Document.ID))
	writeJSON(w, http.StatusCreated, struct {
		Document
		EmailsQueued int `json:"emailsQueued"`
	}{documentOf(a, c.Document), c.EmailsQueued})
}

// uploadDocumentVersion answers POST /api/v1/documents/{id}/versions: the body is the new file, the
// query string its fileName.
func (s *server) uploadDocumentVersion(w http.ResponseWriter, r *http.Request) {
	a := s.documentMember(w, r)
	if a == nil {
		return
	}
	id := r.PathValue("id")
	data, ok := s.receiveDocument(w, r, a, func() error { return s.Documents.CheckVersion(r.Context(), a, id) })
	if !ok {
		return
	}
	d, err := s.Documents.AddVersion(r.Context(), a, id, r.URL.Query().Get("fileName"), data)
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	writeJSON(w, http.StatusCreated, documentOf(a, d))
}

// serveDocumentFile answers GET /api/v1/documents/{id}/versions/{versionId}/file to a member who may see
// the document, and 404 to everyone else in the community (another community too). It downloads
// (attachment, with the file's name) unless ?inline=1 asks to show a PDF or an image; either way the
// type is the one detected at upload, with nosniff and, but for PDF, a sandbox (files.ServeHeaders), so a
// file is never run as a page of the app. Ranges are served.
func (s *server) serveDocumentFile(w http.ResponseWriter, r *http.Request) {
	a := s.documentMember(w, r)
	if a == nil {
		return
	}
	f, err := s.Documents.Open(r.Context(), a, r.PathValue("id"), r.PathValue("versionId"))
	if err != nil {
		writeProblem(w, problemFor(r.Context(), err))
		return
	}
	defer f.Body.Close()
	v := f.Version
	h := w.Header()
	files.ServeHeaders(h, v.ContentType, files.Private)
	disposition := "attachment"
	if r.URL.Query().Get("inline") == "1" && files.Previewable(v.ContentType) {
		disposition = "inline"
	}
	h.Set("Content-Disposition", contentDisposition(disposition, v.FileName))
	h.Set("ETag", `"`+v.SHA256+`"`)
	if rs, ok := f.Body.(io.ReadSeeker); ok {
		http.ServeContent(w, r, "", v.UploadedAt, rs) // ranges, If-Range, If-None-Match
		return
	}
	h.Set("Content-Length", strconv.FormatInt(f.Info.Size, 10))
	io.Copy(w, f.Body)
}

// contentDisposition names the file for the browser (RFC 6266): filename* carries the exact name in
// UTF-8 (RFC 5987, accents included), filename an ASCII stand-in for old clients.
func contentDisposition(disposition, name string) string {
	var ascii, ext strings.Builder
	for _, r := range norm.NFD.String(name) {
		switch {
		case r >= 0x300 && r <= 0x36f: // combining accents: 'á' becomes 'a'
		case r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '%':
			ascii.WriteByte('_')
		default:
			ascii.WriteRune(r)
		}
	}
	const attrChar = "!#$&+-.^_`|~"
	for _, c := range []byte(name) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte(attrChar, c) >= 0 {
			ext.WriteByte(c)
		} else {
			ext.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:]))
		}
	}
	return disposition + `; filename="` + ascii.String() + `"; filename*=UTF-8''` + ext.String()
}
