// Package wall runs a community's wall ('Muro Comunitario', /wall): members post announcements, events,
// questions and discussions with an optional photo, an event or a quick consulta, like and comment them,
// and report them; authors edit
// and delete their own posts, admins hide or delete any. A hidden post is gone for members but kept for
// admins. It owns the rules; the store carries them out, always scoped to the caller's community.
package wall

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
)

// Area is the realtime area of the wall: the web client's query keys are rooted at it.
const Area = "wall"

const (
	DefaultLimit = 20
	MaxLimit     = 50
	maxBody      = 5000
	maxComment   = 2000
	maxReason    = 500
	maxURL       = 2048
	// A consulta opened from the wall is a quick one: it closes within MaxConsultaDays, and a member who
	// is not an admin has at most MaxOpenConsultas open at once.
	MaxConsultaDays  = 30
	MaxOpenConsultas = 3
)

// Store is what the service needs from the database.
type Store interface {
	Event(ctx context.Context, communityID, id string) (*domain.Event, error) // nil: none
	WallPollExists(ctx context.Context, communityID, id string) (bool, error)
	InsertWallPost(ctx context.Context, p *domain.WallPost) error
	WallPost(ctx context.Context, communityID, id, viewer string) (*domain.WallPost, error) // nil: none
	ListWallPosts(ctx context.Context, communityID string, f domain.WallFilter) ([]domain.WallPost, error)
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	WallPostForUpdate(ctx context.Context, communityID, id string) (*domain.WallPost, error) // nil: none
	SaveWallPost(ctx context.Context, p *domain.WallPost) error
	SetWallLike(ctx context.Context, communityID, postID, userID string, liked bool, at time.Time) error
	ReportWallPost(ctx context.Context, communityID, postID, userID string, reason *string, at time.Time) error
	AddWallComment(ctx context.Context, communityID string, c *domain.WallComment) (bool, error) // false: no such post
	WallComments(ctx context.Context, communityID, postID string) ([]domain.WallComment, error)
	WallCommentForUpdate(ctx context.Context, communityID, id string) (*domain.WallComment, error) // nil: none
	DeleteWallComment(ctx context.Context, id string) error
	OpenConsultasBy(ctx context.Context, communityID, userID string, now time.Time) (int, error)
}

// Polls opens the composer's quick consultas in Votaciones: the voting service.
type Polls interface {
	CreateWallConsulta(ctx context.Context, a *domain.Actor, title string, options []string, closesAt time.Time) (*domain.Poll, error)
}

// Service is the wall service.
type Service struct {
	store   Store
	polls   Polls
	now     func() time.Time
	changed func(communityID, area, id string)
}

// Options configure the service.
type Options struct {
	Polls Polls            // opens the composer's consultas
	Now   func() time.Time // nil: time.Now
	// Changed tells the community's open streams that the wall changed (after the commit); nil: nobody.
	Changed func(communityID, area, id string)
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.Changed == nil {
		o.Changed = func(string, string, string) {}
	}
	return &Service{store: store, polls: o.Polls, now: o.Now, changed: o.Changed}
}

var (
	errNotFound        = domain.Errorf(domain.CodeNotFound, "La publicación no existe")
	errOnlyAuthor      = domain.Errorf(domain.CodeForbidden, "Solo su autor puede editar esta publicación")
	errCannotDelete    = domain.Errorf(domain.CodeForbidden, "Solo su autor o un administrador puede eliminar esta publicación")
	errCannotUncomment = domain.Errorf(domain.CodeForbidden, "Solo su autor o un administrador puede eliminar este comentario")
	errCommentNotFound = domain.Errorf(domain.CodeNotFound, "El comentario no existe")
	errNoSuchEvent     = domain.Errorf(domain.CodeInvalid, "El evento no existe en tu comunidad")
	errNoSuchPoll      = domain.Errorf(domain.CodeInvalid, "La consulta no existe en tu comunidad")
)

// visible reports whether a may see p: hidden posts only to admins.
func visible(a *domain.Actor, p *domain.WallPost) bool { return p.HiddenAt == nil || a.IsAdmin() }

// Input is the composer.
type Input struct {
	Kind     domain.PostKind
	Body     string
	ImageURL *string
	EventID  string       // the event an Evento post announces
	Poll     *PollRequest // the composer's 'Votación': a quick consulta to open and link
}

// PollRequest is the quick consulta of the composer's 'Votación'.
type PollRequest struct {
	Title    string
	Options  []string
	ClosesAt time.Time
}

// Create posts on a's community's wall. With in.Poll it first opens the consulta in Votaciones (any
// member may, from here only) and the post links it.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*domain.WallPost, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	p := &domain.WallPost{ID: domain.NewID(), CommunityID: a.CommunityID, AuthorID: &a.UserID, Kind: in.Kind,
		Body: strings.TrimSpace(in.Body), ImageURL: domain.Optional(in.ImageURL), CreatedAt: now, UpdatedAt: now}
	if id := strings.TrimSpace(in.EventID); id != "" {
		p.EventID = &id
	}
	if err := validate(p); err != nil {
		return nil, err
	}
	if in.Poll != nil {
		// The post is valid before the consulta opens, so a refused post leaves no consulta behind.
		poll, err := s.openConsulta(ctx, a, p, *in.Poll, now)
		if err != nil {
			return nil, err
		}
		p.PollID = &poll.ID
	}
	if err := s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.checkLinks(ctx, p); err != nil {
			return err
		}
		return s.store.InsertWallPost(ctx, p)
	}); err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, p.ID)
	return s.post(ctx, a, p.ID)
}

// checkLinks refuses a post whose event (a live one) or consulta is not of its community.
func (s *Service) checkLinks(ctx context.Context, p *domain.WallPost) error {
	if p.EventID != nil {
		ev, err := s.store.Event(ctx, p.CommunityID, *p.EventID)
		if err != nil {
			return err
		}
		if ev == nil || ev.DeletedAt != nil {
			return errNoSuchEvent
		}
	}
	if p.PollID != nil {
		ok, err := s.store.WallPollExists(ctx, p.CommunityID, *p.PollID)
		if err != nil {
			return err
		}
		if !ok {
			return errNoSuchPoll
		}
	}
	return nil
}

// post reads a live post of a's community as a sees it, hidden or not.
func (s *Service) post(ctx context.Context, a *domain.Actor, id string) (*domain.WallPost, error) {
	p, err := s.store.WallPost(ctx, a.CommunityID, id, a.UserID)
	if err == nil && p == nil {
		err = errNotFound
	}
	return p, err
}

// openConsulta opens the quick consulta post p will link, within the wall's limits.
func (s *Service) openConsulta(ctx context.Context, a *domain.Actor, p *domain.WallPost, in PollRequest, now time.Time) (*domain.Poll, error) {
	switch {
	case p.Kind == domain.PostEvent:
		return nil, domain.Errorf(domain.CodeInvalid, "Una publicación de tipo Evento no puede abrir una consulta")
	case in.ClosesAt.After(now.AddDate(0, 0, MaxConsultaDays)):
		return nil, domain.Errorf(domain.CodeInvalid, "Una consulta del muro puede durar como máximo %d días", MaxConsultaDays)
	}
	if !a.IsAdmin() {
		n, err := s.store.OpenConsultasBy(ctx, a.CommunityID, a.UserID, now)
		if err != nil {
			return nil, err
		}
		if n >= MaxOpenConsultas {
			return nil, domain.Errorf(domain.CodeConflict, "Ya tienes %d consultas abiertas: espera a que cierre alguna para abrir otra", n)
		}
	}
	return s.polls.CreateWallConsulta(ctx, a, in.Title, in.Options, in.ClosesAt)
}

func validate(p *domain.WallPost) error {
	switch {
	case !p.Kind.Valid():
		return domain.Errorf(domain.CodeInvalid, "El tipo de publicación no es válido")
	case p.Body == "":
		return domain.Errorf(domain.CodeInvalid, "Escribe algo para publicar")
	case utf8.RuneCountInString(p.Body) > maxBody:
		return domain.Errorf(domain.CodeInvalid, "La publicación no puede superar los %d caracteres", maxBody)
	case p.ImageURL != nil && !validImageURL(*p.ImageURL):
		return domain.Errorf(domain.CodeInvalid, "La dirección de la imagen no es válida")
	case p.EventID != nil && p.Kind != domain.PostEvent:
		return domain.Errorf(domain.CodeInvalid, "Solo una publicación de tipo Evento puede enlazar un evento")
	}
	return nil
}

// validImageURL accepts a file uploaded to this server (/files/…): never another site, nor a script.
func validImageURL(u string) bool {
	return len(u) <= maxURL && strings.HasPrefix(u, "/files/") && !strings.ContainsAny(u, " \t\r\n") && !strings.Contains(u, "..")
}

// List returns one page of a's community's wall, newest first; admins see hidden posts too.
func (s *Service) List(ctx context.Context, a *domain.Actor, limit int, cursor string) (*domain.Page[domain.WallPost], error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	after, err := domain.ParseCursor(cursor)
	if err != nil {
		return nil, err
	}
	limit = domain.PageLimit(limit, DefaultLimit, MaxLimit)
	items, err := s.store.ListWallPosts(ctx, a.CommunityID, domain.WallFilter{Viewer: a.UserID, IncludeHidden: a.IsAdmin(),
		Limit: limit + 1, After: after})
	if err != nil {
		return nil, err
	}
	return domain.NextPage(items, limit, func(p domain.WallPost) domain.Cursor { return domain.Cursor{At: p.CreatedAt, ID: p.ID} }), nil
}

// Get returns a post a may see.
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*domain.WallPost, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	p, err := s.post(ctx, a, id)
	if err != nil {
		return nil, err
	}
	if !visible(a, p) {
		return nil, errNotFound
	}
	return p, nil
}

// Update edits the text or the photo of a's own post.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, body, imageURL *string) (*domain.WallPost, error) {
	return s.edit(ctx, a, id, func(p *domain.WallPost, now time.Time) error {
		if p.AuthorID == nil || *p.AuthorID != a.UserID {
			return errOnlyAuthor
		}
		if body != nil {
			p.Body = strings.TrimSpace(*body)
		}
		if imageURL != nil {
			p.ImageURL = domain.Optional(imageURL)
		}
		p.EditedAt = &now
		return validate(p)
	})
}

// Delete removes a post: its author or an admin.
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	_, err := s.edit(ctx, a, id, func(p *domain.WallPost, now time.Time) error {
		if !a.MayModify(p.CommunityID, p.AuthorID) {
			return errCannotDelete
		}
		p.DeletedAt = &now
		return nil
	})
	return err
}

// SetHidden hides a post from the members (or shows it again); admins only.
func (s *Service) SetHidden(ctx context.Context, a *domain.Actor, id string, hidden bool) (*domain.WallPost, error) {
	return s.edit(ctx, a, id, func(p *domain.WallPost, now time.Time) error {
		if hidden {
			p.HiddenAt, p.HiddenBy = &now, &a.UserID
		} else {
			p.HiddenAt, p.HiddenBy = nil, nil
		}
		return nil
	})
}

// edit is the one way a post changes: read it locked, apply change, write it, in one transaction.
func (s *Service) edit(ctx context.Context, a *domain.Actor, id string, change func(*domain.WallPost, time.Time) error) (*domain.WallPost, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		p, err := s.store.WallPostForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if p == nil || !visible(a, p) {
			return errNotFound
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		if err := change(p, now); err != nil {
			return err
		}
		p.UpdatedAt = now
		return s.store.SaveWallPost(ctx, p)
	})
	if err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, id)
	return s.store.WallPost(ctx, a.CommunityID, id, a.UserID) // nil: deleted
}

// SetLike likes (or unlikes) a post a may see. It says what the member wants rather than toggling, so a
// double tap or a retry lands on the same state; concurrent likes of many members all count.
func (s *Service) SetLike(ctx context.Context, a *domain.Actor, id string, liked bool) (*domain.WallPost, error) {
	if _, err := s.Get(ctx, a, id); err != nil {
		return nil, err
	}
	if err := s.store.SetWallLike(ctx, a.CommunityID, id, a.UserID, liked, s.now().UTC()); err != nil {
		return nil, err
	}
	s.changed(a.CommunityID, Area, id)
	return s.post(ctx, a, id)
}

// Report flags a post for the admins, once per member.
func (s *Service) Report(ctx context.Context, a *domain.Actor, id string, reason string) error {
	if _, err := s.Get(ctx, a, id); err != nil {
		return err
	}
	r := domain.Optional(&reason)
	if r != nil && utf8.RuneCountInString(*r) > maxReason {
		return domain.Errorf(domain.CodeInvalid, "El motivo no puede superar los %d caracteres", maxReason)
	}
	if err := s.store.ReportWallPost(ctx, a.CommunityID, id, a.UserID, r, s.now().UTC()); err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, id)
	return nil
}

// Comment adds a's comment to a post a may see.
func (s *Service) Comment(ctx context.Context, a *domain.Actor, postID, body string) (*domain.WallComment, error) {
	if _, err := s.Get(ctx, a, postID); err != nil {
		return nil, err
	}
	body = strings.TrimSpace(body)
	switch {
	case body == "":
		return nil, domain.Errorf(domain.CodeInvalid, "El comentario no puede estar vacío")
	case utf8.RuneCountInString(body) > maxComment:
		return nil, domain.Errorf(domain.CodeInvalid, "El comentario no puede superar los %d caracteres", maxComment)
	}
	c := &domain.WallComment{ID: domain.NewID(), PostID: postID, AuthorID: &a.UserID, AuthorName: a.FullName, Body: body,
		CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	added, err := s.store.AddWallComment(ctx, a.CommunityID, c)
	if err != nil {
		return nil, err
	}
	if !added {
		return nil, errNotFound
	}
	s.changed(a.CommunityID, Area, postID)
	return c, nil
}

// Comments returns the comments of a post a may see, oldest first.
func (s *Service) Comments(ctx context.Context, a *domain.Actor, postID string) ([]domain.WallComment, error) {
	if _, err := s.Get(ctx, a, postID); err != nil {
		return nil, err
	}
	return s.store.WallComments(ctx, a.CommunityID, postID)
}

// DeleteComment removes a comment: its author or an admin.
func (s *Service) DeleteComment(ctx context.Context, a *domain.Actor, id string) error {
	if !a.InCommunity() {
		return domain.ErrNoCommunity
	}
	var postID string
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		c, err := s.store.WallCommentForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if c == nil {
			return errCommentNotFound
		}
		if !a.MayModify(a.CommunityID, c.AuthorID) {
			return errCannotUncomment
		}
		postID = c.PostID
		return s.store.DeleteWallComment(ctx, id)
	})
	if err != nil {
		return err
	}
	s.changed(a.CommunityID, Area, postID)
	return nil
}
