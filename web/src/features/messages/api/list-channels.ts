import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { messagesKeys } from './keys'
import type { Channel } from './types'

export const channelsQueryOptions = queryOptions({
  queryKey: messagesKeys.channels(),
  queryFn: async (): Promise<Channel[]> => (await unwrap(api.GET('/api/v1/channels'))) ?? [],
})

/** The community chat (first) and the private channels the user belongs to. */
export function useChannels(enabled = true) {
  return useQuery({ ...channelsQueryOptions, enabled })
}
