package messages

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/google/uuid"

	"vecinos/internal/domain"
	"vecinos/internal/realtime"
)

// SSE event names (the `event:` field of the stream).
const (
	EventDM             = "dm"              // data: a direct message (to or from the user)
	EventDMRead         = "dm_read"         // data: ReadEvent
	EventChannelMessage = "channel_message" // data: a channel message
	EventUnread         = "unread"          // data: UnreadEvent
	EventChannel        = "channel"         // data: ChannelEvent — the user was added to a channel or lost it
	EventResync         = "resync"          // data: {} — too much was missed: refetch everything
	EventChange         = "change"          // data: ChangeEvent — something of the community changed: refetch it
	// EventRevoked is published on the user's topic when their sessions or access changed: the stream
	// re-checks and, when the session is gone, writes it to the client (data: {}) and ends.
	EventRevoked = "revoked"
)

// ReplayMargin is how far before the Last-Event-ID's time the replay starts: a message whose id was drawn
// just before another's may commit just after it (or on an instance whose clock is a little behind).
// Clients drop what they already have by id.
const ReplayMargin = 5 * time.Second

// ReadEvent tells that Reader read, at ReadAt, the messages of a conversation sent to them.
type ReadEvent struct {
	ConversationID string    `json:"conversationId"`
	ReaderID       *string   `json:"readerId"`
	ReadAt         time.Time `json:"readAt"`
}

// UnreadEvent is the user's unread direct messages in one community: the badge of a stream of that
// community, and the switcher's count of it on the streams of the user's other communities.
type UnreadEvent struct {
	Count       int    `json:"count"`
	CommunityID string `json:"communityId"`
}

// ChannelEvent tells that the user was added to a channel (the stream now carries its messages) or lost
// access to it (the stream no longer does): the client refetches its channel list.
type ChannelEvent struct {
	ChannelID string `json:"channelId"`
}

// ChangeEvent names what changed in the community: an area (a feature) and, when there is one, the row.
type ChangeEvent struct {
	Area string `json:"area"`
	ID   string `json:"id,omitempty"`
}

// UserTopic is the topic of what concerns the account in every community: a revoked session, and the
// unread count of each membership (UnreadEvent names its community). Every stream of the user carries it.
func UserTopic(userID string) string { return "user:" + userID }

// MemberTopic is the topic of what is addressed to one user in one community (direct messages, their
// read receipts, a channel they were added to): only the streams opened for that community carry it
// (ADR 0040).
func MemberTopic(userID, communityID string) string { return "member:" + communityID + ":" + userID }

// CommunityTopic is the topic of the changes of one community (ChangeEvent).
func CommunityTopic(communityID string) string { return "community:" + communityID }

// ChannelTopic is the topic of a channel's messages.
func ChannelTopic(channelID string) string { return "channel:" + channelID }

// StreamTopics authorizes and returns the topics of a's stream: their own, their community's changes and
// chat, and the private channels they belong to (one query when the stream opens, none per event).
func (s *Service) StreamTopics(ctx context.Context, a *domain.Actor) ([]string, []string, error) {
	c, err := s.CommunityChannel(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	private, err := s.store.ChannelIDs(ctx, a.CommunityID, a.UserID)
	if err != nil {
		return nil, nil, err
	}
	channels := append([]string{c.ID}, private...)
	topics := []string{UserTopic(a.UserID), MemberTopic(a.UserID, a.CommunityID), CommunityTopic(a.CommunityID)}
	for _, id := range channels {
		topics = append(topics, ChannelTopic(id))
	}
	return topics, channels, nil
}

// Replay returns what a missed since lastEventID on the given channels and their conversations, oldest
// first: messages, then read receipts of their own messages. With more than MaxReplay messages it
// returns a single resync event instead. An id that is not ours also asks for a resync.
func (s *Service) Replay(ctx context.Context, a *domain.Actor, channelIDs []string, lastEventID string) ([]*realtime.Event, error) {
	at, ok := idTime(lastEventID)
	if !ok {
		return []*realtime.Event{resync()}, nil
	}
	from := at.Add(-ReplayMargin)
	after := minID(from)
	dms, err := s.store.DirectMessagesAfter(ctx, a.CommunityID, a.UserID, after, s.maxReplay+1)
	if err != nil {
		return nil, err
	}
	cms, err := s.store.ChannelMessagesAfter(ctx, channelIDs, after, s.maxReplay+1)
	if err != nil {
		return nil, err
	}
	if len(dms)+len(cms) > s.maxReplay {
		return []*realtime.Event{resync()}, nil
	}
	out := make([]*realtime.Event, 0, len(dms)+len(cms))
	i, j := 0, 0
	// By rev: a message edited, deleted or reacted to since comes again in its current state.
	for i < len(dms) || j < len(cms) {
		if j == len(cms) || (i < len(dms) && dms[i].Rev < cms[j].Rev) {
			out = append(out, realtime.NewEvent(dms[i].Rev, EventDM, mustJSON(dms[i])))
			i++
		} else {
			out = append(out, realtime.NewEvent(cms[j].Rev, EventChannelMessage, mustJSON(cms[j])))
			j++
		}
	}
	receipts, err := s.store.ReadReceiptsSince(ctx, a.CommunityID, a.UserID, from)
	if err != nil {
		return nil, err
	}
	for _, r := range receipts {
		// No id: a replayed receipt states the current read state; it does not move the client's cursor.
		out = append(out, realtime.NewEvent("", EventDMRead, mustJSON(ReadEvent{ConversationID: r.ConversationID, ReaderID: r.ReaderID, ReadAt: r.ReadAt})))
	}
	return out, nil
}

// Hello is the first live event of every stream: the unread count, with a fresh id so that even a
// stream that has carried nothing else yet can resume from here.
func (s *Service) Hello(ctx context.Context, a *domain.Actor) (*realtime.Event, error) {
	n, err := s.store.UnreadCount(ctx, a.CommunityID, a.UserID)
	if err != nil {
		return nil, err
	}
	return realtime.NewEvent(domain.NewID(), EventUnread, mustJSON(UnreadEvent{Count: n, CommunityID: a.CommunityID})), nil
}

// ChannelChanged is the `channel` event a stream writes when its user lost access to channelID.
func ChannelChanged(channelID string) *realtime.Event {
	return realtime.NewEvent(domain.NewID(), EventChannel, mustJSON(ChannelEvent{ChannelID: channelID}))
}

func resync() *realtime.Event {
	return realtime.NewEvent(domain.NewID(), EventResync, []byte("{}"))
}

// deliver turns a notice into events for this instance's streams. It loads at most one row and one count,
// and only when someone here listens; it runs on the serial queue, after the notice's commit.
func (s *Service) deliver(n domain.Notice) {
	if n.Kind == domain.NoticeChange && n.Scope == domain.AreaUnits {
		s.pages.forgetCommunity(n.Community) // the cached pages show their authors' units
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.publish(ctx, n); err != nil {
		s.log.Error("realtime: deliver", "kind", n.Kind, "id", n.ID, "err", err)
	}
}

func (s *Service) publish(ctx context.Context, n domain.Notice) error {
	b := s.broker
	switch n.Kind {
	case domain.NoticeDM, domain.NoticeDMChanged:
		toSender, toRecipient := n.User != "" && b.HasSubscribers(UserTopic(n.User)), n.Other != "" && b.HasSubscribers(UserTopic(n.Other))
		if !toSender && !toRecipient {
			return nil
		}
		m, err := s.store.DirectMessage(ctx, n.ID)
		if err == nil && m == nil {
			err = errMessageNotFound
		}
		if err != nil {
			return err
		}
		// A changed message goes out whole under its new rev: the client replaces its copy.
		ev := realtime.NewEvent(m.Rev, EventDM, mustJSON(m))
		if toSender {
			b.Publish(MemberTopic(n.User, m.CommunityID), ev)
		}
		if toRecipient {
			b.Publish(MemberTopic(n.Other, m.CommunityID), ev)
			if n.Kind == domain.NoticeDM || m.DeletedAt != nil {
				return s.publishUnread(ctx, m.CommunityID, n.Other)
			}
		}
	case domain.NoticeDMRead:
		ev := realtime.NewEvent(n.ID, EventDMRead, mustJSON(ReadEvent{ConversationID: n.Scope, ReaderID: &n.User,
			ReadAt: time.UnixMilli(n.At).UTC()}))
		if n.Other != "" {
			b.Publish(MemberTopic(n.Other, n.Community), ev)
		}
		b.Publish(MemberTopic(n.User, n.Community), ev)
		if b.HasSubscribers(UserTopic(n.User)) {
			return s.publishUnread(ctx, n.Community, n.User)
		}
	case domain.NoticeChannelMsg, domain.NoticeChannelMsgChanged:
		if !b.HasSubscribers(ChannelTopic(n.Scope)) {
			return nil
		}
		m, err := s.store.ChannelMessage(ctx, n.ID)
		if err == nil && m == nil {
			err = errMessageNotFound
		}
		if err != nil {
			return err
		}
		b.Publish(ChannelTopic(n.Scope), realtime.NewEvent(m.Rev, EventChannelMessage, mustJSON(m)))
	case domain.NoticeRevoked:
		b.Publish(UserTopic(n.User), realtime.NewEvent("", EventRevoked, []byte("{}")))
	case domain.NoticeChange:
		// No id: a change is not replayed; a client that reconnects refetches what it shows.
		b.Publish(CommunityTopic(n.Community), realtime.NewEvent("", EventChange, mustJSON(ChangeEvent{Area: n.Scope, ID: n.Other})))
	case domain.NoticeChannelMember:
		b.Publish(MemberTopic(n.User, n.Community), realtime.NewEvent(n.ID, EventChannel, mustJSON(ChannelEvent{ChannelID: n.Scope})))
	default:
		return fmt.Errorf("unknown notice kind %q", n.Kind)
	}
	return nil
}

func (s *Service) publishUnread(ctx context.Context, communityID, userID string) error {
	n, err := s.store.UnreadCount(ctx, communityID, userID)
	if err != nil {
		return err
	}
	s.broker.Publish(UserTopic(userID), realtime.NewEvent(domain.NewID(), EventUnread, mustJSON(UnreadEvent{Count: n, CommunityID: communityID})))
	return nil
}

// validID reports whether s is a UUID as the ids of Vecinos are (lower-case, canonical form).
func validID(s string) bool {
	u, err := uuid.Parse(s)
	return err == nil && u.String() == s
}

// idTime is the time a UUIDv7 was drawn.
func idTime(s string) (time.Time, bool) {
	u, err := uuid.Parse(s)
	if err != nil || u.Version() != 7 || u.String() != s {
		return time.Time{}, false
	}
	var b [8]byte
	copy(b[2:], u[:6])
	return time.UnixMilli(int64(binary.BigEndian.Uint64(b[:]))), true
}

// minID is an id that sorts before every UUIDv7 drawn at or after t (and after every one drawn before).
func minID(t time.Time) string {
	ms := uint64(max(t.UnixMilli(), 0))
	return fmt.Sprintf("%08x-%04x-0000-0000-000000000000", ms>>16, ms&0xffff)
}
