import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { mergeById } from '@/lib/merge-by-id'
import type { DirectMessage } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

export interface SendInput {
  content: string
  /** The idempotency key: one per message, reused when the same message is sent again. */
  clientId: string
  /** The message of this chat it answers. */
  replyTo?: string
  /** Files uploaded to this chat and not sent yet. */
  attachmentIds?: string[]
}

/** Sends a direct message and adds the stored message to the open conversation. */
export function useSendDirectMessage(conversationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SendInput): Promise<DirectMessage> =>
      unwrap(api.POST('/api/v1/conversations/{id}/messages', { params: { path: { id: conversationId } }, body: input })),
    onSuccess: (message) => {
      queryClient.setQueryData<DirectMessage[]>(queryKeys.messages.directMessages(conversationId), (old) =>
        mergeById(old, [message]),
      )
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() })
    },
  })
}
