/** Password strength as the spec scores it: 20 points for each rule met, out of 100. */
export function passwordStrength(password: string): number {
  const rules = [
    Array.from(password).length >= 8,
    /\p{Lu}/u.test(password),
    /\p{Ll}/u.test(password),
    /\p{Nd}/u.test(password),
    // Anything that is not a letter or a digit, as the server counts it.
    /[^\p{Lu}\p{Ll}\p{Nd}]/u.test(password),
  ]
  return rules.filter(Boolean).length * 20
}

/** The lowest strength a new password may have. */
export const MIN_PASSWORD_STRENGTH = 60

export type StrengthLevel = 'weak' | 'fair' | 'good' | 'strong'

/** Up to 40 weak (Débil), up to 60 fair (Media), up to 80 good (Buena), above strong (Fuerte). */
export function strengthLevel(score: number): StrengthLevel {
  if (score <= 40) return 'weak'
  if (score <= 60) return 'fair'
  if (score <= 80) return 'good'
  return 'strong'
}

/** The registration rule: 8 to 72 characters with an upper-case letter, a lower-case letter and a digit. */
export function meetsSignupPasswordRule(password: string): boolean {
  const length = Array.from(password).length
  return length >= 8 && length <= 72 && /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password)
}
