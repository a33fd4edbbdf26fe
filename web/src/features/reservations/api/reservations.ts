import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components, operations } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Facility = components['schemas']['Facility']
export type FreeSlot = components['schemas']['FreeSlot']
export type AvailabilityDay = components['schemas']['AvailabilityDay']
export type DaySlot = components['schemas']['DaySlot']
/** A slot to book: its local day and times. */
export type SlotTime = Pick<FreeSlot, 'date' | 'start' | 'end'>
export type Reservation = components['schemas']['Reservation']
export type FacilityInput = components['schemas']['FacilityBody']
export type ReservationFilters = NonNullable<operations['listReservations']['parameters']['query']>

/** The facilities with their next free slots, and the community's time zone. */
export function useFacilities(includeArchived = false) {
  return useQuery({
    queryKey: [...queryKeys.reservations.facilities(), includeArchived],
    queryFn: () => unwrap(api.GET('/api/v1/facilities', { params: { query: { includeArchived } } })),
  })
}

/** A facility's month ("YYYY-MM"), day by day; the previous month stays on screen while the next loads. */
export function useAvailability(facilityId: string | undefined, month: string) {
  return useQuery({
    queryKey: queryKeys.reservations.availability(facilityId ?? '', month),
    queryFn: () =>
      unwrap(api.GET('/api/v1/facilities/{id}/availability', { params: { path: { id: facilityId ?? '' }, query: { month } } })),
    enabled: facilityId !== undefined,
    placeholderData: keepPreviousData,
  })
}

export function useReservations(filters: ReservationFilters, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reservations.list(filters),
    queryFn: () => unwrap(api.GET('/api/v1/reservations', { params: { query: filters } })),
    enabled,
  })
}

/** Every write refetches the whole area (the calendars, the lists, the next reservation) and the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.reservations.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
    ])
}

export interface SlotInput {
  date: string
  start: string
  end: string
}

export function useBook() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: SlotInput & { facilityId: string }) => unwrap(api.POST('/api/v1/reservations', { body })),
    onSettled: refresh,
  })
}

export function useModifyReservation() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, ...body }: SlotInput & { id: string; reason?: string }) =>
      unwrap(api.PATCH('/api/v1/reservations/{id}', { params: { path: { id } }, body })),
    onSettled: refresh,
  })
}

export function useCancelReservation() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      unwrap(api.POST('/api/v1/reservations/{id}/cancel', { params: { path: { id } }, body: reason ? { reason } : {} })),
    onSettled: refresh,
  })
}

export function useReviewReservation() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      unwrap(api.POST('/api/v1/reservations/{id}/review', { params: { path: { id } }, body: { approve, ...(reason ? { reason } : {}) } })),
    onSettled: refresh,
  })
}

export type DepositStep = 'received' | 'returned' | 'retained'

export function useRecordDeposit() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: DepositStep; reason?: string }) =>
      unwrap(api.POST('/api/v1/reservations/{id}/deposit', { params: { path: { id } }, body: { status, ...(reason ? { reason } : {}) } })),
    onSettled: refresh,
  })
}

export function useSaveFacility() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FacilityInput }) =>
      id
        ? unwrap(api.PATCH('/api/v1/facilities/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/facilities', { body })),
    onSettled: refresh,
  })
}

export function useCloseDay() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, date, reason }: { id: string; date: string; reason: string }) =>
      unwrap(api.PUT('/api/v1/facilities/{id}/closures/{date}', { params: { path: { id, date } }, body: { reason } })),
    onSettled: refresh,
  })
}

export function useOpenDay() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, date }: { id: string; date: string }) =>
      unwrap(api.DELETE('/api/v1/facilities/{id}/closures/{date}', { params: { path: { id, date } } })),
    onSettled: refresh,
  })
}
