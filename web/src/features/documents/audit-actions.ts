import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/documents records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'document.added': 'documents.audit.document.added',
  'document.edited': 'documents.audit.document.edited',
  'document.deleted': 'documents.audit.document.deleted',
} as const satisfies AuditActionLabels
