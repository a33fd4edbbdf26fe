import { CalendarCheck } from 'lucide-react'
import { Link } from 'react-router'
import { Skeleton } from '@/components/ui/skeleton'
import { useTranslation } from '@/lib/i18n'
import { formatLocalDate } from '@/lib/local-date'
import type { NextReservation as Next } from '../api/get-dashboard'

/** The tile 'Mi próxima reserva': the member's next booking of a facility, or a way to make one. */
export function NextReservation({ next }: { next: { isPending: boolean; data?: Next } }) {
  const { t, i18n } = useTranslation()
  const r = next.data?.reservation
  return (
    <section aria-labelledby="next-reservation">
      <Link
        to="/reservations"
        className="flex items-center gap-3 rounded-2xl border bg-card p-4 shadow-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <CalendarCheck className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span id="next-reservation" className="block font-semibold">
            {t('reservations.dashboard.title')}
          </span>
          {next.isPending ? (
            <Skeleton className="mt-1 h-4 w-40" />
          ) : r ? (
            <span className="block text-sm">
              {r.facilityName} ·{' '}
              <span className="capitalize">
                {t('reservations.dashboard.when', { day: formatLocalDate(r.date, i18n.language), start: r.start, end: r.end })}
              </span>
            </span>
          ) : (
            <span className="block text-sm text-muted-foreground">{t('reservations.dashboard.none')}</span>
          )}
        </span>
      </Link>
    </section>
  )
}
