package domain

import "time"

// PostKind is what a wall post is.
type PostKind string

const (
	PostAnnouncement PostKind = "announcement" // Anuncio
	PostEvent        PostKind = "event"        // Evento
	PostQuestion     PostKind = "question"     // Pregunta
	PostDiscussion   PostKind = "discussion"   // Discusión
)

// Valid reports whether k is a known kind.
func (k PostKind) Valid() bool {
	return k == PostAnnouncement || k == PostEvent || k == PostQuestion || k == PostDiscussion
}

// WallPost is a post of the community wall ('Muro Comunitario').
type WallPost struct {
	ID           string
	CommunityID  string
	AuthorID     *string
	AuthorName   string
	AuthorAvatar *string
	Kind         PostKind
	Body         string
	ImageURL     *string
	EventID      *string
	EventTitle   string
	EventStartAt *time.Time
	PollID       *string // the consulta the post opened (the composer's 'Votación')
	Poll         *WallPoll
	HiddenAt     *time.Time
	HiddenBy     *string
	CreatedAt    time.Time
	UpdatedAt    time.Time
	EditedAt     *time.Time
	DeletedAt    *time.Time
	// Read with the post, for the reader.
	Likes        int
	Comments     int
	Reports      int // admins only
	LikedByMe    bool
	ReportedByMe bool
}

// WallPoll is what a post shows of its consulta: the question, the options, whether it is still open and
// how many voted.
type WallPoll struct {
	Title    string
	Status   PollStatus
	ClosesAt time.Time
	Options  []string
	Voters   int
}

// WallFilter is one page of the wall for a reader.
type WallFilter struct {
	Viewer        string
	IncludeHidden bool // admins
	Limit         int
	After         *Cursor
}

// WallComment is a comment on a wall post.
type WallComment struct {
	ID         string
	PostID     string
	AuthorID   *string
	AuthorName string
	Body       string
	CreatedAt  time.Time
}
