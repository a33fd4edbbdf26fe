import type { BadgeVariant } from '@/components/ui/badge'
import type { IncidentPriority, IncidentStatus } from '../api/list-incidents'

export const STATUSES: readonly IncidentStatus[] = ['open', 'in_progress', 'resolved']
export const PRIORITIES: readonly IncidentPriority[] = ['low', 'medium', 'high']

/** Priority colours: low green, medium orange, high red. */
export const PRIORITY_BADGE: Record<IncidentPriority, BadgeVariant> = { low: 'green', medium: 'orange', high: 'red' }

export const STATUS_BADGE: Record<IncidentStatus, BadgeVariant> = {
  open: 'blue',
  in_progress: 'orange',
  resolved: 'green',
}
