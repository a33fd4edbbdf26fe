import type { TFunction } from 'i18next'
import { z } from 'zod'

/** International phone form: optional plus, first digit 1-9, up to 15 digits (spec §5). */
export const PHONE_PATTERN = /^\+?[1-9]\d{0,14}$/

/** An optional phone: empty is fine; spaces, dots and dashes are ignored. */
export function phoneField(t: TFunction) {
  return z
    .string()
    .transform((value) => value.replace(/[\s.\-()]/g, ''))
    .refine((value) => value === '' || PHONE_PATTERN.test(value), t('onboarding.validation.phoneInvalid'))
}
