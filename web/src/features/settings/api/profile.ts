import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { SESSION_QUERY_KEY } from '@/lib/session'

export type Profile = components['schemas']['Profile']
export type ProfileUpdate = components['schemas']['UpdateProfileInputBody']

export const PROFILE_QUERY_KEY = ['profile'] as const

export const profileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: () => unwrap(api.GET('/api/v1/profile')),
})

export function useProfile() {
  return useQuery(profileQueryOptions)
}

/** Saves profile fields; a different email stays pending until its link is followed. */
export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProfileUpdate) => unwrap(api.PATCH('/api/v1/profile', { body })),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile)
      // The name (and the header's avatar) come from the session too.
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
    },
  })
}
