import { appInfoKey, sessionKey } from '@/lib/guest-query-keys'

/**
 * The TanStack Query keys that more than one feature, or src/lib, uses (ADR 0011). A feature never spells
 * a key: it asks this module for these, so a mutation of one feature can invalidate another's cache (every
 * write that changes the dashboard's counters invalidates `dashboard()`) and the realtime client
 * (lib/realtime) can write into the messages caches without importing the messages feature. A key only
 * its own feature uses lives in that feature, in api/query-keys.ts (ADR 0039), and moves here when a second
 * one needs it.
 *
 * A key that others invalidate as a group has an `all` prefix: invalidating `community.all` refreshes
 * the community and everything below it (members, roles, admins, verifications).
 */
export const queryKeys = {
  session: sessionKey,
  /** The account's communities (ADR 0040): the header's switcher and /settings/communities. */
  memberships: () => ['memberships'] as const,
  appInfo: appInfoKey,
  profile: () => ['profile'] as const,
  dashboard: () => ['dashboard'] as const,

  community: {
    /** The community itself (GET /community), and the prefix of everything below. */
    all: ['community'] as const,
    members: () => ['community', 'members'] as const,
    roles: () => ['community', 'roles'] as const,
    admins: () => ['community', 'admins'] as const,
    verificationsAll: ['community', 'verifications'] as const,
    verifications: <S>(status: S) => ['community', 'verifications', status] as const,
    /** Requests to join from people who found the community by searching. */
    joinRequests: () => ['community', 'join-requests'] as const,
    /** The record of admin actions, filtered. */
    audit: <F>(filters: F) => ['community', 'audit', filters] as const,
  },
  /** The user's own verification request. */
  myVerification: () => ['verification'] as const,
  /** The user's own unit (GET /unit): the settings' home and memberships' screens. */
  myUnit: () => ['unit'] as const,
  /**
   * The units (issue #21), rooted at their realtime area, 'units', which the server names after a change of
   * the units, a claim or an invitation: settings' and memberships' keys under it refetch live with it.
   */
  units: {
    all: ['units'] as const,
    /** The admins' list of the community's units (Viviendas y locales). */
    list: () => ['units', 'list'] as const,
  },
  onboardingUnits: (ref: string | undefined) => ['onboarding', 'units', ref] as const,

  incidents: {
    all: ['incidents'] as const,
    list: <F>(filters: F) => ['incidents', 'list', filters] as const,
    detail: (id: string) => ['incidents', 'detail', id] as const,
  },
  events: {
    all: ['events'] as const,
    list: <F>(filters: F) => ['events', 'list', filters] as const,
  },
  announcements: {
    all: ['announcements'] as const,
    listAll: ['announcements', 'list'] as const,
    list: <F>(filters: F) => ['announcements', 'list', filters] as const,
    audiences: () => ['announcements', 'audiences'] as const,
  },
  /** Polls and junta votes (issue #15); the realtime `change` event of area 'voting' refreshes them all. */
  voting: {
    all: ['voting'] as const,
    list: () => ['voting', 'list'] as const,
    record: (id: string) => ['voting', 'record', id] as const,
  },
  /** Juntas de propietarios (issue #38): the live `change` events of area 'juntas' refetch them all. */
  juntas: {
    all: ['juntas'] as const,
    list: () => ['juntas', 'list'] as const,
    next: () => ['juntas', 'next'] as const,
    detail: (id: string) => ['juntas', 'detail', id] as const,
    notices: (id: string) => ['juntas', 'notices', id] as const,
    attendance: (id: string) => ['juntas', 'attendance', id] as const,
    viewers: (id: string) => ['juntas', 'viewers', id] as const,
  },
  /** Facilities and their bookings (issue #13): the live `change` events of area 'reservations' refetch them all. */
  reservations: {
    all: ['reservations'] as const,
    facilities: () => ['reservations', 'facilities'] as const,
    availability: (facilityId: string, month: string) => ['reservations', 'availability', facilityId, month] as const,
    list: <F>(filters: F) => ['reservations', 'list', filters] as const,
    next: () => ['reservations', 'next'] as const,
    timeZone: () => ['reservations', 'time-zone'] as const,
  },
  /** The directory of service providers (/services): rooted at its realtime area, 'providers'. */
  providers: {
    all: ['providers'] as const,
    list: <F>(filters: F) => ['providers', 'list', filters] as const,
    ratings: (id: string) => ['providers', 'ratings', id] as const,
  },
  /** The tasks (/tasks): rooted at their realtime area, 'tasks'. */
  tasks: {
    all: ['tasks'] as const,
    list: <F>(filters: F) => ['tasks', 'list', filters] as const,
    /** The counters and whether the user may manage tasks (also asked by the incidents' 'Crear tarea'). */
    summary: () => ['tasks', 'summary'] as const,
    editors: () => ['tasks', 'editors'] as const,
  },

  /**
   * Messaging. Everything lives under ['messages'] so that a `resync` (or a reconnect after an error) can
   * invalidate it all at once; the realtime client writes into these caches.
   */
  messages: {
    all: ['messages'] as const,
    conversations: () => ['messages', 'conversations'] as const,
    conversation: (id: string) => ['messages', 'conversation', id] as const,
    directMessages: (conversationId: string) => ['messages', 'direct-messages', conversationId] as const,
    unreadCount: () => ['messages', 'unread-count'] as const,
    channels: () => ['messages', 'channels'] as const,
    communityChannel: () => ['messages', 'community-channel'] as const,
    channel: (id: string) => ['messages', 'channel', id] as const,
    /** Under channel(id): inviting to the channel refreshes them too. */
    channelMembers: (id: string) => ['messages', 'channel', id, 'members'] as const,
    channelMessages: (channelId: string) => ['messages', 'channel-messages', channelId] as const,
    /** The neighbours the chats pick from (the same members as community.members, cached on their own). */
    members: () => ['messages', 'members'] as const,
    /** A conversation partner's directory card ('Ver información'). */
    person: (userId: string) => ['messages', 'person', userId] as const,
  },
}
