package httpapi

import (
	"context"
	"strconv"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/messages"
)

// Channel is the community chat or a private channel the caller belongs to.
type Channel struct {
	ID          string                 `json:"id"`
	Name        string                 `json:"name" doc:"'Chat Comunitario' for the community channel"`
	Description *string                `json:"description"`
	Kind        string                 `json:"kind" enum:"community,private"`
	MemberCount int                    `json:"memberCount" doc:"Community channel: the community's members"`
	LastMessage *domain.ChannelMessage `json:"lastMessage" doc:"null before the first message"`
	CreatedBy   *string                `json:"createdBy" doc:"null for the community channel"`
	CreatedAt   time.Time              `json:"createdAt"`
	MutedUntil  *time.Time             `json:"mutedUntil" doc:"The caller silenced it until then (year 9999: always); null when not muted"`
}

func channelOf(c *domain.Channel) Channel {
	return Channel{ID: c.ID, Name: c.Name, Description: c.Description, Kind: string(c.Kind), MemberCount: c.MemberCount,
		LastMessage: c.LastMessage, CreatedBy: c.CreatedBy, CreatedAt: c.CreatedAt, MutedUntil: c.MutedUntil}
}

type channelsOutput struct{ Body []Channel }

type channelOutput struct{ Body Channel }

type channelPathInput struct {
	ID string `path:"id" maxLength:"64"`
}

type createChannelInput struct {
	Body struct {
		Name        string   `json:"name" maxLength:"80" doc:"Not blank"`
		Description string   `json:"description,omitempty" maxLength:"500"`
		MemberIDs   []string `json:"memberIds,omitempty" maxItems:"500" doc:"Neighbours of the caller's community; the caller is always a member"`
	}
}

type addMembersInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		UserIDs []string `json:"userIds" minItems:"1" maxItems:"500" doc:"Neighbours of the caller's community"`
	}
}

type addMembersOutput struct {
	Body struct {
		Added []string `json:"added" doc:"Those who were not members yet"`
	}
}

type listChannelMessagesInput struct {
	ID     string `path:"id" maxLength:"64"`
	Before string `query:"before" maxLength:"64" doc:"Only messages older than this message id (the previous page)"`
	Limit  int    `query:"limit" minimum:"1" maximum:"200" default:"50"`
}

type channelMessageOutput struct {
	Status int
	Body   *domain.ChannelMessage
}

func (s *server) listChannels(ctx context.Context, _ *struct{}) (*channelsOutput, error) {
	a := actor(ctx)
	cs, err := s.Messages.Channels(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &channelsOutput{Body: make([]Channel, len(cs))}
	for i := range cs {
		out.Body[i] = channelOf(&cs[i])
	}
	return out, nil
}

func (s *server) createChannel(ctx context.Context, in *createChannelInput) (*channelOutput, error) {
	a := actor(ctx)
	c, err := s.Messages.CreateChannel(ctx, a, messages.ChannelInput{Name: in.Body.Name, Description: in.Body.Description, MemberIDs: in.Body.MemberIDs})
	if err != nil {
		return nil, err
	}
	return s.channelWithCounts(ctx, a, c.ID)
}

// channelWithCounts returns a channel as the list shows it (member count, last message).
func (s *server) channelWithCounts(ctx context.Context, a *domain.Actor, id string) (*channelOutput, error) {
	cs, err := s.Messages.Channels(ctx, a)
	if err != nil {
		return nil, err
	}
	for i := range cs {
		if cs[i].ID == id {
			return &channelOutput{Body: channelOf(&cs[i])}, nil
		}
	}
	return nil, domain.Errorf(domain.CodeNotFound, "El canal no existe")
}

func (s *server) communityChannel(ctx context.Context, _ *struct{}) (*channelOutput, error) {
	a := actor(ctx)
	c, err := s.Messages.CommunityChannel(ctx, a)
	if err != nil {
		return nil, err
	}
	return s.channelWithCounts(ctx, a, c.ID)
}

func (s *server) getChannel(ctx context.Context, in *channelPathInput) (*channelOutput, error) {
	a := actor(ctx)
	c, err := s.Messages.Channel(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return s.channelWithCounts(ctx, a, c.ID)
}

func (s *server) addChannelMembers(ctx context.Context, in *addMembersInput) (*addMembersOutput, error) {
	a := actor(ctx)
	added, err := s.Messages.AddMembers(ctx, a, in.ID, in.Body.UserIDs)
	if err != nil {
		return nil, err
	}
	out := &addMembersOutput{}
	out.Body.Added = append([]string{}, added...)
	return out, nil
}

type channelMembersOutput struct{ Body []domain.ChannelMember }

func (s *server) listChannelMembers(ctx context.Context, in *channelPathInput) (*channelMembersOutput, error) {
	a := actor(ctx)
	ms, err := s.Messages.ChannelMembers(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &channelMembersOutput{Body: ms}, nil
}

// listChannelMessages writes the page by hand (appendChannelMessages): the chat's page is a resident's
// most read answer after the dashboard, and reflection was a sixth of its CPU (ADR 0045). A channel's
// latest page comes from the service's cache with each message encoded once for all its readers
// (ChannelPage.Rendered), and is only copied into the answer's pooled buffer.
func (s *server) listChannelMessages(ctx context.Context, in *listChannelMessagesInput) (*pooledJSON, error) {
	a := actor(ctx)
	page, err := s.Messages.ChannelMessages(ctx, a, in.ID, in.Before, in.Limit)
	if err != nil {
		return nil, err
	}
	if rendered := page.Rendered(appendChannelMessage); rendered != nil {
		return pooledAnswer(func(b []byte) []byte {
			return append(appendJSONArray(b, rendered, func(m *[]byte, b []byte) []byte { return append(b, *m...) }), '\n')
		}), nil
	}
	return pooledAnswer(func(b []byte) []byte { return appendChannelMessages(b, page.Messages) }), nil
}

// appendChannelMessages writes ms as huma's encoder does (TestChannelMessagesEncodeAsReflection), with
// its final newline. Attachments, rare, go through encoding/json.
func appendChannelMessages(b []byte, ms []domain.ChannelMessage) []byte {
	return append(appendJSONArray(b, ms, appendChannelMessage), '\n')
}

func appendChannelMessage(m *domain.ChannelMessage, b []byte) []byte {
	b = appendJSONText(append(b, `{"id":`...), m.ID)
	b = appendJSONText(append(b, `,"channelId":`...), m.ChannelID)
	b = appendJSONStringPtr(append(b, `,"userId":`...), m.UserID)
	b = appendJSONText(append(b, `,"authorName":`...), m.AuthorName)
	b = appendJSONStringPtr(append(b, `,"authorAvatarUrl":`...), m.AuthorAvatar)
	b = appendJSONStringPtr(append(b, `,"unitNumber":`...), m.UnitNumber)
	b = appendJSONText(append(b, `,"content":`...), m.Content)
	b = appendJSONStringPtr(append(b, `,"clientId":`...), m.ClientID)
	b = appendJSONTime(append(b, `,"createdAt":`...), m.CreatedAt)
	b = append(b, `,"replyTo":`...)
	if q := m.ReplyTo; q == nil {
		b = append(b, "null"...)
	} else {
		b = appendJSONText(append(b, `{"id":`...), q.ID)
		b = appendJSONText(append(b, `,"authorName":`...), q.AuthorName)
		b = appendJSONText(append(b, `,"content":`...), q.Content)
		b = strconv.AppendBool(append(b, `,"deleted":`...), q.Deleted)
		b = append(strconv.AppendBool(append(b, `,"hasFiles":`...), q.HasFiles), '}')
	}
	if m.Attachments != nil && len(m.Attachments) == 0 {
		b = append(b, `,"attachments":[]`...)
	} else {
		b = appendJSONValue(append(b, `,"attachments":`...), m.Attachments)
	}
	b = appendJSONArray(append(b, `,"reactions":`...), m.Reactions, func(r *domain.MessageReaction, b []byte) []byte {
		b = appendJSONText(append(b, `{"emoji":`...), r.Emoji)
		return append(appendJSONArray(append(b, `,"userIds":`...), r.UserIDs, func(id *string, b []byte) []byte {
			return appendJSONText(b, *id)
		}), '}')
	})
	b = appendJSONTimePtr(append(b, `,"editedAt":`...), m.EditedAt)
	b = appendJSONTimePtr(append(b, `,"deletedAt":`...), m.DeletedAt)
	return append(appendJSONText(append(b, `,"rev":`...), m.Rev), '}')
}

func (s *server) postChannelMessage(ctx context.Context, in *sendInput) (*channelMessageOutput, error) {
	a := actor(ctx)
	m, created, err := s.Messages.PostChannel(ctx, a, in.ID, in.outgoing())
	if err != nil {
		return nil, err
	}
	return &channelMessageOutput{Status: createdOrOK(created), Body: m}, nil
}
