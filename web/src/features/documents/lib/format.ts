/** A file size as people read it: "820 KB", "2,4 MB" (decimal comma in Spanish and Catalan). */
export function formatSize(bytes: number, language: string): string {
  const locale = language.startsWith('en') ? 'en-GB' : language.startsWith('ca') ? 'ca-ES' : 'es-ES'
  if (bytes < 1024) return `${String(bytes)} B`
  const kb = bytes / 1024
  if (kb < 1024) return `${Math.round(kb).toLocaleString(locale)} KB`
  return `${(kb / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`
}

/** The types the archive takes, for the file picker (the server decides from the bytes anyway). */
export const ACCEPTED_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  '.docx',
  '.xlsx',
  '.odt',
  '.ods',
].join(',')

/** A day of the API ("2025-03-05") as a local date, so formatting never shifts it by a time zone. */
export function localDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1)
}

/** The file name without its extension, to offer as a title. */
export function titleOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/[_-]+/g, ' ').trim()
}
