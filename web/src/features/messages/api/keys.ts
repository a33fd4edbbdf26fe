/**
 * Query keys of messaging. Everything lives under ['messages'] so that a `resync` (or a reconnect after an
 * error) can invalidate it all at once; the realtime client (lib/realtime) writes into these caches.
 */
export const messagesKeys = {
  all: ['messages'] as const,
  conversations: () => ['messages', 'conversations'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  directMessages: (conversationId: string) => ['messages', 'direct-messages', conversationId] as const,
  unreadCount: () => ['messages', 'unread-count'] as const,
  channels: () => ['messages', 'channels'] as const,
  communityChannel: () => ['messages', 'community-channel'] as const,
  channel: (id: string) => ['messages', 'channel', id] as const,
  channelMessages: (channelId: string) => ['messages', 'channel-messages', channelId] as const,
  members: () => ['messages', 'members'] as const,
}
