import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { DirectMessage } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

/** How many of the latest messages a conversation or channel opens with. */
export const MESSAGE_PAGE = 200

/** The latest messages of a conversation, oldest first; new ones arrive over the realtime stream. */
export function useDirectMessages(conversationId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.directMessages(conversationId),
    queryFn: async (): Promise<DirectMessage[]> =>
      (await unwrap(
        api.GET('/api/v1/conversations/{id}/messages', {
          params: { path: { id: conversationId }, query: { limit: MESSAGE_PAGE } },
        }),
      )) ?? [],
    enabled,
    // The stream keeps it current: refetching on focus would only repeat what we have.
    staleTime: Infinity,
  })
}
