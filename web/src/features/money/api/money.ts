import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components } from '@/lib/api/schema'
import { inTabCommunity } from '@/lib/tab-community'

export type MoneyGroup = components['schemas']['MoneyGroup']
export type MoneyUnit = components['schemas']['MoneyUnit']
export type Budget = components['schemas']['Budget']
export type BudgetLine = components['schemas']['BudgetLine']
export type UnitCuota = components['schemas']['UnitCuota']
export type Receipt = components['schemas']['Receipt']
export type Periodicity = components['schemas']['MoneySettings']['periodicity']
export type ShareMethod = MoneyGroup['method']
export type GroupShare = components['schemas']['GroupShare']

export const PERIODICITIES: readonly Periodicity[] = ['monthly', 'quarterly', 'halfyearly', 'yearly']
export const METHODS: readonly ShareMethod[] = ['coefficient', 'percentage', 'equal', 'fixed']
export const PERIODS: Record<Periodicity, number> = { monthly: 12, quarterly: 4, halfyearly: 2, yearly: 1 }

/** The money screens' cache, rooted at 'money': any change refreshes all of it. */
const keys = {
  all: ['money'] as const,
  settings: () => ['money', 'settings'] as const,
  groups: () => ['money', 'groups'] as const,
  budgets: (year: number) => ['money', 'budgets', year] as const,
  cuotas: (year: number) => ['money', 'cuotas', year] as const,
  receipts: (year: number) => ['money', 'receipts', year] as const,
  mine: () => ['money', 'mine'] as const,
  statement: (unitId: string) => ['money', 'statement', unitId] as const,
}

export { euros } from '@/lib/euros'

/**
 * Euros as people type them ("1.234,5", "12.50", "80") to integer cents, without floating point; null when
 * it is not an amount. A comma or a dot followed by one or two digits at the end is the decimal separator.
 */
export function parseCents(text: string): number | null {
  const s = text.trim().replace(/\s|€/g, '')
  const m = /^(-?)([\d.,]*?)(?:[.,](\d{1,2}))?$/.exec(s)
  if (!m || !m[2] && !m[3]) return null
  const whole = (m[2] ?? '').replace(/[.,]/g, '')
  if (whole && !/^\d+$/.test(whole)) return null
  const cents = Number(whole || '0') * 100 + Number((m[3] ?? '').padEnd(2, '0') || '0')
  return m[1] ? -cents : cents
}

/** A percentage typed with up to 4 decimals ("12,5") in ten-thousandths of a percent (125000); null otherwise. */
export function parsePercent(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,4}))?$/.exec(text.trim().replace(/\s|%/g, ''))
  if (!m) return null
  return Number(m[1]) * 10000 + Number((m[2] ?? '').padEnd(4, '0'))
}

export function formatPercent(tenThousandths: number): string {
  const whole = Math.floor(tenThousandths / 10000)
  const frac = String(tenThousandths % 10000).padStart(4, '0').replace(/0+$/, '')
  return frac ? `${whole},${frac}` : String(whole)
}

export function useMoneySettings() {
  return useQuery({ queryKey: keys.settings(), queryFn: () => unwrap(api.GET('/api/v1/money/settings')) })
}

export function useMoneyGroups() {
  return useQuery({ queryKey: keys.groups(), queryFn: () => unwrap(api.GET('/api/v1/money/groups')) })
}

export function useBudgets(year: number) {
  return useQuery({
    queryKey: keys.budgets(year),
    queryFn: () => unwrap(api.GET('/api/v1/money/budgets', { params: { query: { year } } })),
  })
}

export function useCuotas(year: number) {
  return useQuery({
    queryKey: keys.cuotas(year),
    queryFn: () => unwrap(api.GET('/api/v1/money/cuotas', { params: { query: { year } } })),
  })
}

export function useReceipts(year: number) {
  return useQuery({
    queryKey: keys.receipts(year),
    queryFn: () => unwrap(api.GET('/api/v1/money/receipts', { params: { query: { year } } })),
  })
}

export function useMyMoney() {
  return useQuery({ queryKey: keys.mine(), queryFn: () => unwrap(api.GET('/api/v1/money/mine', { params: { query: {} } })) })
}

export function useStatement(unitId: string | undefined) {
  return useQuery({
    queryKey: keys.statement(unitId ?? ''),
    queryFn: () =>
      unwrap(api.GET('/api/v1/money/units/{unitId}/statement', { params: { path: { unitId: unitId ?? '' }, query: {} } })),
    enabled: !!unitId,
  })
}

/** A mutation that refreshes every money screen when it succeeds. */
export function useMoneyMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) })
}

export function useSaveMoneySettings() {
  return useMoneyMutation((body: components['schemas']['MoneySettings']) => unwrap(api.PUT('/api/v1/money/settings', { body })))
}

export function useSaveGroup() {
  return useMoneyMutation(
    ({ id, body }: { id?: string; body: components['schemas']['MoneyGroupBody'] }) =>
      id
        ? unwrap(api.PUT('/api/v1/money/groups/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/money/groups', { body })),
  )
}

export function useCreateBudget() {
  return useMoneyMutation((year: number) => unwrap(api.POST('/api/v1/money/budgets', { body: { year } })))
}

export function useSaveBudget() {
  return useMoneyMutation(({ id, lines, reserveCents }: { id: string; lines: BudgetLine[]; reserveCents?: number }) =>
    unwrap(api.PUT('/api/v1/money/budgets/{id}', { params: { path: { id } }, body: { lines, reserveCents } })),
  )
}

export function useApproveBudget() {
  return useMoneyMutation(({ id, juntaDate }: { id: string; juntaDate: string }) =>
    unwrap(api.POST('/api/v1/money/budgets/{id}/approve', { params: { path: { id } }, body: { juntaDate } })),
  )
}

export function useReviseBudget() {
  return useMoneyMutation((id: string) => unwrap(api.POST('/api/v1/money/budgets/{id}/revise', { params: { path: { id } } })))
}

export function useGenerateReceipts() {
  return useMoneyMutation((body: { year: number; period: number }) => unwrap(api.POST('/api/v1/money/receipts/generate', { body })))
}

export function useRecordPayment() {
  return useMoneyMutation(
    ({ id, ...body }: { id: string; amountCents: number; method: string; date: string; reference?: string }) =>
      unwrap(api.POST('/api/v1/money/receipts/{id}/payments', { params: { path: { id } }, body })),
  )
}

/** Settles what a receipt still owes against something the community owes its owner. */
export function useCompensateReceipt() {
  return useMoneyMutation(({ id, ...body }: { id: string; date: string; reason: string }) =>
    unwrap(api.POST('/api/v1/money/receipts/{id}/compensation', { params: { path: { id } }, body })),
  )
}

/** The URL of a unit's statement as CSV. */
export function statementCsvUrl(unitId: string): string {
  return inTabCommunity(`/api/v1/money/units/${encodeURIComponent(unitId)}/statement.csv`)
}
