import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { Conversation } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

/** One direct conversation (who the other person is). */
export function useConversation(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.conversation(id),
    queryFn: async (): Promise<Conversation> =>
      unwrap(api.GET('/api/v1/conversations/{id}', { params: { path: { id } } })),
    enabled,
  })
}
