import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, testUser } from '@/test/fake-api'
import { connectRealtime, REVOKED_EVENT } from './realtime'
import { queryKeys } from './query-keys'

/** The stream the client opened first. */
function firstStream(): FakeEventSource {
  const first = FakeEventSource.opened[0]
  if (!first) throw new Error('no stream opened')
  return first
}

/** A stand-in for the browser's EventSource: the test plays the server's side. */
class FakeEventSource {
  static opened: FakeEventSource[] = []
  readyState = 0
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()

  readonly url: string

  constructor(url: string) {
    this.url = url
    FakeEventSource.opened.push(this)
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }

  close() {
    this.readyState = 2
  }

  emit(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }))
  }

  /** The server answered the (re)connection with an HTTP error: the browser gives up. */
  refuse() {
    this.readyState = 2
    this.onerror?.()
  }
}

describe('connectRealtime', () => {
  let queryClient: QueryClient

  beforeEach(() => {
    vi.useFakeTimers()
    FakeEventSource.opened = []
    vi.stubGlobal('EventSource', FakeEventSource)
    queryClient = new QueryClient()
    queryClient.setQueryData(queryKeys.session(), testUser)
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('stops and forgets the session when the server revokes the stream of a signed-out user', async () => {
    fakeApi.signIn(null) // GET /api/v1/me answers 401
    const connection = connectRealtime(queryClient)
    firstStream().emit(REVOKED_EVENT)
    await vi.advanceTimersByTimeAsync(120_000)

    expect(queryClient.getQueryData(queryKeys.session())).toBeNull()
    expect(FakeEventSource.opened).toHaveLength(1) // never reconnects
    connection.close()
  })

  it('does not retry a refused stream once the session is gone', async () => {
    fakeApi.signIn(null)
    const connection = connectRealtime(queryClient)
    firstStream().refuse()
    await vi.advanceTimersByTimeAsync(120_000)

    expect(queryClient.getQueryData(queryKeys.session())).toBeNull()
    expect(FakeEventSource.opened).toHaveLength(1)
    connection.close()
  })

  it('retries a refused stream later while the user is still signed in', async () => {
    fakeApi.signIn(testUser)
    const connection = connectRealtime(queryClient)
    firstStream().refuse()
    await vi.advanceTimersByTimeAsync(3_000)

    expect(FakeEventSource.opened).toHaveLength(2)
    expect(queryClient.getQueryData(queryKeys.session())).toEqual(testUser)
    connection.close()
  })

  it("sets the badge from its own community's unread count and refreshes the switcher on another's (ADR 0040)", () => {
    fakeApi.signIn(testUser)
    queryClient.setQueryData(queryKeys.memberships(), [])
    const connection = connectRealtime(queryClient, 'c-mayor')
    firstStream().emit('unread', JSON.stringify({ count: 2, communityId: 'c-mayor' }))
    expect(queryClient.getQueryData(queryKeys.messages.unreadCount())).toBe(2)

    firstStream().emit('unread', JSON.stringify({ count: 5, communityId: 'c-plaza' }))
    expect(queryClient.getQueryData(queryKeys.messages.unreadCount())).toBe(2)
    expect(queryClient.getQueryState(queryKeys.memberships())?.isInvalidated).toBe(true)
    connection.close()
  })

  it('marks the named area stale on a change event, and nothing else', () => {
    fakeApi.signIn(testUser)
    queryClient.setQueryData(['reservations', 'list'], [])
    queryClient.setQueryData(queryKeys.incidents.list({}), [])
    const connection = connectRealtime(queryClient)
    firstStream().emit('change', JSON.stringify({ area: 'reservations', id: 'r1' }))

    expect(queryClient.getQueryState(['reservations', 'list'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.incidents.list({}))?.isInvalidated).toBe(false)
    connection.close()
  })

  it('marks every money screen and the dashboard stale on a money change (issue #36)', () => {
    fakeApi.signIn(testUser)
    const money = [['money', 'receipts', 2026], ['money', 'mine'], ['money', 'statement', 'u1'], ['money', 'sepa', 'mine'], ['money', 'mine', 'debts']]
    for (const key of money) queryClient.setQueryData(key, [])
    queryClient.setQueryData(queryKeys.dashboard(), {})
    queryClient.setQueryData(queryKeys.incidents.list({}), [])
    const connection = connectRealtime(queryClient)
    firstStream().emit('change', JSON.stringify({ area: 'money' }))

    for (const key of money) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.dashboard())?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(queryKeys.incidents.list({}))?.isInvalidated).toBe(false)
    connection.close()
  })

  it('marks the wall stale when a vote changes, as its posts show their consultas', () => {
    fakeApi.signIn(testUser)
    queryClient.setQueryData(['voting', 'list'], [])
    queryClient.setQueryData(['wall', 'list'], [])
    queryClient.setQueryData(['reservations', 'list'], [])
    const connection = connectRealtime(queryClient)
    firstStream().emit('change', JSON.stringify({ area: 'voting', id: 'p1' }))

    expect(queryClient.getQueryState(['voting', 'list'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['wall', 'list'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['reservations', 'list'])?.isInvalidated).toBe(false)
    connection.close()
  })
})
