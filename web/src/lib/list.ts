/**
 * 'Google y Facebook', 'A, B i C': items joined with the language's word for 'and' (`common.and`). Not
 * Intl.ListFormat: building one loads ICU's list patterns, 30–50 ms of a slow phone's main thread, and
 * /login built one on its first render.
 */
export function formatList(items: readonly string[], and: string): string {
  const last = items.at(-1)
  if (last === undefined || items.length === 1) return last ?? ''
  // Spanish 'y' becomes 'e' before the sound /i/ ('Google e Instagram', but 'agua y hielo').
  const word = and === 'y' && /^h?i(?![aeiouáéíóú])/i.test(last) ? 'e' : and
  return `${items.slice(0, -1).join(', ')} ${word} ${last}`
}
