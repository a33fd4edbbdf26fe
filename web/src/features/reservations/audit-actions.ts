import type { AuditActionLabels } from '@/lib/audit-actions'

/** The audit actions internal/reservations records, with their labels in this feature's catalogue (ADR 0039). */
export const auditActions = {
  'facility.created': 'reservations.audit.facility.created',
  'facility.edited': 'reservations.audit.facility.edited',
  'facility.archived': 'reservations.audit.facility.archived',
  'reservation.decided': 'reservations.audit.reservation.decided',
} as const satisfies AuditActionLabels
