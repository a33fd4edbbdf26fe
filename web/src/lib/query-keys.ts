/**
 * Every TanStack Query key of the app, in one place (ADR 0011). A feature never spells a key: it asks
 * this module, so a mutation of one feature can invalidate another's cache (every write that changes
 * the dashboard's counters invalidates `dashboard()`) and the realtime client (lib/realtime) can write
 * into the messaging caches without importing the messages feature.
 *
 * A key that others invalidate as a group has an `all` prefix: invalidating `community.all` refreshes
 * the community and everything below it (members, roles, admins, verifications).
 */
export const queryKeys = {
  session: () => ['session'] as const,
  appInfo: () => ['app-info'] as const,
  profile: () => ['profile'] as const,
  /** My acceptance of the terms and the privacy policy (GET /account/consent). */
  consent: () => ['consent'] as const,
  /** My web push settings: the server's key, the kinds on, my devices (issue #17). */
  push: () => ['push'] as const,
  resetLink: (token: string) => ['reset-link', token] as const,
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
  /**
   * The units registry and what hangs on it (issue #21): the admins' screens and the member's own units.
   * Rooted at ['registry'], the realtime area the server names after a registry, claim or invitation
   * change, so those refetch live without refetching the community and its members.
   */
  registry: {
    all: ['registry'] as const,
    /** The units registry (Viviendas y locales), admins only. */
    units: () => ['registry', 'units'] as const,
    /** Units members gave by floor and door, waiting for an admin. */
    newUnits: () => ['registry', 'new-units'] as const,
    /** Members who said they own a unit, waiting for an admin. */
    ownerClaims: () => ['registry', 'owner-claims'] as const,
    /** Members who said they live in a further unit, waiting for an admin. */
    residentClaims: () => ['registry', 'resident-claims'] as const,
    /** The invitations the admins sent. */
    invitations: () => ['registry', 'invitations'] as const,
    /** The user's units: the primary one and their further units (a garage, a second flat). */
    mine: () => ['registry', 'my-units'] as const,
  },
  /** The user's own verification request. */
  myVerification: () => ['verification'] as const,
  /** The user's own unit. */
  myUnit: () => ['unit'] as const,
  onboardingUnits: (ref: string | undefined) => ['onboarding', 'units', ref] as const,
  /** The user's own request to join a community they found by searching. */
  joinRequest: () => ['onboarding', 'join-request'] as const,
  /** The unit of the user's invitation (or letter), preselected in /choose-unit. */
  invitedUnit: () => ['onboarding', 'invited-unit'] as const,

  incidents: {
    all: ['incidents'] as const,
    list: <F>(filters: F) => ['incidents', 'list', filters] as const,
    detail: (id: string) => ['incidents', 'detail', id] as const,
  },
  events: {
    all: ['events'] as const,
    list: <F>(filters: F) => ['events', 'list', filters] as const,
  },
  calendarFeedUrl: () => ['calendar', 'feed-url'] as const,
  announcements: {
    all: ['announcements'] as const,
    listAll: ['announcements', 'list'] as const,
    list: <F>(filters: F) => ['announcements', 'list', filters] as const,
    audiences: () => ['announcements', 'audiences'] as const,
  },
  directory: <F>(filters: F) => ['directory', filters] as const,
  /** Polls and junta votes (issue #15); the realtime `change` event of area 'voting' refreshes them all. */
  voting: {
    all: ['voting'] as const,
    list: () => ['voting', 'list'] as const,
    record: (id: string) => ['voting', 'record', id] as const,
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
  /** The community's documents: the live `change` event of area 'documents' refreshes all of it. */
  documents: {
    all: ['documents'] as const,
    list: <F>(filters: F) => ['documents', 'list', filters] as const,
    highlights: () => ['documents', 'highlights'] as const,
    categories: () => ['documents', 'categories'] as const,
    detail: (id: string) => ['documents', 'detail', id] as const,
    emails: () => ['documents', 'email-notices'] as const,
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
  /** The community wall (/wall): rooted at its realtime area, 'wall'. */
  wall: {
    all: ['wall'] as const,
    posts: () => ['wall', 'posts'] as const,
    comments: (postId: string) => ['wall', 'comments', postId] as const,
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
