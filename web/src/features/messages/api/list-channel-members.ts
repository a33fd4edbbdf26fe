import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type ChannelMember = components['schemas']['ChannelMember']

/** A channel's members ('Ver información'): name, unit, role, and who created a private channel. */
export function useChannelMembers(channelId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.messages.channelMembers(channelId),
    queryFn: async (): Promise<ChannelMember[]> =>
      (await unwrap(api.GET('/api/v1/channels/{id}/members', { params: { path: { id: channelId } } }))) ?? [],
    enabled,
  })
}
