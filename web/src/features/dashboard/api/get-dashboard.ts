import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Dashboard = components['schemas']['Dashboard']

export const dashboardQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard(),
  queryFn: () => unwrap(api.GET('/api/v1/dashboard')),
})

/** The community's counters in one call; only for members of a community (the API answers 403 otherwise). */
export function useDashboard(enabled: boolean) {
  return useQuery({ ...dashboardQueryOptions, enabled })
}
