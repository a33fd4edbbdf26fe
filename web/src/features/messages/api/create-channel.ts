import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { Channel } from '@/lib/message-types'
import { queryKeys } from '@/lib/query-keys'

export interface CreateChannelInput {
  name: string
  description?: string
  memberIds?: string[]
}

/** Creates a private channel (the creator is always a member). */
export function useCreateChannel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CreateChannelInput): Promise<Channel> =>
      unwrap(api.POST('/api/v1/channels', { body: input })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.channels() })
    },
  })
}
