package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"vecinos/internal/domain"
)

// documentVisible restricts to what a member who is not an admin may see (two ?: the member, twice):
// never a deleted document; those for everyone, their own uploads, and those for owners when they are
// the confirmed owner of a unit of the community (units.owner_id, as the owners audience of
// announcements). Admins see everything.
const documentVisible = ` AND d.deleted_at IS NULL AND (d.visibility = 'all' OR d.created_by = ?
	OR (d.visibility = 'owners' AND EXISTS (SELECT 1 FROM units ou WHERE ou.community_id = d.community_id AND ou.owner_id = ?)))`

// documentAudience is true when the profile p may open the document d: the same rule as documentVisible,
// admins included. It decides 'abierto por N de M' and who is emailed a new acta.
const documentAudience = `p.community_id = d.community_id AND (d.visibility = 'all' OR d.created_by = p.id
	OR EXISTS (SELECT 1 FROM user_roles ar WHERE ar.user_id = p.id AND ar.community_id = d.community_id AND ar.role = 'admin')
	OR (d.visibility = 'owners' AND EXISTS (SELECT 1 FROM units ou WHERE ou.community_id = d.community_id AND ou.owner_id = p.id)))`

// documentSelect reads documents with their category and current (highest-numbered) version. The two
// tallies ('abierto por N de M') are only counted for admins; others read zeros.
func documentSelect(v domain.DocumentViewer) string {
	tallies := "0, 0"
	if v.Admin {
		tallies = `(SELECT COUNT(*) FROM document_opens o JOIN members p ON p.id = o.user_id WHERE o.document_id = d.id AND ` + documentAudience + `),
		(SELECT COUNT(*) FROM members p WHERE ` + documentAudience + `)`
	}
	return `SELECT d.id, d.community_id, d.category_id, c.name, COALESCE(c.kind, ''), d.title, d.description, d.document_date,
		d.visibility, d.created_by, d.created_at, d.updated_at, d.deleted_at, d.deleted_by, d.delete_reason,
		v.id, v.document_id, v.number, v.storage_key, v.file_name, v.content_type, v.size, v.sha256, v.uploaded_by,
		COALESCE(pv.full_name, ''), v.uploaded_at, ` + tallies + `
	FROM documents d
	JOIN document_categories c ON c.id = d.category_id
	JOIN document_versions v ON v.document_id = d.id AND v.number = (SELECT MAX(mv.number) FROM document_versions mv WHERE mv.document_id = d.id)
	LEFT JOIN profiles pv ON pv.id = v.uploaded_by`
}

func scanDocument(row scanner) (*domain.Document, error) {
	var d domain.Document
	var kind, visibility string
	var date, created, updated int64
	var deleted *int64
	cur := &d.Current
	var uploaded int64
	err := row.Scan(&d.ID, &d.CommunityID, &d.CategoryID, &d.CategoryName, &kind, &d.Title, &d.Description, &date, &visibility,
		&d.CreatedBy, &created, &updated, &deleted, &d.DeletedBy, &d.DeleteReason,
		&cur.ID, &cur.DocumentID, &cur.Number, &cur.StorageKey, &cur.FileName, &cur.ContentType, &cur.Size, &cur.SHA256, &cur.UploadedBy,
		&cur.UploaderName, &uploaded, &d.OpenedBy, &d.Audience)
	if err != nil {
		return nil, err
	}
	d.CategoryKind, d.Visibility = domain.CategoryKind(kind), domain.DocumentVisibility(visibility)
	d.Date, d.CreatedAt, d.UpdatedAt, d.DeletedAt = fromMS(date), fromMS(created), fromMS(updated), fromNullMS(deleted)
	cur.UploadedAt = fromMS(uploaded)
	return &d, nil
}

// Document returns a document of communityID as v sees it; one of another community, one v may not see,
// or a deleted one to a member who is not an admin, is nil.
func (db *DB) Document(ctx context.Context, communityID, id string, v domain.DocumentViewer) (*domain.Document, error) {
	q := documentSelect(v) + " WHERE d.id = ? AND d.community_id = ?"
	args := []any{id, communityID}
	if !v.Admin {
		q += documentVisible
		args = append(args, v.UserID, v.UserID)
	}
	return orNil(scanDocument(db.readerIn(ctx).queryRow(ctx, q, args...)))
}

// DocumentsByID returns, in one query, the documents of communityID among ids that v sees, leaving out
// the deleted ones (admins included), in no particular order; ids of other communities or unknown are
// left out too.
func (db *DB) DocumentsByID(ctx context.Context, communityID string, ids []string, v domain.DocumentViewer) ([]domain.Document, error) {
	if len(ids) == 0 {
		return []domain.Document{}, nil
	}
	q := documentSelect(v) + " WHERE d.community_id = ? AND d.id IN (?" + strings.Repeat(", ?", len(ids)-1) + ")"
	args := []any{communityID}
	for _, id := range ids {
		args = append(args, id)
	}
	if v.Admin {
		q += " AND d.deleted_at IS NULL"
	} else {
		q += documentVisible
		args = append(args, v.UserID, v.UserID)
	}
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanDocument), q, args...)
	if out == nil && err == nil {
		out = []domain.Document{}
	}
	return out, err
}

// DeleteDocument removes a document of communityID and, by their cascades, its versions and opens; it
// reports whether there was one. Only for a document filed in a transaction that then failed: the
// archive's deletions are soft (SaveDocument).
func (db *DB) DeleteDocument(ctx context.Context, communityID, id string) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, "DELETE FROM documents WHERE id = ? AND community_id = ?", id, communityID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// documentListQuery builds the archive's query: newest document date first, walking documents_community.
func documentListQuery(engine Engine, communityID string, v domain.DocumentViewer, f domain.DocumentFilter) (string, []any) {
	var b strings.Builder
	b.WriteString(documentSelect(v))
	b.WriteString(" WHERE d.community_id = ?")
	args := []any{communityID}
	if !v.Admin {
		b.WriteString(documentVisible)
		args = append(args, v.UserID, v.UserID)
	} else if !f.IncludeDeleted {
		b.WriteString(" AND d.deleted_at IS NULL")
	}
	if f.CategoryID != "" {
		b.WriteString(" AND d.category_id = ?")
		args = append(args, f.CategoryID)
	}
	if f.Kind != "" {
		b.WriteString(" AND c.kind = ?")
		args = append(args, string(f.Kind))
	}
	if f.Year != 0 {
		b.WriteString(" AND d.document_year = ?")
		args = append(args, f.Year)
	}
	if f.Search != "" {
		args = engine.containsText(&b, args, "d.search_text", f.Search)
	}
	if f.After != nil {
		b.WriteString(" AND (d.document_date, d.id) < (?, ?)")
		args = append(args, ms(f.After.At), f.After.ID)
	}
	b.WriteString(" ORDER BY d.document_date DESC, d.id DESC LIMIT ")
	b.WriteString(strconv.Itoa(max(f.Limit, 0)))
	return b.String(), args
}

// ListDocuments returns up to f.Limit documents of communityID that v sees, newest document date first,
// after f.After.
func (db *DB) ListDocuments(ctx context.Context, communityID string, v domain.DocumentViewer, f domain.DocumentFilter) ([]domain.Document, error) {
	q, args := documentListQuery(db.engine, communityID, v, f)
	out, err := queryAll(ctx, db.readerIn(ctx), values(scanDocument), q, args...)
	if out == nil && err == nil {
		out = []domain.Document{}
	}
	return out, err
}

const versionSelect = `SELECT v.id, v.document_id, v.number, v.storage_key, v.file_name, v.content_type, v.size, v.sha256, v.uploaded_by,
		COALESCE(pv.full_name, ''), v.uploaded_at
	FROM document_versions v LEFT JOIN profiles pv ON pv.id = v.uploaded_by`

func scanVersion(row scanner) (*domain.DocumentVersion, error) {
	var v domain.DocumentVersion
	var at int64
	err := row.Scan(&v.ID, &v.DocumentID, &v.Number, &v.StorageKey, &v.FileName, &v.ContentType, &v.Size, &v.SHA256, &v.UploadedBy,
		&v.UploaderName, &at)
	if err != nil {
		return nil, err
	}
	v.UploadedAt = fromMS(at)
	return &v, nil
}

// DocumentVersions returns the versions of a document, newest first. The caller has read the document
// (Document), which scopes it to a community and a viewer.
func (db *DB) DocumentVersions(ctx context.Context, documentID string) ([]domain.DocumentVersion, error) {
	return queryAll(ctx, db.readerIn(ctx), values(scanVersion), versionSelect+" WHERE v.document_id = ? ORDER BY v.number DESC", documentID)
}

// DocumentVersion returns one version of a document (read with Document first); nil when it has none
// such.
func (db *DB) DocumentVersion(ctx context.Context, documentID, versionID string) (*domain.DocumentVersion, error) {
	return orNil(scanVersion(db.readerIn(ctx).queryRow(ctx, versionSelect+" WHERE v.id = ? AND v.document_id = ?", versionID, documentID)))
}

// InsertDocumentVersion adds version v to its document.
func (db *DB) InsertDocumentVersion(ctx context.Context, v *domain.DocumentVersion) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO document_versions (id, document_id, number, storage_key, file_name, content_type, size, sha256,
		uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, v.ID, v.DocumentID, v.Number, v.StorageKey, v.FileName,
		v.ContentType, v.Size, v.SHA256, v.UploadedBy, ms(v.UploadedAt))
	return err
}

// InsertDocument stores a new document; its first version is added with InsertDocumentVersion.
func (db *DB) InsertDocument(ctx context.Context, d *domain.Document) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO documents (id, community_id, category_id, title, description, document_date, document_year,
		visibility, search_text, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		d.ID, d.CommunityID, d.CategoryID, d.Title, d.Description, ms(d.Date), d.Date.Year(), string(d.Visibility),
		domain.SearchText(d.Title, d.Description), d.CreatedBy, ms(d.CreatedAt), ms(d.UpdatedAt))
	return err
}

// DocumentRecipients lists who is emailed a new document: its audience but its uploader, with a
// confirmed address, who did not opt out.
func (db *DB) DocumentRecipients(ctx context.Context, id string) ([]domain.Recipient, error) {
	return queryAll(ctx, db.readerIn(ctx), scanRecipient, `SELECT u.email, p.full_name, u.language, cm.name FROM documents d
		JOIN communities cm ON cm.id = d.community_id
		JOIN members p ON `+documentAudience+`
		JOIN users u ON u.id = p.id
		WHERE d.id = ? AND u.email_confirmed_at IS NOT NULL AND (d.created_by IS NULL OR p.id <> d.created_by)
			AND NOT EXISTS (SELECT 1 FROM document_mail_optouts mo WHERE mo.user_id = p.id AND mo.community_id = d.community_id)
		ORDER BY u.email`, id)
}

// DocumentForUpdate reads a live document of communityID inside the transaction of ctx (InTx) and locks
// it until that ends; nil when there is none.
func (db *DB) DocumentForUpdate(ctx context.Context, communityID, id string) (*domain.Document, error) {
	tx, ok, err := lockLive(ctx, "documents", id, communityID)
	if !ok {
		return nil, err
	}
	return scanDocument(tx.queryRow(ctx, documentSelect(domain.DocumentViewer{})+" WHERE d.id = ?", id))
}

// SaveDocument writes d, read with DocumentForUpdate, inside the same transaction; a new version is added
// with InsertDocumentVersion.
func (db *DB) SaveDocument(ctx context.Context, d *domain.Document, at time.Time) error {
	tx, err := txOf(ctx)
	if err != nil {
		return err
	}
	_, err = tx.exec(ctx, `UPDATE documents SET title = ?, description = ?, document_date = ?, document_year = ?, visibility = ?,
		search_text = ?, updated_at = ?, deleted_at = ?, deleted_by = ?, delete_reason = ? WHERE id = ?`,
		d.Title, d.Description, ms(d.Date), d.Date.Year(), string(d.Visibility), domain.SearchText(d.Title, d.Description), ms(at),
		nullMS(d.DeletedAt), d.DeletedBy, d.DeleteReason, d.ID)
	return err
}

// MarkDocumentOpened records that userID opened a document, once.
func (db *DB) MarkDocumentOpened(ctx context.Context, documentID, userID string, at time.Time) error {
	_, err := db.writerIn(ctx).exec(ctx, `INSERT INTO document_opens (document_id, user_id, opened_at) VALUES (?, ?, ?)
		ON CONFLICT (document_id, user_id) DO NOTHING`, documentID, userID, ms(at))
	return err
}

// DocumentMailOptedOut reports whether userID turned off the emails of communityID's new documents.
func (db *DB) DocumentMailOptedOut(ctx context.Context, userID, communityID string) (bool, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COUNT(*) FROM document_mail_optouts WHERE user_id = ? AND community_id = ?",
		userID, communityID).Scan(&n)
	return n > 0, err
}

// SetDocumentMailOptOut turns the emails of communityID's new documents off (out) or on for userID.
func (db *DB) SetDocumentMailOptOut(ctx context.Context, userID, communityID string, out bool, at time.Time) error {
	var err error
	if out {
		_, err = db.writerIn(ctx).exec(ctx, `INSERT INTO document_mail_optouts (user_id, community_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id, community_id) DO NOTHING`, userID, communityID, ms(at))
	} else {
		_, err = db.writerIn(ctx).exec(ctx, "DELETE FROM document_mail_optouts WHERE user_id = ? AND community_id = ?", userID, communityID)
	}
	return err
}

const categorySelect = `SELECT id, community_id, name, COALESCE(kind, ''), members_upload, position, created_at FROM document_categories`

func scanCategory(row scanner) (*domain.DocumentCategory, error) {
	var c domain.DocumentCategory
	var kind string
	var created int64
	err := row.Scan(&c.ID, &c.CommunityID, &c.Name, &kind, &c.MembersUpload, &c.Position, &created)
	if err != nil {
		return nil, err
	}
	c.Kind, c.CreatedAt = domain.CategoryKind(kind), fromMS(created)
	return &c, nil
}

// DocumentCategories returns the categories of communityID: the seeded ones in their order, then those
// admins added.
func (db *DB) DocumentCategories(ctx context.Context, communityID string) ([]domain.DocumentCategory, error) {
	return queryAll(ctx, db.readerIn(ctx), values(scanCategory), categorySelect+" WHERE community_id = ? ORDER BY position, name", communityID)
}

// DocumentCategory returns a category of communityID; nil when it has none such.
func (db *DB) DocumentCategory(ctx context.Context, communityID, id string) (*domain.DocumentCategory, error) {
	return orNil(scanCategory(db.readerIn(ctx).queryRow(ctx, categorySelect+" WHERE id = ? AND community_id = ?", id, communityID)))
}

// NextCategoryPosition is the position after the last category of communityID.
func (db *DB) NextCategoryPosition(ctx context.Context, communityID string) (int, error) {
	var n int
	err := db.readerIn(ctx).queryRow(ctx, "SELECT COALESCE(MAX(position), 0) + 1 FROM document_categories WHERE community_id = ?",
		communityID).Scan(&n)
	return n, err
}

// InsertDocumentCategory adds category c unless its name (ignoring case and accents) is taken in its
// community: false then.
func (db *DB) InsertDocumentCategory(ctx context.Context, c *domain.DocumentCategory) (bool, error) {
	res, err := db.writerIn(ctx).exec(ctx, `INSERT INTO document_categories (id, community_id, name, name_key, kind, members_upload, position, created_at)
		VALUES (?, ?, ?, ?, NULL, ?, ?, ?) ON CONFLICT (community_id, name_key) DO NOTHING`,
		c.ID, c.CommunityID, c.Name, domain.SearchText(c.Name), c.MembersUpload, c.Position, ms(c.CreatedAt))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// In the export of a member's data (personaldata.go): the document versions they uploaded.
func init() {
	exportPersonalData(
		dataSection{"documents_uploaded", `SELECT d.id AS document_id, d.title, v.number AS version, v.file_name, v.content_type, v.size, v.uploaded_at
			FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE v.uploaded_by = ? ORDER BY v.uploaded_at`},
	)
}
