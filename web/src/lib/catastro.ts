// The Catastro's check letters (the same algorithm as the server's internal/domain/catastro.go).
const WEIGHTS = [13, 15, 12, 5, 4, 17, 9, 21, 3, 7, 1]
const LETTERS = 'MQWERTYUIOPASDFGHJKLBZX'

/** Letters count A=1 … N=14, Ñ=15, O=16 … Z=27; digits as themselves; anything else is -1. */
function value(c: string): number {
  if (c >= '0' && c <= '9') return Number(c)
  if (c >= 'A' && c <= 'N') return c.charCodeAt(0) - 64
  if (c === 'Ñ') return 15
  if (c >= 'O' && c <= 'Z') return c.charCodeAt(0) - 79 + 16
  return -1
}

/** A reference as typed: spaces removed, upper case. */
export function normalizeCatastralReference(input: string): string {
  return input.replace(/\s+/g, '').toLocaleUpperCase('es')
}

/** 20 upper-case letters and digits (the format the spec asks for, before the check letters). */
export function hasCatastralFormat(ref: string): boolean {
  return /^[A-ZÑ0-9]{20}$/.test(ref)
}

/** Whether a normalized reference has the right format and its two check letters (19 and 20) match. */
export function isValidCatastralReference(ref: string): boolean {
  if (!hasCatastralFormat(ref)) return false
  const chars = Array.from(ref)
  const check = (first: string[]) => {
    const sum = [...first, ...chars.slice(14, 18)].reduce((total, c, i) => total + value(c) * (WEIGHTS[i] ?? 0), 0)
    return LETTERS[sum % 23]
  }
  return check(chars.slice(0, 7)) === chars[18] && check(chars.slice(7, 14)) === chars[19]
}
