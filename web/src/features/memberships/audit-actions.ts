import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/profiles records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'member.left': 'memberships.audit.member.left',
} as const satisfies AuditActionLabels
