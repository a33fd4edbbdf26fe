import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { messagesKeys } from './keys'
import type { Channel } from './types'

/** The community's 'Chat Comunitario' (created by the server on first use). */
export function useCommunityChannel(enabled = true) {
  return useQuery({
    queryKey: messagesKeys.communityChannel(),
    queryFn: async (): Promise<Channel> => unwrap(api.GET('/api/v1/channels/community')),
    enabled,
  })
}
