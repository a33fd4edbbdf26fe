import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { mergeById } from '@/lib/merge-by-id'
import type { ChannelMessage } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'
import type { SendInput } from './send-direct-message'

/** Posts to a channel and adds the stored message to it. */
export function useSendChannelMessage(channelId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SendInput): Promise<ChannelMessage> =>
      unwrap(api.POST('/api/v1/channels/{id}/messages', { params: { path: { id: channelId } }, body: input })),
    onSuccess: (message) => {
      queryClient.setQueryData<ChannelMessage[]>(queryKeys.messages.channelMessages(channelId), (old) =>
        mergeById(old, [message]),
      )
    },
  })
}
