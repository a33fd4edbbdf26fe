import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { maintenanceKeys } from './query-keys'

export type MaintenanceItem = components['schemas']['MaintenanceItem']
export type MaintenanceKind = MaintenanceItem['kind']
export type MaintenanceForm = components['schemas']['MaintenanceForm']

/** The kinds in the order the form offers them. */
export const KINDS: readonly MaintenanceKind[] = ['inspection', 'contract', 'other']

/** The community's items, the soonest due first, with the community's today. */
export function useMaintenance() {
  return useQuery({
    queryKey: maintenanceKeys.all,
    queryFn: () => unwrap(api.GET('/api/v1/maintenance')),
  })
}

/** Every write refreshes the list (other admins' open pages hear of it through the stream's `change`). */
function useMaintenanceMutation<V>(mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
  })
}

export function useCreateMaintenance() {
  return useMaintenanceMutation((body: MaintenanceForm) => unwrap(api.POST('/api/v1/maintenance', { body })))
}

export function useUpdateMaintenance() {
  return useMaintenanceMutation(({ id, body }: { id: string; body: MaintenanceForm }) =>
    unwrap(api.PUT('/api/v1/maintenance/{id}', { params: { path: { id } }, body })),
  )
}

export function useDeleteMaintenance() {
  return useMaintenanceMutation((id: string) =>
    unwrap(api.DELETE('/api/v1/maintenance/{id}', { params: { path: { id } } })),
  )
}

export function useMarkMaintenanceDone() {
  return useMaintenanceMutation(({ id, doneOn, note }: { id: string; doneOn: string; note?: string }) =>
    unwrap(api.POST('/api/v1/maintenance/{id}/done', { params: { path: { id } }, body: { doneOn, ...(note ? { note } : {}) } })),
  )
}
