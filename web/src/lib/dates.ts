import { format, isValid, parse, type Locale } from 'date-fns'
import { ca, enGB, es } from 'date-fns/locale'
import type { Language } from '@/lib/app-settings'
import { useTranslation } from '@/lib/i18n'

const LOCALES: Record<Language, Locale> = { es, ca, en: enGB }

/** The date-fns locale of an app language (Spanish for anything unknown). */
export function dateLocale(language: string | undefined): Locale {
  const base = (language ?? 'es').slice(0, 2)
  return base === 'ca' || base === 'en' ? LOCALES[base] : LOCALES.es
}

type DateInput = Date | string | number

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value)
}

/** Day, month, year, hour and minute: "05/03/2025, 14:30" in es-ES. */
export function formatDateTime(value: DateInput, language?: string): string {
  return format(toDate(value), 'Pp', { locale: dateLocale(language) })
}

/** Day, month and year: "05/03/2025" in es-ES. */
export function formatDate(value: DateInput, language?: string): string {
  return format(toDate(value), 'P', { locale: dateLocale(language) })
}

/** The date in words: "miércoles, 5 de marzo de 2025" in es-ES. */
export function formatLongDate(value: DateInput, language?: string): string {
  return format(toDate(value), 'PPPP', { locale: dateLocale(language) })
}

/** Hour and minute: "14:30" in es-ES. */
export function formatTime(value: DateInput, language?: string): string {
  return format(toDate(value), 'p', { locale: dateLocale(language) })
}

/** Month and year for a calendar heading: "marzo 2025" in es-ES. */
export function formatMonth(value: DateInput, language?: string): string {
  return format(toDate(value), 'LLLL yyyy', { locale: dateLocale(language) })
}

/** The value of an <input type="date"> for a day: "2025-03-05". */
export function toDateInputValue(value: DateInput): string {
  return format(toDate(value), 'yyyy-MM-dd')
}

/** The value of an <input type="time"> for a moment: "14:30". */
export function toTimeInputValue(value: DateInput): string {
  return format(toDate(value), 'HH:mm')
}

/** The local moment of a date input ("2025-03-05") and a time input ("14:30"); null when either is invalid. */
export function combineDateAndTime(date: string, time: string): Date | null {
  const combined = parse(`${date} ${time}`, 'yyyy-MM-dd HH:mm', new Date())
  return isValid(combined) ? combined : null
}

/** The formatters above in the app's current language. */
export function useDateFormat() {
  const { i18n } = useTranslation()
  const language = i18n.language
  return {
    locale: dateLocale(language),
    dateTime: (value: DateInput) => formatDateTime(value, language),
    date: (value: DateInput) => formatDate(value, language),
    longDate: (value: DateInput) => formatLongDate(value, language),
    time: (value: DateInput) => formatTime(value, language),
    month: (value: DateInput) => formatMonth(value, language),
  }
}
