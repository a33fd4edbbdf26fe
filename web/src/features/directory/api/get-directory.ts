import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { directoryKeys } from './query-keys'

export type Directory = components['schemas']['Directory']
export type Resident = components['schemas']['Resident']
export type ResidentRole = Resident['role']

export interface DirectoryFilters {
  /** Name or unit; the server ignores case and accents. */
  q?: string
  role?: ResidentRole
}

export function directoryQueryOptions(filters: DirectoryFilters) {
  return queryOptions({
    queryKey: directoryKeys.list(filters),
    queryFn: () => unwrap(api.GET('/api/v1/directory', { params: { query: filters } })),
  })
}

/**
 * The community's residents by name, filtered by search and role, with the community-wide counters. The
 * previous answer stays on screen while a new search loads; only members of a community may ask (403).
 */
export function useDirectory(filters: DirectoryFilters, enabled: boolean) {
  return useQuery({ ...directoryQueryOptions(filters), enabled, placeholderData: keepPreviousData })
}
