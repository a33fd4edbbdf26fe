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
    /** Members who said they own a unit, waiting for an admin. */
    ownerClaims: () => ['community', 'owner-claims'] as const,
    /** Members who said they live in a further unit, waiting for an admin. */
    residentClaims: () => ['community', 'resident-claims'] as const,
    /** The units registry (Viviendas y locales), admins only. */
    units: () => ['community', 'units'] as const,
    /** Units members gave by floor and door, waiting for an admin. */
    newUnits: () => ['community', 'new-units'] as const,
    /** The invitations the admins sent. */
    invitations: () => ['community', 'invitations'] as const,
  },
  /** The user's own verification request. */
  myVerification: () => ['verification'] as const,
  /** The user's own unit. */
  myUnit: () => ['unit'] as const,
  /** The user's units: the primary one and their further units (a garage, a second flat). */
  myUnits: () => ['my-units'] as const,
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
    channelMessages: (channelId: string) => ['messages', 'channel-messages', channelId] as const,
    /** The neighbours the chats pick from (the same members as community.members, cached on their own). */
    members: () => ['messages', 'members'] as const,
    /** A conversation partner's directory card ('Ver información'). */
    person: (userId: string) => ['messages', 'person', userId] as const,
  },
}
