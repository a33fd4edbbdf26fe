import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Community = components['schemas']['Community']

export const communityQueryOptions = queryOptions({
  queryKey: queryKeys.community.all,
  queryFn: () => unwrap(api.GET('/api/v1/community')),
})

/** The user's community (dashboard, settings); only asked for when they belong to one (the API answers 403 otherwise). */
export function useCommunity(enabled: boolean) {
  return useQuery({ ...communityQueryOptions, enabled })
}
