import type { components } from '@/lib/api/schema'

type Schemas = components['schemas']

/** A direct conversation as the list and detail return it; `lastMessage` is null before the first message. */
export type Conversation = Omit<Schemas['Conversation'], 'lastMessage'> & { lastMessage: DirectMessage | null }
/** A direct message; `replyTo` is null when it answers none. */
export type DirectMessage = Omit<Schemas['DirectMessage'], 'replyTo'> & { replyTo: Quote | null }
/** A channel (the community chat or a private one); `lastMessage` is null before the first message. */
export type Channel = Omit<Schemas['Channel'], 'lastMessage'> & { lastMessage: ChannelMessage | null }
/** A channel message; `replyTo` is null when it answers none. */
export type ChannelMessage = Omit<Schemas['ChannelMessage'], 'replyTo'> & { replyTo: Quote | null }
/** A file sent in a chat: a picture (with a thumbnail made by the server) or a document. */
export type Attachment = Schemas['Attachment']
/** The message a reply answers. */
export type Quote = Schemas['Quote']
/** A direct conversation or a channel. */
export type ChatKind = 'direct' | 'channel'
/** What both kinds of message have in common. */
export type ChatMessage = DirectMessage | ChannelMessage
