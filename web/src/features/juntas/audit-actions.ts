import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/juntas records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'junta.created': 'juntas.audit.junta.created',
  'junta.edited': 'juntas.audit.junta.edited',
  'junta.deleted': 'juntas.audit.junta.deleted',
  'junta.convened': 'juntas.audit.junta.convened',
  'junta.held': 'juntas.audit.junta.held',
  'junta.acta_signed': 'juntas.audit.junta.acta_signed',
  'junta.proxy_checked': 'juntas.audit.junta.proxy_checked',
} as const satisfies AuditActionLabels
