package domain

import "time"

// AnnouncementStatus is where an announcement of the board stands. 'expirado' is also derived at read
// time: a 'publicado' announcement past its valid_until reads as expired without anyone editing it.
type AnnouncementStatus string

const (
	AnnouncementPublished AnnouncementStatus = "publicado"
	AnnouncementArchived  AnnouncementStatus = "archivado"
	AnnouncementExpired   AnnouncementStatus = "expirado"
	AnnouncementDeleted   AnnouncementStatus = "eliminado" // set only by deletion, with deleted_at
)

// Valid reports whether s is a known status.
func (s AnnouncementStatus) Valid() bool {
	return s == AnnouncementPublished || s == AnnouncementArchived || s == AnnouncementExpired || s == AnnouncementDeleted
}

// Editable reports whether an admin may choose s in the edit form (not 'eliminado': that is deletion).
func (s AnnouncementStatus) Editable() bool {
	return s == AnnouncementPublished || s == AnnouncementArchived || s == AnnouncementExpired
}

// AnnouncementPriority: critical announcements are also emailed to their audience.
type AnnouncementPriority string

const (
	AnnouncementNormal   AnnouncementPriority = "normal"
	AnnouncementCritical AnnouncementPriority = "critico"
)

// Valid reports whether p is a known priority.
func (p AnnouncementPriority) Valid() bool {
	return p == AnnouncementNormal || p == AnnouncementCritical
}

// AnnouncementType classifies an announcement.
type AnnouncementType string

const (
	AnnouncementGeneral     AnnouncementType = "general"
	AnnouncementMaintenance AnnouncementType = "mantenimiento"
	AnnouncementRegulation  AnnouncementType = "normativa"
)

// Valid reports whether t is a known type.
func (t AnnouncementType) Valid() bool {
	return t == AnnouncementGeneral || t == AnnouncementMaintenance || t == AnnouncementRegulation
}

// AudienceKind says who an announcement is for.
type AudienceKind string

const (
	AudienceAll      AudienceKind = "all"      // every member of the community
	AudienceOwners   AudienceKind = "owners"   // members who own a unit of the community
	AudienceBuilding AudienceKind = "building" // members whose unit is in one portal / staircase (units.building)
)

// Valid reports whether k is a known audience.
func (k AudienceKind) Valid() bool {
	return k == AudienceAll || k == AudienceOwners || k == AudienceBuilding
}

// Audience is who an announcement targets; Value is the building of AudienceBuilding, empty otherwise.
type Audience struct {
	Kind  AudienceKind
	Value string
}

// Reaction is one of the emojis a member may react with (one per member and announcement).
type Reaction string

const (
	ReactionThumbsUp   Reaction = "thumbs_up"
	ReactionThumbsDown Reaction = "thumbs_down"
	ReactionHeart      Reaction = "heart"
	ReactionBell       Reaction = "bell"
)

// Reactions are the emojis in display order.
var Reactions = []Reaction{ReactionThumbsUp, ReactionThumbsDown, ReactionHeart, ReactionBell}

// Valid reports whether r is a known emoji.
func (r Reaction) Valid() bool {
	return r == ReactionThumbsUp || r == ReactionThumbsDown || r == ReactionHeart || r == ReactionBell
}

// ReactionCounts counts the reactions of an announcement per emoji.
type ReactionCounts map[Reaction]int

// Announcement is a notice of the community board. The fields after DeletedAt are derived for the
// member reading it (one query per page computes them).
type Announcement struct {
	ID          string
	CommunityID string
	Title       string
	Description string
	Status      AnnouncementStatus // as read: 'expirado' when published and past ValidUntil
	Priority    AnnouncementPriority
	Type        AnnouncementType
	IsPinned    bool
	ValidUntil  *time.Time
	ImageURL    *string
	DocumentURL *string
	Audience    Audience
	CreatedBy   *string // nil once the author's account is gone
	CreatedAt   time.Time
	UpdatedAt   time.Time
	DeletedAt   *time.Time

	AuthorName      *string // nil without an author profile
	AuthorAvatarURL *string
	Reactions       ReactionCounts
	MyReaction      *Reaction
	ReadCount       int // members of the audience who opened it
	Total           int // members in the audience
	IsRead          bool
}

// AnnouncementFilter selects announcements of one community for one member: pinned first, newest first.
type AnnouncementFilter struct {
	Statuses        []AnnouncementStatus // empty: any (of the visible ones)
	Priorities      []AnnouncementPriority
	Types           []AnnouncementType
	Search          string // already normalized with SearchText
	IncludeArchived bool   // also archived and deleted ones
	Limit           int
	After           *Cursor
}

// BuildingAudience is a portal / staircase of the community, with how many members live in it.
type BuildingAudience struct {
	Value     string
	Residents int
}

// AnnouncementViewer is the member reading the board: what they see and the derived fields depend on
// them (admins see every audience; 'expirado' is derived against Now).
type AnnouncementViewer struct {
	UserID string
	Admin  bool
	Now    time.Time
}
