/** Spanish words that introduce the floor, door or staircase of a dwelling (not part of the building's address). */
const UNIT_WORDS = /\b(?:piso|planta|puerta|dpto|departamento|esc|escalera)\b\.?/giu
/** A trailing ordinal such as 3º, 2ª, 1°, 4.º (the floor or door once its word is gone). */
const TRAILING_ORDINAL = /\s*\d+\s*\.?\s*[ºª°]\s*$/u
/** Commas, semicolons, dashes, slashes and spaces left dangling at the end. */
const TRAILING_SEPARATORS = /[\s,;:/\-–—]+$/u

/**
 * Shortens a postal address for a one-line subtitle. With 3 or more comma-separated parts it keeps the
 * first two; otherwise it removes the floor/door words (piso, planta, puerta, dpto, departamento, esc,
 * escalera), trailing ordinal numbers and trailing separators.
 */
export function shortenAddress(address: string | null | undefined): string {
  const text = (address ?? '').trim()
  if (text === '') return ''
  const parts = text.split(',').map((part) => part.trim())
  if (parts.length >= 3) return parts.slice(0, 2).join(', ')

  let short = text.replace(UNIT_WORDS, ' ').replace(/\s+/gu, ' ').replace(/\s+,/gu, ',')
  for (;;) {
    const next = short.replace(TRAILING_ORDINAL, '').replace(TRAILING_SEPARATORS, '')
    if (next === short) break
    short = next
  }
  return short.trim()
}
