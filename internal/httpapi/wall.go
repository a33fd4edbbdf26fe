package httpapi

import (
	"context"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/wall"
)

// WallPost is a post of the community wall, with its counts and what the caller did.
type WallPost struct {
	ID           string     `json:"id"`
	AuthorID     *string    `json:"authorId" doc:"null once the author's account is deleted"`
	AuthorName   string     `json:"authorName"`
	AuthorAvatar *string    `json:"authorAvatarUrl"`
	Kind         string     `json:"kind" enum:"announcement,event,question,discussion"`
	Body         string     `json:"body"`
	ImageURL     *string    `json:"imageUrl"`
	EventID      *string    `json:"eventId"`
	EventTitle   string     `json:"eventTitle"`
	EventStartAt *time.Time `json:"eventStartAt"`
	PollID       *string    `json:"pollId" doc:"The consulta the post opened in Votaciones (the composer's 'Votación')"`
	Poll         *WallPoll  `json:"poll,omitempty" doc:"What the post shows of its consulta; absent without one"`
	Hidden       bool       `json:"hidden" doc:"Hidden by an admin: only admins see it"`
	Likes        int        `json:"likes"`
	Comments     int        `json:"comments"`
	Reports      int        `json:"reports" doc:"How many members reported it; 0 for non-admins"`
	LikedByMe    bool       `json:"likedByMe"`
	ReportedByMe bool       `json:"reportedByMe"`
	CanEdit      bool       `json:"canEdit" doc:"The caller wrote it"`
	CanDelete    bool       `json:"canDelete" doc:"The caller wrote it or is an admin"`
	CreatedAt    time.Time  `json:"createdAt"`
	EditedAt     *time.Time `json:"editedAt"`
}

// WallPoll is what a post shows of its consulta.
type WallPoll struct {
	Title    string    `json:"title"`
	Status   string    `json:"status" enum:"draft,open,closed" doc:"As stored: an open consulta past closesAt is closed"`
	ClosesAt time.Time `json:"closesAt"`
	Options  []string  `json:"options"`
	Voters   int       `json:"voters" doc:"How many members voted"`
}

// WallComment is a comment on a wall post.
type WallComment struct {
	ID         string    `json:"id"`
	AuthorID   *string   `json:"authorId"`
	AuthorName string    `json:"authorName"`
	Body       string    `json:"body"`
	CanDelete  bool      `json:"canDelete" doc:"The caller wrote it or is an admin"`
	CreatedAt  time.Time `json:"createdAt"`
}

func wallPostOf(a *domain.Actor, p *domain.WallPost) WallPost {
	out := WallPost{ID: p.ID, AuthorID: p.AuthorID, AuthorName: p.AuthorName, AuthorAvatar: p.AuthorAvatar, Kind: string(p.Kind),
		Body: p.Body, ImageURL: p.ImageURL, EventID: p.EventID, EventTitle: p.EventTitle, EventStartAt: p.EventStartAt,
		Hidden: p.HiddenAt != nil, Likes: p.Likes, Comments: p.Comments, LikedByMe: p.LikedByMe, ReportedByMe: p.ReportedByMe,
		CanEdit: p.AuthorID != nil && *p.AuthorID == a.UserID, CanDelete: a.MayModify(p.CommunityID, p.AuthorID),
		CreatedAt: p.CreatedAt, EditedAt: p.EditedAt, PollID: p.PollID}
	if q := p.Poll; q != nil {
		out.Poll = &WallPoll{Title: q.Title, Status: string(q.Status), ClosesAt: q.ClosesAt, Options: q.Options, Voters: q.Voters}
		if out.Poll.Options == nil {
			out.Poll.Options = []string{}
		}
	}
	if a.IsAdmin() {
		out.Reports = p.Reports
	}
	return out
}

func wallCommentOf(a *domain.Actor, c *domain.WallComment) WallComment {
	return WallComment{ID: c.ID, AuthorID: c.AuthorID, AuthorName: c.AuthorName, Body: c.Body,
		CanDelete: a.MayModify(a.CommunityID, c.AuthorID), CreatedAt: c.CreatedAt}
}

type wallPostOutput struct{ Body WallPost }

type wallPageOutput struct {
	Body struct {
		Items      []WallPost `json:"items"`
		NextCursor *string    `json:"nextCursor" doc:"Pass as cursor for the next page; null on the last page"`
	}
}

type wallCommentOutput struct{ Body WallComment }

type wallCommentsOutput struct {
	Body struct {
		Items []WallComment `json:"items"`
	}
}

type wallPostIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type listWallInput struct {
	Limit  int    `query:"limit" minimum:"1" maximum:"50" default:"20"`
	Cursor string `query:"cursor" maxLength:"200" doc:"nextCursor of the previous page"`
}

type createWallPostInput struct {
	Body struct {
		Kind     string         `json:"kind" maxLength:"20" doc:"announcement, event, question or discussion"`
		Body     string         `json:"body" maxLength:"5000"`
		ImageURL *string        `json:"imageUrl,omitempty" maxLength:"2048" doc:"A picture uploaded to /api/v1/files/wall-images"`
		EventID  string         `json:"eventId,omitempty" maxLength:"64" doc:"The event an event post announces"`
		Poll     *wallPollInput `json:"poll,omitempty" doc:"Opens a quick consulta in Votaciones and links it ('Votación'); any member may"`
	}
}

type wallPollInput struct {
	Title    string    `json:"title" maxLength:"200" doc:"The question"`
	Options  []string  `json:"options" maxItems:"20" doc:"Two or more answers"`
	ClosesAt time.Time `json:"closesAt" doc:"Within 30 days"`
}

type updateWallPostInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Body     *string `json:"body,omitempty" maxLength:"5000"`
		ImageURL *string `json:"imageUrl,omitempty" maxLength:"2048" doc:"Empty removes it"`
	}
}

type likeWallPostInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Liked bool `json:"liked"`
	}
}

type hideWallPostInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Hidden bool `json:"hidden"`
	}
}

type reportWallPostInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Reason string `json:"reason,omitempty" maxLength:"500"`
	}
}

type commentWallPostInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Body string `json:"body" maxLength:"2000"`
	}
}

type wallCommentIDInput struct {
	ID string `path:"commentId" maxLength:"64"`
}

func (s *server) listWall(ctx context.Context, in *listWallInput) (*wallPageOutput, error) {
	a := actor(ctx)
	p, err := s.Wall.List(ctx, a, in.Limit, in.Cursor)
	if err != nil {
		return nil, err
	}
	out := &wallPageOutput{}
	out.Body.Items = make([]WallPost, len(p.Items))
	for i := range p.Items {
		out.Body.Items[i] = wallPostOf(a, &p.Items[i])
	}
	if p.NextCursor != "" {
		out.Body.NextCursor = &p.NextCursor
	}
	return out, nil
}

func (s *server) createWallPost(ctx context.Context, in *createWallPostInput) (*wallPostOutput, error) {
	a := actor(ctx)
	b := in.Body
	post := wall.Input{Kind: domain.PostKind(b.Kind), Body: b.Body, ImageURL: b.ImageURL, EventID: b.EventID}
	if b.Poll != nil {
		post.Poll = &wall.PollRequest{Title: b.Poll.Title, Options: b.Poll.Options, ClosesAt: b.Poll.ClosesAt}
	}
	p, err := s.Wall.Create(ctx, a, post)
	if err != nil {
		return nil, err
	}
	return &wallPostOutput{Body: wallPostOf(a, p)}, nil
}

func (s *server) getWallPost(ctx context.Context, in *wallPostIDInput) (*wallPostOutput, error) {
	a := actor(ctx)
	p, err := s.Wall.Get(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &wallPostOutput{Body: wallPostOf(a, p)}, nil
}

func (s *server) updateWallPost(ctx context.Context, in *updateWallPostInput) (*wallPostOutput, error) {
	a := actor(ctx)
	p, err := s.Wall.Update(ctx, a, in.ID, in.Body.Body, in.Body.ImageURL)
	if err != nil {
		return nil, err
	}
	return &wallPostOutput{Body: wallPostOf(a, p)}, nil
}

func (s *server) deleteWallPost(ctx context.Context, in *wallPostIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Wall.Delete(ctx, a, in.ID)
}

func (s *server) hideWallPost(ctx context.Context, in *hideWallPostInput) (*wallPostOutput, error) {
	a := actor(ctx)
	p, err := s.Wall.SetHidden(ctx, a, in.ID, in.Body.Hidden)
	if err != nil {
		return nil, err
	}
	return &wallPostOutput{Body: wallPostOf(a, p)}, nil
}

func (s *server) likeWallPost(ctx context.Context, in *likeWallPostInput) (*wallPostOutput, error) {
	a := actor(ctx)
	p, err := s.Wall.SetLike(ctx, a, in.ID, in.Body.Liked)
	if err != nil {
		return nil, err
	}
	return &wallPostOutput{Body: wallPostOf(a, p)}, nil
}

func (s *server) reportWallPost(ctx context.Context, in *reportWallPostInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Wall.Report(ctx, a, in.ID, in.Body.Reason)
}

func (s *server) listWallComments(ctx context.Context, in *wallPostIDInput) (*wallCommentsOutput, error) {
	a := actor(ctx)
	cs, err := s.Wall.Comments(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	out := &wallCommentsOutput{}
	out.Body.Items = make([]WallComment, len(cs))
	for i := range cs {
		out.Body.Items[i] = wallCommentOf(a, &cs[i])
	}
	return out, nil
}

func (s *server) commentWallPost(ctx context.Context, in *commentWallPostInput) (*wallCommentOutput, error) {
	a := actor(ctx)
	c, err := s.Wall.Comment(ctx, a, in.ID, in.Body.Body)
	if err != nil {
		return nil, err
	}
	return &wallCommentOutput{Body: wallCommentOf(a, c)}, nil
}

func (s *server) deleteWallComment(ctx context.Context, in *wallCommentIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Wall.DeleteComment(ctx, a, in.ID)
}
