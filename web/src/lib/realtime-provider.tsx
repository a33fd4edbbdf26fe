import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react'
import { connectRealtime, type RealtimeEvents, type RealtimeEventType, type RealtimeListener } from './realtime'
import { sessionQueryOptions } from './session'

type Listeners = Set<RealtimeListener>

const RealtimeContext = createContext<Listeners | null>(null)

/**
 * Keeps the tab's one realtime stream open while a user with a confirmed email and a community is signed
 * in. It only watches the cached session (the gates fetch it), so public pages open no stream and ask
 * for nothing.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const { data: user } = useQuery({ ...sessionQueryOptions, enabled: false })
  const [listeners] = useState<Listeners>(() => new Set())
  const userId = user?.emailConfirmed && user.communityId ? user.id : undefined
  const communityId = user?.communityId

  useEffect(() => {
    if (userId === undefined || typeof EventSource === 'undefined') return
    const connection = connectRealtime(queryClient, (type, data) => {
      for (const listener of listeners) listener(type, data)
    })
    return () => {
      connection.close()
    }
  }, [userId, communityId, queryClient, listeners])

  return <RealtimeContext value={listeners}>{children}</RealtimeContext>
}

/** Calls `handler` for every event of `type` the stream delivers (after the caches are updated). */
export function useRealtimeEvent<T extends RealtimeEventType>(type: T, handler: (data: RealtimeEvents[T]) => void) {
  const listeners = use(RealtimeContext)
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    if (!listeners) return
    const listener: RealtimeListener = (eventType, data) => {
      if (eventType === type) latest.current(data as RealtimeEvents[T])
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }, [listeners, type])
}
