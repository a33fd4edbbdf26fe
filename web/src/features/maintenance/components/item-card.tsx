import { CheckCircle2, Pencil, Trash2 } from 'lucide-react'
import { Badge, type BadgeVariant } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import type { MaintenanceItem } from '../api/maintenance'

const STATUS_TONE: Record<MaintenanceItem['status'], BadgeVariant> = { overdue: 'red', soon: 'orange', ok: 'green' }

/** A day the server sends ("2027-03-05"), read at noon UTC so that no browser's zone moves it to another day. */
export function dayOf(date: string): Date {
  return new Date(`${date}T12:00:00Z`)
}

interface ItemCardProps {
  item: MaintenanceItem
  /** Admins get the actions; everyone else reads. */
  isAdmin: boolean
  onDone: () => void
  onEdit: () => void
  onDelete: () => void
}

/** One item of the list: its status, when it was last done and is due again, and its history. */
export function ItemCard({ item, isAdmin, onDone, onEdit, onDelete }: ItemCardProps) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const titleId = `maintenance-${item.id}`
  const history = item.history ?? []
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-sm">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold break-words">
            {item.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t(`maintenance.kinds.${item.kind}`)} · {t('maintenance.every', { count: item.periodMonths })}
          </p>
        </div>
        <Badge variant={STATUS_TONE[item.status]}>{t(`maintenance.status.${item.status}`)}</Badge>
      </header>
      <dl className="grid grid-cols-1 gap-1 text-sm min-[360px]:grid-cols-2">
        <dd className={item.status === 'overdue' ? 'font-semibold text-red-700 dark:text-red-300' : 'font-semibold'}>
          {t('maintenance.nextDue', { date: format.date(dayOf(item.nextDue)) })}
        </dd>
        <dd className="text-muted-foreground">{t('maintenance.lastDone', { date: format.date(dayOf(item.lastDone)) })}</dd>
      </dl>
      {item.provider && <p className="text-sm">{t('maintenance.provider', { name: item.provider })}</p>}
      {item.notes && <p className="text-sm whitespace-pre-line text-muted-foreground">{item.notes}</p>}
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
          {t('maintenance.history', { count: history.length })}
        </summary>
        {history.length === 0 ? (
          <p className="mt-2 text-muted-foreground">{t('maintenance.historyEmpty')}</p>
        ) : (
          <ol className="mt-2 flex flex-col gap-2">
            {history.map((done) => (
              <li key={done.id} className="border-l-2 pl-3">
                <p>{t('maintenance.doneBy', { date: format.date(dayOf(done.doneOn)), name: done.doneByName })}</p>
                {done.note && <p className="text-muted-foreground">{done.note}</p>}
              </li>
            ))}
          </ol>
        )}
      </details>
      {isAdmin && (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={onDone}>
            <CheckCircle2 aria-hidden />
            {t('maintenance.actions.markDone')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`${t('maintenance.actions.edit')}: ${item.name}`}>
            <Pencil aria-hidden />
            {t('maintenance.actions.edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`${t('maintenance.actions.delete')}: ${item.name}`}>
            <Trash2 aria-hidden />
            {t('maintenance.actions.delete')}
          </Button>
        </div>
      )}
    </article>
  )
}
