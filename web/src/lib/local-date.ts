/**
 * A local date of the community ("YYYY-MM-DD", as the server sends it in the community's time zone) as
 * words. It is already the community's date: it is read at noon UTC and written in UTC, so the browser's
 * own time zone never moves it to another day.
 */
export function formatLocalDate(date: string, language: string, long = false): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(language, {
    timeZone: 'UTC',
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
  })
}
