import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { queryKeys } from '@/lib/query-keys'
import { patchCachedAnnouncement } from './list-announcements'

/** Records the caller's read receipt (idempotent on the server) and updates 'Leído por N de M'. */
export function useReadAnnouncement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/v1/announcements/{id}/read', { params: { path: { id } } })),
    onSuccess: async (stats, id) => {
      patchCachedAnnouncement(queryClient, id, (a) => ({ ...a, isRead: true, readCount: stats.readCount, total: stats.total }))
      // The dashboard's unread tally counts receipts.
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() })
    },
  })
}
