import { Info } from 'lucide-react'
import { useTranslation } from '@/lib/i18n'
import type { Facility } from '../api/reservations'
import { euros } from '../lib/format'

/** The rules box: the facility's actual rules, from its settings and its rules text. */
export function RulesBox({ facility }: { facility: Facility }) {
  const { t, i18n } = useTranslation()
  const open = (facility.hours ?? []).filter((h) => !h.closed)
  const same = open.every((h) => h.open === open[0]?.open && h.close === open[0].close)
  return (
    <aside aria-labelledby="rules-title" className="rounded-2xl border border-blue-200 bg-blue-50 p-4 text-sm dark:border-blue-900 dark:bg-blue-950/40">
      <h2 id="rules-title" className="mb-2 flex items-center gap-2 font-semibold">
        <Info className="size-4" aria-hidden />
        {t('reservations.rules.title', { facility: facility.name })}
      </h2>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        <li>{t('reservations.rules.quota', { count: facility.maxPerMonth })}</li>
        <li>{t('reservations.rules.cancel', { hours: facility.cancelHours })}</li>
        {facility.depositCents > 0 && <li>{t('reservations.rules.deposit', { amount: euros(facility.depositCents, i18n.language) })}</li>}
        {same && open[0] && <li>{t('reservations.rules.hours', { open: open[0].open, close: open[0].close })}</li>}
        {facility.slotMinutes > 0 ? (
          <li>{t('reservations.rules.slots', { minutes: facility.slotMinutes })}</li>
        ) : (
          <li>{t('reservations.rules.duration', { min: facility.minMinutes, max: facility.maxMinutes })}</li>
        )}
        {facility.needsApproval && <li>{t('reservations.rules.approval')}</li>}
      </ul>
      {facility.rules && <p className="mt-2 whitespace-pre-line">{facility.rules}</p>}
      <p className="mt-2 text-xs text-muted-foreground">{t('reservations.rules.timeZone', { zone: facility.timeZone })}</p>
    </aside>
  )
}
