import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { queryKeys } from '@/lib/query-keys'

/** Adds neighbours to a private channel; answers those who were not members yet. */
export function useAddChannelMembers(channelId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (userIds: string[]): Promise<string[]> =>
      (await unwrap(api.POST('/api/v1/channels/{id}/members', { params: { path: { id: channelId } }, body: { userIds } })))
        .added ?? [],
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.channel(channelId) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.channels() })
    },
  })
}
