import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { useMoneyMutation } from './money'

// Derramas: one-off charges agreed by a junta, paid in instalments (issue #36). Rooted at 'money', so
// issuing their receipts refreshes the receipts too.

export type Derrama = components['schemas']['Derrama']

export function useDerramas() {
  return useQuery({ queryKey: ['money', 'derramas'], queryFn: () => unwrap(api.GET('/api/v1/money/derramas')) })
}

export function useCreateDerrama() {
  return useMoneyMutation((body: components['schemas']['DerramaInputBody']) => unwrap(api.POST('/api/v1/money/derramas', { body })))
}

export function useIssueDerrama() {
  return useMoneyMutation((id: string) => unwrap(api.POST('/api/v1/money/derramas/{id}/receipts', { params: { path: { id } } })))
}
