// Package messaging runs direct messages between neighbours, the community chat and private channels,
// and feeds their changes to the realtime streams. It owns the rules (who may read and post where, what
// a valid message is); the store carries them out, always scoped to the caller's community.
//
// Changes reach the streams after their transaction commits: on PostgreSQL the store NOTIFYs in the
// writing transaction and every instance's listener hands the notice to Deliver; on SQLite (one instance)
// the service hands it over itself right after the write. Deliver loads each changed row once, by id, and
// publishes it to a topic; the broker fans it out with no database read per recipient.
package messaging

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"vecinos/internal/domain"
	"vecinos/internal/files"
	"vecinos/internal/realtime"
)

// Limits.
const (
	DefaultLimit   = 50
	MaxLimit       = 200
	MaxContent     = 20000 // runes; the spec sets none, the server needs one
	MaxChannelName = 80
	MaxDescription = 500
	MaxInvites     = 500
	maxClientID    = 100
)

// Store is what the service needs from the database.
type Store interface {
	GetOrCreateConversation(ctx context.Context, communityID, userID, otherID string, now time.Time) (string, error)
	ConversationOther(ctx context.Context, communityID, userID, id string) (*string, error)
	Conversations(ctx context.Context, communityID, userID string) ([]domain.Conversation, error)
	ConversationFor(ctx context.Context, communityID, userID, id string) (*domain.Conversation, error)
	DirectMessage(ctx context.Context, id string) (*domain.DirectMessage, error)
	DirectMessages(ctx context.Context, conversationID, readerID, before string, limit int) ([]domain.DirectMessage, error)
	SendDirectMessage(ctx context.Context, m *domain.DirectMessage) (*domain.DirectMessage, bool, error)
	MarkConversationRead(ctx context.Context, communityID, conversationID, readerID string, otherID *string, receiptID string, now time.Time) (int64, error)
	UnreadCount(ctx context.Context, communityID, userID string) (int, error)
	DirectMessagesAfter(ctx context.Context, communityID, userID, after string, limit int) ([]domain.DirectMessage, error)
	ReadReceiptsSince(ctx context.Context, communityID, userID string, since time.Time) ([]domain.ReadReceipt, error)

	CommunityChannel(ctx context.Context, communityID string) (*domain.Channel, error)
	ChannelFor(ctx context.Context, communityID, userID, id string) (*domain.Channel, error)
	Channels(ctx context.Context, communityID, userID string) ([]domain.Channel, error)
	ChannelIDs(ctx context.Context, communityID, userID string) ([]string, error)
	CreateChannel(ctx context.Context, c *domain.Channel, memberIDs []string) error
	AddChannelMembers(ctx context.Context, c *domain.Channel, userIDs []string, now time.Time) ([]string, error)
	ChannelMessage(ctx context.Context, id string) (*domain.ChannelMessage, error)
	ChannelMessages(ctx context.Context, channelID, before string, limit int) ([]domain.ChannelMessage, error)
	ChannelMessagesAfter(ctx context.Context, channelIDs []string, after string, limit int) ([]domain.ChannelMessage, error)
	PostChannelMessage(ctx context.Context, m *domain.ChannelMessage) (*domain.ChannelMessage, bool, error)

	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	ChatMessageForUpdate(ctx context.Context, kind domain.ChatKind, scopeID, id string) (*domain.ChatMessage, error)
	SaveChatMessage(ctx context.Context, m *domain.ChatMessage, rev string) ([]string, error)
	SaveChatReaction(ctx context.Context, m *domain.ChatMessage, userID, emoji string, at time.Time, rev string) error
	SaveChatRemoval(ctx context.Context, r *domain.ChatRemoval) error
	ChatRemovals(ctx context.Context, communityID string) ([]domain.ChatRemoval, error)
	SearchChat(ctx context.Context, kind domain.ChatKind, scopeID, readerID, query string, limit int) ([]domain.SearchHit, error)
	SetChatMute(ctx context.Context, userID, scopeID string, until *time.Time) error
	HideConversation(ctx context.Context, userID, id string) error
	LeaveChannel(ctx context.Context, channelID, userID string, at time.Time) error
	CreateAttachment(ctx context.Context, a *domain.Attachment) error
	Attachment(ctx context.Context, communityID, id string) (*domain.Attachment, error)
	DeletePendingAttachment(ctx context.Context, communityID, uploaderID, id string) ([]string, error)
	PurgePendingAttachments(ctx context.Context, before time.Time) ([]string, error)

	NotifiesOnCommit() bool
	Notify(ctx context.Context, n domain.Notice) error
	Listen(ctx context.Context, listening func(reconnected bool), fn func(domain.Notice)) error
}

// Service is the messaging service.
type Service struct {
	store     Store
	broker    *realtime.Broker
	now       func() time.Time
	log       *slog.Logger
	queue     *realtime.Serial[domain.Notice]
	listening atomic.Bool
	maxReplay int
	files     files.Storage
	audit     domain.Auditor
}

// Options configure the service.
type Options struct {
	Now       func() time.Time // the clock; nil = time.Now
	Log       *slog.Logger     // nil = slog.Default()
	MaxReplay int              // events a reconnecting stream may replay before it must refetch; 0 = 500
	Files     files.Storage    // where chat attachments go; nil: attachments are refused
	Audit     domain.Auditor   // records an admin's removal of a message from the community chat; may be nil
}

// New returns the service; its changes are published on broker.
func New(store Store, broker *realtime.Broker, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.MaxReplay <= 0 {
		o.MaxReplay = 500
	}
	s := &Service{store: store, broker: broker, now: o.Now, log: o.Log, maxReplay: o.MaxReplay, files: o.Files, audit: o.Audit}
	s.queue = realtime.NewSerial(s.deliver)
	return s
}

// Broker is where the service publishes.
func (s *Service) Broker() *realtime.Broker { return s.broker }

// Run listens for the notices of every instance until ctx ends (PostgreSQL; on SQLite it returns at
// once). While it does not listen, the service publishes its own changes in process, so a single
// instance works without it.
func (s *Service) Run(ctx context.Context) error {
	defer s.listening.Store(false)
	return s.store.Listen(ctx, func(reconnected bool) {
		s.listening.Store(true)
		if reconnected {
			// Notices may have been lost while the connection was down: every stream reconnects and replays.
			s.log.Warn("realtime: listener reconnected; streams will resync")
			s.broker.DropAll()
		}
	}, s.queue.Push)
}

// Listening reports whether notices come from the database (PostgreSQL listener in place).
func (s *Service) Listening() bool { return s.listening.Load() }

// Flush waits until every notice handed over so far has been published (tests).
func (s *Service) Flush() { s.queue.Wait() }

// announce publishes n after its transaction committed, unless the database does it for every instance.
func (s *Service) announce(n domain.Notice) {
	if s.store.NotifiesOnCommit() && s.listening.Load() {
		return
	}
	s.queue.Push(n)
}

// Revoke tells the open streams of userID, on every instance, that their sessions or their access changed
// (signed out, password changed or reset, account deleted, role changed): each re-checks its session,
// community and channels at once and closes or drops what it lost. Call it after the change committed.
// It never fails the caller: if the announcement is lost, the streams still re-check at their next
// heartbeat.
func (s *Service) Revoke(userID string) {
	s.announceCommitted(domain.Notice{Kind: domain.NoticeRevoked, ID: domain.NewID(), User: userID})
}

// Changed tells every open stream of communityID, on every instance, that something of area (a feature:
// "reservations", "voting"…) changed, id being the row when there is one: the clients refetch what they
// show of that area. It carries no content, so it needs no per-reader check: each client reads the change
// back through the API, which applies the reader's rights. Call it after the change committed; it never
// fails the caller (a lost change is refetched when the stream reconnects).
func (s *Service) Changed(communityID, area, id string) {
	s.announceCommitted(domain.Notice{Kind: domain.NoticeChange, ID: domain.NewID(), Community: communityID, Scope: area, Other: id})
}

// announceCommitted announces n, whose change already committed, outside any transaction.
func (s *Service) announceCommitted(n domain.Notice) {
	if s.store.NotifiesOnCommit() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := s.store.Notify(ctx, n)
		cancel()
		if err != nil {
			s.log.Warn("realtime: announce", "kind", n.Kind, "err", err)
		} else if s.listening.Load() {
			return // the listener hands it to this instance too
		}
	}
	s.queue.Push(n)
}

var (
	errEmpty         = domain.Errorf(domain.CodeInvalid, "El mensaje no puede estar vacío")
	errTooLong       = domain.Errorf(domain.CodeInvalid, "El mensaje no puede superar los %d caracteres", MaxContent)
	errBadClientID   = domain.Errorf(domain.CodeInvalid, "El identificador del mensaje no es válido")
	errSelf          = domain.Errorf(domain.CodeForbidden, "No puedes iniciar una conversación contigo mismo")
	errNoName        = domain.Errorf(domain.CodeInvalid, "El nombre del canal es obligatorio")
	errLongName      = domain.Errorf(domain.CodeInvalid, "El nombre del canal no puede superar los %d caracteres", MaxChannelName)
	errLongDesc      = domain.Errorf(domain.CodeInvalid, "La descripción no puede superar los %d caracteres", MaxDescription)
	errTooMany       = domain.Errorf(domain.CodeInvalid, "No puedes invitar a más de %d vecinos a la vez", MaxInvites)
	errCommunityOnly = domain.Errorf(domain.CodeInvalid, "El chat comunitario ya incluye a todos los vecinos")
)

func limit(n int) int { return domain.PageLimit(n, DefaultLimit, MaxLimit) }

func validClientID(id string) (*string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, nil
	}
	if len(id) > maxClientID {
		return nil, errBadClientID
	}
	return &id, nil
}

func checkContent(content string) error {
	if strings.TrimSpace(content) == "" {
		return errEmpty
	}
	if utf8.RuneCountInString(content) > MaxContent {
		return errTooLong
	}
	return nil
}

func checkCursor(before string) error {
	if before != "" && !validID(before) {
		return domain.ErrBadCursor
	}
	return nil
}

// --- direct messages -------------------------------------------------------------------------------

// Conversations lists a's conversations, the latest activity first.
func (s *Service) Conversations(ctx context.Context, a *domain.Actor) ([]domain.Conversation, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	cs, err := s.store.Conversations(ctx, a.CommunityID, a.UserID)
	for i := range cs {
		cs[i].MutedUntil = s.activeMute(cs[i].MutedUntil)
	}
	return cs, err
}

// Conversation returns one of a's conversations as their list shows it (also one they deleted from it).
func (s *Service) Conversation(ctx context.Context, a *domain.Actor, id string) (*domain.Conversation, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	c, err := s.store.ConversationFor(ctx, a.CommunityID, a.UserID, id)
	if err != nil {
		return nil, err
	}
	c.MutedUntil = s.activeMute(c.MutedUntil)
	return c, nil
}

// StartConversation returns the conversation between a and otherID, a neighbour of a's community,
// creating it when there is none (get_or_create_conversation).
func (s *Service) StartConversation(ctx context.Context, a *domain.Actor, otherID string) (string, error) {
	if !a.InCommunity() {
		return "", domain.ErrNoCommunity
	}
	otherID = strings.TrimSpace(otherID)
	if otherID == a.UserID {
		return "", errSelf
	}
	return s.store.GetOrCreateConversation(ctx, a.CommunityID, a.UserID, otherID, s.now())
}

// DirectMessages returns a page of a conversation a takes part in, oldest first.
func (s *Service) DirectMessages(ctx context.Context, a *domain.Actor, conversationID, before string, n int) ([]domain.DirectMessage, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if err := checkCursor(before); err != nil {
		return nil, err
	}
	if _, err := s.store.ConversationOther(ctx, a.CommunityID, a.UserID, conversationID); err != nil {
		return nil, err
	}
	return s.store.DirectMessages(ctx, conversationID, a.UserID, before, limit(n))
}

// SendDirect sends a message (text trimmed, attachments, or both) to the other participant of a
// conversation a takes part in. A retry with the same clientID returns the first message and created=false.
func (s *Service) SendDirect(ctx context.Context, a *domain.Actor, conversationID string, in Outgoing) (*domain.DirectMessage, bool, error) {
	if !a.InCommunity() {
		return nil, false, domain.ErrNoCommunity
	}
	if err := checkOutgoing(&in, true); err != nil {
		return nil, false, err
	}
	cid, err := validClientID(in.ClientID)
	if err != nil {
		return nil, false, err
	}
	other, err := s.store.ConversationOther(ctx, a.CommunityID, a.UserID, conversationID)
	if err != nil {
		return nil, false, err
	}
	m := &domain.DirectMessage{ID: domain.NewID(), ConversationID: conversationID, SenderID: &a.UserID, RecipientID: other,
		Content: in.Content, ClientID: cid, CreatedAt: s.now().UTC().Truncate(time.Millisecond), CommunityID: a.CommunityID}
	m.ReplyToID, m.AttachmentIDs, m.SearchText = in.ReplyTo, in.AttachmentIDs, domain.SearchText(in.Content)
	out, created, err := s.store.SendDirectMessage(ctx, m)
	if err != nil {
		return nil, false, err
	}
	if created {
		n := domain.Notice{Kind: domain.NoticeDM, ID: out.ID, Scope: conversationID, Community: a.CommunityID, User: a.UserID}
		if other != nil {
			n.Other = *other
		}
		s.announce(n)
	}
	return out, created, nil
}

// MarkRead marks the other participant's unread messages of a conversation read (opening it). The sender
// gets a read receipt and a gets the new unread count, live. It returns how many it marked.
func (s *Service) MarkRead(ctx context.Context, a *domain.Actor, conversationID string) (int64, error) {
	if !a.InCommunity() {
		return 0, domain.ErrNoCommunity
	}
	other, err := s.store.ConversationOther(ctx, a.CommunityID, a.UserID, conversationID)
	if err != nil {
		return 0, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	receipt := domain.NewID()
	n, err := s.store.MarkConversationRead(ctx, a.CommunityID, conversationID, a.UserID, other, receipt, now)
	if err != nil || n == 0 {
		return n, err
	}
	notice := domain.Notice{Kind: domain.NoticeDMRead, ID: receipt, Scope: conversationID, Community: a.CommunityID,
		User: a.UserID, At: now.UnixMilli()}
	if other != nil {
		notice.Other = *other
	}
	s.announce(notice)
	return n, nil
}

// UnreadCount is a's badge: direct messages to them that they have not read.
func (s *Service) UnreadCount(ctx context.Context, a *domain.Actor) (int, error) {
	if !a.InCommunity() {
		return 0, domain.ErrNoCommunity
	}
	return s.store.UnreadCount(ctx, a.CommunityID, a.UserID)
}

// --- channels --------------------------------------------------------------------------------------

// CommunityChannel returns a's community chat, creating it on first use.
func (s *Service) CommunityChannel(ctx context.Context, a *domain.Actor) (*domain.Channel, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	return s.store.CommunityChannel(ctx, a.CommunityID)
}

// Channels lists the community chat and the private channels a was invited to.
func (s *Service) Channels(ctx context.Context, a *domain.Actor) ([]domain.Channel, error) {
	if _, err := s.CommunityChannel(ctx, a); err != nil {
		return nil, err
	}
	cs, err := s.store.Channels(ctx, a.CommunityID, a.UserID)
	for i := range cs {
		cs[i].MutedUntil = s.activeMute(cs[i].MutedUntil)
	}
	return cs, err
}

// Channel returns a channel a may read and post in.
func (s *Service) Channel(ctx context.Context, a *domain.Actor, id string) (*domain.Channel, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	c, err := s.store.ChannelFor(ctx, a.CommunityID, a.UserID, id)
	if err != nil {
		return nil, err
	}
	c.MutedUntil = s.activeMute(c.MutedUntil)
	return c, nil
}

// ChannelInput is the create-channel form.
type ChannelInput struct {
	Name        string
	Description string
	MemberIDs   []string
}

// CreateChannel creates a private channel with a and the invited neighbours of a's community as members.
func (s *Service) CreateChannel(ctx context.Context, a *domain.Actor, in ChannelInput) (*domain.Channel, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	name := strings.TrimSpace(in.Name)
	switch {
	case name == "":
		return nil, errNoName
	case utf8.RuneCountInString(name) > MaxChannelName:
		return nil, errLongName
	case utf8.RuneCountInString(in.Description) > MaxDescription:
		return nil, errLongDesc
	case len(in.MemberIDs) > MaxInvites:
		return nil, errTooMany
	}
	c := &domain.Channel{ID: domain.NewID(), CommunityID: a.CommunityID, Name: name, Kind: domain.ChannelPrivate,
		CreatedBy: &a.UserID, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	if d := strings.TrimSpace(in.Description); d != "" {
		c.Description = &d
	}
	members := uniq(append([]string{a.UserID}, in.MemberIDs...))
	if err := s.store.CreateChannel(ctx, c, members); err != nil {
		return nil, err
	}
	for _, u := range members {
		s.announce(domain.Notice{Kind: domain.NoticeChannelMember, ID: domain.NewID(), Scope: c.ID, Community: c.CommunityID, User: u})
	}
	return s.store.ChannelFor(ctx, a.CommunityID, a.UserID, c.ID)
}

// AddMembers invites neighbours of a's community to a private channel a belongs to; it returns those
// who were not members yet.
func (s *Service) AddMembers(ctx context.Context, a *domain.Actor, channelID string, userIDs []string) ([]string, error) {
	c, err := s.Channel(ctx, a, channelID)
	if err != nil {
		return nil, err
	}
	if c.Kind != domain.ChannelPrivate {
		return nil, errCommunityOnly
	}
	if len(userIDs) > MaxInvites {
		return nil, errTooMany
	}
	added, err := s.store.AddChannelMembers(ctx, c, uniq(userIDs), s.now().UTC())
	if err != nil {
		return nil, err
	}
	for _, u := range added {
		s.announce(domain.Notice{Kind: domain.NoticeChannelMember, ID: domain.NewID(), Scope: c.ID, Community: c.CommunityID, User: u})
	}
	return added, nil
}

// ChannelMessages returns a page of a channel a may read, oldest first.
func (s *Service) ChannelMessages(ctx context.Context, a *domain.Actor, channelID, before string, n int) ([]domain.ChannelMessage, error) {
	if err := checkCursor(before); err != nil {
		return nil, err
	}
	c, err := s.Channel(ctx, a, channelID)
	if err != nil {
		return nil, err
	}
	return s.store.ChannelMessages(ctx, c.ID, before, limit(n))
}

// PostChannel posts a message (text, attachments, or both) in a channel a may post in. The community chat
// keeps the text as typed (spec §5: untrimmed after the emptiness check); private channels trim it like
// direct messages.
func (s *Service) PostChannel(ctx context.Context, a *domain.Actor, channelID string, in Outgoing) (*domain.ChannelMessage, bool, error) {
	cid, err := validClientID(in.ClientID)
	if err != nil {
		return nil, false, err
	}
	c, err := s.Channel(ctx, a, channelID)
	if err != nil {
		return nil, false, err
	}
	if err := checkOutgoing(&in, c.Kind == domain.ChannelPrivate); err != nil {
		return nil, false, err
	}
	m := &domain.ChannelMessage{ID: domain.NewID(), ChannelID: c.ID, UserID: &a.UserID, Content: in.Content, ClientID: cid,
		CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	m.ReplyToID, m.AttachmentIDs, m.SearchText = in.ReplyTo, in.AttachmentIDs, domain.SearchText(in.Content)
	out, created, err := s.store.PostChannelMessage(ctx, m)
	if err != nil {
		return nil, false, err
	}
	if created {
		s.announce(domain.Notice{Kind: domain.NoticeChannelMsg, ID: out.ID, Scope: c.ID, Community: c.CommunityID})
	}
	return out, created, nil
}

func uniq(ids []string) []string {
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // our own types: cannot fail
	}
	return b
}
