import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type IncidentDetail = components['schemas']['IncidentDetail']
export type StatusChange = components['schemas']['StatusChange']

export function incidentQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.incidents.detail(id),
    queryFn: () => unwrap(api.GET('/api/v1/incidents/{id}', { params: { path: { id } } })),
  })
}

/** One incident with its status history; only fetched while `id` is set. */
export function useIncident(id: string | undefined) {
  return useQuery({ ...incidentQueryOptions(id ?? ''), enabled: id !== undefined })
}
