/** Name shown (and abbreviated) when a person has not set one. */
export const DEFAULT_USER_NAME = 'Usuario'

/**
 * Avatar initials: the first letters of the first two words, or the first two letters of a single word,
 * upper case. Without a usable name it falls back to the default name ('US').
 */
export function initials(name?: string | null): string {
  // NFC keeps an accented letter written as letter + combining mark together as one character.
  const words = (name ?? '').normalize('NFC').trim().split(/\s+/).filter(Boolean)
  const [first = DEFAULT_USER_NAME, second] = words
  // Array.from splits by code point, so letters outside the BMP are never cut in half.
  const letters = second ? firstChar(first) + firstChar(second) : Array.from(first).slice(0, 2).join('')
  return letters.toLocaleUpperCase('es')
}

function firstChar(word: string): string {
  return Array.from(word)[0] ?? ''
}
