import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type CommunityUpdate = components['schemas']['UpdateCommunityInputBody']
export type CommunityAdmin = components['schemas']['CommunityAdmin']

/** Admins only. */
export function useUpdateCommunity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CommunityUpdate) => unwrap(api.PATCH('/api/v1/community', { body })),
    onSuccess: (community) => {
      queryClient.setQueryData(queryKeys.community.all, community)
    },
  })
}

/** Gives the community a new code (admins): the old letters and links stop working. */
export function useRotateCommunityCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/community/code')),
    onSuccess: (community) => {
      queryClient.setQueryData(queryKeys.community.all, community)
    },
  })
}

export function useCommunityAdmins(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.community.admins(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/community/admins'))).admins ?? [],
    enabled,
  })
}

/** The community's time zone, in which every reservation rule is read (issue #13); under the reservations
 * area, so a change made elsewhere reaches this screen live. */
export function useCommunityTimeZone(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reservations.timeZone(),
    queryFn: async () => (await unwrap(api.GET('/api/v1/reservations/time-zone'))).timeZone,
    enabled,
  })
}

/** Admins only. */
export function useSetCommunityTimeZone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (timeZone: string) => (await unwrap(api.PUT('/api/v1/reservations/time-zone', { body: { timeZone } }))).timeZone,
    onSuccess: (timeZone) => {
      queryClient.setQueryData(queryKeys.reservations.timeZone(), timeZone)
      return queryClient.invalidateQueries({ queryKey: queryKeys.reservations.all })
    },
  })
}
