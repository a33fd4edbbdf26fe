import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type MemberUnit = components['schemas']['MemberUnit']

/** The user's units, the primary one first, each with how they belong to it and whether it is confirmed. */
export function useMyUnits(enabled = true) {
  return useQuery({
    queryKey: queryKeys.myUnits(),
    enabled,
    queryFn: async () => (await unwrap(api.GET('/api/v1/my-units'))).units ?? [],
  })
}

/** Adds a further unit of the registry; saying one owns it is a claim an admin confirms. */
export function useAddMyUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: { unitId: string; owner: boolean }) => (await unwrap(api.POST('/api/v1/my-units', { body }))).units ?? [],
    onSuccess: (units) => {
      queryClient.setQueryData(queryKeys.myUnits(), units)
    },
  })
}

/** Removes one of the user's further units. */
export function useRemoveMyUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (unitId: string) =>
      (await unwrap(api.DELETE('/api/v1/my-units/{unitId}', { params: { path: { unitId } } }))).units ?? [],
    onSuccess: (units) => {
      queryClient.setQueryData(queryKeys.myUnits(), units)
    },
  })
}
