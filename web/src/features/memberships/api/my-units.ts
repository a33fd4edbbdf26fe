import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { membershipsKeys } from './query-keys'

export type MemberUnit = components['schemas']['MemberUnit']

/** The user's units, the primary one first, each with how they belong to it and whether it is confirmed. */
export function useMyUnits(enabled = true) {
  return useQuery({
    queryKey: membershipsKeys.units.mine(),
    enabled,
    queryFn: async () => (await unwrap(api.GET('/api/v1/my-units'))).units ?? [],
  })
}

export type UnitRelation = MemberUnit['relation']

/** Adds a further unit of the registry, saying how one lives there; an admin confirms it (owning it, too). */
export function useAddMyUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: { unitId: string; relation: UnitRelation }) => (await unwrap(api.POST('/api/v1/my-units', { body }))).units ?? [],
    onSuccess: (units) => {
      queryClient.setQueryData(membershipsKeys.units.mine(), units)
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
      queryClient.setQueryData(membershipsKeys.units.mine(), units)
    },
  })
}
