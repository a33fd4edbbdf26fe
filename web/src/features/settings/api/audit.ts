import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { unwrap } from '@/lib/api/request'
import type { components, operations } from '@/lib/api/schema'
import { queryKeys } from '@/lib/query-keys'

export type AuditRecord = components['schemas']['AuditRecord']

/** The audit's filters, as the API takes them (undefined = not filtered). */
export type AuditFilters = Omit<NonNullable<operations['listAudit']['parameters']['query']>, 'cursor' | 'limit'>

/** Every action the audit records, in the filter's order (the server's list). */
export const AUDIT_ACTIONS = [
  'role.changed',
  'community.edited',
  'community.access',
  'unit.added',
  'unit.edited',
  'unit.merged',
  'unit.removed',
  'units.imported',
  'verification.decided',
  'join_request.decided',
  'owner_claim.decided',
  'resident_claim.decided',
  'proposed_unit.decided',
  'content.deleted',
  'facility.created',
  'facility.edited',
  'facility.archived',
  'reservation.decided',
  'document.added',
  'document.edited',
  'document.deleted',
  'poll.created',
  'poll.edited',
  'poll.published',
  'poll.closed',
  'poll.deleted',
  'member.left',
  'money.settings.edited',
  'money.group.created',
  'money.group.edited',
  'money.group.deleted',
  'money.budget.created',
  'money.budget.edited',
  'money.budget.approved',
  'money.receipts.issued',
  'money.payment.recorded',
  'money.correction.posted',
  'money.certificate.requested',
  'money.certificate.issued',
  'money.receipts.shared',
  'money.receipts.unshared',
  'money.sepa_settings.edited',
  'money.mandate.signed',
  'money.mandate.revoked',
  'money.mandate.paused',
  'money.remittance.created',
  'money.debit.returned',
  'money.receipt.compensated',
  'money.derrama.created',
  'money.derrama.issued',
  'money.credit.applied',
] as const

export type AuditAction = (typeof AUDIT_ACTIONS)[number]

function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: queryKeys.community.audit(filters),
    queryFn: ({ pageParam }) =>
      unwrap(api.GET('/api/v1/community/audit', { params: { query: { ...filters, cursor: pageParam } } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
}

/** The community's record of admin actions, newest first, a page at a time (admins only). */
export function useAudit(filters: AuditFilters, enabled: boolean) {
  return useInfiniteQuery({ ...auditQueryOptions(filters), enabled })
}
