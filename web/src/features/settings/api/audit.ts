import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components, operations } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type AuditRecord = components['schemas']['AuditRecord']

/** The audit's filters, as the API takes them (undefined = not filtered). */
export type AuditFilters = Omit<NonNullable<operations['listAudit']['parameters']['query']>, 'cursor' | 'limit'>

function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.community.audit(filters),
    queryFn: ({ pageParam }) =>
      unwrap(api.GET('/api/v1/community/audit', { params: { query: { ...filters, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** The community's record of admin actions, newest first, a page at a time (admins only). */
export function useAudit(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({ ...auditQueryOptions(filters), enabled })
}
