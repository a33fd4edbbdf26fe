import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type CreateIncidentInput = components['schemas']['CreateIncidentInputBody']

export function useCreateIncident() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateIncidentInput) => unwrap(api.POST('/api/v1/incidents', { body })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.incidents.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() }),
      ])
    },
  })
}
