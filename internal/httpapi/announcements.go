package httpapi

import (
	"context"
	"strings"
	"time"

	"vecinos/internal/announcements"
	"vecinos/internal/domain"
)

// AnnouncementAudience is who an announcement is for.
type AnnouncementAudience struct {
	Kind  string  `json:"kind" enum:"all,owners,building" doc:"Everyone, the owners of a unit, or the residents of one portal"`
	Value *string `json:"value" doc:"The portal (units.building) of a 'building' audience; null otherwise"`
}

// AnnouncementAuthor is who published an announcement.
type AnnouncementAuthor struct {
	ID        *string `json:"id" doc:"null once the author's account is deleted"`
	FullName  string  `json:"fullName" doc:"Empty once the author's account is deleted"`
	AvatarURL *string `json:"avatarUrl"`
}

// ReactionCounts counts the reactions of an announcement per emoji.
type ReactionCounts struct {
	ThumbsUp   int `json:"thumbs_up"`
	ThumbsDown int `json:"thumbs_down"`
	Heart      int `json:"heart"`
	Bell       int `json:"bell"`
}

// Announcement is a notice of the board as the caller sees it.
type Announcement struct {
	ID          string               `json:"id"`
	Title       string               `json:"title"`
	Description string               `json:"description"`
	Status      string               `json:"status" enum:"publicado,archivado,expirado,eliminado" doc:"expirado also when published and past validUntil"`
	Priority    string               `json:"priority" enum:"normal,critico"`
	Type        string               `json:"type" enum:"general,mantenimiento,normativa"`
	IsPinned    bool                 `json:"isPinned"`
	ValidUntil  *time.Time           `json:"validUntil"`
	ImageURL    *string              `json:"imageUrl"`
	DocumentURL *string              `json:"documentUrl" doc:"An uploaded PDF (/files/…) or a URL"`
	Audience    AnnouncementAudience `json:"audience"`
	Author      AnnouncementAuthor   `json:"author"`
	CreatedAt   time.Time            `json:"createdAt"`
	UpdatedAt   time.Time            `json:"updatedAt"`
	DeletedAt   *time.Time           `json:"deletedAt"`
	Reactions   ReactionCounts       `json:"reactions"`
	MyReaction  *string              `json:"myReaction" enum:"thumbs_up,thumbs_down,heart,bell" doc:"null when the caller has not reacted"`
	ReadCount   int                  `json:"readCount" doc:"Residents of the audience who opened it (read by N …)"`
	Total       int                  `json:"total" doc:"Residents in the audience (… of M)"`
	IsRead      bool                 `json:"isRead" doc:"Whether the caller opened it"`
	CanEdit     bool                 `json:"canEdit" doc:"Whether the caller may edit and delete it (admins)"`
}

// CreatedAnnouncement is a new announcement and how many emails it queued.
type CreatedAnnouncement struct {
	Announcement
	EmailsQueued int `json:"emailsQueued" doc:"Critical announcements are emailed to their audience; 0 otherwise"`
}

// AnnouncementPage is one page of the board.
type AnnouncementPage struct {
	Items      []Announcement `json:"items"`
	NextCursor *string        `json:"nextCursor" doc:"Pass as cursor for the next page; null on the last page"`
}

// ReadStats is 'read by N of M'.
type ReadStats struct {
	ReadCount int `json:"readCount"`
	Total     int `json:"total"`
}

// ReactionState is the reactions of an announcement after a click.
type ReactionState struct {
	Reactions  ReactionCounts `json:"reactions"`
	MyReaction *string        `json:"myReaction" enum:"thumbs_up,thumbs_down,heart,bell" doc:"null when the click removed the caller's reaction"`
}

// BuildingAudience is a portal an announcement can target.
type BuildingAudience struct {
	Value     string `json:"value" doc:"Pass as audience.value with kind 'building'"`
	Residents int    `json:"residents" doc:"Residents who live in it"`
}

func reactionCountsOf(c domain.ReactionCounts) ReactionCounts {
	return ReactionCounts{ThumbsUp: c[domain.ReactionThumbsUp], ThumbsDown: c[domain.ReactionThumbsDown], Heart: c[domain.ReactionHeart],
		Bell: c[domain.ReactionBell]}
}

func reactionOf(r *domain.Reaction) *string {
	if r == nil {
		return nil
	}
	s := string(*r)
	return &s
}

func announcementOf(a *domain.Actor, an *domain.Announcement) Announcement {
	out := Announcement{ID: an.ID, Title: an.Title, Description: an.Description, Status: string(an.Status), Priority: string(an.Priority),
		Type: string(an.Type), IsPinned: an.IsPinned, ValidUntil: an.ValidUntil, ImageURL: an.ImageURL, DocumentURL: an.DocumentURL,
		Audience: AnnouncementAudience{Kind: string(an.Audience.Kind)}, Author: AnnouncementAuthor{ID: an.CreatedBy, AvatarURL: an.AuthorAvatarURL},
		CreatedAt: an.CreatedAt, UpdatedAt: an.UpdatedAt, DeletedAt: an.DeletedAt, Reactions: reactionCountsOf(an.Reactions),
		MyReaction: reactionOf(an.MyReaction), ReadCount: an.ReadCount, Total: an.Total, IsRead: an.IsRead, CanEdit: announcements.CanEdit(a, an)}
	if an.Audience.Kind == domain.AudienceBuilding {
		v := an.Audience.Value
		out.Audience.Value = &v
	}
	if an.AuthorName != nil && an.CreatedBy != nil {
		out.Author.FullName = *an.AuthorName
	}
	return out
}

type announcementIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type audienceInput struct {
	Kind  string `json:"kind" enum:"all,owners,building"`
	Value string `json:"value,omitempty" maxLength:"40" doc:"The portal, for kind 'building' (see /announcements/audiences)"`
}

func (in *audienceInput) domain() *domain.Audience {
	if in == nil {
		return nil
	}
	return &domain.Audience{Kind: domain.AudienceKind(in.Kind), Value: in.Value}
}

type createAnnouncementInput struct {
	Body struct {
		Title       string         `json:"title" maxLength:"200" doc:"Required: 'El título es obligatorio'"`
		Description string         `json:"description,omitempty" maxLength:"10000"`
		Status      string         `json:"status,omitempty" enum:"publicado,archivado,expirado" doc:"Default publicado"`
		Priority    string         `json:"priority,omitempty" enum:"normal,critico" doc:"Default normal; critico is also emailed to the audience"`
		Type        string         `json:"type,omitempty" enum:"general,mantenimiento,normativa" doc:"Default general"`
		IsPinned    bool           `json:"isPinned,omitempty"`
		ValidUntil  *time.Time     `json:"validUntil,omitempty" doc:"Past it, the announcement reads as expirado"`
		ImageURL    *string        `json:"imageUrl,omitempty" maxLength:"2048"`
		DocumentURL *string        `json:"documentUrl,omitempty" maxLength:"2048" doc:"An uploaded PDF (/files/…) or an http(s) URL"`
		Audience    *audienceInput `json:"audience,omitempty" doc:"Default everyone"`
	}
}

type updateAnnouncementInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Title       *string        `json:"title,omitempty" maxLength:"200"`
		Description *string        `json:"description,omitempty" maxLength:"10000"`
		Status      *string        `json:"status,omitempty" enum:"publicado,archivado,expirado"`
		Priority    *string        `json:"priority,omitempty" enum:"normal,critico"`
		Type        *string        `json:"type,omitempty" enum:"general,mantenimiento,normativa"`
		IsPinned    *bool          `json:"isPinned,omitempty"`
		ValidUntil  *string        `json:"validUntil,omitempty" maxLength:"40" doc:"RFC 3339 date-time; empty removes it"`
		ImageURL    *string        `json:"imageUrl,omitempty" maxLength:"2048" doc:"Empty removes it"`
		DocumentURL *string        `json:"documentUrl,omitempty" maxLength:"2048" doc:"Empty removes it"`
		Audience    *audienceInput `json:"audience,omitempty"`
	}
}

type listAnnouncementsInput struct {
	Status          []string `query:"status,explode" enum:"publicado,archivado,expirado,eliminado" doc:"Repeat for several (status=a&status=b)"`
	Priority        []string `query:"priority,explode" enum:"normal,critico"`
	Type            []string `query:"type,explode" enum:"general,mantenimiento,normativa"`
	Q               string   `query:"q" maxLength:"200" doc:"Search in title and description (case and accents ignored)"`
	IncludeArchived bool     `query:"includeArchived" doc:"Also archived ones, and deleted ones for admins ('Mostrar archivados'); the status filter then applies"`
	Limit           int      `query:"limit" minimum:"1" maximum:"100" default:"20"`
	Cursor          string   `query:"cursor" maxLength:"200" doc:"nextCursor of the previous page"`
}

type reactInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Emoji string `json:"emoji" enum:"thumbs_up,thumbs_down,heart,bell" doc:"The same emoji again removes the reaction; another replaces it"`
	}
}

type announcementOutput struct{ Body Announcement }

type createdAnnouncementOutput struct{ Body CreatedAnnouncement }

type announcementPageOutput struct{ Body AnnouncementPage }

type readStatsOutput struct{ Body ReadStats }

type reactionStateOutput struct{ Body ReactionState }

type audiencesOutput struct {
	Body struct {
		Buildings []BuildingAudience `json:"buildings" doc:"The portals / staircases of the community (units.building)"`
	}
}

func enums[T ~string](in []string) []T {
	out := make([]T, 0, len(in))
	for _, v := range in {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, T(v))
		}
	}
	return out
}

func (s *server) listAnnouncements(ctx context.Context, in *listAnnouncementsInput) (*announcementPageOutput, error) {
	a := actor(ctx)
	p, err := s.Announcements.List(ctx, a, announcements.ListInput{Statuses: enums[domain.AnnouncementStatus](in.Status),
		Priorities: enums[domain.AnnouncementPriority](in.Priority), Types: enums[domain.AnnouncementType](in.Type), Query: in.Q,
		IncludeArchived: in.IncludeArchived, Limit: in.Limit, Cursor: in.Cursor})
	if err != nil {
		return nil, err
	}
	out := &announcementPageOutput{Body: AnnouncementPage{Items: make([]Announcement, len(p.Items))}}
	for i := range p.Items {
		out.Body.Items[i] = announcementOf(a, &p.Items[i])
	}
	if p.NextCursor != "" {
		out.Body.NextCursor = &p.NextCursor
	}
	return out, nil
}

func (s *server) createAnnouncement(ctx context.Context, in *createAnnouncementInput) (*createdAnnouncementOutput, error) {
	a := actor(ctx)
	b := in.Body
	input := announcements.Input{Title: b.Title, Description: b.Description, Status: domain.AnnouncementStatus(b.Status),
		Priority: domain.AnnouncementPriority(b.Priority), Type: domain.AnnouncementType(b.Type), IsPinned: b.IsPinned,
		ValidUntil: b.ValidUntil, ImageURL: b.ImageURL, DocumentURL: b.DocumentURL}
	if au := b.Audience.domain(); au != nil {
		input.Audience = *au
	}
	c, err := s.Announcements.Create(ctx, a, input)
	if err != nil {
		return nil, err
	}
	return &createdAnnouncementOutput{Body: CreatedAnnouncement{Announcement: announcementOf(a, c.Announcement), EmailsQueued: c.EmailsQueued}}, nil
}

func (s *server) getAnnouncement(ctx context.Context, in *announcementIDInput) (*announcementOutput, error) {
	a := actor(ctx)
	an, err := s.Announcements.Get(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &announcementOutput{Body: announcementOf(a, an)}, nil
}

func (s *server) updateAnnouncement(ctx context.Context, in *updateAnnouncementInput) (*announcementOutput, error) {
	a := actor(ctx)
	b := in.Body
	p := announcements.Patch{Title: b.Title, Description: b.Description, IsPinned: b.IsPinned, ImageURL: b.ImageURL, DocumentURL: b.DocumentURL,
		Audience: b.Audience.domain()}
	if b.Status != nil {
		v := domain.AnnouncementStatus(*b.Status)
		p.Status = &v
	}
	if b.Priority != nil {
		v := domain.AnnouncementPriority(*b.Priority)
		p.Priority = &v
	}
	if b.Type != nil {
		v := domain.AnnouncementType(*b.Type)
		p.Type = &v
	}
	if b.ValidUntil != nil {
		if v := strings.TrimSpace(*b.ValidUntil); v == "" {
			p.ClearValidUntil = true
		} else {
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				return nil, domain.Errorf(domain.CodeInvalid, "La fecha de validez no es válida")
			}
			p.ValidUntil = &t
		}
	}
	an, err := s.Announcements.Update(ctx, a, in.ID, p)
	if err != nil {
		return nil, err
	}
	return &announcementOutput{Body: announcementOf(a, an)}, nil
}

func (s *server) deleteAnnouncement(ctx context.Context, in *announcementIDInput) (*struct{}, error) {
	a := actor(ctx)
	return nil, s.Announcements.Delete(ctx, a, in.ID)
}

func (s *server) readAnnouncement(ctx context.Context, in *announcementIDInput) (*readStatsOutput, error) {
	a := actor(ctx)
	st, err := s.Announcements.MarkRead(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &readStatsOutput{Body: ReadStats{ReadCount: st.ReadCount, Total: st.Total}}, nil
}

func (s *server) reactToAnnouncement(ctx context.Context, in *reactInput) (*reactionStateOutput, error) {
	a := actor(ctx)
	r, err := s.Announcements.React(ctx, a, in.ID, domain.Reaction(in.Body.Emoji))
	if err != nil {
		return nil, err
	}
	return &reactionStateOutput{Body: ReactionState{Reactions: reactionCountsOf(r.Reactions), MyReaction: reactionOf(r.MyReaction)}}, nil
}

func (s *server) announcementAudiences(ctx context.Context, _ *struct{}) (*audiencesOutput, error) {
	a := actor(ctx)
	bs, err := s.Announcements.Buildings(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &audiencesOutput{}
	out.Body.Buildings = make([]BuildingAudience, len(bs))
	for i, b := range bs {
		out.Body.Buildings[i] = BuildingAudience{Value: b.Value, Residents: b.Residents}
	}
	return out, nil
}
