import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

/** An edit: missing fields stay; an empty validUntil, imageUrl or documentUrl removes it. */
export type UpdateAnnouncementInput = components['schemas']['UpdateAnnouncementInputBody']

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAnnouncementInput }) =>
      unwrap(api.PATCH('/api/v1/announcements/{id}', { params: { path: { id } }, body })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.announcements.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
      ])
    },
  })
}
