import type { QueryClient } from '@tanstack/react-query'
import { mergeById } from '@/lib/merge-by-id'
import type { Channel, ChannelMessage, DirectMessage } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'
import { api } from '@/lib/api/client'
import { clearSession } from '@/lib/session'

/** Areas whose changes another screen shows too: a wall post carries its consulta's votes. */
const alsoShownIn: Record<string, string[] | undefined> = { voting: ['wall', 'juntas'] }

/**
 * The app's realtime client (ADR 0006): one EventSource per tab on GET /api/v1/stream, whose events
 * update the TanStack Query caches of messages in place. Nothing polls.
 */

export const STREAM_URL = '/api/v1/stream'

/** The server's last word on a stream whose session or access ended (sign-out elsewhere, new password…). */
export const REVOKED_EVENT = 'revoked'

/** The events of the stream and their data (the same JSON as the API). */
export interface RealtimeEvents {
  dm: DirectMessage
  dm_read: { conversationId: string; readerId: string; readAt: string }
  channel_message: ChannelMessage
  /** The unread direct messages of one community: this stream's badge, or another membership's switcher count. */
  unread: { count: number; communityId?: string }
  channel: { channelId: string }
  resync: Record<string, never>
  /** Something of the community changed: `area` is the root of that feature's query keys (e.g. 'reservations'). */
  change: { area: string; id?: string }
}

export type RealtimeEventType = keyof RealtimeEvents

export const REALTIME_EVENT_TYPES: readonly RealtimeEventType[] = [
  'dm',
  'dm_read',
  'channel_message',
  'unread',
  'channel',
  'resync',
  'change',
]

/** Applies one event of the stream to the caches. */
export function applyRealtimeEvent<T extends RealtimeEventType>(
  queryClient: QueryClient,
  type: T,
  data: RealtimeEvents[T],
  communityId?: string,
): void {
  // The switch narrows `type` but not `data`: each case reads the data it knows it got.
  const event = { type, data } as { [K in RealtimeEventType]: { type: K; data: RealtimeEvents[K] } }[RealtimeEventType]
  switch (event.type) {
    case 'dm': {
      const message = event.data
      queryClient.setQueryData<DirectMessage[]>(queryKeys.messages.directMessages(message.conversationId), (old) =>
        mergeById(old, [message]),
      )
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() })
      return
    }
    case 'dm_read': {
      const { conversationId, readerId, readAt } = event.data
      const readTime = Date.parse(readAt)
      queryClient.setQueryData<DirectMessage[]>(queryKeys.messages.directMessages(conversationId), (old) => {
        if (!old) return old
        const next = old.map((m) =>
          m.readAt !== null || m.senderId === readerId || Date.parse(m.createdAt) > readTime ? m : { ...m, readAt },
        )
        return next.some((m, i) => m !== old[i]) ? next : old
      })
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() })
      return
    }
    case 'channel_message': {
      const message = event.data
      queryClient.setQueryData<ChannelMessage[]>(queryKeys.messages.channelMessages(message.channelId), (old) =>
        mergeById(old, [message]),
      )
      queryClient.setQueryData<Channel[]>(queryKeys.messages.channels(), (old) =>
        old?.map((c) =>
          c.id === message.channelId && (c.lastMessage === null || c.lastMessage.id < message.id)
            ? { ...c, lastMessage: message }
            : c,
        ),
      )
      return
    }
    case 'unread':
      // Every stream of the account hears each membership's count (ADR 0040): the badge is this one's.
      if (!event.data.communityId || !communityId || event.data.communityId === communityId) {
        queryClient.setQueryData(queryKeys.messages.unreadCount(), event.data.count)
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.memberships() }) // the switcher's counts
      return
    case 'channel':
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.channels() })
      return
    case 'resync':
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all })
      return
    case 'change':
      // The event names the area only: the screens that show it refetch through the API, with the reader's rights.
      for (const area of [event.data.area, ...(alsoShownIn[event.data.area] ?? [])]) {
        void queryClient.invalidateQueries({ queryKey: [area] })
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() })
      return
  }
}

export interface RealtimeConnection {
  close(): void
}

/** A stream the server refused (401/403) or could not serve is retried after this long, doubling. */
const FIRST_RETRY_MS = 3_000
const MAX_RETRY_MS = 60_000

/**
 * Opens the stream and keeps it open until close(). EventSource reconnects by itself after a dropped
 * connection, sending Last-Event-ID so the server replays what was missed; when it gives up (an HTTP error
 * answer) a new one is opened later with ?lastEventId=. After any error every query is invalidated once the
 * stream is back (only those on screen refetch): `change` events are not replayed, and something may have
 * fallen between the cracks.
 *
 * A refused stream, or one the server ended with `revoked`, first asks GET /api/v1/me who is signed in: a
 * 401 forgets the session (the gate sends the user to /login) and the stream is not opened again.
 */
export function connectRealtime(queryClient: QueryClient, communityId?: string): RealtimeConnection {
  let source: EventSource | null = null
  let lastEventId = ''
  let hadError = false
  let closed = false
  let retryMs = FIRST_RETRY_MS
  let retryTimer: ReturnType<typeof setTimeout> | undefined

  const retryLater = () => {
    if (closed) return
    retryTimer = setTimeout(open, retryMs)
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
  }

  // Only a 401 stops the stream for good; anything else (the network, a 5xx) is retried later.
  const reopenIfSignedIn = async () => {
    let status = 0
    try {
      status = (await api.GET('/api/v1/me')).response.status
    } catch {
      // offline: try again later
    }
    if (closed) return
    if (status === 401) {
      closed = true
      clearSession(queryClient)
      return
    }
    retryLater()
  }

  const open = () => {
    // An EventSource cannot set headers: the stream names the tab's community in its address (ADR 0040).
    const query = new URLSearchParams()
    if (communityId) query.set('community', communityId)
    if (lastEventId !== '') query.set('lastEventId', lastEventId)
    const search = query.toString()
    const url = search === '' ? STREAM_URL : `${STREAM_URL}?${search}`
    const es = new EventSource(url)
    source = es
    es.onopen = () => {
      retryMs = FIRST_RETRY_MS
      if (hadError) {
        hadError = false
        void queryClient.invalidateQueries()
      }
    }
    es.onerror = () => {
      hadError = true
      // CONNECTING: the browser is reconnecting by itself. CLOSED: it gave up, so we try again later.
      if (es.readyState !== 2 || closed) return
      es.close()
      void reopenIfSignedIn()
    }
    es.addEventListener(REVOKED_EVENT, () => {
      hadError = true
      es.close()
      void reopenIfSignedIn()
    })
    for (const type of REALTIME_EVENT_TYPES) {
      es.addEventListener(type, (event: MessageEvent<string>) => {
        if (event.lastEventId !== '') lastEventId = event.lastEventId
        let data: unknown
        try {
          data = JSON.parse(event.data)
        } catch {
          return
        }
        applyRealtimeEvent(queryClient, type, data as RealtimeEvents[typeof type], communityId)
      })
    }
  }

  open()
  return {
    close() {
      closed = true
      clearTimeout(retryTimer)
      source?.close()
    },
  }
}
