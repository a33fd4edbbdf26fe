import { formatDistance } from 'date-fns'
import { dateLocale } from '@/lib/dates'

/** How long ago, in words of the app's language: "hace 5 minutos" (es), "fa 5 minuts" (ca), "5 minutes ago" (en). */
export function relativeTime(value: string | Date, language: string | undefined, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value)
  return formatDistance(date, now, { addSuffix: true, locale: dateLocale(language) })
}
