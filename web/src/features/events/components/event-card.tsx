import { Clock, MapPin, Pencil, Trash2, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useDateFormat } from '@/lib/dates'
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
          <dt>
            <Clock className="size-4 text-primary" aria-hidden />
            <span className="sr-only">{t('events.fields.time')}</span>
          </dt>
          <dd>{showDate ? `${dates.date(event.startAt)} · ${range}` : range}</dd>
        </div>
        {event.location && (
          <div className="flex items-center gap-2">
            <dt>
              <MapPin className="size-4 text-primary" aria-hidden />
              <span className="sr-only">{t('events.fields.location')}</span>
            </dt>
            <dd className="min-w-0 break-words">{event.location}</dd>
          </div>
        )}
        <div className="flex items-center gap-2 text-muted-foreground">
          <dt>
            <UserRound className="size-4" aria-hidden />
            <span className="sr-only">{t('events.fields.createdBy')}</span>
          </dt>
          <dd>{t('events.card.createdBy', { name: event.createdByName || t('common.user') })}</dd>
        </div>
      </dl>
      {editable && (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('events.editNamed', { title: event.title })}>
            <Pencil aria-hidden />
            {t('events.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10"
            onClick={onDelete}
            aria-label={t('events.deleteNamed', { title: event.title })}
          >
            <Trash2 aria-hidden />
            {t('events.delete')}
          </Button>
        </div>
      )}
    </article>
  )
}
