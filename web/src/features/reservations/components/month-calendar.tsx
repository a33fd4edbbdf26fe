import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'
import { useAvailability, type AvailabilityDay, type DaySlot, type Facility, type SlotTime } from '../api/reservations'
import { formatLocalDate } from '@/lib/local-date'
import { formatMonthName, lastBookableDate, shiftMonth } from '../lib/format'

interface MonthCalendarProps {
  facilities: Facility[]
  facilityId: string | undefined
  onFacilityChange: (id: string) => void
  month: string
  onMonthChange: (month: string) => void
  /** A free slot was tapped: the booking dialog confirms it (the second tap). */
  onPick: (facility: Facility, slot: SlotTime) => void
}

/** Calendario: a facility's month, each day with how much is free; a day opens its slots. */
export function MonthCalendar({ facilities, facilityId, onFacilityChange, month, onMonthChange, onPick }: MonthCalendarProps) {
  const { t, i18n } = useTranslation()
  const facility = facilities.find((f) => f.id === facilityId)
  const availability = useAvailability(facilityId, month)
  const [selected, setSelected] = useState<string | undefined>(undefined)
  const days = availability.data?.days ?? []
  // The previous month stays on screen while the next loads, but a tap on it must not pick an old day.
  const stale = availability.isPlaceholderData
  const day = stale ? undefined : days.find((d) => d.date === selected)
  // Monday-first grid: blanks before the 1st.
  const first = days[0] ? (new Date(`${days[0].date}T12:00:00Z`).getUTCDay() + 6) % 7 : 0
  // The facility's horizon: no day after it is offered, nor a month that starts after it.
  const last = facility ? lastBookableDate(facility) : undefined
  const lastMonth = last !== undefined && month >= last.slice(0, 7)

  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-2 text-sm font-medium" htmlFor="calendar-facility">
        {t('reservations.calendar.facility')}
        <NativeSelect
          id="calendar-facility"
          value={facilityId ?? ''}
          onChange={(e) => {
            onFacilityChange(e.target.value)
            setSelected(undefined)
          }}
        >
          {facilities.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </NativeSelect>
      </label>
      <div className="flex items-center justify-between">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('reservations.calendar.previous')}
          onClick={() => {
            onMonthChange(shiftMonth(month, -1))
            setSelected(undefined)
          }}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <h2 className="font-semibold capitalize" aria-live="polite">
          {formatMonthName(month, i18n.language)}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('reservations.calendar.next')}
          disabled={lastMonth}
          onClick={() => {
            onMonthChange(shiftMonth(month, 1))
            setSelected(undefined)
          }}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
      {availability.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : availability.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('reservations.calendar.loadError')}
        </p>
      ) : (
        <ol className={cn('grid grid-cols-7 gap-1', stale && 'opacity-60')} aria-label={t('reservations.calendar.days')} aria-busy={stale}>
          {Array.from({ length: first }, (_, i) => (
            <li key={`blank-${String(i)}`} aria-hidden />
          ))}
          {days.map((d) => (
            <li key={d.date}>
              <DayButton
                day={d}
                selected={d.date === selected}
                disabled={stale}
                beyond={last !== undefined && d.date > last}
                onSelect={() => {
                  setSelected(d.date)
                }}
              />
            </li>
          ))}
        </ol>
      )}
      {lastMonth && last && (
        <p className="text-sm text-muted-foreground">
          {t('reservations.calendar.horizon', { days: facility?.horizonDays ?? 0, date: formatLocalDate(last, i18n.language, true) })}
        </p>
      )}
      {day && facility && (
        <section aria-label={formatLocalDate(day.date, i18n.language, true)} className="flex flex-col gap-2">
          <h3 className="font-semibold capitalize">{formatLocalDate(day.date, i18n.language, true)}</h3>
          {day.closed ? (
            <p className="text-sm text-muted-foreground">
              {day.closedReason ? t('reservations.calendar.closedBecause', { reason: day.closedReason }) : t('reservations.calendar.closed')}
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-2">
              {(day.slots ?? []).map((s) => (
                <li key={s.start}>
                  <SlotButton
                    slot={s}
                    capacity={facility.capacity}
                    onPick={() => {
                      onPick(facility, { date: day.date, start: s.start, end: s.end })
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  )
}

function DayButton({
  day,
  selected,
  disabled,
  beyond,
  onSelect,
}: {
  day: AvailabilityDay
  selected: boolean
  disabled: boolean
  /** After the facility's horizon: not bookable yet. */
  beyond: boolean
  onSelect: () => void
}) {
  const { t, i18n } = useTranslation()
  const slots = beyond ? [] : (day.slots ?? []).filter((s) => !s.past)
  const free = slots.filter((s) => s.free > 0).length
  const closed = beyond || day.closed || slots.length === 0
  const label = `${formatLocalDate(day.date, i18n.language, true)}: ${
    beyond ? t('reservations.calendar.notYet') : day.closed ? t('reservations.calendar.closed') : t('reservations.calendar.freeCount', { count: free })
  }`
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={selected}
      disabled={disabled || beyond}
      onClick={onSelect}
      className={cn(
        'flex aspect-square w-full flex-col items-center justify-center rounded-lg border text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'border-primary bg-primary text-primary-foreground',
        !selected && closed && 'bg-muted text-muted-foreground',
        !selected && !closed && free === 0 && 'bg-red-50 dark:bg-red-950/40',
      )}
    >
      <span className="font-semibold">{Number(day.date.slice(8))}</span>
      {!closed && <span className={cn('size-1.5 rounded-full', free > 0 ? 'bg-green-600' : 'bg-red-600')} aria-hidden />}
    </button>
  )
}

function SlotButton({ slot, capacity, onPick }: { slot: DaySlot; capacity: number; onPick: () => void }) {
  const { t } = useTranslation()
  const state = slot.mine
    ? t('reservations.calendar.mine')
    : slot.free === 0
      ? t('reservations.calendar.taken')
      : capacity > 1
        ? t('reservations.calendar.places', { count: slot.free })
        : t('reservations.calendar.free')
  const bookable = !slot.past && slot.free > 0 && !slot.mine
  return (
    <button
      type="button"
      disabled={!bookable}
      onClick={onPick}
      aria-label={`${slot.start}–${slot.end}: ${state}`}
      className={cn(
        'flex w-full flex-col rounded-xl border p-2 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
        bookable ? 'bg-card hover:bg-muted' : 'cursor-not-allowed bg-muted text-muted-foreground',
        slot.mine && 'border-primary',
      )}
    >
      <span className="font-semibold">
        {slot.start}–{slot.end}
      </span>
      <span className="text-xs">{slot.past ? t('reservations.calendar.past') : state}</span>
    </button>
  )
}
