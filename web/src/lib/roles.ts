import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type MemberRole = components['schemas']['MemberRole']
export type Role = MemberRole['role']

/**
 * Members with their email and role, the admin count and the maximum (admins only): memberships' roles
 * and review screens, and the audit's filter of who acted.
 */
export function useCommunityRoles(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.community.roles(),
    queryFn: async () => {
      const body = await unwrap(api.GET('/api/v1/community/roles'))
      return { ...body, members: body.members ?? [] }
    },
    enabled,
  })
}
