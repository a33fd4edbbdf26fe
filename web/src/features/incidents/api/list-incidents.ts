import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components, operations } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Incident = components['schemas']['Incident']
export type IncidentStatus = Incident['status']
export type IncidentPriority = Incident['priority']

/** The list's filters, as the API takes them (undefined = not filtered). */
export type IncidentFilters = Omit<NonNullable<operations['listIncidents']['parameters']['query']>, 'cursor' | 'limit'>

export function incidentsQueryOptions(filters: IncidentFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.incidents.list(filters),
    queryFn: ({ pageParam }) =>
      unwrap(api.GET('/api/v1/incidents', { params: { query: { ...filters, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** Incidents, newest first, a page at a time (keyset cursor). */
export function useIncidents(filters: IncidentFilters) {
  return useInfiniteQuery(incidentsQueryOptions(filters))
}
