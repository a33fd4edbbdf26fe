import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'

export type Member = components['schemas']['Member']

export const membersQueryOptions = queryOptions({
  queryKey: ['community', 'members'],
  queryFn: async () => (await unwrap(api.GET('/api/v1/community/members'))) ?? [],
  staleTime: 60_000,
})

/** The community's members by name, for the "created by" filter. */
export function useMembers() {
  return useQuery(membersQueryOptions)
}
