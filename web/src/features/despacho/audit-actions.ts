import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/organisations records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'processor.invited': 'despacho.audit.processor.invited',
  'processor.accepted': 'despacho.audit.processor.accepted',
  'processor.revoked': 'despacho.audit.processor.revoked',
} as const satisfies AuditActionLabels
