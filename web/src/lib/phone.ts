import { z } from 'zod'

/** International phone form: optional plus, first digit 1-9, up to 15 digits (spec §5). */
const PHONE_PATTERN = /^\+?[1-9]\d{0,14}$/

/** An optional phone: empty is fine; spaces, dots, dashes and brackets are ignored. `message` when malformed. */
export function phoneField(message: string) {
  return z
    .string()
    .transform((value) => value.replace(/[\s.\-()]/g, ''))
    .refine((value) => value === '' || PHONE_PATTERN.test(value), message)
}
