import type { FacilityInput } from '../api/reservations'

/** A facility's hours on one weekday, as the form's inputs hold them. */
export interface DayHours {
  closed: boolean
  open: string
  /** An <input type="time"> cannot hold "24:00": the form shows midnight as "00:00". */
  close: string
}

export type WeekHours = DayHours[]

type ApiDay = NonNullable<FacilityInput['hours']>[number]

const DEFAULT_DAY: DayHours = { closed: false, open: '09:00', close: '22:00' }

/** The weekdays in the order the form lists them, Monday first, as indexes of the API's Sunday-first list. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const

/** The form's week from the API's (Sunday first); a new facility opens 09:00–22:00 every day. A closed
 * day keeps 09:00–22:00 ready for when it opens again. */
export function weekFrom(hours: readonly ApiDay[] | null | undefined): WeekHours {
  return Array.from({ length: 7 }, (_, i) => {
    const h = hours?.[i]
    if (!h) return { ...DEFAULT_DAY }
    if (h.closed) return { ...DEFAULT_DAY, closed: true }
    return { closed: false, open: h.open, close: h.close === '24:00' ? '00:00' : h.close }
  })
}

/** Whether every day has the same hours, so that the form can show them as one. */
export function sameEveryDay(week: WeekHours): boolean {
  const first = week[0]
  return week.every((d) => d.closed === first?.closed && d.open === first.open && d.close === first.close)
}

/** Every day open with the hours of `day`. */
export function everyDay(day: Pick<DayHours, 'open' | 'close'>): WeekHours {
  return Array.from({ length: 7 }, () => ({ closed: false, open: day.open, close: day.close }))
}

/** The hours the form shows as one when every day is the same: those of the first open day, Monday first. */
export function firstOpenDay(week: WeekHours): DayHours {
  for (const i of WEEK_ORDER) {
    const d = week[i]
    if (d && !d.closed) return d
  }
  return week[1] ?? DEFAULT_DAY
}

/** The API's week: midnight as a closing time is "24:00"; a closed day still sends valid times. */
export function weekBody(week: WeekHours): ApiDay[] {
  return week.map((d) => ({ closed: d.closed, open: d.open, close: d.close === '00:00' ? '24:00' : d.close }))
}
