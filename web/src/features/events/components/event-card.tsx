import { Clock, MapPin, UserRound } from 'lucide-react'
import { IconTerm } from '@/components/icon-term'
import { CardActions } from '@/components/item-actions'
import { Badge } from '@/components/ui/badge'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import type { CommunityEvent } from '../api/list-events'

interface EventCardProps {
  event: CommunityEvent
  /** Shows the date before the time (lists spanning several days). */
  showDate?: boolean
  onEdit: () => void
  onDelete: () => void
}

/** Title, creator, description, time range and location; Edit/Delete for its creator or an admin. */
export function EventCard({ event, showDate = false, onEdit, onDelete }: EventCardProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const deleted = event.deletedAt !== null
  const editable = event.canEdit && !deleted
  const range = event.endAt ? `${dates.time(event.startAt)} – ${dates.time(event.endAt)}` : dates.time(event.startAt)
  return (
    <article
      aria-labelledby={`event-${event.id}`}
      className={cn('flex flex-col gap-2 rounded-2xl border bg-card p-4 shadow-sm', deleted && 'opacity-70')}
    >
      <div className="flex items-start gap-2">
        <h3 id={`event-${event.id}`} className="min-w-0 flex-1 text-base leading-snug font-semibold break-words">
          {event.title}
        </h3>
        {event.status === 'completed' && <Badge variant="secondary">{t('events.status.completed')}</Badge>}
        {deleted && <Badge variant="destructive">{t('events.deleted')}</Badge>}
      </div>
      {event.description && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{event.description}</p>}
      <dl className="flex flex-col gap-1 text-sm">
        <div className="flex items-center gap-2">
          <IconTerm icon={Clock} label={t('events.fields.time')} className="size-4 text-primary" />
          <dd>{showDate ? `${dates.date(event.startAt)} · ${range}` : range}</dd>
        </div>
        {event.location && (
          <div className="flex items-center gap-2">
            <IconTerm icon={MapPin} label={t('events.fields.location')} className="size-4 text-primary" />
            <dd className="min-w-0 break-words">{event.location}</dd>
          </div>
        )}
        <div className="flex items-center gap-2 text-muted-foreground">
          <IconTerm icon={UserRound} label={t('events.fields.createdBy')} className="size-4" />
          <dd>{t('events.card.createdBy', { name: event.createdByName || t('common.user') })}</dd>
        </div>
      </dl>
      {editable && <CardActions section="events" title={event.title} onEdit={onEdit} onDelete={onDelete} />}
    </article>
  )
}
