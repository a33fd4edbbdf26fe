import { useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import type { TFunction } from '@/lib/translator'
import { useMoneyMutation } from './money'
import { inTabCommunity } from '@/lib/tab-community'

// SEPA direct debits (issue #36): the creditor settings, the owners' mandates, the remittances and the
// returns. Their cache lives under 'money', so any money change refreshes them too.

export type SepaSettings = components['schemas']['SepaSettings']
export type Mandate = components['schemas']['Mandate']
export type PostalAddress = components['schemas']['PostalAddress']
export type Remittance = components['schemas']['Remittance']
export type ReceiptDebit = components['schemas']['ReceiptDebit']
export type SkippedReceipt = components['schemas']['SkippedReceipt']

/** The usual reasons a Spanish bank gives for a returned debit (ISO 20022 codes). */
export const RETURN_REASONS = ['MS02', 'AM04', 'MD01', 'AC04', 'AC06', 'MS03'] as const

export function useSepaSettings() {
  return useQuery({ queryKey: ['money', 'sepa', 'settings'], queryFn: () => unwrap(api.GET('/api/v1/money/sepa-settings')) })
}

export function useSaveSepaSettings() {
  return useMoneyMutation((body: SepaSettings) => unwrap(api.PUT('/api/v1/money/sepa-settings', { body })))
}

export function useMyMandates() {
  return useQuery({ queryKey: ['money', 'sepa', 'mine'], queryFn: () => unwrap(api.GET('/api/v1/money/my-mandates')) })
}

export function useSignMandate() {
  return useMoneyMutation(({ unitId, ...body }: { unitId: string; debtorName: string; iban: string; bic?: string; debtorAddress?: PostalAddress }) =>
    unwrap(api.POST('/api/v1/money/units/{unitId}/mandate', { params: { path: { unitId } }, body })),
  )
}

/** Revokes a mandate: its owner's needs no reason, an admin's of another's unit does. */
export function useRevokeMandate() {
  return useMoneyMutation(({ id, reason }: { id: string; reason?: string }) =>
    unwrap(api.POST('/api/v1/money/mandates/{id}/revoke', { params: { path: { id } }, ...(reason !== undefined && { body: { reason } }) })),
  )
}

export function useMandates() {
  return useQuery({ queryKey: ['money', 'sepa', 'mandates'], queryFn: () => unwrap(api.GET('/api/v1/money/mandates')) })
}

export function useRemittances() {
  return useQuery({ queryKey: ['money', 'sepa', 'remittances'], queryFn: () => unwrap(api.GET('/api/v1/money/remittances')) })
}

export function useRemittance(id: string | undefined) {
  return useQuery({
    queryKey: ['money', 'sepa', 'remittance', id ?? ''],
    queryFn: () => unwrap(api.GET('/api/v1/money/remittances/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: !!id,
  })
}

export function useCreateRemittance() {
  return useMoneyMutation((body: { collectionDate: string; dueUpTo?: string }) => unwrap(api.POST('/api/v1/money/remittances', { body })))
}

export function useReturnDebit() {
  return useMoneyMutation(({ id, ...body }: { id: string; reason: string; chargeCents: number }) =>
    unwrap(api.POST('/api/v1/money/receipts/{id}/return', { params: { path: { id } }, body })),
  )
}

export function useImportReturns() {
  return useMoneyMutation((csv: string) => unwrap(api.POST('/api/v1/money/returns/import', { body: { csv } })))
}

/** The URL of a mandate's PDF. */
export function mandatePdfUrl(id: string): string {
  return inTabCommunity(`/api/v1/money/mandates/${encodeURIComponent(id)}/pdf`)
}

/** A mandate's holder's address on one line: '221B Baker Street, NW1 6XE London, GB'. */
export function addressText(a: PostalAddress): string {
  return [a.street, [a.postCode, a.town].filter(Boolean).join(' '), a.country].join(', ')
}

/** The URL of a remittance's pain.008 file for the bank. */
export function remittanceXmlUrl(id: string): string {
  return inTabCommunity(`/api/v1/money/remittances/${encodeURIComponent(id)}/xml`)
}

/**
 * How a receipt's state reads, its direct debit included: remitted (with the collection day) or returned
 * come before pending, partly paid or paid.
 */
export function receiptStateText(
  t: TFunction,
  r: { status: 'pending' | 'partial' | 'paid'; compensatedCents?: number; debit?: ReceiptDebit | null },
): string {
  // A paid receipt settled by a compensation reads 'Compensado'.
  const status = r.status === 'paid' && (r.compensatedCents ?? 0) > 0 ? t('money.receipts.status.compensated') : t(`money.receipts.status.${r.status}`)
  if (r.debit?.returnedOn) return `${t('sepa.state.returned', { date: r.debit.returnedOn })} · ${status}`
  if (r.debit) return t('sepa.state.remitted', { date: r.debit.collectionDate })
  return status
}
