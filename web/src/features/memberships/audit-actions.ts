import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit action of internal/memberships that this feature shows (leaving a community; the others are labelled in settings), with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'member.left': 'memberships.audit.member.left',
} as const satisfies AuditActionLabels
