import { Badge } from '@/components/ui/badge'
import { useTranslation } from '@/lib/i18n'
import type { IncidentPriority, IncidentStatus } from '../api/list-incidents'
import { PRIORITY_BADGE, STATUS_BADGE } from '../lib/labels'

export function StatusBadge({ status }: { status: IncidentStatus }) {
  const { t } = useTranslation()
  return <Badge variant={STATUS_BADGE[status]}>{t(`incidents.status.${status}`)}</Badge>
}

export function PriorityBadge({ priority }: { priority: IncidentPriority }) {
  const { t } = useTranslation()
  return (
    <Badge variant={PRIORITY_BADGE[priority]}>
      <span className="sr-only">{t('incidents.fields.priority')}: </span>
      {t(`incidents.priority.${priority}`)}
    </Badge>
  )
}
