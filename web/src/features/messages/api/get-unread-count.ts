import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { queryKeys } from '@/lib/query-keys'

export const unreadCountQueryOptions = queryOptions({
  queryKey: queryKeys.messages.unreadCount(),
  queryFn: async (): Promise<number> => (await unwrap(api.GET('/api/v1/messages/unread-count'))).count,
  // The stream sends the count on connect and on every change.
  staleTime: Infinity,
})

/** Unread direct messages of the user (the Mensajes badge). */
export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions, enabled })
}
