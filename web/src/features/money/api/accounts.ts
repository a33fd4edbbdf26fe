import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { inTabCommunity } from '@/lib/tab-community'

// The year's accounts and their closing (issue #37, ADR 0050). Rooted at 'money', so that any change of
// money (a stream notice, a payment) refreshes them.

export type YearAccounts = components['schemas']['YearAccounts']
export type ClosingSettings = components['schemas']['ClosingSettings']

export function useYearAccounts(year: number, admin: boolean) {
  return useQuery({
    queryKey: ['money', 'year-accounts', admin ? 'admin' : 'approved', year],
    queryFn: () =>
      admin
        ? unwrap(api.GET('/api/v1/money/year-accounts/{year}', { params: { path: { year } } }))
        : unwrap(api.GET('/api/v1/money/approved-accounts/{year}', { params: { path: { year } } })),
    retry: false,
  })
}

export function useApprovedYears(enabled: boolean) {
  return useQuery({
    queryKey: ['money', 'approved-years'],
    queryFn: () => unwrap(api.GET('/api/v1/money/approved-accounts')),
    enabled,
    retry: false,
  })
}

export function useClosingSettings(enabled: boolean) {
  return useQuery({
    queryKey: ['money', 'closing-settings'],
    queryFn: () => unwrap(api.GET('/api/v1/money/closing-settings')),
    enabled,
  })
}

function useAccountsMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['money'] }) })
}

export function useCloseYear() {
  return useAccountsMutation((year: number) => unwrap(api.POST('/api/v1/money/year-accounts/{year}/close', { params: { path: { year } } })))
}

export function useApproveAccounts() {
  return useAccountsMutation(({ year, juntaDate }: { year: number; juntaDate: string }) =>
    unwrap(api.POST('/api/v1/money/year-accounts/{year}/approve', { params: { path: { year } }, body: { juntaDate } })),
  )
}

export function useSaveClosingSettings() {
  return useAccountsMutation((body: ClosingSettings) => unwrap(api.PUT('/api/v1/money/closing-settings', { body })))
}

export const accountsPdfUrl = (year: number) => inTabCommunity(`/api/v1/money/year-accounts/${year}/pdf`)
