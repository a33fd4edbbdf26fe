import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'

export type Community = components['schemas']['Community']
export type CommunityUpdate = components['schemas']['UpdateCommunityInputBody']
export type CommunityAdmin = components['schemas']['CommunityAdmin']

export const COMMUNITY_QUERY_KEY = ['community'] as const

export const communityQueryOptions = queryOptions({
  queryKey: COMMUNITY_QUERY_KEY,
  queryFn: () => unwrap(api.GET('/api/v1/community')),
})

/** The user's community; only asked for when they belong to one (the API answers 403 otherwise). */
export function useCommunity(enabled: boolean) {
  return useQuery({ ...communityQueryOptions, enabled })
}

/** Admins only. */
export function useUpdateCommunity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CommunityUpdate) => unwrap(api.PATCH('/api/v1/community', { body })),
    onSuccess: (community) => {
      queryClient.setQueryData(COMMUNITY_QUERY_KEY, community)
    },
  })
}

export function useCommunityAdmins(enabled: boolean) {
  return useQuery({
    queryKey: ['community', 'admins'],
    queryFn: async () => (await unwrap(api.GET('/api/v1/community/admins'))).admins ?? [],
    enabled,
  })
}
