import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type MyUnit = components['schemas']['MyUnit']

/** The user's own unit; null when they have none yet (the settings' home, memberships' screens). */
export function useMyUnit(enabled = true) {
  return useQuery({
    queryKey: queryKeys.myUnit(),
    queryFn: async (): Promise<MyUnit | null> => {
      // The contract types `unit` as always present, but the server answers null when there is none.
      const body: { unit: MyUnit | null } = await unwrap(api.GET('/api/v1/unit'))
      return body.unit
    },
    enabled,
  })
}
