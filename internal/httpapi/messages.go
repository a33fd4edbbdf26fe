package httpapi

import (
	"context"
	"net/http"
	"time"

	"vecinos/internal/domain"
	"vecinos/internal/messages"
)

// ConversationPerson is the other participant of a conversation.
type ConversationPerson struct {
	ID        *string `json:"id" doc:"null once their account is deleted"`
	FullName  string  `json:"fullName" doc:"'Usuario eliminado' once their account is deleted"`
	AvatarURL *string `json:"avatarUrl"`
}

// Conversation is one row of the caller's conversation list.
type Conversation struct {
	ID            string                `json:"id"`
	Other         ConversationPerson    `json:"other"`
	LastMessage   *domain.DirectMessage `json:"lastMessage" doc:"null before the first message"`
	Unread        int                   `json:"unread" doc:"Messages to the caller they have not read"`
	LastMessageAt *time.Time            `json:"lastMessageAt"`
	CreatedAt     time.Time             `json:"createdAt"`
	MutedUntil    *time.Time            `json:"mutedUntil" doc:"The caller silenced it until then (year 9999: always); null when not muted"`
}

func conversationOf(c *domain.Conversation) Conversation {
	return Conversation{ID: c.ID, Other: ConversationPerson{ID: c.OtherID, FullName: c.OtherName, AvatarURL: c.OtherAvatar},
		LastMessage: c.LastMessage, Unread: c.Unread, LastMessageAt: c.LastMessageAt, CreatedAt: c.CreatedAt, MutedUntil: c.MutedUntil}
}

type conversationsOutput struct{ Body []Conversation }

type conversationOutput struct{ Body Conversation }

type startConversationInput struct {
	Body struct {
		UserID string `json:"userId" maxLength:"64" doc:"A neighbour of the caller's community"`
	}
}

type conversationIDOutput struct {
	Body struct {
		ID string `json:"id"`
	}
}

type conversationPathInput struct {
	ID string `path:"id" maxLength:"64"`
}

type listDirectMessagesInput struct {
	ID     string `path:"id" maxLength:"64"`
	Before string `query:"before" maxLength:"64" doc:"Only messages older than this message id (the previous page)"`
	Limit  int    `query:"limit" minimum:"1" maximum:"200" default:"50"`
}

type directMessagesOutput struct{ Body []domain.DirectMessage }

type sendInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Content       string   `json:"content,omitempty" maxLength:"20000" doc:"May be empty when the message carries attachments"`
		ClientID      string   `json:"clientId,omitempty" maxLength:"100" doc:"Chosen by the client (e.g. a UUID) for each message: a retry with the same id returns the first message (200) instead of sending it again"`
		ReplyTo       string   `json:"replyTo,omitempty" maxLength:"64" doc:"The message of this chat it answers"`
		AttachmentIDs []string `json:"attachmentIds,omitempty" maxItems:"10" doc:"Files uploaded to this chat by the caller and not sent yet"`
	}
}

func (in *sendInput) outgoing() messages.Outgoing {
	return messages.Outgoing{Content: in.Body.Content, ClientID: in.Body.ClientID, ReplyTo: in.Body.ReplyTo, AttachmentIDs: in.Body.AttachmentIDs}
}

type directMessageOutput struct {
	Status int
	Body   *domain.DirectMessage
}

type markReadOutput struct {
	Body struct {
		Marked int64 `json:"marked" doc:"How many messages were marked read"`
	}
}

type unreadOutput struct {
	Body struct {
		Count int `json:"count"`
	}
}

func (s *server) listConversations(ctx context.Context, _ *struct{}) (*conversationsOutput, error) {
	a := actor(ctx)
	cs, err := s.Messages.Conversations(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &conversationsOutput{Body: make([]Conversation, len(cs))}
	for i := range cs {
		out.Body[i] = conversationOf(&cs[i])
	}
	return out, nil
}

func (s *server) startConversation(ctx context.Context, in *startConversationInput) (*conversationIDOutput, error) {
	a := actor(ctx)
	id, err := s.Messages.StartConversation(ctx, a, in.Body.UserID)
	if err != nil {
		return nil, err
	}
	out := &conversationIDOutput{}
	out.Body.ID = id
	return out, nil
}

func (s *server) getConversation(ctx context.Context, in *conversationPathInput) (*conversationOutput, error) {
	a := actor(ctx)
	c, err := s.Messages.Conversation(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	return &conversationOutput{Body: conversationOf(c)}, nil
}

func (s *server) listDirectMessages(ctx context.Context, in *listDirectMessagesInput) (*directMessagesOutput, error) {
	a := actor(ctx)
	ms, err := s.Messages.DirectMessages(ctx, a, in.ID, in.Before, in.Limit)
	if err != nil {
		return nil, err
	}
	return &directMessagesOutput{Body: ms}, nil
}

func (s *server) sendDirectMessage(ctx context.Context, in *sendInput) (*directMessageOutput, error) {
	a := actor(ctx)
	m, created, err := s.Messages.SendDirect(ctx, a, in.ID, in.outgoing())
	if err != nil {
		return nil, err
	}
	return &directMessageOutput{Status: createdOrOK(created), Body: m}, nil
}

func createdOrOK(created bool) int {
	if created {
		return http.StatusCreated
	}
	return http.StatusOK
}

func (s *server) markConversationRead(ctx context.Context, in *conversationPathInput) (*markReadOutput, error) {
	a := actor(ctx)
	n, err := s.Messages.MarkRead(ctx, a, in.ID)
	if err != nil {
		return nil, err
	}
	out := &markReadOutput{}
	out.Body.Marked = n
	return out, nil
}

func (s *server) unreadCount(ctx context.Context, _ *struct{}) (*unreadOutput, error) {
	a := actor(ctx)
	n, err := s.Messages.UnreadCount(ctx, a)
	if err != nil {
		return nil, err
	}
	out := &unreadOutput{}
	out.Body.Count = n
	return out, nil
}
