import { EMAIL_MAX_LENGTH, isEmail } from '@/lib/email'
import type { TFunction } from '@/lib/i18n'
import { meetsSignupPasswordRule, MIN_PASSWORD_STRENGTH, passwordStrength } from '@/lib/password-strength'
import type { RegisterField, RegisterValues } from './register-values'

/** Why a step cannot go on: the toast to show and the message of every field at fault, in order. */
export interface StepError {
  title: string
  description: string
  fields: [RegisterField, string][]
}

const NAME_MAX = 100

export function stepError(t: TFunction, fields: [RegisterField, string][], title?: string, description?: string): StepError {
  return {
    title: title ?? t('common.validationError'),
    description: description ?? fields[0]?.[1] ?? '',
    fields,
  }
}

/** Step 0, Cuenta: required fields, then the email's form, then the password's strength and rule. */
export function validateAccount(values: RegisterValues, t: TFunction): StepError | null {
  const name = values.fullName.trim()
  const email = values.email.trim()
  const missing: [RegisterField, string][] = []
  if (!name) missing.push(['fullName', t('auth.validation.required')])
  if (!email) missing.push(['email', t('auth.validation.required')])
  if (!values.password) missing.push(['password', t('auth.validation.required')])
  if (missing.length > 0) {
    return stepError(
      t,
      missing,
      t('auth.register.account.incompleteTitle'),
      t('auth.register.account.incompleteDescription'),
    )
  }

  const fields: [RegisterField, string][] = []
  if (Array.from(name).length > NAME_MAX) fields.push(['fullName', t('auth.validation.nameTooLong')])
  if (email.length > EMAIL_MAX_LENGTH) fields.push(['email', t('auth.validation.emailTooLong')])
  else if (!isEmail(email)) fields.push(['email', t('auth.validation.emailInvalid')])
  if (fields.length > 0) return stepError(t, fields)

  if (passwordStrength(values.password) < MIN_PASSWORD_STRENGTH) {
    return stepError(
      t,
      [['password', t('auth.register.account.weakDescription')]],
      t('auth.register.account.weakTitle'),
    )
  }
  if (!meetsSignupPasswordRule(values.password)) {
    return stepError(t, [['password', t('auth.register.account.passwordRule')]])
  }
  return null
}

/** What the invitation code lookup says about the code in the form. */
export type InviteStatus = 'none' | 'checking' | 'found' | 'not-found' | 'failed'
