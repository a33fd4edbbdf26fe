import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type ProfileUpdate = components['schemas']['UpdateProfileInputBody']

/** Saves profile fields; a different email stays pending until its link is followed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProfileUpdate) => unwrap(api.PATCH('/api/v1/profile', { body })),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profile(), profile)
      // The name (and the header's avatar) come from the session too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session() })
    },
  })
}
