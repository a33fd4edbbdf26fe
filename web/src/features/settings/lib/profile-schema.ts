import { z } from 'zod'
import type { TFunction } from '@/lib/i18n'
import { phoneField } from '@/lib/phone'

/** Profile save rules (spec §5), in the order the fields appear, so the first error is the first field's. */
export function profileSchema(t: TFunction) {
  return z.object({
    fullName: z
      .string()
      .trim()
      .min(1, t('settings.profile.nameRequired'))
      .max(100, t('settings.profile.nameTooLong')),
    email: z
      .string()
      .trim()
      .max(255, t('settings.profile.emailTooLong'))
      .pipe(z.email(t('settings.profile.emailInvalid'))),
    /** The current password, sent only with a different email (the server asks for it then). */
    password: z.string(),
    phone: phoneField(t('settings.profile.phoneInvalid')),
    contactVisible: z.boolean(),
  })
}

export type ProfileValues = z.input<ReturnType<typeof profileSchema>>
