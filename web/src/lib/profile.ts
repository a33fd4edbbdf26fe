import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

/** The signed-in user's profile (GET /api/v1/profile): settings, the wizard and the header read it. */
export type Profile = components['schemas']['Profile']

export const profileQueryOptions = queryOptions({
  queryKey: queryKeys.profile(),
  queryFn: () => unwrap(api.GET('/api/v1/profile')),
})

export function useProfile() {
  return useQuery(profileQueryOptions)
}
