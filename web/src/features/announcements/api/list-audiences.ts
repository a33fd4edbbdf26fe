import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type BuildingAudience = components['schemas']['BuildingAudience']

export const audiencesQueryOptions = queryOptions({
  queryKey: queryKeys.announcements.audiences(),
  queryFn: () => unwrap(api.GET('/api/v1/announcements/audiences')),
  staleTime: 5 * 60_000,
})

/** The portals an announcement can be aimed at (with how many residents live in each). */
export function useAudiences(enabled: boolean) {
  return useQuery({ ...audiencesQueryOptions, enabled })
}
