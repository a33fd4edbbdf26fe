// Package messages runs direct messages between neighbours, the community chat and private channels,
// and feeds their changes to the realtime streams. It owns the rules (who may read and post where, what
// a valid message is) and runs each change as one transaction of the store's row methods, always scoped
// to the caller's community.
//
// Changes reach the streams through the app's realtime.Publisher, announced inside the transaction that
// makes them and delivered after it commits, on every instance. The publisher hands each notice to
// deliver, which loads each changed row once, by id, and publishes it to a topic; the broker fans it out
// with no database read per recipient.
package messages

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"vecinos/internal/clock"
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

// Store is what the service needs from the database. Its methods join the transaction of ctx (InTx).
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error

	CountCommunityMembers(ctx context.Context, communityID string, userIDs []string) (int, error)
	CreateConversation(ctx context.Context, id, communityID, userID, otherID string, now time.Time) (bool, error)
	ConversationOfPair(ctx context.Context, userID, otherID string) (id, communityID string, err error)
	MoveConversation(ctx context.Context, id, communityID string) error
	ShowConversation(ctx context.Context, id, userID string) error
	ConversationOther(ctx context.Context, communityID, userID, id string) (*string, bool, error)
	Conversations(ctx context.Context, communityID, userID string) ([]domain.Conversation, error)
	ConversationFor(ctx context.Context, communityID, userID, id string) (*domain.Conversation, error)
	DirectMessage(ctx context.Context, id string) (*domain.DirectMessage, error)
	DirectMessageByClientID(ctx context.Context, senderID, clientID string) (*domain.DirectMessage, error)
	DirectMessages(ctx context.Context, conversationID, readerID, before string, limit int) ([]domain.DirectMessage, error)
	InsertDirectMessage(ctx context.Context, m *domain.DirectMessage) (bool, error)
	TouchConversation(ctx context.Context, id string, at time.Time) error
	QueueDirectMessagePush(ctx context.Context, m *domain.DirectMessage) error
	MarkConversationRead(ctx context.Context, conversationID, readerID string, now time.Time) (int64, error)
	UnreadCount(ctx context.Context, communityID, userID string) (int, error)
	DirectMessagesAfter(ctx context.Context, communityID, userID, after string, limit int) ([]domain.DirectMessage, error)
	ReadReceiptsSince(ctx context.Context, communityID, userID string, since time.Time) ([]domain.ReadReceipt, error)

	CommunityChannel(ctx context.Context, communityID string) (*domain.Channel, error)
	CreateCommunityChannel(ctx context.Context, id, communityID string, now time.Time) error
	ChannelFor(ctx context.Context, communityID, userID, id string) (*domain.Channel, error)
	LeftChannel(ctx context.Context, communityID, userID, id string) (bool, error)
	Channels(ctx context.Context, communityID, userID string) ([]domain.Channel, error)
	ChannelIDs(ctx context.Context, communityID, userID string) ([]string, error)
	CreateChannel(ctx context.Context, c *domain.Channel) error
	AddChannelMember(ctx context.Context, channelID, userID string, now time.Time) (bool, error)
	ChannelMembers(ctx context.Context, c *domain.Channel) ([]domain.ChannelMember, error)
	ChannelMessage(ctx context.Context, id string) (*domain.ChannelMessage, error)
	ChannelMessageByClientID(ctx context.Context, userID, clientID string) (*domain.ChannelMessage, error)
	ChannelMessages(ctx context.Context, communityID, userID, channelID, before string, limit int) ([]domain.ChannelMessage, error)
	ChannelVersion(ctx context.Context, communityID, userID, id string) (int64, bool, error)
	ChannelMessagesAfter(ctx context.Context, channelIDs []string, after string, limit int) ([]domain.ChannelMessage, error)
	InsertChannelMessage(ctx context.Context, m *domain.ChannelMessage) (bool, error)

	ReplyInChat(ctx context.Context, kind domain.ChatKind, scopeID, replyTo string) (bool, error)
	ClaimAttachments(ctx context.Context, kind domain.ChatKind, scopeID, id, uploaderID string, ids []string) (bool, error)
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
	PendingAttachmentKeys(ctx context.Context, communityID, uploaderID, id string) ([]string, error)
	DeleteAttachment(ctx context.Context, id string) error
	StaleAttachmentKeys(ctx context.Context, before time.Time) ([]string, error)
	DeleteStaleAttachments(ctx context.Context, before time.Time) error
}

// Service is the messages service.
type Service struct {
	store     Store
	realtime  *realtime.Publisher
	broker    *realtime.Broker
	now       func() time.Time
	log       *slog.Logger
	maxReplay int
	files     files.Storage
	audit     domain.Auditor
	pages     *pageCache
}

// Options configure the service.
type Options struct {
	Realtime  *realtime.Publisher // where changes are announced; the service handles every notice it carries
	Now       func() time.Time    // the clock; nil = time.Now
	Log       *slog.Logger        // nil = slog.Default()
	MaxReplay int                 // events a reconnecting stream may replay before it must refetch; 0 = 500
	Files     files.Storage       // where chat attachments go; nil: attachments are refused
	Audit     domain.Auditor      // records an admin's removal of a message from the community chat; may be nil
}

// New returns the service, which turns the notices of o.Realtime into events on its broker.
func New(store Store, o Options) *Service {
	o.Now = clock.Or(o.Now)
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.MaxReplay <= 0 {
		o.MaxReplay = 500
	}
	s := &Service{store: store, realtime: o.Realtime, broker: o.Realtime.Broker(), now: o.Now, log: o.Log, maxReplay: o.MaxReplay,
		files: o.Files, audit: o.Audit, pages: newPageCache(o.Realtime.Hears)}
	o.Realtime.Handle(s.deliver)
	o.Realtime.AddForget(s.pages.forgetUser, s.pages.forgetAll)
	return s
}

// Broker is where the streams subscribe.
func (s *Service) Broker() *realtime.Broker { return s.broker }

// Listening reports whether notices come from the database (the PostgreSQL listener is in place).
func (s *Service) Listening() bool { return s.realtime.Listening() }

// Flush waits until every notice handed over so far has been published (tests).
func (s *Service) Flush() { s.realtime.Flush() }

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

	errConversationNotFound = domain.Errorf(domain.CodeNotFound, "La conversación no existe")
	errNeighbourNotFound    = domain.Errorf(domain.CodeNotFound, "Este vecino no pertenece a tu comunidad")
	errClientIDReused       = domain.Errorf(domain.CodeConflict, "Este identificador de mensaje ya se usó en otra conversación")
	errChannelNotFound      = domain.Errorf(domain.CodeNotFound, "El canal no existe")
	errMembersNotInCommu    = domain.Errorf(domain.CodeInvalid, "Solo puedes invitar a vecinos de tu comunidad")
	errLeftChannel          = domain.Errorf(domain.CodeForbidden, "Has salido de este canal: ya no puedes leerlo ni escribir en él")
	errMessageNotFound      = domain.Errorf(domain.CodeNotFound, "El mensaje no existe")
	errReplyNotHere         = domain.Errorf(domain.CodeInvalid, "Solo puedes responder a un mensaje de esta conversación")
	errAttachmentNotHere    = domain.Errorf(domain.CodeInvalid, "Un archivo adjunto no es de esta conversación o ya se envió")
	errAttachmentNotFound   = domain.Errorf(domain.CodeNotFound, "El archivo no existe")
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
	if c == nil {
		return nil, errConversationNotFound
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
	var id string
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		if n, err := s.store.CountCommunityMembers(ctx, a.CommunityID, []string{otherID}); err != nil {
			return err
		} else if n == 0 {
			return errNeighbourNotFound
		}
		id = domain.NewID()
		if created, err := s.store.CreateConversation(ctx, id, a.CommunityID, a.UserID, otherID, s.now()); err != nil || created {
			return err
		}
		var current string
		var err error
		if id, current, err = s.store.ConversationOfPair(ctx, a.UserID, otherID); err != nil {
			return err
		}
		if current != a.CommunityID {
			// Both moved to another community together: the conversation follows them.
			if err := s.store.MoveConversation(ctx, id, a.CommunityID); err != nil {
				return err
			}
		}
		// Starting it again brings back a conversation the caller deleted from their list (empty for them).
		return s.store.ShowConversation(ctx, id, a.UserID)
	})
	return id, err
}

// conversationOther is the other participant of conversation id, which a takes part in; anyone else gets
// not found.
func (s *Service) conversationOther(ctx context.Context, a *domain.Actor, id string) (*string, error) {
	other, ok, err := s.store.ConversationOther(ctx, a.CommunityID, a.UserID, id)
	if err == nil && !ok {
		err = errConversationNotFound
	}
	return other, err
}

// DirectMessages returns a page of a conversation a takes part in, oldest first.
func (s *Service) DirectMessages(ctx context.Context, a *domain.Actor, conversationID, before string, n int) ([]domain.DirectMessage, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if err := checkCursor(before); err != nil {
		return nil, err
	}
	if _, err := s.conversationOther(ctx, a, conversationID); err != nil {
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
	var out *domain.DirectMessage
	created := false
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		other, err := s.conversationOther(ctx, a, conversationID)
		if err != nil {
			return err
		}
		if err := s.checkReply(ctx, domain.ChatDirect, conversationID, in.ReplyTo); err != nil {
			return err
		}
		m := &domain.DirectMessage{ID: domain.NewID(), ConversationID: conversationID, SenderID: &a.UserID, RecipientID: other,
			Content: in.Content, ClientID: cid, CreatedAt: s.now().UTC().Truncate(time.Millisecond), CommunityID: a.CommunityID}
		m.ReplyToID, m.AttachmentIDs, m.SearchText = in.ReplyTo, in.AttachmentIDs, domain.SearchText(in.Content)
		if created, err = s.store.InsertDirectMessage(ctx, m); err != nil {
			return err
		}
		if !created {
			first, err := s.store.DirectMessageByClientID(ctx, a.UserID, *cid)
			out, err = retried(first, err, func(m *domain.DirectMessage) bool { return m.ConversationID == conversationID })
			return err
		}
		if err := s.claim(ctx, domain.ChatDirect, conversationID, m.ID, a.UserID, in.AttachmentIDs); err != nil {
			return err
		}
		if err := s.store.TouchConversation(ctx, conversationID, m.CreatedAt); err != nil {
			return err
		}
		if err := s.store.QueueDirectMessagePush(ctx, m); err != nil {
			return err
		}
		n := domain.Notice{Kind: domain.NoticeDM, ID: m.ID, Scope: conversationID, Community: a.CommunityID, User: a.UserID}
		if other != nil {
			n.Other = *other
		}
		if err := s.realtime.Publish(ctx, n); err != nil {
			return err
		}
		out, err = s.store.DirectMessage(ctx, m.ID)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return out, created, nil
}

// checkReply refuses, in the sending transaction, a reply to a message that is not of the same chat.
func (s *Service) checkReply(ctx context.Context, kind domain.ChatKind, scopeID, replyTo string) error {
	if replyTo == "" {
		return nil
	}
	ok, err := s.store.ReplyInChat(ctx, kind, scopeID, replyTo)
	if err == nil && !ok {
		err = errReplyNotHere
	}
	return err
}

// claim ties, in the sending transaction, the attachments ids to the new message id: each must be a
// pending upload of its sender to the same chat, or the whole message is refused.
func (s *Service) claim(ctx context.Context, kind domain.ChatKind, scopeID, id, senderID string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	ok, err := s.store.ClaimAttachments(ctx, kind, scopeID, id, senderID, ids)
	if err == nil && !ok {
		err = errAttachmentNotHere
	}
	return err
}

// retried is the answer to a message whose client id its sender used before: the first message, which
// must be of the same chat (here).
func retried[T any](first *T, err error, here func(*T) bool) (*T, error) {
	switch {
	case err != nil:
		return nil, err
	case first == nil:
		return nil, errMessageNotFound
	case !here(first):
		return nil, errClientIDReused
	}
	return first, nil
}

// MarkRead marks the other participant's unread messages of a conversation read (opening it). The sender
// gets a read receipt and a gets the new unread count, live. It returns how many it marked.
func (s *Service) MarkRead(ctx context.Context, a *domain.Actor, conversationID string) (int64, error) {
	if !a.InCommunity() {
		return 0, domain.ErrNoCommunity
	}
	var n int64
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		other, err := s.conversationOther(ctx, a, conversationID)
		if err != nil {
			return err
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		if n, err = s.store.MarkConversationRead(ctx, conversationID, a.UserID, now); err != nil || n == 0 {
			return err
		}
		notice := domain.Notice{Kind: domain.NoticeDMRead, ID: domain.NewID(), Scope: conversationID, Community: a.CommunityID,
			User: a.UserID, At: now.UnixMilli()}
		if other != nil {
			notice.Other = *other
		}
		return s.realtime.Publish(ctx, notice)
	})
	if err != nil {
		return 0, err
	}
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
	c, err := s.store.CommunityChannel(ctx, a.CommunityID)
	if err != nil || c != nil {
		return c, err
	}
	// Concurrent first uses each try to create it; the store keeps one, which all of them read back.
	if err := s.store.CreateCommunityChannel(ctx, domain.NewID(), a.CommunityID, s.now()); err != nil {
		return nil, err
	}
	if c, err = s.store.CommunityChannel(ctx, a.CommunityID); err == nil && c == nil {
		err = errChannelNotFound
	}
	return c, err
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

// Channel returns a channel a may read and post in: the community chat, or a private channel they were
// invited to and did not leave. Anyone else gets not found; who left is told so.
func (s *Service) Channel(ctx context.Context, a *domain.Actor, id string) (*domain.Channel, error) {
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	c, err := s.store.ChannelFor(ctx, a.CommunityID, a.UserID, id)
	if err != nil {
		return nil, err
	}
	if c == nil {
		left, err := s.store.LeftChannel(ctx, a.CommunityID, a.UserID, id)
		if err != nil {
			return nil, err
		}
		if left {
			return nil, errLeftChannel
		}
		return nil, errChannelNotFound
	}
	c.MutedUntil = s.activeMute(c.MutedUntil)
	return c, nil
}

// ChannelMembers lists the members of a channel a may read ('Ver información'); any other channel is
// not found.
func (s *Service) ChannelMembers(ctx context.Context, a *domain.Actor, id string) ([]domain.ChannelMember, error) {
	c, err := s.Channel(ctx, a, id)
	if err != nil {
		return nil, err
	}
	return s.store.ChannelMembers(ctx, c)
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
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.CreateChannel(ctx, c); err != nil {
			return err
		}
		_, err := s.addMembers(ctx, c, uniq(append([]string{a.UserID}, in.MemberIDs...)), c.CreatedAt)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Channel(ctx, a, c.ID)
}

// AddMembers invites neighbours of a's community to a private channel a belongs to; it returns those
// who were not members yet.
func (s *Service) AddMembers(ctx context.Context, a *domain.Actor, channelID string, userIDs []string) ([]string, error) {
	var added []string
	err := s.store.InTx(ctx, func(ctx context.Context) error {
		c, err := s.Channel(ctx, a, channelID)
		if err != nil {
			return err
		}
		if c.Kind != domain.ChannelPrivate {
			return errCommunityOnly
		}
		if len(userIDs) > MaxInvites {
			return errTooMany
		}
		added, err = s.addMembers(ctx, c, uniq(userIDs), s.now().UTC())
		return err
	})
	return added, err
}

// addMembers makes userIDs, every one a member of c's community, members of c in the transaction of ctx,
// and returns those who were not; each of them hears of it with the commit.
func (s *Service) addMembers(ctx context.Context, c *domain.Channel, userIDs []string, now time.Time) ([]string, error) {
	if n, err := s.store.CountCommunityMembers(ctx, c.CommunityID, userIDs); err != nil {
		return nil, err
	} else if n != len(userIDs) {
		return nil, errMembersNotInCommu
	}
	var added []string
	for _, u := range userIDs {
		ok, err := s.store.AddChannelMember(ctx, c.ID, u, now)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		added = append(added, u)
		if err := s.realtime.Publish(ctx, domain.Notice{Kind: domain.NoticeChannelMember, ID: domain.NewID(), Scope: c.ID,
			Community: c.CommunityID, User: u}); err != nil {
			return nil, err
		}
	}
	return added, nil
}

// ChannelMessages returns a page of a channel a may read, oldest first: the latest one (no before) from
// this instance's cache while it is the channel's (pages.go), an older one from the database.
func (s *Service) ChannelMessages(ctx context.Context, a *domain.Actor, channelID, before string, n int) (*ChannelPage, error) {
	if err := checkCursor(before); err != nil {
		return nil, err
	}
	if !a.InCommunity() {
		return nil, domain.ErrNoCommunity
	}
	if before == "" && s.pages.heard() {
		return s.latestPage(ctx, a, channelID, limit(n))
	}
	return s.uncachedPage(ctx, a, channelID, before, limit(n))
}

// uncachedPage reads a page from the database. Its query checks that a may read the channel; only an
// empty page asks Channel why (an empty channel, or one a may not read or left).
func (s *Service) uncachedPage(ctx context.Context, a *domain.Actor, channelID, before string, n int) (*ChannelPage, error) {
	ms, err := s.store.ChannelMessages(ctx, a.CommunityID, a.UserID, channelID, before, n)
	if err != nil {
		return nil, err
	}
	if len(ms) == 0 {
		if _, err := s.Channel(ctx, a, channelID); err != nil {
			return nil, err
		}
	}
	return &ChannelPage{Messages: ms}, nil
}

// PostChannel posts a message (text, attachments, or both) in a channel a may post in. The community chat
// keeps the text as typed (spec §5: untrimmed after the emptiness check); private channels trim it like
// direct messages. The check that a may post there runs in the posting transaction, so a member who
// leaves meanwhile posts nothing.
func (s *Service) PostChannel(ctx context.Context, a *domain.Actor, channelID string, in Outgoing) (*domain.ChannelMessage, bool, error) {
	cid, err := validClientID(in.ClientID)
	if err != nil {
		return nil, false, err
	}
	var out *domain.ChannelMessage
	created := false
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		c, err := s.Channel(ctx, a, channelID)
		if err != nil {
			return err
		}
		if err := checkOutgoing(&in, c.Kind == domain.ChannelPrivate); err != nil {
			return err
		}
		if err := s.checkReply(ctx, domain.ChatChannel, c.ID, in.ReplyTo); err != nil {
			return err
		}
		m := &domain.ChannelMessage{ID: domain.NewID(), ChannelID: c.ID, UserID: &a.UserID, Content: in.Content, ClientID: cid,
			CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
		m.ReplyToID, m.AttachmentIDs, m.SearchText = in.ReplyTo, in.AttachmentIDs, domain.SearchText(in.Content)
		if created, err = s.store.InsertChannelMessage(ctx, m); err != nil {
			return err
		}
		if !created {
			first, err := s.store.ChannelMessageByClientID(ctx, a.UserID, *cid)
			out, err = retried(first, err, func(m *domain.ChannelMessage) bool { return m.ChannelID == c.ID })
			return err
		}
		if err := s.claim(ctx, domain.ChatChannel, c.ID, m.ID, a.UserID, in.AttachmentIDs); err != nil {
			return err
		}
		if err := s.realtime.Publish(ctx, domain.Notice{Kind: domain.NoticeChannelMsg, ID: m.ID, Scope: c.ID, Community: c.CommunityID}); err != nil {
			return err
		}
		out, err = s.store.ChannelMessage(ctx, m.ID)
		return err
	})
	if err != nil {
		return nil, false, err
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
