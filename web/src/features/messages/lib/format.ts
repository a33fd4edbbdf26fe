/** The locale for dates: Spanish of Spain by default, Catalan or English when the app is switched. */
export function dateLocale(language: string): string {
  if (language.startsWith('ca')) return 'ca-ES'
  if (language.startsWith('en')) return 'en-GB'
  return 'es-ES'
}

/** hh:mm in 24-hour time. */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(dateLocale(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  )
}

/** A day separator in the long format: 'martes, 3 de marzo de 2026'. */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'full' }).format(new Date(iso))
}

/** The local calendar day of an instant, to group messages under one separator. */
export function dayKey(iso: string): string {
  const d = new Date(iso)
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`
}

/**
 * A list row's timestamp: the time for today, `yesterday` for yesterday, the short date otherwise.
 */
export function formatListTime(iso: string, language: string, yesterday: string, now = new Date()): string {
  const d = new Date(iso)
  if (dayKey(iso) === dayKey(now.toISOString())) return formatTime(iso, language)
  const y = new Date(now)
  y.setDate(now.getDate() - 1)
  if (dayKey(iso) === dayKey(y.toISOString())) return yesterday
  const sameYear = d.getFullYear() === now.getFullYear()
  return new Intl.DateTimeFormat(dateLocale(language), {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(d)
}

/** The unread badge's text: the number, '99+' above 99. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count)
}

/** The chat filter and the neighbour search: a case-insensitive substring of the name. */
export function matchesName(name: string, query: string): boolean {
  const q = query.trim().toLocaleLowerCase('es')
  return q === '' || name.toLocaleLowerCase('es').includes(q)
}

/** A fresh idempotency key for one message (kept for its retries). */
export function newClientId(): string {
  return crypto.randomUUID()
}

/** The text trimmed, or `fallback` when it is missing or blank (a name, a unit, a description). */
export function nameOr(text: string | null | undefined, fallback: string): string {
  const trimmed = text?.trim() ?? ''
  return trimmed === '' ? fallback : trimmed
}
