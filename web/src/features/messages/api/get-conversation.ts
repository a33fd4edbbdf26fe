import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { messagesKeys } from './keys'
import type { Conversation } from './types'

/** One direct conversation (who the other person is). */
export function useConversation(id: string, enabled = true) {
  return useQuery({
    queryKey: messagesKeys.conversation(id),
    queryFn: async (): Promise<Conversation> =>
      unwrap(api.GET('/api/v1/conversations/{id}', { params: { path: { id } } })),
    enabled,
  })
}
