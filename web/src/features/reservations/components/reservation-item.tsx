import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { useTranslation } from '@/lib/i18n'
import type { Reservation } from '../api/reservations'
import { formatLocalDate } from '@/lib/local-date'
import { euros, STATUS_VARIANT } from '../lib/format'

/** One reservation: facility, day and hours, status, deposit step and reason; actions go in children. */
export function ReservationItem({ reservation: r, showWho = false, children }: { reservation: Reservation; showWho?: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation()
  return (
    <li className="flex flex-col gap-2 rounded-2xl border bg-card p-4 shadow-sm" aria-label={`${r.facilityName}, ${formatLocalDate(r.date, i18n.language, true)}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{r.facilityName}</p>
          <p className="text-sm capitalize">
            {formatLocalDate(r.date, i18n.language, true)} · {r.start}–{r.end}
          </p>
          {showWho && (
            <p className="text-xs text-muted-foreground">
              {r.userName} · {r.unitLabel}
            </p>
          )}
        </div>
        <Badge variant={STATUS_VARIANT[r.status]}>{t(`reservations.status.${r.status}`)}</Badge>
      </div>
      {r.depositStatus && (
        <p className="text-sm">
          {t('reservations.deposit.label', { amount: euros(r.depositCents, i18n.language) })}{' '}
          <Badge variant="outline">{t(`reservations.deposit.${r.depositStatus}`)}</Badge>
          {r.depositReason && <span className="block text-xs text-muted-foreground">{r.depositReason}</span>}
        </p>
      )}
      {r.reason && <p className="text-sm text-muted-foreground">{t('reservations.reasonShown', { reason: r.reason })}</p>}
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </li>
  )
}
