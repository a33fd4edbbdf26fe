import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components, operations } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type Provider = components['schemas']['Provider']
export type ProviderCategory = Provider['category']
export type ProviderRating = components['schemas']['ProviderRating']
export type ProviderInput = components['schemas']['CreateProviderInputBody']
export type ProviderPatch = components['schemas']['UpdateProviderInputBody']
export type ProviderFilters = NonNullable<operations['listProviders']['parameters']['query']>

/** The chips of /services, in the spec's order ('Todos' is no category). */
export const CATEGORIES: readonly ProviderCategory[] = [
  'plumbing',
  'electricity',
  'locksmith',
  'cleaning',
  'lifts',
  'hvac',
  'other',
]

/** The listed providers by name, with the suggestions the user may see; the last answer stays while searching. */
export function useProviders(filters: ProviderFilters) {
  return useQuery({
    queryKey: queryKeys.providers.list(filters),
    queryFn: () => unwrap(api.GET('/api/v1/providers', { params: { query: filters } })),
    placeholderData: keepPreviousData,
  })
}

export function useProviderRatings(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.providers.ratings(id),
    queryFn: () => unwrap(api.GET('/api/v1/providers/{id}/ratings', { params: { path: { id } } })),
    enabled,
  })
}

/** Every write refreshes the directory (other members hear of it through the stream's `change`). */
function useProviderMutation<V>(mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.providers.all }),
  })
}

export function useCreateProvider() {
  return useProviderMutation((body: ProviderInput) => unwrap(api.POST('/api/v1/providers', { body })))
}

export function useUpdateProvider() {
  return useProviderMutation(({ id, body }: { id: string; body: ProviderPatch }) =>
    unwrap(api.PATCH('/api/v1/providers/{id}', { params: { path: { id } }, body })),
  )
}

export function useArchiveProvider() {
  return useProviderMutation((id: string) => unwrap(api.DELETE('/api/v1/providers/{id}', { params: { path: { id } } })))
}

export function useReviewProvider() {
  return useProviderMutation(
    ({ id, decision, reason }: { id: string; decision: 'approved' | 'rejected'; reason?: string }) =>
      unwrap(
        api.POST('/api/v1/providers/{id}/review', {
          params: { path: { id } },
          body: { decision, ...(reason ? { reason } : {}) },
        }),
      ),
  )
}

export function useRateProvider() {
  return useProviderMutation(({ id, stars, comment }: { id: string; stars: number; comment: string }) =>
    unwrap(
      api.PUT('/api/v1/providers/{id}/rating', {
        params: { path: { id } },
        body: { stars, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      }),
    ),
  )
}
