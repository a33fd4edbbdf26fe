import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { inTabCommunity } from '@/lib/tab-community'

// Who owes, the certificates of debt, the PDFs and an owner's sharing of a unit's receipts (issue #36).
// The keys are rooted at 'money', so any money change refreshes them too.

export type UnitDebt = components['schemas']['UnitDebt']
export type Certificate = components['schemas']['Certificate']
export type CertificateKind = Certificate['kind']

const keys = {
  all: ['money'] as const,
  debtSettings: () => ['money', 'debt-settings'] as const,
  debts: () => ['money', 'debts'] as const,
  myDebts: () => ['money', 'mine', 'debts'] as const,
  certificates: () => ['money', 'certificates'] as const,
  sharing: (unitId: string) => ['money', 'sharing', unitId] as const,
  verify: (code: string) => ['certificate', code] as const,
}

export function useDebtSettings() {
  return useQuery({ queryKey: keys.debtSettings(), queryFn: () => unwrap(api.GET('/api/v1/money/debt-settings')) })
}

export function useDebts() {
  return useQuery({ queryKey: keys.debts(), queryFn: () => unwrap(api.GET('/api/v1/money/debts')) })
}

export function useMyDebts() {
  return useQuery({ queryKey: keys.myDebts(), queryFn: () => unwrap(api.GET('/api/v1/money/mine/debts')) })
}

export function useCertificates() {
  return useQuery({ queryKey: keys.certificates(), queryFn: () => unwrap(api.GET('/api/v1/money/certificates')) })
}

export function useReceiptSharing(unitId: string) {
  return useQuery({
    queryKey: keys.sharing(unitId),
    queryFn: () => unwrap(api.GET('/api/v1/money/units/{unitId}/sharing', { params: { path: { unitId } } })),
  })
}

/** The public check of a certificate by its code (anyone). */
export function useVerifiedCertificate(code: string) {
  return useQuery({
    queryKey: keys.verify(code),
    queryFn: () => unwrap(api.GET('/api/v1/money/verify/{code}', { params: { path: { code } } })),
    retry: false,
  })
}

function useMoneyMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) })
}

export function useSaveGraceDays() {
  return useMoneyMutation((graceDays: number) => unwrap(api.PUT('/api/v1/money/debt-settings', { body: { graceDays } })))
}

export function useRequestCertificate() {
  return useMoneyMutation((body: { kind: CertificateKind; unitId: string; requestedOn: string; juntaDate?: string }) =>
    unwrap(api.POST('/api/v1/money/certificates', { body })),
  )
}

export function useIssueCertificate() {
  return useMoneyMutation(({ id, presidentName }: { id: string; presidentName: string }) =>
    unwrap(api.POST('/api/v1/money/certificates/{id}/issue', { params: { path: { id } }, body: { presidentName } })),
  )
}

export function useShareReceipts() {
  return useMoneyMutation(({ unitId, userId, on }: { unitId: string; userId: string; on: boolean }) =>
    unwrap(api.PUT('/api/v1/money/units/{unitId}/sharing/{userId}', { params: { path: { unitId, userId } }, body: { on } })),
  )
}

export const receiptPdfUrl = (id: string) => inTabCommunity(`/api/v1/money/receipts/${encodeURIComponent(id)}/pdf`)
export const statementPdfUrl = (unitId: string) =>
  inTabCommunity(`/api/v1/money/units/${encodeURIComponent(unitId)}/statement.pdf`)
export const certificatePdfUrl = (id: string) => inTabCommunity(`/api/v1/money/certificates/${encodeURIComponent(id)}/pdf`)
