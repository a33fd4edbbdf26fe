import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import { patchCachedAnnouncement, type ReactionEmoji } from './list-announcements'

/** One reaction per user: the same emoji again removes it, another replaces it (the server decides). */
export function useReactToAnnouncement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, emoji }: { id: string; emoji: ReactionEmoji }) =>
      unwrap(api.PUT('/api/v1/announcements/{id}/reaction', { params: { path: { id } }, body: { emoji } })),
    onSuccess: (state, { id }) => {
      patchCachedAnnouncement(queryClient, id, (a) => ({ ...a, reactions: state.reactions, myReaction: state.myReaction }))
    },
  })
}
