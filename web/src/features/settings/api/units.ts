import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { adminUnitList, type AdminUnit, type AdminUnitsBody } from '@/lib/units'

export type UnitBody = components['schemas']['UnitBody']
export type UnitKind = AdminUnit['kind']

export const UNIT_KINDS = ['vivienda', 'local', 'garaje'] as const satisfies readonly UnitKind[]

/** Where the registry's CSV downloads from (the session cookie goes along). */
export const UNITS_EXPORT_URL = '/api/v1/community/units/export'

/** Every edit answers with the whole registry: it replaces the cache, and units elsewhere are refetched. */
function useAdminUnitsEdit<V>(call: (vars: V) => Promise<AdminUnitsBody>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (vars: V) => adminUnitList(await call(vars)),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.units.list(), data)
      void queryClient.invalidateQueries({ queryKey: queryKeys.myUnit() })
      void queryClient.invalidateQueries({ queryKey: queryKeys.announcements.audiences() })
    },
  })
}

export function useAddUnit() {
  return useAdminUnitsEdit((body: UnitBody) => unwrap(api.POST('/api/v1/community/units', { body })))
}

export function useUpdateUnit() {
  return useAdminUnitsEdit(({ id, body }: { id: string; body: UnitBody }) =>
    unwrap(api.PATCH('/api/v1/community/units/{id}', { params: { path: { id } }, body })),
  )
}

export function useRemoveUnit() {
  return useAdminUnitsEdit((id: string) => unwrap(api.DELETE('/api/v1/community/units/{id}', { params: { path: { id } } })))
}

export function useMergeUnit() {
  return useAdminUnitsEdit(({ id, into }: { id: string; into: string }) =>
    unwrap(api.POST('/api/v1/community/units/{id}/merge', { params: { path: { id } }, body: { into } })),
  )
}

export function useImportUnits() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { csv: string; removeMissing: boolean }) => unwrap(api.POST('/api/v1/community/units/import', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.units.list() })
      void queryClient.invalidateQueries({ queryKey: queryKeys.announcements.audiences() })
    },
  })
}
