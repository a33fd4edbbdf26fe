import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { useTranslation } from '@/lib/i18n'
import type { AnnouncementPriority, AnnouncementStatus, AnnouncementType } from '../api/list-announcements'

const STATUS_VARIANT: Record<AnnouncementStatus, BadgeVariant> = {
  publicado: 'green',
  archivado: 'secondary',
  expirado: 'orange',
  eliminado: 'destructive',
}

export function StatusBadge({ status }: { status: AnnouncementStatus }) {
  const { t } = useTranslation()
  return <Badge variant={STATUS_VARIANT[status]}>{t(`announcements.status.${status}`)}</Badge>
}

export function TypeBadge({ type }: { type: AnnouncementType }) {
  const { t } = useTranslation()
  return <Badge variant="blue">{t(`announcements.type.${type}`)}</Badge>
}

/** Only critical announcements carry a priority badge (normal is the default and says nothing). */
export function PriorityBadge({ priority }: { priority: AnnouncementPriority }) {
  const { t } = useTranslation()
  if (priority !== 'critico') return null
  return <Badge variant="red">{t('announcements.priority.critico')}</Badge>
}
