import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { settingsKeys } from './query-keys'

export type RegistryUnit = components['schemas']['RegistryUnit']
export type UnitBody = components['schemas']['UnitBody']
export type UnitKind = RegistryUnit['kind']
type RegistryBody = components['schemas']['RegistryOutputBody']
export type Registry = Omit<RegistryBody, 'units'> & { units: RegistryUnit[] }

export const UNIT_KINDS = ['vivienda', 'local', 'garaje'] as const satisfies readonly UnitKind[]

/** Where the registry's CSV downloads from (the session cookie goes along). */
export const UNITS_EXPORT_URL = '/api/v1/community/units/export'

function registry(body: RegistryBody): Registry {
  return { ...body, units: body.units ?? [] }
}

/** The community's units with the sum of their coeficientes (admins only). */
export function useUnitRegistry(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.units.list(),
    queryFn: async () => registry(await unwrap(api.GET('/api/v1/community/units'))),
    enabled,
  })
}

/** Every edit answers with the whole registry: it replaces the cache, and units elsewhere are refetched. */
function useRegistryEdit<V>(call: (vars: V) => Promise<RegistryBody>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (vars: V) => registry(await call(vars)),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKeys.units.list(), data)
      void queryClient.invalidateQueries({ queryKey: settingsKeys.myUnit() })
      void queryClient.invalidateQueries({ queryKey: queryKeys.announcements.audiences() })
    },
  })
}

export function useAddUnit() {
  return useRegistryEdit((body: UnitBody) => unwrap(api.POST('/api/v1/community/units', { body })))
}

export function useUpdateUnit() {
  return useRegistryEdit(({ id, body }: { id: string; body: UnitBody }) =>
    unwrap(api.PATCH('/api/v1/community/units/{id}', { params: { path: { id } }, body })),
  )
}

export function useRemoveUnit() {
  return useRegistryEdit((id: string) => unwrap(api.DELETE('/api/v1/community/units/{id}', { params: { path: { id } } })))
}

export function useMergeUnit() {
  return useRegistryEdit(({ id, into }: { id: string; into: string }) =>
    unwrap(api.POST('/api/v1/community/units/{id}/merge', { params: { path: { id } }, body: { into } })),
  )
}

export function useImportUnits() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { csv: string; removeMissing: boolean }) => unwrap(api.POST('/api/v1/community/units/import', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.units.list() })
      void queryClient.invalidateQueries({ queryKey: queryKeys.announcements.audiences() })
    },
  })
}
