import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { operations } from '@/lib/api/schema'
import type { CommunityEvent } from '@/lib/events'
import { queryKeys } from '@/lib/query-keys'

export type { CommunityEvent }
export type EventStatus = CommunityEvent['status']

/** The list's filters as the API takes them: from/to bound the start time (undefined = not filtered). */
export type EventFilters = Omit<NonNullable<operations['listEvents']['parameters']['query']>, 'limit'>

export function eventsQueryOptions(filters: EventFilters) {
  return queryOptions({
    queryKey: queryKeys.events.list(filters),
    queryFn: async () => (await unwrap(api.GET('/api/v1/events', { params: { query: filters } }))).items ?? [],
  })
}

/** The community's events by start time. */
export function useEvents(filters: EventFilters) {
  return useQuery({ ...eventsQueryOptions(filters), placeholderData: keepPreviousData })
}
