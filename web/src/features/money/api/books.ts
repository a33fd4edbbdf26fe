import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'
import { inTabCommunity } from '@/lib/tab-community'
import { uploadRaw } from '@/lib/upload'
import { useMoneyMutation } from './money'

// The community's books (issue #37): its accounts (bank and cash) and its expenses with their invoices and
// payments. Rooted at 'money', so a payment refreshes the balances too.

export type BankAccount = components['schemas']['BankAccount']
export type Expense = components['schemas']['Expense']
export type BankAccountBody = components['schemas']['BankAccountBody']
export type ExpenseBody = components['schemas']['ExpenseInputBody']

export function useBankAccounts() {
  return useQuery({ queryKey: ['money', 'accounts'], queryFn: () => unwrap(api.GET('/api/v1/money/accounts')) })
}

export function useSaveBankAccount() {
  return useMoneyMutation(({ id, body }: { id?: string; body: BankAccountBody }) =>
    id
      ? unwrap(api.PUT('/api/v1/money/accounts/{id}', { params: { path: { id } }, body }))
      : unwrap(api.POST('/api/v1/money/accounts', { body })),
  )
}

export function useExpenses(year: number) {
  return useQuery({
    queryKey: ['money', 'expenses', year],
    queryFn: () => unwrap(api.GET('/api/v1/money/expenses', { params: { query: { year } } })),
  })
}

export function useCreateExpense() {
  return useMoneyMutation((body: ExpenseBody) => unwrap(api.POST('/api/v1/money/expenses', { body })))
}

export function usePayExpense() {
  return useMoneyMutation(({ id, ...body }: { id: string; accountId: string; date: string; amountCents: number }) =>
    unwrap(api.POST('/api/v1/money/expenses/{id}/payments', { params: { path: { id } }, body })),
  )
}

function isExpense(body: unknown): body is Expense {
  return typeof body === 'object' && body !== null && typeof Reflect.get(body, 'id') === 'string'
}

/** Files an expense's invoice (a PDF or an image) in Documentos under 'Facturas'. */
export function useAttachInvoice() {
  return useMoneyMutation(({ id, file }: { id: string; file: File }) => {
    const query = new URLSearchParams({ fileName: file.name })
    return uploadRaw(inTabCommunity(`/api/v1/money/expenses/${encodeURIComponent(id)}/invoice?${query.toString()}`), file, isExpense)
  })
}

/** The services directory's providers, to choose an expense's. */
export function useDirectoryProviders() {
  return useQuery({
    queryKey: queryKeys.providers.list({}),
    queryFn: () => unwrap(api.GET('/api/v1/providers', { params: { query: {} } })),
  })
}

/** Adds a provider to the services directory from an expense. */
export function useCreateDirectoryProvider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ name, contact }: { name: string; contact: string }) =>
      unwrap(
        api.POST('/api/v1/providers', {
          body: contact.includes('@') ? { name, category: 'other', email: contact } : { name, category: 'other', phone: contact },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.providers.all }),
  })
}

/** A rate typed as a percentage ("21", "10,5") in hundredths of a percent (2100, 1050); null otherwise. */
export function parseRate(text: string): number | null {
  const s = text.trim().replace(/\s|%/g, '')
  if (s === '') return 0
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(s)
  if (!m) return null
  const rate = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return rate > 10000 ? null : rate
}

/** An account's imported movements and its last statement (the bank's balance). */
export function useBankMovements(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['money', 'movements', accountId],
    queryFn: () => unwrap(api.GET('/api/v1/money/accounts/{id}/movements', { params: { path: { id: accountId }, query: {} } })),
    enabled,
  })
}

/** A Norma 43 file as text: UTF-8 when it is, else ISO-8859-1 (what Spanish banks send). */
export async function norma43Text(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer()
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('iso-8859-1').decode(bytes)
  }
}

/** Imports a Norma 43 file into a bank account: all of it or, with the reason, nothing. */
export function useImportStatement() {
  return useMoneyMutation(async ({ id, file }: { id: string; file: File }) =>
    unwrap(
      api.POST('/api/v1/money/accounts/{id}/statements', {
        params: { path: { id } },
        body: { fileName: file.name, content: await norma43Text(file) },
      }),
    ),
  )
}

/** An account's reconciliation: the unmatched movements first with their suggested matches, and the book's
 * balance, the bank's and the difference. */
export function useReconciliation(accountId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['money', 'reconciliation', accountId],
    queryFn: () => unwrap(api.GET('/api/v1/money/accounts/{id}/reconciliation', { params: { path: { id: accountId } } })),
    enabled,
  })
}

/** Confirms a movement's match: once, in one transaction. */
/** Confirms a movement's match; a returned debit's names the returned receipts the bank charged back. */
export function useReconcile() {
  return useMoneyMutation(
    ({
      id,
      kind,
      targetId,
      receiptIds,
    }: {
      id: string
      kind: 'receipt' | 'expense' | 'remittance' | 'return'
      targetId: string
      receiptIds?: string[] | null
    }) =>
      unwrap(
        api.POST('/api/v1/money/movements/{id}/reconcile', {
          params: { path: { id } },
          body: { kind, targetId, ...(receiptIds?.length ? { receiptIds } : {}) },
        }),
      ),
  )
}
