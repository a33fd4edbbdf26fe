import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/memberships (those its settings screens show: roles, the community, the review queue), internal/units and, for content.deleted, internal/domain (several features delete a member's content) records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'role.changed': 'settings.audit.actions.role.changed',
  'community.edited': 'settings.audit.actions.community.edited',
  'community.access': 'settings.audit.actions.community.access',
  'unit.added': 'settings.audit.actions.unit.added',
  'unit.edited': 'settings.audit.actions.unit.edited',
  'unit.merged': 'settings.audit.actions.unit.merged',
  'unit.removed': 'settings.audit.actions.unit.removed',
  'units.imported': 'settings.audit.actions.units.imported',
  'verification.decided': 'settings.audit.actions.verification.decided',
  'join_request.decided': 'settings.audit.actions.join_request.decided',
  'owner_claim.decided': 'settings.audit.actions.owner_claim.decided',
  'resident_claim.decided': 'settings.audit.actions.resident_claim.decided',
  'proposed_unit.decided': 'settings.audit.actions.proposed_unit.decided',
  'content.deleted': 'settings.audit.actions.content.deleted',
} as const satisfies AuditActionLabels
