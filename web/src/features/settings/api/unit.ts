import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { settingsKeys } from './query-keys'

export type MyUnit = components['schemas']['MyUnit']
export type UnitInput = components['schemas']['SaveUnitInputBody']

export const unitQueryOptions = queryOptions({
  queryKey: settingsKeys.myUnit(),
  queryFn: async (): Promise<MyUnit | null> => {
    // The contract types `unit` as always present, but the server answers null when there is none.
    const body: { unit: MyUnit | null } = await unwrap(api.GET('/api/v1/unit'))
    return body.unit
  },
})

/** The user's own unit; null when they have none yet. */
export function useMyUnit(enabled = true) {
  return useQuery({ ...unitQueryOptions, enabled })
}

/** Saves the user's unit (the server creates it when they have none). */
export function useSaveUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: UnitInput): Promise<MyUnit | null> => (await unwrap(api.PUT('/api/v1/unit', { body }))).unit,
    onSuccess: (unit) => {
      queryClient.setQueryData(settingsKeys.myUnit(), unit)
      void queryClient.invalidateQueries({ queryKey: queryKeys.community.admins() })
    },
  })
}
