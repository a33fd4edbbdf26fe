import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { Channel } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

/** One channel the user belongs to. */
export function useChannel(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.messages.channel(id),
    queryFn: async (): Promise<Channel> => unwrap(api.GET('/api/v1/channels/{id}', { params: { path: { id } } })),
    enabled,
  })
}
