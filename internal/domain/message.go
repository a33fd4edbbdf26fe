package domain

import "time"

// DeletedUserName is how the author of a message whose account is gone is shown.
const DeletedUserName = "Usuario eliminado"

// CommunityChannelName is the name of the channel every community has.
const CommunityChannelName = "Chat Comunitario"

// ChannelKind tells the community channel (every member) from a private one (invited members only).
type ChannelKind string

const (
	ChannelCommunity ChannelKind = "community"
	ChannelPrivate   ChannelKind = "private"
)

// DirectMessage is one message between the two participants of a conversation. The JSON form is the
// same in the API and on the realtime stream.
type DirectMessage struct {
	ID             string     `json:"id" doc:"UUIDv7: ordering by id is ordering by time"`
	ConversationID string     `json:"conversationId"`
	SenderID       *string    `json:"senderId" doc:"null once the sender's account is deleted"`
	SenderName     string     `json:"senderName" doc:"'Usuario eliminado' once the account is deleted"`
	RecipientID    *string    `json:"recipientId" doc:"null once the recipient's account is deleted"`
	Content        string     `json:"content"`
	ClientID       *string    `json:"clientId" doc:"The idempotency key the sender chose"`
	CreatedAt      time.Time  `json:"createdAt"`
	ReadAt         *time.Time `json:"readAt" doc:"null while unread"`
	CommunityID    string     `json:"-"`
}

// Conversation is a conversation as one of its participants sees it in their list.
type Conversation struct {
	ID            string
	CommunityID   string
	OtherID       *string // nil once the other participant's account is deleted
	OtherName     string
	OtherAvatar   *string
	LastMessage   *DirectMessage
	Unread        int
	CreatedAt     time.Time
	LastMessageAt *time.Time
}

// Channel is the community chat or a private channel.
type Channel struct {
	ID          string
	CommunityID string
	Name        string
	Description *string
	Kind        ChannelKind
	CreatedBy   *string
	CreatedAt   time.Time
	MemberCount int
	LastMessage *ChannelMessage
}

// ChannelMessage is one message in a channel. The JSON form is the same in the API and on the stream.
type ChannelMessage struct {
	ID           string    `json:"id" doc:"UUIDv7: ordering by id is ordering by time"`
	ChannelID    string    `json:"channelId"`
	UserID       *string   `json:"userId" doc:"null once the author's account is deleted"`
	AuthorName   string    `json:"authorName" doc:"'Usuario eliminado' once the account is deleted"`
	AuthorAvatar *string   `json:"authorAvatarUrl"`
	UnitNumber   *string   `json:"unitNumber" doc:"The author's unit; null: the UI shows 'Sin asignar'"`
	Content      string    `json:"content"`
	ClientID     *string   `json:"clientId" doc:"The idempotency key the author chose"`
	CreatedAt    time.Time `json:"createdAt"`
}

// Notice kinds: what changed, carried from the transaction that changed it to every instance.
const (
	NoticeDM            = "dm"              // ID: the message; Scope: conversation; User: sender; Other: recipient
	NoticeDMRead        = "dm_read"         // ID: the receipt; Scope: conversation; User: reader; Other: sender; At
	NoticeChannelMsg    = "channel_message" // ID: the message; Scope: channel
	NoticeChannelMember = "channel_member"  // ID: a fresh event id; Scope: channel; User: the member added
	NoticeRevoked       = "revoked"         // ID: a fresh event id; User: whose sessions or access changed
	NoticeChange        = "change"          // ID: a fresh event id; Community; Scope: the area; Other: the row, if any
)

// Notice is the small message that tells every instance that something changed, after the transaction
// that changed it committed. It carries ids only; each instance loads what it needs once.
type Notice struct {
	Kind      string `json:"k"`
	ID        string `json:"id"`
	Scope     string `json:"s,omitempty"`  // the conversation or channel
	Community string `json:"cm,omitempty"` // the community of Scope
	User      string `json:"u,omitempty"`
	Other     string `json:"o,omitempty"`
	At        int64  `json:"at,omitempty"` // Unix ms
}

// ReadReceipt says that Reader read, at ReadAt, the messages of a conversation sent to them.
type ReadReceipt struct {
	ConversationID string
	ReaderID       *string
	ReadAt         time.Time
}
