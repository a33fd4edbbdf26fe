import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { Conversation } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

export const conversationsQueryOptions = queryOptions({
  queryKey: queryKeys.messages.conversations(),
  queryFn: async (): Promise<Conversation[]> => (await unwrap(api.GET('/api/v1/conversations'))) ?? [],
})

/** The user's direct conversations, newest activity first. */
export function useConversations(enabled = true) {
  return useQuery({ ...conversationsQueryOptions, enabled })
}
