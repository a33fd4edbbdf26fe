import { vi } from 'vitest'
import { fakeApi, json, testUser } from '@/test/fake-api'
import type { Member } from '@/lib/members'
import type { Channel, ChannelMessage, Conversation, DirectMessage } from '@/lib/message-types'
import { FakeEventSource } from '@/test/fake-event-source'

/** Ana, signed in, member of community c-1. */
export const ana = { ...testUser, communityId: 'c-1', role: 'user' as const }

export const luis: Member = { id: 'user-2', fullName: 'Luis Pérez', avatarUrl: null, role: 'user' }
export const marta: Member = { id: 'user-3', fullName: 'Marta Admin', avatarUrl: null, role: 'admin' }

/** A message as sent: no reply, files, reactions, edit or deletion; its first revision is its id. */
function noExtras(id: string) {
  return { replyTo: null, attachments: [], reactions: [], editedAt: null, deletedAt: null, rev: id }
}

export function dm(overrides: Partial<DirectMessage> & Pick<DirectMessage, 'id' | 'content'>): DirectMessage {
  return {
    conversationId: 'conv-1',
    senderId: luis.id,
    senderName: luis.fullName,
    recipientId: ana.id,
    clientId: null,
    createdAt: '2026-03-03T10:15:00Z',
    readAt: null,
    ...noExtras(overrides.id),
    ...overrides,
  }
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv-1',
    other: { id: luis.id, fullName: luis.fullName, avatarUrl: null },
    lastMessage: null,
    unread: 0,
    lastMessageAt: null,
    createdAt: '2026-03-01T09:00:00Z',
    mutedUntil: null,
    ...overrides,
  }
}

export const communityChannel: Channel = {
  id: 'ch-community',
  name: 'Chat Comunitario',
  description: null,
  kind: 'community',
  memberCount: 3,
  lastMessage: null,
  createdBy: null,
  createdAt: '2026-03-01T09:00:00Z',
  mutedUntil: null,
}

export function channelMessage(overrides: Partial<ChannelMessage> & Pick<ChannelMessage, 'id' | 'content'>): ChannelMessage {
  return {
    channelId: communityChannel.id,
    userId: luis.id,
    authorName: luis.fullName,
    authorAvatarUrl: null,
    unitNumber: '3B',
    clientId: null,
    createdAt: '2026-03-03T10:15:00Z',
    ...noExtras(overrides.id),
    ...overrides,
  }
}

/**
 * Signs Ana in with a community, fakes what the app layout and the messages screens load (an empty
 * inbox unless a test answers otherwise), and replaces EventSource with the fake.
 */
export function setUpMessaging() {
  FakeEventSource.instances = []
  vi.stubGlobal('EventSource', FakeEventSource)
  fakeApi
    .signIn(ana)
    .on('GET /api/v1/profile', () => json({ id: ana.id, fullName: ana.fullName, email: ana.email, avatarUrl: null }))
    .on('GET /api/v1/messages/unread-count', () => json({ count: 0 }))
    .on('GET /api/v1/conversations', () => json([]))
    .on('GET /api/v1/channels', () => json([communityChannel]))
    .on('GET /api/v1/channels/community', () => json(communityChannel))
    .on('GET /api/v1/community/members', () => json([{ ...ana, avatarUrl: null, role: 'user' }, luis, marta]))
}
