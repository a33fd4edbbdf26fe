import { z } from 'zod'
import type { TFunction } from '@/lib/i18n'
import { emailIssue } from './email'

/** An email field of a zod schema: trimmed, with the message of emailIssue when it is wrong. */
export function emailField(t: TFunction) {
  return z
    .string()
    .trim()
    .superRefine((email, ctx) => {
      const message = emailIssue(email, t)
      if (message) ctx.addIssue({ code: 'custom', message })
    })
}
