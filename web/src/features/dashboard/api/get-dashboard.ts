import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Dashboard = components['schemas']['Dashboard']

export const dashboardQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard(),
  queryFn: () => unwrap(api.GET('/api/v1/dashboard')),
})

/** The community's counters in one call; only for members of a community (the API answers 403 otherwise). */
export function useDashboard(enabled: boolean) {
  return useQuery({ ...dashboardQueryOptions, enabled })
}

export type NextReservation = components['schemas']['NextReservationOutputBody']

/**
 * The member's next booking, for the tile 'Mi próxima reserva'. The page asks for it with its other queries,
 * not the tile when it mounts: the tile shows only once the profile is there, a round trip later.
 */
export function useNextReservation(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reservations.next(),
    queryFn: () => unwrap(api.GET('/api/v1/reservations/next')),
    enabled,
  })
}
