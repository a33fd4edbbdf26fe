import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/maintenance records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'maintenance.added': 'maintenance.audit.added',
  'maintenance.edited': 'maintenance.audit.edited',
  'maintenance.done': 'maintenance.audit.done',
  'maintenance.deleted': 'maintenance.audit.deleted',
} as const satisfies AuditActionLabels
