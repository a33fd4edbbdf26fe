import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { Channel } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

export const channelsQueryOptions = queryOptions({
  queryKey: queryKeys.messages.channels(),
  queryFn: async (): Promise<Channel[]> => (await unwrap(api.GET('/api/v1/channels'))) ?? [],
})

/** The community chat (first) and the private channels the user belongs to. */
export function useChannels(enabled = true) {
  return useQuery({ ...channelsQueryOptions, enabled })
}
