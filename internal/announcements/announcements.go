// Package announcements runs the community board: admins publish, edit and delete announcements for
// everyone, the owners or one portal; members read them (with receipts) and react. Critical ones are
// also emailed to their audience, queued in the same transaction as the announcement.
package announcements

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
	"vecinos/internal/domain"
	"vecinos/internal/mail"
)

// Limits of the list and of the fields.
const (
	DefaultLimit   = 20
	MaxLimit       = 100
	maxTitle       = 200
	maxDescription = 10000
	maxURL         = 2048
	maxBuilding    = 40
)

// Store is what the service needs from the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	BuildingExists(ctx context.Context, communityID, building string) (bool, error)
	InsertAnnouncement(ctx context.Context, an *domain.Announcement) error
	AnnouncementRecipients(ctx context.Context, id string) ([]domain.Recipient, error)
	QueueMail(ctx context.Context, m domain.Mail, at time.Time) error
	QueueCriticalPush(ctx context.Context, an *domain.Announcement, at time.Time) error
	Announcement(ctx context.Context, communityID, id string, v domain.AnnouncementViewer) (*domain.Announcement, error) // nil: none
	ListAnnouncements(ctx context.Context, communityID string, v domain.AnnouncementViewer, f domain.AnnouncementFilter) ([]domain.Announcement, error)
	AnnouncementForUpdate(ctx context.Context, communityID, id string) (*domain.Announcement, error) // nil: none
	LockAnnouncement(ctx context.Context, communityID, id string) (bool, error)
	SaveAnnouncement(ctx context.Context, an *domain.Announcement, at time.Time) error
	MarkAnnouncementRead(ctx context.Context, id, userID string, at time.Time) error
	Reaction(ctx context.Context, id, userID string) (*domain.Reaction, error)
	SetReaction(ctx context.Context, id, userID string, had, emoji *domain.Reaction, at time.Time) error
	ReactionCounts(ctx context.Context, id string) (domain.ReactionCounts, error)
	AnnouncementBuildings(ctx context.Context, communityID string) ([]domain.BuildingAudience, error)
}

var (
	errNotFound        = domain.Errorf(domain.CodeNotFound, "El comunicado no existe")
	errUnknownBuilding = domain.Errorf(domain.CodeInvalid, "Ese portal no existe en tu comunidad")
)

// Service is the announcements service.
type Service struct {
	store     Store
	now       func() time.Time
	publicURL string
	mailWake  func()
	audit     domain.Auditor
}

// Options configure the service.
type Options struct {
	Now       func() time.Time // the clock; nil = time.Now
	PublicURL string           // links in the emails of critical announcements
	MailWake  func()           // called after emails were queued; may be nil
	Audit     domain.Auditor   // records the deletions; may be nil
}

// New returns the service.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.MailWake == nil {
		o.MailWake = func() {}
	}
	return &Service{store: store, now: o.Now, publicURL: strings.TrimRight(o.PublicURL, "/"), mailWake: o.MailWake, audit: o.Audit}
}

// CanEdit reports whether a may edit and delete an announcement of their community: admins only.
func CanEdit(a *domain.Actor, an *domain.Announcement) bool {
	return a.IsAdmin() && a.CommunityID == an.CommunityID && an.DeletedAt == nil
}

func (s *Service) viewer(a *domain.Actor) domain.AnnouncementViewer {
	return domain.AnnouncementViewer{UserID: a.UserID, Admin: a.IsAdmin(), Now: s.now()}
}

// Input is the create form; empty enums take their defaults (publicado, normal, general, everyone).
type Input struct {
	Title       string
	Description string
	Status      domain.AnnouncementStatus
	Priority    domain.AnnouncementPriority
	Type        domain.AnnouncementType
	IsPinned    bool
	ValidUntil  *time.Time
	ImageURL    *string
	DocumentURL *string
	Audience    domain.Audience
}

// Created is a new announcement and how many emails it queued (critical ones).
type Created struct {
	Announcement *domain.Announcement
	EmailsQueued int
}

// Create publishes an announcement in the admin's community. A critical one is emailed to its audience.
func (s *Service) Create(ctx context.Context, a *domain.Actor, in Input) (*Created, error) {
	if in.Status == "" {
		in.Status = domain.AnnouncementPublished
	}
	if in.Priority == "" {
		in.Priority = domain.AnnouncementNormal
	}
	if in.Type == "" {
		in.Type = domain.AnnouncementGeneral
	}
	if in.Audience.Kind == "" {
		in.Audience.Kind = domain.AudienceAll
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	an := &domain.Announcement{ID: domain.NewID(), CommunityID: a.CommunityID, Title: strings.TrimSpace(in.Title),
		Description: strings.TrimSpace(in.Description), Status: in.Status, Priority: in.Priority, Type: in.Type, IsPinned: in.IsPinned,
		ValidUntil: truncate(in.ValidUntil), ImageURL: domain.Optional(in.ImageURL), DocumentURL: domain.Optional(in.DocumentURL),
		Audience: normalizeAudience(in.Audience), CreatedBy: &a.UserID, CreatedAt: now, UpdatedAt: now}
	if err := validate(an); err != nil {
		return nil, err
	}
	var notify func(domain.Recipient) (domain.Mail, error)
	if an.Priority == domain.AnnouncementCritical && an.Status == domain.AnnouncementPublished {
		notify = func(r domain.Recipient) (domain.Mail, error) {
			body := an.Description
			if body == "" {
				body = an.Title
			}
			return mail.Compose(KindAnnouncement, r.Language, r.Email, mail.Data{Name: r.FullName, CommunityName: r.CommunityName,
				Title: an.Title, Body: body, Link: s.link(an.CommunityID)})
		}
	}
	n := 0
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.checkAudience(ctx, a.CommunityID, an.Audience); err != nil {
			return err
		}
		if err := s.store.InsertAnnouncement(ctx, an); err != nil {
			return err
		}
		if notify == nil {
			return nil
		}
		recipients, err := s.store.AnnouncementRecipients(ctx, an.ID)
		if err != nil {
			return err
		}
		if n, err = mail.QueueEach(ctx, s.store, recipients, now, notify); err != nil {
			return err
		}
		return s.store.QueueCriticalPush(ctx, an, s.now())
	})
	if err != nil {
		return nil, err
	}
	if n > 0 {
		s.mailWake()
	}
	got, err := s.get(ctx, a, an.ID)
	if err != nil {
		return nil, err
	}
	return &Created{Announcement: got, EmailsQueued: n}, nil
}

// checkAudience refuses a portal that is not one of the community's.
func (s *Service) checkAudience(ctx context.Context, communityID string, au domain.Audience) error {
	if au.Kind != domain.AudienceBuilding {
		return nil
	}
	ok, err := s.store.BuildingExists(ctx, communityID, au.Value)
	if err == nil && !ok {
		err = errUnknownBuilding
	}
	return err
}

// get reads an announcement as a sees it; one they may not see is not found.
func (s *Service) get(ctx context.Context, a *domain.Actor, id string) (*domain.Announcement, error) {
	an, err := s.store.Announcement(ctx, a.CommunityID, id, s.viewer(a))
	if err == nil && an == nil {
		err = errNotFound
	}
	return an, err
}

func (s *Service) link(communityID string) string {
	if s.publicURL == "" {
		return ""
	}
	return domain.CommunityLink(s.publicURL+"/announcements", communityID)
}

func truncate(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := t.UTC().Truncate(time.Millisecond)
	return &v
}

func normalizeAudience(au domain.Audience) domain.Audience {
	if au.Kind != domain.AudienceBuilding {
		return domain.Audience{Kind: au.Kind}
	}
	return domain.Audience{Kind: au.Kind, Value: strings.Join(strings.Fields(au.Value), " ")}
}

func validate(an *domain.Announcement) error {
	switch {
	case an.Title == "":
		return domain.Errorf(domain.CodeInvalid, "El título es obligatorio")
	case utf8.RuneCountInString(an.Title) > maxTitle:
		return domain.Errorf(domain.CodeInvalid, "El título no puede superar los %d caracteres", maxTitle)
	case utf8.RuneCountInString(an.Description) > maxDescription:
		return domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", maxDescription)
	case !an.Status.Editable():
		return domain.Errorf(domain.CodeInvalid, "El estado no es válido")
	case !an.Priority.Valid():
		return domain.Errorf(domain.CodeInvalid, "La prioridad no es válida")
	case !an.Type.Valid():
		return domain.Errorf(domain.CodeInvalid, "El tipo no es válido")
	case !an.Audience.Kind.Valid():
		return domain.Errorf(domain.CodeInvalid, "Los destinatarios no son válidos")
	case an.Audience.Kind == domain.AudienceBuilding && an.Audience.Value == "":
		return domain.Errorf(domain.CodeInvalid, "Elige el portal al que va dirigido el comunicado")
	case utf8.RuneCountInString(an.Audience.Value) > maxBuilding:
		return domain.Errorf(domain.CodeInvalid, "Ese portal no existe en tu comunidad")
	case an.ImageURL != nil && !validURL(*an.ImageURL):
		return domain.Errorf(domain.CodeInvalid, "La dirección de la imagen no es válida")
	case an.DocumentURL != nil && !validURL(*an.DocumentURL):
		return domain.Errorf(domain.CodeInvalid, "La dirección del documento no es válida")
	}
	return nil
}

// uploadPathRE is a file of the files API as its upload answers it (/files/{bucket}/{userId}/{name}):
// segments of plain characters that never start with a dot, so no "." or ".." reaches another path.
var uploadPathRE = regexp.MustCompile(`^/files(/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$`)

// validURL accepts an uploaded file (/files/…) or an absolute http(s) URL with a host. Anything else is
// refused: javascript: and data: URLs, other paths of this server, and protocol-relative (//host) or
// backslashed (/\host) ones, which a browser follows to another site.
func validURL(u string) bool {
	if u == "" || len(u) > maxURL {
		return false
	}
	for _, r := range u {
		if r <= ' ' || r == 0x7f || r == '\\' {
			return false
		}
	}
	if strings.HasPrefix(u, "/") {
		return uploadPathRE.MatchString(u)
	}
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "https" || p.Scheme == "http") && p.Host != ""
}

// Get returns an announcement the member is targeted by (admins: any of their community).
func (s *Service) Get(ctx context.Context, a *domain.Actor, id string) (*domain.Announcement, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.get(ctx, a, id)
}

// ListInput are the list's filters, as the API receives them.
type ListInput struct {
	Statuses        []domain.AnnouncementStatus
	Priorities      []domain.AnnouncementPriority
	Types           []domain.AnnouncementType
	Query           string
	IncludeArchived bool
	Limit           int
	Cursor          string
}

// List returns one page of the board as a sees it: pinned first, then newest.
func (s *Service) List(ctx context.Context, a *domain.Actor, in ListInput) (*domain.Page[domain.Announcement], error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	for _, v := range in.Statuses {
		if !v.Valid() {
			return nil, domain.Errorf(domain.CodeInvalid, "El estado no es válido")
		}
	}
	for _, v := range in.Priorities {
		if !v.Valid() {
			return nil, domain.Errorf(domain.CodeInvalid, "La prioridad no es válida")
		}
	}
	for _, v := range in.Types {
		if !v.Valid() {
			return nil, domain.Errorf(domain.CodeInvalid, "El tipo no es válido")
		}
	}
	after, err := domain.ParseCursor(in.Cursor)
	if err != nil {
		return nil, err
	}
	limit := domain.PageLimit(in.Limit, DefaultLimit, MaxLimit)
	f := domain.AnnouncementFilter{Statuses: in.Statuses, Priorities: in.Priorities, Types: in.Types, Search: domain.SearchText(in.Query),
		IncludeArchived: in.IncludeArchived, Limit: limit + 1, After: after}
	items, err := s.store.ListAnnouncements(ctx, a.CommunityID, s.viewer(a), f)
	if err != nil {
		return nil, err
	}
	return domain.NextPage(items, limit, func(an domain.Announcement) domain.Cursor {
		return domain.Cursor{Pinned: an.IsPinned, At: an.CreatedAt, ID: an.ID}
	}), nil
}

// Patch is an edit: nil fields stay as they are; an empty image or document URL removes it, and
// ClearValidUntil removes the validity date.
type Patch struct {
	Title           *string
	Description     *string
	Status          *domain.AnnouncementStatus // publicado, archivado or expirado
	Priority        *domain.AnnouncementPriority
	Type            *domain.AnnouncementType
	IsPinned        *bool
	ValidUntil      *time.Time
	ClearValidUntil bool
	ImageURL        *string
	DocumentURL     *string
	Audience        *domain.Audience
}

// Update edits an announcement of the admin's community.
func (s *Service) Update(ctx context.Context, a *domain.Actor, id string, p Patch) (*domain.Announcement, error) {
	err := s.edit(ctx, a, id, s.now(), func(an *domain.Announcement) error {
		p.apply(an)
		return validate(an)
	})
	if err != nil {
		return nil, err
	}
	return s.get(ctx, a, id)
}

// Delete marks an announcement of the admin's community as eliminado (soft delete).
func (s *Service) Delete(ctx context.Context, a *domain.Actor, id string) error {
	now := s.now().UTC()
	var before map[string]any
	var title string
	err := s.edit(ctx, a, id, now, func(an *domain.Announcement) error {
		title, before = an.Title, map[string]any{"title": an.Title, "status": an.Status, "priority": an.Priority}
		an.Status, an.DeletedAt = domain.AnnouncementDeleted, &now
		return nil
	})
	if err == nil {
		s.audit.Record(ctx, a, domain.AuditChange{Action: domain.AuditContentDeleted, TargetKind: "announcement", TargetID: id,
			TargetLabel: title, Before: before})
	}
	return err
}

// edit is the one way an announcement changes, in one transaction: read it locked, apply change to a
// copy, and write the copy. Only admins edit (checked by the callers).
func (s *Service) edit(ctx context.Context, a *domain.Actor, id string, at time.Time, change func(*domain.Announcement) error) error {
	return s.store.InTx(ctx, func(ctx context.Context) error {
		old, err := s.store.AnnouncementForUpdate(ctx, a.CommunityID, id)
		if err != nil {
			return err
		}
		if old == nil {
			return errNotFound
		}
		an := *old
		if err := change(&an); err != nil {
			return err
		}
		if an.Audience != old.Audience {
			if err := s.checkAudience(ctx, a.CommunityID, an.Audience); err != nil {
				return err
			}
		}
		return s.store.SaveAnnouncement(ctx, &an, at)
	})
}

// apply writes the fields p sets into an.
func (p Patch) apply(an *domain.Announcement) {
	if p.Title != nil {
		an.Title = strings.TrimSpace(*p.Title)
	}
	if p.Description != nil {
		an.Description = strings.TrimSpace(*p.Description)
	}
	if p.Status != nil {
		an.Status = *p.Status
	}
	if p.Priority != nil {
		an.Priority = *p.Priority
	}
	if p.Type != nil {
		an.Type = *p.Type
	}
	if p.IsPinned != nil {
		an.IsPinned = *p.IsPinned
	}
	if p.ClearValidUntil {
		an.ValidUntil = nil
	} else if p.ValidUntil != nil {
		an.ValidUntil = truncate(p.ValidUntil)
	}
	if p.ImageURL != nil {
		an.ImageURL = domain.Optional(p.ImageURL)
	}
	if p.DocumentURL != nil {
		an.DocumentURL = domain.Optional(p.DocumentURL)
	}
	if p.Audience != nil {
		au := *p.Audience
		if au.Kind == "" {
			au.Kind = domain.AudienceAll
		}
		an.Audience = normalizeAudience(au)
	}
}

// ReadStats is 'read by N of M'.
type ReadStats struct {
	ReadCount int
	Total     int
}

// MarkRead records that a opened an announcement they see; again is harmless.
func (s *Service) MarkRead(ctx context.Context, a *domain.Actor, id string) (*ReadStats, error) {
	an, err := s.Get(ctx, a, id)
	if err != nil {
		return nil, err
	}
	if !an.IsRead {
		if err := s.store.MarkAnnouncementRead(ctx, an.ID, a.UserID, s.now()); err != nil {
			return nil, err
		}
		if an, err = s.Get(ctx, a, id); err != nil {
			return nil, err
		}
	}
	return &ReadStats{ReadCount: an.ReadCount, Total: an.Total}, nil
}

// Reacted is the reactions of an announcement after a click.
type Reacted struct {
	Reactions  domain.ReactionCounts
	MyReaction *domain.Reaction
}

// React applies a's click on emoji: the same emoji again removes the reaction, another replaces it.
func (s *Service) React(ctx context.Context, a *domain.Actor, id string, emoji domain.Reaction) (*Reacted, error) {
	if !emoji.Valid() {
		return nil, domain.Errorf(domain.CodeInvalid, "La reacción no es válida")
	}
	an, err := s.Get(ctx, a, id)
	if err != nil {
		return nil, err
	}
	var r Reacted
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		// Clicks on one announcement serialize on its row, so concurrent clicks act one after the other.
		ok, err := s.store.LockAnnouncement(ctx, a.CommunityID, an.ID)
		if err != nil {
			return err
		}
		if !ok {
			return errNotFound
		}
		had, err := s.store.Reaction(ctx, an.ID, a.UserID)
		if err != nil {
			return err
		}
		// The same emoji again removes the reaction, another one replaces it.
		if had == nil || *had != emoji {
			r.MyReaction = &emoji
		}
		if err := s.store.SetReaction(ctx, an.ID, a.UserID, had, r.MyReaction, s.now()); err != nil {
			return err
		}
		r.Reactions, err = s.store.ReactionCounts(ctx, an.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Buildings lists the portals of a's community that an announcement can target.
func (s *Service) Buildings(ctx context.Context, a *domain.Actor) ([]domain.BuildingAudience, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.AnnouncementBuildings(ctx, a.CommunityID)
}
