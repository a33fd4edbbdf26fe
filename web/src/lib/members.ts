import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Member = components['schemas']['Member']

export const membersQueryOptions = queryOptions({
  queryKey: queryKeys.community.members(),
  queryFn: async () => (await unwrap(api.GET('/api/v1/community/members'))) ?? [],
  staleTime: 60_000,
})

/**
 * The community's members by name: who an incident can be assigned to, and the people of the incidents'
 * and events' "created by" filters.
 */
export function useMembers() {
  return useQuery(membersQueryOptions)
}
