import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/organisations records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'processor.invited': 'despacho.audit.processor.invited',
  'processor.accepted': 'despacho.audit.processor.accepted',
  'processor.revoked': 'despacho.audit.processor.revoked',
  'processor.community_created': 'despacho.audit.processor.community_created',
  'processor.owners_imported': 'despacho.audit.processor.owners_imported',
} as const satisfies AuditActionLabels
