import type { TFunction } from '@/lib/i18n'

export const EMAIL_MAX_LENGTH = 255

/**
 * The well-formed email of zod's z.email() (its default pattern), written here so that /login and /register
 * check emails without downloading zod (36 kB gzip).
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

/** Whether text is a well-formed email (for lists such as the invitees). */
export function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text)
}

/** What is wrong with a trimmed email as the server accepts it (present, at most 255 characters, well formed). */
export function emailIssue(email: string, t: TFunction): string | undefined {
  if (email === '') return t('auth.validation.emailRequired')
  if (email.length > EMAIL_MAX_LENGTH) return t('auth.validation.emailTooLong')
  if (!EMAIL_PATTERN.test(email)) return t('auth.validation.emailInvalid')
  return undefined
}
