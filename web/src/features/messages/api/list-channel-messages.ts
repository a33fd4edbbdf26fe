import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { ChannelMessage } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'
import { MESSAGE_PAGE } from './list-direct-messages'

/** The latest messages of a channel, oldest first; new ones arrive over the realtime stream. */
export function useChannelMessages(channelId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.channelMessages(channelId),
    queryFn: async (): Promise<ChannelMessage[]> =>
      (await unwrap(
        api.GET('/api/v1/channels/{id}/messages', {
          params: { path: { id: channelId }, query: { limit: MESSAGE_PAGE } },
        }),
      )) ?? [],
    enabled,
    staleTime: Infinity,
  })
}
