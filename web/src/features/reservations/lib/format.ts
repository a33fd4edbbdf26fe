import type { BadgeVariant } from '@/components/ui/badge'
import type { Reservation } from '../api/reservations'

/** A month ("YYYY-MM") as words: 'mayo de 2026'. */
export function formatMonthName(month: string, language: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString(language, { timeZone: 'UTC', month: 'long', year: 'numeric' })
}

/** The month after (delta 1) or before (-1) "YYYY-MM". */
export function shiftMonth(month: string, delta: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number)
  const d = new Date(Date.UTC(y, m - 1 + delta, 15))
  return d.toISOString().slice(0, 7)
}

/** Today's month in the community's time zone. */
export function currentMonth(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(new Date())
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}`
}

/** Today ("YYYY-MM-DD") in the community's time zone. */
export function today(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** The last local date ("YYYY-MM-DD") on which a booking of a facility may start: its horizon after today. */
export function lastBookableDate(facility: { timeZone: string; horizonDays: number }, now: Date = new Date()): string {
  const [y = 0, m = 1, d = 1] = today(facility.timeZone, now).split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + facility.horizonDays, 12)).toISOString().slice(0, 10)
}

export function euros(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(
    cents / 100,
  )
}

export const STATUS_VARIANT: Record<Reservation['status'], BadgeVariant> = {
  pending: 'orange',
  confirmed: 'green',
  rejected: 'red',
  cancelled: 'secondary',
  finished: 'blue',
}

