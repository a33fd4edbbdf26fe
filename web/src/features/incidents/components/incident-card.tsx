import { MapPin, UserRound } from 'lucide-react'
import { IconTerm } from '@/components/icon-term'
import { CardActions } from '@/components/item-actions'
import { Badge } from '@/components/ui/badge'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { Incident } from '../api/list-incidents'
import { PriorityBadge, StatusBadge } from './incident-badges'

interface IncidentCardProps {
  incident: Incident
  onOpen: () => void
  onEdit: () => void
  onDelete: () => void
}

/** One incident in the list; the title opens its detail, Edit/Delete show for its creator or an admin. */
export function IncidentCard({ incident, onOpen, onEdit, onDelete }: IncidentCardProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const deleted = incident.deletedAt !== null
  const editable = incident.canEdit && !deleted
  return (
    <article
      aria-labelledby={`incident-${incident.id}`}
      className={cn('flex gap-3 rounded-2xl border bg-card p-4 shadow-sm', deleted && 'opacity-70')}
    >
      {incident.imageUrl && (
        <img src={incident.imageUrl} alt="" className="size-16 shrink-0 rounded-xl object-cover" loading="lazy" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <StatusBadge status={incident.status} />
          <PriorityBadge priority={incident.priority} />
          {deleted && <Badge variant="destructive">{t('incidents.deleted')}</Badge>}
        </div>
        <h2 id={`incident-${incident.id}`} className="text-base leading-snug font-semibold break-words">
          <button
            type="button"
            onClick={onOpen}
            className="rounded text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {incident.title}
          </button>
        </h2>
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">{incident.description}</p>
        <dl className="flex flex-col gap-0.5 text-xs text-muted-foreground">
          {incident.location && (
            <div className="flex items-center gap-1">
              <IconTerm icon={MapPin} label={t('incidents.fields.location')} className="size-3.5" />
              <dd className="truncate">{incident.location}</dd>
            </div>
          )}
          <div className="flex items-center gap-1">
            <IconTerm icon={UserRound} label={t('incidents.fields.assignedTo')} className="size-3.5" />
            <dd className="truncate">{t('incidents.card.assignedTo', { name: incident.assignedToName || t('common.user') })}</dd>
          </div>
          <div>
            <dt className="sr-only">{t('incidents.fields.createdBy')}</dt>
            <dd className="break-words">
              {t('incidents.card.createdBy', {
                name: incident.createdByName || t('common.user'),
                date: dates.dateTime(incident.createdAt),
              })}
            </dd>
          </div>
        </dl>
        {editable && <CardActions section="incidents" title={incident.title} onEdit={onEdit} onDelete={onDelete} />}
      </div>
    </article>
  )
}
