import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/units (Viviendas y locales, a settings screen) and, for content.deleted, internal/domain (several features delete a member's content) record, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'unit.added': 'settings.audit.actions.unit.added',
  'unit.edited': 'settings.audit.actions.unit.edited',
  'unit.merged': 'settings.audit.actions.unit.merged',
  'unit.removed': 'settings.audit.actions.unit.removed',
  'units.imported': 'settings.audit.actions.units.imported',
  'content.deleted': 'settings.audit.actions.content.deleted',
} as const satisfies AuditActionLabels
