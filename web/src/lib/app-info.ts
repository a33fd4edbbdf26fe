import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { appInfoKey } from '@/lib/guest-query-keys'

export type AppInfo = components['schemas']['AppInfo']
export type OAuthProvider = NonNullable<AppInfo['oauthProviders']>[number]

/** What this installation offers (version, dev helpers, sign-in providers); it only changes on restart. */
export const appInfoQueryOptions = queryOptions({
  queryKey: appInfoKey(),
  queryFn: () => unwrap(api.GET('/api/v1/app-info')),
  staleTime: Infinity,
})

export function useAppInfo() {
  return useQuery(appInfoQueryOptions)
}
