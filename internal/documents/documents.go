// Package documents runs the community's archive (issue #14): categories, documents with their versions,
// who may see each one (everyone, the owners, the administration), the quick links to the last acta and
// accounts, the 5-year retention of actas and accounts, soft deletion with a reason, and the notices of a
// new acta. Files live in the file storage (internal/files, bucket Archive); the service decides their
// type from the bytes and is the only way to read them back, so each document's visibility holds for its
// files too.
package documents

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"path"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/mail"
)

// Limits of the list and of the fields.
const (
	DefaultLimit   = 20
	MaxLimit       = 100
	maxTitle       = 200
	maxDescription = 5000
	maxCategory    = 60
	maxReason      = 500
	maxFileName    = 200
)

// Area is the name of the archive in the live notices (domain.Notice change events).
const Area = "documents"

// Store is what the service needs from the database.
type Store interface {
	DocumentCategories(ctx context.Context, communityID string) ([]domain.DocumentCategory, error)
	DocumentCategory(ctx context.Context, communityID, id string) (*domain.DocumentCategory, error) // nil: none
	NextCategoryPosition(ctx context.Context, communityID string) (int, error)
	InsertDocumentCategory(ctx context.Context, c *domain.DocumentCategory) (bool, error) // false: the name is taken
	InsertDocument(ctx context.Context, d *domain.Document) error
	InsertDocumentVersion(ctx context.Context, v *domain.DocumentVersion) error
	DocumentRecipients(ctx context.Context, id string) ([]domain.Recipient, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
	Document(ctx context.Context, communityID, id string, v domain.DocumentViewer) (*domain.Document, error) // nil: none
	ListDocuments(ctx context.Context, communityID string, v domain.DocumentViewer, f domain.DocumentFilter) ([]domain.Document, error)
	DocumentsByID(ctx context.Context, communityID string, ids []string, v domain.DocumentViewer) ([]domain.Document, error)
	DeleteDocument(ctx context.Context, communityID, id string) (bool, error)
	DocumentVersions(ctx context.Context, documentID string) ([]domain.DocumentVersion, error)
	DocumentVersion(ctx context.Context, documentID, versionID string) (*domain.DocumentVersion, error) // nil: none
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	DocumentForUpdate(ctx context.Context, communityID, id string) (*domain.Document, error) // nil: none
	SaveDocument(ctx context.Context, d *domain.Document, at time.Time) error
	MarkDocumentOpened(ctx context.Context, documentID, userID string, at time.Time) error
	DocumentMailOptedOut(ctx context.Context, userID, communityID string) (bool, error)
	SetDocumentMailOptOut(ctx context.Context, userID, communityID string, out bool, at time.Time) error
}

// Service is the archive's service.
type Service struct {
	store     Store
	files     files.Storage
	bucket    *files.Bucket
	now       func() time.Time
	publicURL string
	mailWake  func()
	changed   func(communityID, area, id string)
	audit     domain.Auditor
	log       *slog.Logger
}

// Options configure the service.
type Options struct {
	Now       func() time.Time // the clock; nil = time.Now
	PublicURL string           // links in the emails
	MailWake  func()           // called after emails were queued; may be nil
	// Changed tells the community's open streams that a document changed (realtime.Publisher.Changed);
	// may be nil.
	Changed  func(communityID, area, id string)
	MaxBytes int64          // the size limit of a file; 0 = files.Archive's
	Audit    domain.Auditor // records what admins upload, replace and delete; may be nil
	Log      *slog.Logger
}

// New returns the service, keeping its files in storage.
func New(store Store, storage files.Storage, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	b := *files.Archive
	if o.MaxBytes > 0 {
		b.MaxBytes = o.MaxBytes
	}
	return &Service{store: store, files: storage, bucket: &b, now: o.Now, publicURL: strings.TrimRight(o.PublicURL, "/"),
		mailWake: o.MailWake, changed: o.Changed, audit: o.Audit, log: o.Log}
}

// Bucket is the bucket of the archive's files, with the configured size limit: the upload handler reads
// a body under its limit and answers with its SizeError.
func (s *Service) Bucket() *files.Bucket { return s.bucket }

var (
	errCannotUpload   = domain.Errorf(domain.CodeForbidden, "Solo los administradores pueden subir documentos a esta categoría")
	errCannotVersion  = domain.Errorf(domain.CodeForbidden, "Solo un administrador o quien subió el documento puede subir una nueva versión")
	errNoTitle        = domain.Errorf(domain.CodeInvalid, "El título es obligatorio")
	errLongTitle      = domain.Errorf(domain.CodeInvalid, "El título no puede superar los %d caracteres", maxTitle)
	errLongDesc       = domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", maxDescription)
	errNoCategory     = domain.Errorf(domain.CodeInvalid, "Elige una categoría")
	errNoDate         = domain.Errorf(domain.CodeInvalid, "La fecha del documento es obligatoria")
	errBadDate        = domain.Errorf(domain.CodeInvalid, "La fecha del documento no es válida")
	errBadVisibility  = domain.Errorf(domain.CodeInvalid, "La visibilidad no es válida")
	errEmptyFile      = domain.Errorf(domain.CodeInvalid, "El archivo está vacío")
	errNoReason       = domain.Errorf(domain.CodeInvalid, "Indica el motivo de la eliminación")
	errLongReason     = domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", maxReason)
	errNoCategoryName = domain.Errorf(domain.CodeInvalid, "El nombre de la categoría es obligatorio")
	errLongCategory   = domain.Errorf(domain.CodeInvalid, "El nombre de la categoría no puede superar los %d caracteres", maxCategory)
	errBadYear        = domain.Errorf(domain.CodeInvalid, "El año no es válido")

	errNotFound          = domain.Errorf(domain.CodeNotFound, "El documento no existe")
	errCategoryNotFound  = domain.Errorf(domain.CodeInvalid, "La categoría no existe en tu comunidad")
	errCategoryNameTaken = domain.Errorf(domain.CodeConflict, "Ya existe una categoría con ese nombre")
)

func viewer(a *domain.Actor) domain.DocumentViewer {
	return domain.DocumentViewer{UserID: a.UserID, Admin: a.IsAdmin()}
}

// document reads a document as a sees it; one they may not see is not found.
func (s *Service) document(ctx context.Context, a *domain.Actor, id string) (*domain.Document, error) {
	d, err := s.store.Document(ctx, a.CommunityID, id, viewer(a))
	if err == nil && d == nil {
		err = errNotFound
	}
	return d, err
}

// Categories returns the categories of a's community.
func (s *Service) Categories(ctx context.Context, a *domain.Actor) ([]domain.DocumentCategory, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.DocumentCategories(ctx, a.CommunityID)
}

// CategoryInput is a new category; MembersUpload opens it to every member for upload.
type CategoryInput struct {
	Name          string
	MembersUpload bool
}

// CreateCategory adds a category to the admin's community.
func (s *Service) CreateCategory(ctx context.Context, a *domain.Actor, in CategoryInput) (*domain.DocumentCategory, error) {
	name := strings.Join(strings.Fields(in.Name), " ")
	switch {
	case name == "":
		return nil, errNoCategoryName
	case utf8.RuneCountInString(name) > maxCategory:
		return nil, errLongCategory
	}
	c := &domain.DocumentCategory{ID: domain.NewID(), CommunityID: a.CommunityID, Name: name, MembersUpload: in.MembersUpload,
		CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		// After the community's others; the name (ignoring case and accents) must be new in it.
		var err error
		if c.Position, err = s.store.NextCategoryPosition(ctx, c.CommunityID); err != nil {
			return err
		}
		added, err := s.store.InsertDocumentCategory(ctx, c)
		if err == nil && !added {
			err = errCategoryNameTaken
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, c.ID)
	return c, nil
}

// UploadInput is the form of a new document; Date is the document's own date, YYYY-MM-DD.
type UploadInput struct {
	CategoryID  string
	Title       string
	Description string
	Date        string
	Visibility  domain.DocumentVisibility // empty: everyone
	FileName    string
}

// upload is a checked UploadInput.
type upload struct {
	category    *domain.DocumentCategory
	title, desc string
	date        time.Time
	visibility  domain.DocumentVisibility
}

// CheckUpload refuses a new document before its file is read: a bad field, a category that is not of
// a's community, or one a may not upload to.
func (s *Service) CheckUpload(ctx context.Context, a *domain.Actor, in UploadInput) error {
	_, err := s.checkUpload(ctx, a, in)
	return err
}

func (s *Service) checkUpload(ctx context.Context, a *domain.Actor, in UploadInput) (*upload, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	u := &upload{title: strings.TrimSpace(in.Title), desc: strings.TrimSpace(in.Description), visibility: in.Visibility}
	if u.visibility == "" {
		u.visibility = domain.DocumentForAll
	}
	switch {
	case u.title == "":
		return nil, errNoTitle
	case utf8.RuneCountInString(u.title) > maxTitle:
		return nil, errLongTitle
	case utf8.RuneCountInString(u.desc) > maxDescription:
		return nil, errLongDesc
	case !u.visibility.Valid():
		return nil, errBadVisibility
	case strings.TrimSpace(in.CategoryID) == "":
		return nil, errNoCategory
	case strings.TrimSpace(in.Date) == "":
		return nil, errNoDate
	}
	date, err := time.Parse(time.DateOnly, strings.TrimSpace(in.Date))
	if err != nil || date.Year() < 1900 || date.Year() > 2999 {
		return nil, errBadDate
	}
	u.date = date
	if u.category, err = s.store.DocumentCategory(ctx, a.CommunityID, in.CategoryID); err != nil {
		return nil, err
	}
	if u.category == nil {
		return nil, errCategoryNotFound
	}
	if !MayUpload(a, u.category) {
		return nil, errCannotUpload
	}
	return u, nil
}

// put decides the file's type from its bytes, hashes it and stores it under a new key of the community.
// The version it returns is not yet recorded and has no number.
func (s *Service) put(ctx context.Context, a *domain.Actor, documentID, fileName string, data []byte, now time.Time) (*domain.DocumentVersion, error) {
	if len(data) == 0 {
		return nil, errEmptyFile
	}
	if int64(len(data)) > s.bucket.MaxBytes {
		return nil, s.bucket.SizeError()
	}
	contentType, ext, err := s.bucket.Detect(data)
	if err != nil {
		return nil, err
	}
	data = files.StripMetadata(contentType, data) // a photographed page keeps no GPS position
	sum := sha256.Sum256(data)
	key := s.bucket.NewKey(a.CommunityID, ext, now)
	if err := s.files.Put(ctx, key, bytes.NewReader(data), int64(len(data)), contentType); err != nil {
		return nil, err
	}
	return &domain.DocumentVersion{ID: domain.NewID(), DocumentID: documentID, StorageKey: key, FileName: cleanFileName(fileName, ext),
		ContentType: contentType, Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:]), UploadedBy: &a.UserID,
		UploaderName: a.FullName, UploadedAt: now}, nil
}

// discard removes a stored file whose record could not be written, so a failed upload leaves nothing.
// It runs with its own time: the request may be gone.
func (s *Service) discard(ctx context.Context, key string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := s.files.Delete(ctx, key); err != nil {
		s.log.Error("documents: removing the file of a failed upload", "key", key, "err", err)
	}
}

// cleanFileName keeps the base name the browser sent, without control characters, and makes its
// extension the one of the type the bytes have (a PDF named 'foto.jpg' downloads as 'foto.pdf').
func cleanFileName(name, ext string) string {
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '"' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	base := strings.TrimSuffix(name, path.Ext(name))
	if e := strings.ToLower(path.Ext(name)); e == "."+ext || (ext == "jpg" && e == ".jpeg") {
		base, ext = strings.TrimSuffix(name, path.Ext(name)), e[1:]
	}
	if base = strings.TrimSpace(base); base == "" {
		base = "documento"
	}
	if r := []rune(base); len(r) > maxFileName {
		base = string(r[:maxFileName])
	}
	return base + "." + ext
}

// Created is a new document and how many emails it queued.
type Created struct {
	Document     *domain.Document
	EmailsQueued int
}

// Create adds a document with its first file. A new acta or accounts is emailed to the members who may
// open it (but those who turned these emails off).
func (s *Service) Create(ctx context.Context, a *domain.Actor, in UploadInput, data []byte) (*Created, error) {
	u, err := s.checkUpload(ctx, a, in)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	d := &domain.Document{ID: domain.NewID(), CommunityID: a.CommunityID, CategoryID: u.category.ID, CategoryName: u.category.Name,
		CategoryKind: u.category.Kind, Title: u.title, Description: u.desc, Date: u.date, Visibility: u.visibility, CreatedBy: &a.UserID,
		CreatedAt: now, UpdatedAt: now}
	f, err := s.put(ctx, a, d.ID, in.FileName, data, now)
	if err != nil {
		return nil, err
	}
	d.Current = *f
	d.Current.Number = 1
	var notify func(domain.Recipient) (domain.Mail, error)
	if d.CategoryKind.Announced() {
		notify = func(r domain.Recipient) (domain.Mail, error) {
			return mail.Compose(KindNewDocument, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName,
				Title: d.Title, Link: s.link(d.CommunityID)})
		}
	}
	n := 0
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.InsertDocument(ctx, d); err != nil {
			return err
		}
		if err := s.store.InsertDocumentVersion(ctx, &d.Current); err != nil {
			return err
		}
		if notify == nil {
			return nil
		}
		recipients, err := s.store.DocumentRecipients(ctx, d.ID)
		if err != nil {
			return err
		}
		n, err = mail.QueueEach(ctx, s.store, recipients, now, notify)
		return err
	})
	if err != nil {
		s.discard(ctx, f.StorageKey)
		return nil, err
	}
	if n > 0 {
		s.mailWake()
	}
	if a.IsAdmin() {
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditDocumentAdded, TargetKind: "document", TargetID: d.ID,
			TargetLabel: d.Title, After: auditedDocument(d)})
	}
	s.changed(a.CommunityID, Area, d.ID)
	return &Created{Document: d, EmailsQueued: n}, nil
}

func (s *Service) link(communityID string) string {
	if s.publicURL == "" {
		return ""
	}
	return domain.CommunityLink(s.publicURL+"/documents", communityID)
}

// CheckVersion refuses a new version before its file is read: the document must be one a sees, and a
// must be an admin or the one who uploaded it.
func (s *Service) CheckVersion(ctx context.Context, a *domain.Actor, id string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	d, err := s.document(ctx, a, id)
	if err != nil {
		return err
	}
	return mayAddVersion(a, d)
}

// MayAddVersion reports whether a may upload a new version of d: an admin or its uploader, while it is
// not deleted (the rule AddVersion applies).
func MayAddVersion(a *domain.Actor, d *domain.Document) bool { return mayAddVersion(a, d) == nil }

// MayUpload reports whether a may upload a document to the category c: an admin, or anyone when the
// category is open to members (the rule Upload applies).
func MayUpload(a *domain.Actor, c *domain.DocumentCategory) bool {
	return a.IsAdmin() || c.MembersUpload
}

func mayAddVersion(a *domain.Actor, d *domain.Document) error {
	if d.DeletedAt != nil {
		return domain.Errorf(domain.CodeNotFound, "El documento no existe")
	}
	if !a.IsAdmin() && (d.CreatedBy == nil || *d.CreatedBy != a.UserID) {
		return errCannotVersion
	}
	return nil
}

// AddVersion uploads a new file of a document; the older ones stay.
func (s *Service) AddVersion(ctx context.Context, a *domain.Actor, id, fileName string, data []byte) (*domain.Document, error) {
	if err := s.CheckVersion(ctx, a, id); err != nil {
		return nil, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	f, err := s.put(ctx, a, id, fileName, data, now)
	if err != nil {
		return nil, err
	}
	var before map[string]any
	saved, err := s.edit(ctx, a, id, now, func(d *domain.Document) error {
		if err := mayAddVersion(a, d); err != nil {
			return err
		}
		before = auditedDocument(d)
		v := *f
		v.Number = d.Current.Number + 1
		d.Current = v
		return nil
	})
	if err != nil {
		s.discard(ctx, f.StorageKey)
		return nil, err
	}
	if a.IsAdmin() {
		s.audit.Record(ctx, a, domain.AuditChange{Action: AuditDocumentEdited, TargetKind: "document", TargetID: id,
			TargetLabel: saved.Title, Before: before, After: auditedDocument(saved)})
	}
	s.changed(a.CommunityID, Area, id)
	return saved, nil
}

// Delete soft-deletes a document, with a reason; admins only, and never an acta or accounts before the
// end of their retention.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id, reason string) error {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return errNoReason
	case utf8.RuneCountInString(reason) > maxReason:
		return errLongReason
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	d, err := s.edit(ctx, a, id, now, func(d *domain.Document) error {
		if until := d.RetainedUntil(); until != nil && now.Before(*until) {
			date := until.Format("02/01/2006")
			err := domain.Errorf(domain.CodeDocumentRetained, "Este documento debe conservarse hasta el %s", date)
			err.Params = map[string]string{"until": date}
			return err
		}
		d.DeletedAt, d.DeletedBy, d.DeleteReason = &now, &a.UserID, &reason
		return nil
	})
	if err != nil {
		return err
	}
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditDocumentDeleted, TargetKind: "document", TargetID: id,
		TargetLabel: d.Title, Before: auditedDocument(d), After: map[string]any{"reason": reason}})
	s.changed(a.CommunityID, Area, id)
	return nil
}

// Discard removes, rows and file, a document that another feature filed moments ago for a change that
// then failed in its own transaction (a junta's paper of representation): the document never had a
// reason to exist, so it is not kept as a deleted one. Admins only (such filings are the community's), and
// only a document with its first version alone; reason is audited.
func (s *Service) Discard(ctx context.Context, a *domain.Actor, id, reason string) error {
	if !a.IsAdmin() {
		return fmt.Errorf("discard document %s: admins only", id)
	}
	var d *domain.Document
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		var err error
		if d, err = s.store.DocumentForUpdate(ctx, a.CommunityID, id); err != nil {
			return err
		}
		if d == nil {
			return errNotFound
		}
		if d.Current.Number != 1 {
			return fmt.Errorf("discard document %s: it has %d versions", id, d.Current.Number)
		}
		_, err = s.store.DeleteDocument(ctx, a.CommunityID, id)
		return err
	})
	if err != nil {
		return err
	}
	s.discard(ctx, d.Current.StorageKey)
	s.audit.Record(ctx, a, domain.AuditChange{Action: AuditDocumentDeleted, TargetKind: "document", TargetID: id,
		TargetLabel: d.Title, Before: auditedDocument(d), After: map[string]any{"reason": reason}})
	s.changed(a.CommunityID, Area, id)
	return nil
}

// auditedDocument is what the audit keeps of a document: what an admin would check an action against.
func auditedDocument(d *domain.Document) map[string]any {
	return map[string]any{"title": d.Title, "category": d.CategoryName, "date": d.Date.Format(time.DateOnly),
		"visibility": d.Visibility, "version": d.Current.Number, "fileName": d.Current.FileName}
}

// edit is the one way a document changes, in one transaction: read it locked, apply change to a copy
// (which may refuse), write the copy.
func (s *Service) edit(ctx context.Context, a *domain.Actor, id string, at time.Time, change func(*domain.Document) error) (*domain.Document, error) {
	var saved *domain.Document
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		old, err := s.store.DocumentForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if old == nil {
			return errNotFound
		}
		d := *old
		if err := change(&d); err != nil {
			return err
		}
		saved = &d
		if d.Current.Number > old.Current.Number { // a new version
			if err := s.store.InsertDocumentVersion(ctx, &d.Current); err != nil {
				return err
			}
		}
		return s.store.SaveDocument(ctx, &d, at)
	})
	return saved, err
}

// Detail is a document with all its versions, newest first.
type Detail struct {
	Document *domain.Document
	Versions []domain.DocumentVersion
}

// Get returns a document a may see, with its versions.
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*Detail, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	d, err := s.document(ctx, a, id)
	if err != nil {
		return nil, err
	}
	vs, err := s.store.DocumentVersions(ctx, id)
	if err != nil {
		return nil, err
	}
	return &Detail{Document: d, Versions: vs}, nil
}

// Visible returns, in one query, those of the documents ids that a may open (not deleted), in the order
// of ids; the others are left out. A page that shows several documents by id (a junta's attachments)
// reads them with it.
func (s *Service) Visible(ctx context.Context, a *domain.Actor, ids []string) ([]domain.Document, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	found, err := s.store.DocumentsByID(ctx, a.CommunityID, ids, viewer(a))
	if err != nil {
		return nil, err
	}
	out := make([]domain.Document, 0, len(found))
	for _, id := range ids {
		for _, d := range found {
			if d.ID == id && !slices.ContainsFunc(out, func(o domain.Document) bool { return o.ID == id }) {
				out = append(out, d)
			}
		}
	}
	return out, nil
}

// ListInput are the list's filters, as the API receives them.
type ListInput struct {
	CategoryID     string
	Year           int
	Query          string
	IncludeDeleted bool // admins only; ignored for others
	Limit          int
	Cursor         string
}

// List returns one page of the documents a may see, newest document date first.
func (s *Service) List(ctx context.Context, a *domain.Actor, in ListInput) (*domain.Page[domain.Document], error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if in.Year != 0 && (in.Year < 1900 || in.Year > 2999) {
		return nil, errBadYear
	}
	after, err := domain.ParseCursor(in.Cursor)
	if err != nil {
		return nil, err
	}
	limit := domain.PageLimit(in.Limit, DefaultLimit, MaxLimit)
	items, err := s.store.ListDocuments(ctx, a.CommunityID, viewer(a), domain.DocumentFilter{CategoryID: in.CategoryID, Year: in.Year,
		Search: domain.SearchText(in.Query), IncludeDeleted: in.IncludeDeleted && a.IsAdmin(), Limit: limit + 1, After: after})
	if err != nil {
		return nil, err
	}
	return domain.NextPage(items, limit, func(d domain.Document) domain.Cursor { return domain.Cursor{At: d.Date, ID: d.ID} }), nil
}

// Highlights are the quick links: the newest acta and the newest accounts a may see (nil when none).
type Highlights struct {
	LastActa, Accounts *domain.Document
}

// Highlights returns the quick links of a's archive.
func (s *Service) Highlights(ctx context.Context, a *domain.Actor) (*Highlights, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	newest := func(k domain.CategoryKind) (*domain.Document, error) {
		ds, err := s.store.ListDocuments(ctx, a.CommunityID, viewer(a), domain.DocumentFilter{Kind: k, Limit: 1})
		if err != nil || len(ds) == 0 {
			return nil, err
		}
		return &ds[0], nil
	}
	var h Highlights
	var err error
	if h.LastActa, err = newest(domain.CategoryActas); err != nil {
		return nil, err
	}
	if h.Accounts, err = newest(domain.CategoryCuentas); err != nil {
		return nil, err
	}
	return &h, nil
}

// Opened is a file being read: close Body when done. Body is an io.ReadSeeker too (both storages give
// one), so ranges can be served.
type Opened struct {
	Document *domain.Document
	Version  *domain.DocumentVersion
	Body     io.ReadCloser
	Info     files.Info
}

// Open opens a version of a document a may see, and records that a opened the document.
func (s *Service) Open(ctx context.Context, a *domain.Actor, id, versionID string) (*Opened, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	d, err := s.document(ctx, a, id)
	if err != nil {
		return nil, err
	}
	v, err := s.store.DocumentVersion(ctx, id, versionID)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, errNotFound
	}
	body, info, err := s.files.Open(ctx, v.StorageKey)
	if err != nil {
		return nil, err
	}
	if err := s.store.MarkDocumentOpened(ctx, id, a.UserID, s.now()); err != nil {
		body.Close()
		return nil, err
	}
	return &Opened{Document: d, Version: v, Body: body, Info: info}, nil
}

// EmailsOn reports whether a receives the emails of new actas and accounts of the community the request
// acts in.
func (s *Service) EmailsOn(ctx context.Context, a *domain.Actor) (bool, error) {
	if !a.InCommunity() {
		return false, domain.ErrNoCommunity
	}
	out, err := s.store.DocumentMailOptedOut(ctx, a.UserID, a.CommunityID)
	return !out, err
}

// SetEmails turns a's emails of new actas and accounts of the community the request acts in on or off.
func (s *Service) SetEmails(ctx context.Context, a *domain.Actor, on bool) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	return s.store.SetDocumentMailOptOut(ctx, a.UserID, a.CommunityID, !on, s.now())
}
