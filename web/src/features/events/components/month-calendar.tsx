import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  isToday,
  startOfMonth,
  startOfWeek,
} from 'date-fns'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { useDateFormat } from '@/lib/dates'
import { useTranslation } from '@/lib/i18n'
import { cn } from '@/lib/utils'

/** The key of a day in `eventDays`: "2025-03-05" in local time. */
export function dayKey(day: Date): string {
  return format(day, 'yyyy-MM-dd')
}

/** The first and last day the month's grid shows (whole weeks), in the locale's week. */
export function monthGridRange(month: Date, weekStartsOn: 0 | 1 | 2 | 3 | 4 | 5 | 6): { start: Date; end: Date } {
  return {
    start: startOfWeek(startOfMonth(month), { weekStartsOn }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn }),
  }
}

interface MonthCalendarProps {
  month: Date
  onMonthChange: (month: Date) => void
  selected: Date
  onSelect: (day: Date) => void
  /** Days with events (dayKey), highlighted. */
  eventDays: ReadonlySet<string>
}

const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }

/** A month grid: arrows change month, a day button selects it; arrow keys move between days. */
export function MonthCalendar({ month, onMonthChange, selected, onSelect, eventDays }: MonthCalendarProps) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const weekStartsOn = dates.locale.options?.weekStartsOn ?? 1
  const { start, end } = monthGridRange(month, weekStartsOn)
  const days = eachDayOfInterval({ start, end })
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7))
  const grid = useRef<HTMLTableElement>(null)
  const moved = useRef(false)
  const focusable = days.some((d) => isSameDay(d, selected)) ? selected : startOfMonth(month)

  // After a keyboard move, focus follows the selected day (also into the next month's grid).
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${dayKey(selected)}"]`)?.focus()
  }, [selected])

  const select = (day: Date) => {
    onSelect(day)
    if (!isSameMonth(day, month)) onMonthChange(startOfMonth(day))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: Date) => {
    const by = MOVES[event.key]
    if (by === undefined) return
    event.preventDefault()
    moved.current = true
    select(addDays(day, by))
  }

  const title = dates.month(month)
  return (
    <div className="rounded-2xl border bg-card p-3 shadow-sm">
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => {
            onMonthChange(addMonths(month, -1))
          }}
          aria-label={t('events.calendar.previousMonth')}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <h2 className="text-base font-semibold first-letter:uppercase" aria-live="polite">
          {title}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => {
            onMonthChange(addMonths(month, 1))
          }}
          aria-label={t('events.calendar.nextMonth')}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <table ref={grid} className="w-full table-fixed border-collapse text-center" aria-label={title}>
        <thead>
          <tr>
            {weeks[0]?.map((day) => (
              <th key={dayKey(day)} scope="col" className="pb-1 text-xs font-medium text-muted-foreground">
                <abbr title={format(day, 'EEEE', { locale: dates.locale })} className="no-underline">
                  {format(day, 'EEEEEE', { locale: dates.locale })}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0] ?? start)}>
              {week.map((day) => {
                const key = dayKey(day)
                const isSelected = isSameDay(day, selected)
                const hasEvents = eventDays.has(key)
                const inMonth = isSameMonth(day, month)
                return (
                  <td key={key} className="p-0.5">
                    <button
                      type="button"
                      data-day={key}
                      tabIndex={isSameDay(day, focusable) ? 0 : -1}
                      aria-pressed={isSelected}
                      aria-current={isToday(day) ? 'date' : undefined}
                      aria-label={
                        hasEvents ? t('events.calendar.dayWithEvents', { date: dates.longDate(day) }) : dates.longDate(day)
                      }
                      onClick={() => {
                        select(day)
                      }}
                      onKeyDown={(event) => {
                        onKeyDown(event, day)
                      }}
                      className={cn(
                        'relative mx-auto flex aspect-square w-full max-w-11 flex-col items-center justify-center rounded-xl ' +
                          'text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        !inMonth && 'text-muted-foreground/60',
                        hasEvents && !isSelected && 'bg-accent font-semibold text-accent-foreground',
                        isSelected ? 'bg-primary font-semibold text-primary-foreground' : 'hover:bg-muted',
                        isToday(day) && !isSelected && 'ring-1 ring-primary',
                      )}
                    >
                      {format(day, 'd')}
                      {hasEvents && (
                        <span
                          aria-hidden
                          className={cn(
                            'absolute bottom-1 size-1 rounded-full',
                            isSelected ? 'bg-primary-foreground' : 'bg-primary',
                          )}
                        />
                      )}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
