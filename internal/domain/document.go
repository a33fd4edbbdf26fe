package domain

import "time"

// DocumentVisibility says who may see a document of the community's archive.
type DocumentVisibility string

const (
	DocumentForAll    DocumentVisibility = "all"    // every member of the community
	DocumentForOwners DocumentVisibility = "owners" // members who are the confirmed owner of a unit (units.owner_id)
	DocumentForAdmins DocumentVisibility = "admins" // the administration only
)

// Valid reports whether v is one of the visibilities.
func (v DocumentVisibility) Valid() bool {
	return v == DocumentForAll || v == DocumentForOwners || v == DocumentForAdmins
}

// CategoryKind marks the seeded categories that carry rules; categories admins add have none.
type CategoryKind string

const (
	CategoryActas    CategoryKind = "actas"    // kept DocumentRetentionYears; 'Última acta'
	CategoryCuentas  CategoryKind = "cuentas"  // kept DocumentRetentionYears; 'Estado de cuentas'
	CategoryFacturas CategoryKind = "facturas" // kept DocumentRetentionYears; the expenses' invoices (issue #37)
)

// DocumentRetentionYears is how long actas, accounts and invoices are kept from the document's date.
const DocumentRetentionYears = 5

// Retained reports whether a category's documents must be kept DocumentRetentionYears.
func (k CategoryKind) Retained() bool {
	return k == CategoryActas || k == CategoryCuentas || k == CategoryFacturas
}

// Announced reports whether a new document of the category is emailed to the members who may open it
// (a new acta or accounts; not an invoice).
func (k CategoryKind) Announced() bool { return k == CategoryActas || k == CategoryCuentas }

// DocumentCategory is a category of a community's archive.
type DocumentCategory struct {
	ID            string
	CommunityID   string
	Name          string
	Kind          CategoryKind
	MembersUpload bool // every member may upload to it, not only admins
	Position      int
	CreatedAt     time.Time
}

// Document is a document of the archive with its current (newest) version.
type Document struct {
	ID           string
	CommunityID  string
	CategoryID   string
	CategoryName string
	CategoryKind CategoryKind
	Title        string
	Description  string
	Date         time.Time // the document's own date (UTC midnight)
	Visibility   DocumentVisibility
	CreatedBy    *string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	DeletedAt    *time.Time
	DeletedBy    *string
	DeleteReason *string
	Current      DocumentVersion
	Versions     int // how many versions it has
	OpenedBy     int // members of its audience who opened it
	Audience     int // members who may open it
}

// RetainedUntil is the day until which the document must be kept (nil: no retention rule).
func (d *Document) RetainedUntil() *time.Time {
	if !d.CategoryKind.Retained() {
		return nil
	}
	t := d.Date.AddDate(DocumentRetentionYears, 0, 0)
	return &t
}

// DocumentVersion is one uploaded file of a document.
type DocumentVersion struct {
	ID           string
	DocumentID   string
	Number       int
	StorageKey   string
	FileName     string
	ContentType  string
	Size         int64
	SHA256       string // hex
	UploadedBy   *string
	UploaderName string
	UploadedAt   time.Time
}

// DocumentViewer is who reads the archive: admins see every document, other members those for everyone,
// those for owners when they own a unit, and their own uploads.
type DocumentViewer struct {
	UserID string
	Admin  bool
}

// DocumentFilter selects a page of the archive.
type DocumentFilter struct {
	CategoryID     string
	Kind           CategoryKind // only the category of this kind (the quick links)
	Year           int          // 0: any
	Search         string       // normalized with SearchText
	IncludeDeleted bool         // admins only
	Limit          int
	After          *Cursor // At: the document's date
}
