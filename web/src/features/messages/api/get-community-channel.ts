import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { Channel } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

/** The community's 'Chat Comunitario' (created by the server on first use). */
export function useCommunityChannel(enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.communityChannel(),
    queryFn: async (): Promise<Channel> => unwrap(api.GET('/api/v1/channels/community')),
    enabled,
  })
}
