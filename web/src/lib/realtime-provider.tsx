import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { connectRealtime } from './realtime'
import { sessionQueryOptions } from './session'

/**
 * Keeps the tab's one realtime stream open while a user with a confirmed email and a community is signed
 * in. It only watches the cached session (the gates fetch it), so public pages open no stream and ask
 * for nothing.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const { data: user } = useQuery({ ...sessionQueryOptions, enabled: false })
  const userId = user?.emailConfirmed && user.communityId ? user.id : undefined
  const communityId = user?.communityId

  useEffect(() => {
    if (userId === undefined || typeof EventSource === 'undefined') return
    const connection = connectRealtime(queryClient, communityId)
    return () => {
      connection.close()
    }
  }, [userId, communityId, queryClient])

  return children
}
