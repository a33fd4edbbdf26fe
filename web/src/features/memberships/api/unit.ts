import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import type { MyUnit } from '@/lib/my-unit'
import { queryKeys } from '@/lib/query-keys'

export type UnitInput = components['schemas']['SaveUnitInputBody']

/** Saves the user's unit (the server creates it when they have none). */
export function useSaveUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: UnitInput): Promise<MyUnit | null> => (await unwrap(api.PUT('/api/v1/unit', { body }))).unit,
    onSuccess: (unit) => {
      queryClient.setQueryData(queryKeys.myUnit(), unit)
      void queryClient.invalidateQueries({ queryKey: queryKeys.community.admins() })
    },
  })
}
