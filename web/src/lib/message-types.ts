import type { components } from '@/lib/api/schema'

type Schemas = components['schemas']

/** A direct conversation as the list and detail return it; `lastMessage` is null before the first message. */
export type Conversation = Omit<Schemas['Conversation'], 'lastMessage'> & { lastMessage: DirectMessage | null }
export type DirectMessage = Schemas['DirectMessage']
/** A channel (the community chat or a private one); `lastMessage` is null before the first message. */
export type Channel = Omit<Schemas['Channel'], 'lastMessage'> & { lastMessage: ChannelMessage | null }
export type ChannelMessage = Schemas['ChannelMessage']
