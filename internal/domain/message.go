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
	MessageExtras
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
	MutedUntil    *time.Time // nil: not muted
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
	MutedUntil  *time.Time // the reader's mute; nil: not muted
}

// ChannelMember is one member of a channel as its 'Ver información' lists them: everyone of the community
// in the community chat, those invited (and not gone) in a private channel.
type ChannelMember struct {
	ID         string  `json:"id"`
	FullName   string  `json:"fullName"`
	AvatarURL  *string `json:"avatarUrl"`
	Role       Role    `json:"role" enum:"admin,moderator,user" doc:"Their role in the community"`
	UnitNumber *string `json:"unitNumber" doc:"The unit they live in, else one they own; null: 'Sin asignar'"`
	Creator    bool    `json:"creator" doc:"They created the (private) channel"`
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
	MessageExtras
}

// MessageExtras is what a chat message carries besides its text: the same for direct and channel
// messages.
type MessageExtras struct {
	ReplyTo     *Quote            `json:"replyTo" doc:"The message this one answers, null when none"`
	Attachments []Attachment      `json:"attachments"`
	Reactions   []MessageReaction `json:"reactions" doc:"One entry per emoji used, with who used it"`
	EditedAt    *time.Time        `json:"editedAt" doc:"Set when the author edited it ('editado')"`
	DeletedAt   *time.Time        `json:"deletedAt" doc:"Set once deleted: the content and attachments are gone ('Mensaje eliminado')"`
	Rev         string            `json:"rev" doc:"A UUIDv7 drawn at every change of the message; the newest rev wins"`

	// What a new message asks for, checked by the store in the transaction that writes it.
	ReplyToID     string   `json:"-"`
	AttachmentIDs []string `json:"-"`
	SearchText    string   `json:"-"`

	// What the store read with the message: whether it has attachments or reactions to load, so that a
	// page of messages without any (nearly every page) costs no further query.
	HasFiles, HasReactions bool `json:"-"`
}

// Quote is the message a reply answers, as the reply shows it.
type Quote struct {
	ID         string `json:"id"`
	AuthorName string `json:"authorName"`
	Content    string `json:"content" doc:"The start of its text; empty once deleted"`
	Deleted    bool   `json:"deleted"`
	HasFiles   bool   `json:"hasFiles" doc:"It carries attachments"`

	AuthorID *string `json:"-"` // nil once their account is gone; a channel's cached page is forgotten by it
}

// MessageReaction is one emoji on a message and who put it there.
type MessageReaction struct {
	Emoji   string   `json:"emoji"`
	UserIDs []string `json:"userIds"`
}

// ChatReactions are the emojis a chat message may get (one per person and message, as announcements).
var ChatReactions = []string{"👍", "❤️", "😂", "😮", "😢", "🙏"}

// ChatKind tells the two kinds of chat apart: a direct conversation or a channel.
type ChatKind string

const (
	ChatDirect  ChatKind = "direct"
	ChatChannel ChatKind = "channel"
)

// AttachmentKind says how a chat shows a file.
type AttachmentKind string

const (
	AttachmentImage    AttachmentKind = "image"
	AttachmentDocument AttachmentKind = "document"
)

// Attachment is a file sent in a chat; only the chat's participants or members may fetch it.
type Attachment struct {
	ID           string         `json:"id"`
	Kind         AttachmentKind `json:"kind" enum:"image,document"`
	Name         string         `json:"name"`
	ContentType  string         `json:"contentType"`
	Size         int64          `json:"size"`
	Width        *int           `json:"width,omitempty"`
	Height       *int           `json:"height,omitempty"`
	URL          string         `json:"url" doc:"The file, for its chat's participants only"`
	ThumbnailURL *string        `json:"thumbnailUrl" doc:"A small JPEG made by the server, for images"`

	CommunityID string    `json:"-"`
	ChatKind    ChatKind  `json:"-"`
	ScopeID     string    `json:"-"` // the conversation or channel
	MessageID   *string   `json:"-"` // nil while not sent yet
	UploaderID  *string   `json:"-"`
	Key         string    `json:"-"`
	ThumbKey    *string   `json:"-"`
	CreatedAt   time.Time `json:"-"`
}

// ChatMessage is a message of either kind as the rules about changing it need it.
type ChatMessage struct {
	ID        string
	Kind      ChatKind
	ScopeID   string
	AuthorID  *string
	Content   string
	CreatedAt time.Time
	EditedAt  *time.Time
	DeletedAt *time.Time
	Files     int // attachments it carries
}

// ChatRemoval records an admin's removal of a community-chat message.
type ChatRemoval struct {
	ID          string
	CommunityID string
	ChannelID   string
	MessageID   string
	AuthorID    *string
	RemovedBy   string
	Reason      string
	RemovedAt   time.Time
}

// SearchHit is a message of a chat that matches a search.
type SearchHit struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"createdAt"`
	Content   string    `json:"content"`
}

// Notice kinds: what changed, carried from the transaction that changed it to every instance.
const (
	NoticeDM                = "dm"                      // ID: the message; Scope: conversation; User: sender; Other: recipient
	NoticeDMRead            = "dm_read"                 // ID: the receipt; Scope: conversation; User: reader; Other: sender; At
	NoticeChannelMsg        = "channel_message"         // ID: the message; Scope: channel
	NoticeChannelMember     = "channel_member"          // ID: a fresh event id; Scope: channel; User: the member added
	NoticeRevoked           = "revoked"                 // ID: a fresh event id; User: whose sessions or access changed
	NoticeChange            = "change"                  // ID: a fresh event id; Community; Scope: the area; Other: the row, if any
	NoticeDMChanged         = "dm_changed"              // ID: the message (edited, deleted, reacted to); Scope, User, Other as NoticeDM
	NoticeChannelMsgChanged = "channel_message_changed" // ID: the message; Scope: channel
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
