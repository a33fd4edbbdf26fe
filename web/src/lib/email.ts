import type { TFunction } from 'i18next'
import { z } from 'zod'

export const EMAIL_MAX_LENGTH = 255

/** An email as the server accepts it: trimmed, present, well formed, at most 255 characters. */
export function emailField(t: TFunction) {
  return z
    .string()
    .trim()
    .min(1, t('auth.validation.emailRequired'))
    .max(EMAIL_MAX_LENGTH, t('auth.validation.emailTooLong'))
    .pipe(z.email(t('auth.validation.emailInvalid')))
}

/** Whether text is a well-formed email (for lists such as the invitees). */
export function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && z.email().safeParse(text).success
}
