import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'

/** Gets or creates the conversation with a neighbour; answers its id. */
export function useStartConversation() {
  return useMutation({
    mutationFn: async (userId: string): Promise<string> =>
      (await unwrap(api.POST('/api/v1/conversations', { body: { userId } }))).id,
  })
}
