import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { DirectMessage } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

/**
 * Marks the other person's messages of a conversation as read. The stream then sends the new unread count
 * (and `dm_read` to both sides); the open list is updated here too, so it does not wait for the stream.
 */
export function useMarkConversationRead(conversationId: string, me: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/conversations/{id}/read', { params: { path: { id: conversationId } } })),
    onSuccess: ({ marked }) => {
      if (marked === 0) return
      const readAt = new Date().toISOString()
      queryClient.setQueryData<DirectMessage[]>(queryKeys.messages.directMessages(conversationId), (old) =>
        old?.map((m) => (m.senderId !== me && m.readAt === null ? { ...m, readAt } : m)),
      )
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() })
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unreadCount() })
    },
  })
}
