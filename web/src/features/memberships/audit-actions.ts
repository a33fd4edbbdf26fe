import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions of internal/memberships (leaving a community; the roles, the community's data and code, the review queue), with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'member.left': 'memberships.audit.member.left',
  'role.changed': 'memberships.audit.role.changed',
  'community.edited': 'memberships.audit.community.edited',
  'community.access': 'memberships.audit.community.access',
  'verification.decided': 'memberships.audit.verification.decided',
  'join_request.decided': 'memberships.audit.join_request.decided',
  'owner_claim.decided': 'memberships.audit.owner_claim.decided',
  'resident_claim.decided': 'memberships.audit.resident_claim.decided',
  'proposed_unit.decided': 'memberships.audit.proposed_unit.decided',
} as const satisfies AuditActionLabels
