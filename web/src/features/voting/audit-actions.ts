import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/voting records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'poll.created': 'voting.audit.poll.created',
  'poll.edited': 'voting.audit.poll.edited',
  'poll.published': 'voting.audit.poll.published',
  'poll.closed': 'voting.audit.poll.closed',
  'poll.deleted': 'voting.audit.poll.deleted',
} as const satisfies AuditActionLabels
