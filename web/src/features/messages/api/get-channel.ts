import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { messagesKeys } from './keys'
import type { Channel } from './types'

/** One channel the user belongs to. */
export function useChannel(id: string, enabled = true) {
  return useQuery({
    queryKey: messagesKeys.channel(id),
    queryFn: async (): Promise<Channel> => unwrap(api.GET('/api/v1/channels/{id}', { params: { path: { id } } })),
    enabled,
  })
}
